"""``python_black_maria``: every rule set as an OpenSpiel game, so OpenSpiel's algorithms and bots run on it.

Importing this module registers the game::

    import pyspiel
    import blackmaria.envs.openspiel_game  # noqa: F401
    game = pyspiel.load_game("python_black_maria", {"preset": "black-maria", "players": 3})

Parameters: ``preset`` (a preset name), ``players`` (0 for the preset's own
count) and ``options`` (a JSON object of rule overrides, e.g.
``'{"pass_schedule": ["left"]}'``). One game is one deal: the deal's direction
is the rules' first. Chance deals the cards one at a time from the dealer's
left (the dealer is the last seat), then the kitty, then the two-player stock
top first; then each seat passes its cards one action at a time; then the
play. Actions are card numbers ``rank * 4 + suit``, as in OpenSpiel's
``hearts``. Returns are minus each seat's points. The rules are checked by
the same engine as everywhere else (``blackmaria.game.Game``).

``resample_from_infostate`` samples a deal consistent with what the player
knows (its hand, its pass and what it received, every card played and by
whom, voids shown, its draws and the kitty if it took it), so OpenSpiel's
``ISMCTSBot`` can play.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from blackmaria.cards import CardSet, card_name, cards_of, suit_of
from blackmaria.envs import encoding
from blackmaria.events import CardDrawn, DealStarted
from blackmaria.game import Game, GameError
from blackmaria.rules import Rules

SHORT_NAME = "python_black_maria"
_DEFAULTS: dict[str, Any] = {"preset": "hearts", "players": 0, "options": ""}

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
    data: dict[str, Any] = {"preset": params.get("preset", "hearts")}
    if params.get("players"):
        data["players"] = int(params["players"])
    if params.get("options"):
        data.update(json.loads(params["options"]))
    rules = Rules.from_data(data)
    return rules.replace(target_score=None, deal_count=1, ties="share")


class BlackMariaGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_DEFAULTS, **(params or {})}
        self.rules = rules_from_params(params)
        rules = self.rules
        positive = sum(v for c, v in enumerate(rules.values) if v > 0 and rules.in_play_mask >> c & 1)
        negative = sum(v for c, v in enumerate(rules.values) if v < 0 and rules.in_play_mask >> c & 1)
        worst = max(positive, rules.moon_total) - negative
        best = rules.moon_total - negative if rules.moon == "subtract-from-shooter" else -negative
        passes = rules.players * rules.pass_count if rules.pass_direction(0) != "hold" else 0
        info = pyspiel.GameInfo(
            num_distinct_actions=52,
            max_chance_outcomes=52,
            num_players=rules.players,
            min_utility=float(-worst),
            max_utility=float(best),
            utility_sum=None,
            max_game_length=rules.cards_in_play + passes + rules.players * rules.tricks_per_deal,
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> BlackMariaState:
        return BlackMariaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> BlackMariaObserver:
        return BlackMariaObserver(self.rules)


class BlackMariaState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: BlackMariaGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.dealt: list[int] = []
        self.engine = Game(self.rules, first_dealer=self.rules.players - 1)
        self.chosen: list[list[int]] = [[] for _ in range(self.rules.players)]

    # ---- the game ----------------------------------------------------------
    def _passer(self) -> int:
        return next(seat for seat in range(self.rules.players) if not self.engine.has_passed(seat))

    def current_player(self) -> int:
        if len(self.dealt) < self.rules.cards_in_play:
            return int(pyspiel.PlayerId.CHANCE)
        if self.engine.phase == "passing":
            return self._passer()
        if self.engine.phase == "playing":
            assert self.engine.turn is not None
            return self.engine.turn
        return int(pyspiel.PlayerId.TERMINAL)

    def is_terminal(self) -> bool:
        return len(self.dealt) == self.rules.cards_in_play and self.engine.phase in ("deal-over", "game-over")

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = [c for c in cards_of(self.rules.in_play_mask) if c not in set(self.dealt)]
        return [(c, 1.0 / len(left)) for c in left]

    def _legal_actions(self, player: int) -> list[int]:
        if self.engine.phase == "passing":
            return sorted(self.engine.passable_cards(player) - CardSet(self.chosen[player]))
        return sorted(self.engine.legal_cards(player))

    def _apply_action(self, action: int) -> None:
        if len(self.dealt) < self.rules.cards_in_play:
            self.dealt.append(action)
            if len(self.dealt) == self.rules.cards_in_play:
                self._deal()
            return
        if self.engine.phase == "passing":
            seat = self._passer()
            self.chosen[seat].append(action)
            if len(self.chosen[seat]) == self.rules.pass_count:
                self.engine.pass_cards(seat, self.chosen[seat])
                self.chosen[seat] = []
        else:
            self.engine.play(action)

    def _deal(self) -> None:
        rules, n = self.rules, self.rules.players
        hands: list[list[int]] = [[] for _ in range(n)]
        dealt_to_hands = n * rules.hand_size
        for i, card in enumerate(self.dealt[:dealt_to_hands]):
            hands[(i) % n].append(card)  # the dealer is the last seat: seat 0 receives first
        rest = self.dealt[dealt_to_hands:]
        self.engine.deal_hands(hands, kitty=rest[: rules.kitty_size], stock=rest[rules.kitty_size :])

    def _action_to_string(self, player: int, action: int) -> str:
        return card_name(action) if player != pyspiel.PlayerId.CHANCE else f"Deal {card_name(action)}"

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.rules.players
        return [-float(p) for p in self.engine.deals[0].points or ()]

    def __str__(self) -> str:
        if len(self.dealt) < self.rules.cards_in_play:
            return f"dealing: {' '.join(card_name(c) for c in self.dealt)}"
        hands = " | ".join(f"{seat}: {self.engine.hand(seat).text()}" for seat in range(self.rules.players))
        plays = " ".join(card_name(c) for c in self.engine.deals[0].plays)
        return f"{hands}\nplays: {plays}"

    # ---- what a player knows ----------------------------------------------------
    def knowledge(self, player: int) -> dict[str, Any]:
        if len(self.dealt) < self.rules.cards_in_play:
            mine = [card_name(c) for i, c in enumerate(self.dealt) if i % self.rules.players == player]
            return {"seat": player, "dealing": mine}
        data = self.engine.observation(player).to_dict()
        data["pass_chosen"] = [card_name(c) for c in self.chosen[player]]
        return data

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BlackMariaState:
        """A state drawn from the worlds consistent with what ``player_id`` knows (rejection-checked by the engine)."""
        if len(self.dealt) < self.rules.cards_in_play:
            raise ValueError("resampling starts once the cards are dealt; nobody decides before that")
        rng = random.Random(int(probability_sampler() * 2**31))
        for _ in range(500):
            world = _sample_world(self, player_id, rng)
            if world is not None:
                return world
        raise RuntimeError(f"no deal consistent with what seat {player_id} knows was found in 500 tries")


def _sample_world(real: BlackMariaState, me: int, rng: random.Random) -> BlackMariaState | None:
    rules, engine, n = real.rules, real.engine, real.rules.players
    log = engine.deals[0]
    obs = engine.observation(me)
    offset = rules.pass_offset(log.direction)
    exchanged = offset and engine.phase != "passing"
    played_by: list[list[int]] = [[] for _ in range(n)]
    played_at: dict[int, int] = {}  # card -> index of the trick it was played to
    for index, trick in enumerate(engine.tricks):
        for seat, card in trick.plays:
            played_by[seat].append(card)
            played_at[card] = index
    my_pass = log.passes[me] or 0
    known_in_hand = [0] * n  # cards the player knows are in another hand: its pass, still unplayed
    if exchanged:
        target = (me + offset) % n
        known_in_hand[target] = my_pass & engine.hand(target).mask
    start = max(i for i, e in enumerate(engine.events) if isinstance(e, DealStarted))
    draws = [e for e in engine.events[start:] if isinstance(e, CardDrawn)]
    my_draws = {e.card for e in draws if e.seat == me and e.card is not None}
    kitty_seen = obs.kitty.mask if obs.kitty is not None else 0
    known = obs.hand.mask | obs.played.mask | kitty_seen | sum(known_in_hand)
    pool = [c for c in cards_of(rules.in_play_mask & ~known) if c not in my_draws]
    rng.shuffle(pool)
    # Current hidden hands, respecting the voids each seat has shown.
    hands = [engine.hand(s).mask if s == me else known_in_hand[s] for s in range(n)]
    need = [0 if s == me else len(engine.hand(s)) - bin(known_in_hand[s]).count("1") for s in range(n)]
    for seat in sorted(range(n), key=lambda s: -len(obs.voids[s])):
        if seat == me:
            continue
        fits = [c for c in pool if suit_of(c) not in obs.voids[seat]]
        if len(fits) < need[seat]:
            return None
        chosen = fits[: need[seat]]
        for card in chosen:
            hands[seat] |= 1 << card
        pool = [c for c in pool if c not in set(chosen)]
    kitty = log.kitty if kitty_seen or not log.kitty else 0
    if log.kitty and not kitty_seen:
        size = bin(log.kitty).count("1")
        kitty = sum(1 << c for c in pool[:size])
        pool = pool[size:]
    # Dealt hands: the cards held now and the cards played, less the cards drawn (and, below, passes).
    dealt = [hands[s] | sum(1 << c for c in played_by[s]) for s in range(n)]
    stock = list(log.stock)
    if stock:
        # Two-player stock: the player's own draws are known; the other's are taken from cards it holds
        # now or played after that draw. The undrawn rest of the stock is unknown.
        taken: set[int] = set()
        for index, event in enumerate(draws):
            if event.seat == me:
                continue
            after = index // 2  # drawn after trick index // 2
            options = [c for c in cards_of(dealt[event.seat]) if c not in taken and played_at.get(c, 99) > after]
            if not options:
                return None
            stock[index] = rng.choice(options)
            taken.add(stock[index])
        remaining = len(stock) - len(draws)
        stock[len(draws) :] = pool[:remaining]
        pool = pool[remaining:]
        for index, card in enumerate(stock[: len(draws)]):
            dealt[draws[index].seat] &= ~(1 << card)
    if pool:
        return None
    passes: list[int] = [0] * n
    if offset and (exchanged or any(p is not None for p in log.passes)):
        for giver in range(n):
            taker = (giver + offset) % n
            if log.passes[giver] is None:
                continue
            if giver == me:
                passes[giver] = my_pass
            elif taker == me and exchanged:
                passes[giver] = obs.received.mask if obs.received is not None else 0
            elif exchanged:
                candidates = [c for c in cards_of(dealt[taker] & ~my_pass) if c not in rules.pass_forbidden]
                if len(candidates) < rules.pass_count:
                    return None
                passes[giver] = sum(1 << c for c in rng.sample(candidates, rules.pass_count))
            else:
                candidates = [c for c in cards_of(dealt[giver]) if c not in rules.pass_forbidden]
                passes[giver] = sum(1 << c for c in rng.sample(candidates, rules.pass_count))
        if exchanged:
            for giver in range(n):
                taker = (giver + offset) % n
                dealt[taker] &= ~passes[giver]
            for giver in range(n):
                dealt[giver] |= passes[giver]
    if any(bin(dealt[s]).count("1") != rules.hand_size for s in range(n)):
        return None
    # Replay the sampled deal through the engine: a world where any recorded action is illegal is refused.
    world = BlackMariaState(real.get_game())
    order = [cards_of(dealt[s]) for s in range(n)]
    for s in range(n):
        rng.shuffle(order[s])
    try:
        for i in range(rules.hand_size):
            for s in range(n):
                world.apply_action(order[s][i])
        for card in cards_of(kitty) + stock:
            world.apply_action(card)
        if offset:
            for giver in range(n):
                if log.passes[giver] is not None:
                    for card in cards_of(passes[giver]):
                        world.apply_action(card)
            for card in real.chosen[me]:
                if world.current_player() != me:
                    return None
                world.apply_action(card)
        for card in log.plays:
            world.apply_action(card)
    except (GameError, pyspiel.SpielError, ValueError, RuntimeError):
        return None
    if world.current_player() != real.current_player():
        return None
    if world.knowledge(me) != real.knowledge(me):
        return None
    return world


class BlackMariaObserver:
    """The observation tensor of ``blackmaria.envs.encoding`` and a string of everything the player knows."""

    def __init__(self, rules: Rules) -> None:
        self.tensor = np.zeros(encoding.size(rules), dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BlackMariaState, player: int) -> None:
        self.tensor.fill(0.0)
        if len(state.dealt) == state.rules.cards_in_play:
            self.tensor[:] = encoding.encode(state.engine.observation(player), CardSet(state.chosen[player]))

    def string_from(self, state: BlackMariaState, player: int) -> str:
        return json.dumps(state.knowledge(player), sort_keys=True)


pyspiel.register_game(GAME_TYPE, BlackMariaGame)
