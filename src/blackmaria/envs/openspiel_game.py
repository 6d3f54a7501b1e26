"""``python_black_maria``: every rule set as an OpenSpiel game, so OpenSpiel's algorithms and bots run on it.

Importing this module registers the game::

    import pyspiel
    import blackmaria.envs.openspiel_game  # noqa: F401
    game = pyspiel.load_game("python_black_maria", {"preset": "black-maria", "players": 3})

Parameters: ``preset`` (a preset name), ``players`` (0 for the preset's own
count; another must be in the preset's range, as for ``preset()``) and
``options`` (a JSON object of rule overrides, e.g.
``'{"pass_schedule": ["left"]}'``; with options the rules are house rules,
which may take the preset to any count) and ``directions``: ``first`` (the
default), every game passes in the schedule's first direction, or ``drawn``,
a first chance node draws the direction from the schedule (``hearts``: left,
right, across or no pass, a quarter each; actions ``encoding.DIRECTIONS``
0..3), as OpenSpiel's own ``hearts`` begins. One game is one deal. Chance
deals the cards one at a time from the dealer's left (the dealer is the last
seat), then the kitty, then the two-player stock top first; then each seat passes its cards one action at a time; then the
play. Actions are card numbers ``rank * 4 + suit``, as in OpenSpiel's
``hearts``. Returns are minus each seat's points. The rules are checked by
the same engine as everywhere else (``blackmaria.game.Game``).

``resample_from_infostate`` is the flat action layer's ``State.resample``
(the one sampler, the search bot's): a deal consistent with what the player
knows (its hand, its pass and what it received, every card played and by
whom, voids shown, its draws and the kitty if it took it), replayed here as
chance outcomes and actions, so OpenSpiel's ``ISMCTSBot`` can play.
"""

from __future__ import annotations

import json
import random
from typing import Any, cast

import numpy as np

from blackmaria.envs import missing

try:
    import pyspiel
except ImportError as error:
    raise missing(error, "openspiel") from error

from blackmaria.cards import CardSet, card_name, cards_of
from blackmaria.envs import encoding
from blackmaria.envs.common import checked_directions
from blackmaria.envs.encoding import DIRECTIONS
from blackmaria.errors import IllegalDeal
from blackmaria.game import Game
from blackmaria.rules import PresetPlayersError, Rules, RulesError, preset

SHORT_NAME = "python_black_maria"
_DEFAULTS: dict[str, Any] = {"preset": "hearts", "players": 0, "options": "", "directions": "first"}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Black Maria and the Hearts family (blackmaria)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=7,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def rules_from_params(params: dict[str, Any]) -> Rules:
    """The rules of the game's parameters: ``preset`` and ``players`` alone name a preset for a count it is made for
    (as ``preset()``); with ``options`` they are house rules, for any count."""
    name = params.get("preset", "hearts")
    players = int(params["players"]) if params.get("players") else None
    if params.get("options"):
        try:
            options = json.loads(_with_commas(params["options"]))
        except json.JSONDecodeError as error:
            raise RulesError(f"options: {params['options']!r} is not a JSON object of rule options ({error})") from error
        if not isinstance(options, dict):
            raise RulesError(f'options: {params["options"]!r} is not a JSON object of rule options, like \'{{"pass_schedule": ["left"]}}\'')
        rules = Rules.from_data({"preset": name, **({} if players is None else {"players": players}), **options})
    else:
        try:
            rules = preset(name, players=players)
        except PresetPlayersError as error:  # the house-rules way said as this game's parameters, not as a TOML file
            low, high = cast(tuple[int, int], error.facts["count"])
            others = cast(list[str], error.facts["others"])
            raise PresetPlayersError(
                f"{players} players: the {error.facts['preset']} preset is for {low if low == high else f'{low} to {high}'} players"
                + (f"; for {players} try {', '.join(others)}" if others else "")
                + f""" (or house rules: {{"preset": "{error.facts["preset"]}", "options": '{{"players": {players}}}'}})""",
                error.code,
                **error.facts,
            ) from error
    return rules.replace(target_score=None, deal_count=1, ties="share")


def _with_commas(text: str) -> str:
    """``options`` as JSON: the semicolons that stand for commas outside strings made commas again (below)."""
    out, quoted = [], False
    for index, char in enumerate(text):
        if char == '"' and (index == 0 or text[index - 1] != "\\"):
            quoted = not quoted
        out.append("," if char == ";" and not quoted else char)
    return "".join(out)


def _without_commas(options: dict[str, Any]) -> str:
    """``options`` as the game's string carries them: OpenSpiel splits a game's parameters at every comma, so
    ``load_game(str(game))`` failed on options of two keys; semicolons stand for the commas (read back above)."""
    return json.dumps(options, separators=(";", ":"), sort_keys=True)


class BlackMariaGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_DEFAULTS, **(params or {})}
        self.rules = rules_from_params(params)
        if params["options"]:  # (read by rules_from_params: a JSON object)
            params["options"] = _without_commas(json.loads(_with_commas(params["options"])))
            params["players"] = self.rules.players  # the game's string names its count (it read players=0 for 5)
        rules = self.rules
        drawn = checked_directions(params["directions"]) == "drawn"
        # The directions a game may pass in, in the order of the schedule, each with its share of the schedule's deals.
        schedule = rules.effective_schedule if drawn else (rules.pass_direction(0),)
        self.directions: dict[str, float] = {d: schedule.count(d) / len(schedule) for d in dict.fromkeys(schedule)}
        self.drawn = drawn
        fewest = rules.seat_points_bounds[0]  # (a seat's utility is minus its points)
        passes = rules.players * rules.pass_count if any(d != "hold" for d in schedule) else 0
        info = pyspiel.GameInfo(
            num_distinct_actions=52,
            max_chance_outcomes=52,
            num_players=rules.players,
            min_utility=float(-rules.moon_total),  # every positive card, or as many by another's moon
            max_utility=float(-fewest),
            utility_sum=None,
            # The players' decisions, as OpenSpiel counts a game's length (its hearts: 64), not the chance nodes.
            max_game_length=passes + rules.players * rules.tricks_per_deal,
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> BlackMariaState:
        return BlackMariaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> BlackMariaObserver:
        # OpenSpiel asks for the information state with a perfect-recall type, for the observation without one.
        return BlackMariaObserver(self.rules, perfect_recall=bool(iig_obs_type is not None and iig_obs_type.perfect_recall))


class BlackMariaState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: BlackMariaGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.dealt: list[int] = []
        self.directions = game.directions
        self.direction: str | None = None if game.drawn else next(iter(game.directions))
        self.engine = self._engine(self.rules)

    def _engine(self, rules: Rules) -> Game:
        # Seats named by OpenSpiel's player ids: an illegal action said "Player 3 (seat 2)", read there as player 3.
        return Game(rules, seats=[f"seat {p}" for p in range(rules.players)], first_dealer=rules.players - 1)

    # ---- the game: the flat action layer of the engine ----------------------------
    def current_player(self) -> int:
        if self.direction is None or len(self.dealt) < self.rules.cards_in_play:
            return int(pyspiel.PlayerId.CHANCE)
        if self.engine.phase in ("passing", "playing"):
            return self.engine.current_player()
        return int(pyspiel.PlayerId.TERMINAL)

    def is_terminal(self) -> bool:
        return len(self.dealt) == self.rules.cards_in_play and self.engine.phase in ("deal-over", "game-over")

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.direction is None:
            return [(DIRECTIONS.index(d), share) for d, share in self.directions.items()]
        left = [c for c in cards_of(self.rules.in_play_mask) if c not in set(self.dealt)]
        return [(c, 1.0 / len(left)) for c in left]

    def _legal_actions(self, player: int) -> list[int]:
        state = self.engine.state
        return state.legal_actions(player) if state is not None else []

    def _apply_action(self, action: int) -> None:
        if self.direction is None:
            drawable = {DIRECTIONS.index(d): d for d in self.directions}
            if action not in drawable:
                names = ", ".join(f"{a} ({_direction_name(d)})" for a, d in drawable.items())
                raise IllegalDeal(f"chance outcome {action}: the pass direction is one of {names}", rule="deal")
            self.direction = drawable[action]
            self.engine = self._engine(self.rules.replace(pass_schedule=(drawable[action],)))
            return
        if len(self.dealt) < self.rules.cards_in_play:
            # Refused at once, by name: a card dealt twice (or 52) was found only at the last card (a researcher).
            if action not in {card for card, _ in self.chance_outcomes()}:
                named = f"{action} ({card_name(action)})" if 0 <= action < 52 else str(action)
                why = "was dealt already" if action in self.dealt else "is not a card in play under these rules"
                raise IllegalDeal(f"chance outcome {named}, the deal's card {len(self.dealt) + 1}: {why}", rule="deal")
            self.dealt.append(action)
            if len(self.dealt) == self.rules.cards_in_play:
                self._deal()
            return
        self.engine.apply_action(action)

    def _deal(self) -> None:
        rules, n = self.rules, self.rules.players
        hands: list[list[int]] = [[] for _ in range(n)]
        dealt_to_hands = n * rules.hand_size
        for i, card in enumerate(self.dealt[:dealt_to_hands]):
            hands[(i) % n].append(card)  # the dealer is the last seat: seat 0 receives first
        rest = self.dealt[dealt_to_hands:]
        self.engine.deal_hands(hands, kitty=rest[: rules.kitty_size], stock=rest[rules.kitty_size :])

    def _action_to_string(self, player: int, action: int) -> str:
        if player != pyspiel.PlayerId.CHANCE:
            return card_name(action)
        if self.direction is None and 0 <= action < len(DIRECTIONS):
            return _direction_name(DIRECTIONS[action])
        return f"Deal {card_name(action)}"

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.rules.players
        return [float(-p) for p in self.engine.deals[0].points or ()]  # (negated as ints: 0, never -0.0)

    def __str__(self) -> str:
        if self.direction is None:
            return "drawing the pass direction"
        if len(self.dealt) < self.rules.cards_in_play:
            return f"{_direction_name(self.direction)}; dealing: {' '.join(card_name(c) for c in self.dealt)}"
        hands = " | ".join(f"{seat}: {self.engine.hand(seat).text()}" for seat in range(self.rules.players))
        plays = " ".join(card_name(c) for c in self.engine.deals[0].plays)
        return f"{hands}\nplays: {plays}"

    # ---- what a player knows ----------------------------------------------------
    def knowledge(self, player: int) -> dict[str, Any]:
        if len(self.dealt) < self.rules.cards_in_play:
            mine = [card_name(c) for i, c in enumerate(self.dealt) if i % self.rules.players == player]
            return {"seat": player, "direction": self.direction, "dealing": mine}
        return self.engine.observation(player).to_dict()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BlackMariaState:
        """A state drawn from the worlds consistent with what ``player_id`` knows (``State.resample``)."""
        state = self.engine.state
        if state is None:
            raise ValueError("resampling starts once the cards are dealt; nobody decides before that")
        world = state.resample(player_id, random.Random(int(probability_sampler() * 2**31)))
        out = BlackMariaState(self.get_game())
        if out.direction is None:
            out.apply_action(DIRECTIONS.index(self.engine.rules.pass_direction(0)))
        n = self.rules.players
        for i in range(self.rules.hand_size):
            for seat in range(n):
                out.apply_action(sorted(CardSet(world.dealt[seat]))[i])
        for card in cards_of(world.kitty_dealt) + list(world.stock_dealt):
            out.apply_action(card)
        for _, card in world.history:
            out.apply_action(card)
        return out


def _direction_name(direction: str) -> str:
    return "No pass" if direction == "hold" else f"Pass {direction}"


class BlackMariaObserver:
    """The observation tensor of ``blackmaria.envs.encoding`` and a string of everything the player knows; with
    ``perfect_recall`` (the information state), the tensor goes on with every card played so far, in order: for each,
    the card (52) and its player counted from the observer (``players``), so that two histories the seat can tell
    apart never share a tensor (the observation alone forgets who played what in the tricks before: a researcher's
    two information states had one tensor)."""

    def __init__(self, rules: Rules, perfect_recall: bool = False) -> None:
        self.observation_size = encoding.size(rules)
        plays = rules.cards_in_play * (52 + rules.players) if perfect_recall else 0
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(self.observation_size + plays, dtype=np.float32)
        self.dict = {"observation": self.tensor[: self.observation_size]}
        if perfect_recall:
            self.dict["plays"] = self.tensor[self.observation_size :].reshape(rules.cards_in_play, 52 + rules.players)

    def set_from(self, state: BlackMariaState, player: int) -> None:
        self.tensor.fill(0.0)
        if len(state.dealt) == state.rules.cards_in_play:
            obs = state.engine.observation(player)
            self.tensor[: self.observation_size] = encoding.encode(obs)
            if self.perfect_recall:
                n, plays = state.rules.players, self.dict["plays"]
                order = [(seat, card) for trick in obs.tricks for seat, card in trick.plays]
                for k, (seat, card) in enumerate(order):
                    plays[k, card] = 1.0
                    plays[k, 52 + (seat - player) % n] = 1.0

    def string_from(self, state: BlackMariaState, player: int) -> str:
        return json.dumps(state.knowledge(player), sort_keys=True)


pyspiel.register_game(GAME_TYPE, BlackMariaGame)
