"""The bot interface, bot levels by name, hints, and the loop that lets bots act in a game."""

from __future__ import annotations

import difflib
import inspect
import json
import random
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from blackmaria.bots.reasons import Reason, render
from blackmaria.cards import Card, card_name
from blackmaria.game import Game
from blackmaria.observation import Observation


class Bot(Protocol):
    """A computer player: given what its seat may know, choose a pass or a card."""

    name: str

    def choose_pass(self, observation: Observation) -> list[Card]: ...

    def choose_play(self, observation: Observation) -> Card: ...


def close_bots(bots: Iterable[Bot]) -> None:
    """Stop the bots that hold a process (a bot program's ``close``: its program ends); built-in bots need nothing."""
    for bot in bots:
        close = getattr(bot, "close", None)
        if close is not None:
            close()


@dataclass(frozen=True)
class Hint:
    """A suggestion for the seat to act: the card to play (one) or the cards to pass, and why, as data.

    ``reasons`` are codes with their facts (``bots.reasons``), rendered in
    English by ``reason`` and in German by ``locale.advice``, from the same
    data. A search level also gives the costs it computed.
    """

    cards: list[Card]
    reasons: tuple[Reason, ...]
    level: str = "medium"
    costs: dict[Card, float] = field(default_factory=dict)
    """For search levels: each candidate card's mean points in the simulations (lower is better)."""
    pass_costs: dict[tuple[Card, ...], float] = field(default_factory=dict)
    """For a searched pass: each candidate pass's mean points in the simulations."""
    worlds: int = 0
    """Sampled deals each candidate was tried in (0 when nothing was searched)."""
    seats: tuple[str, ...] = ()
    """The seats' names, for reasons that name a seat."""

    @property
    def reason(self) -> str:
        """The reasons as one English sentence."""
        return render(self.reasons, "en", self.seats)

    def text(self, lang: str = "en") -> str:
        """The reasons as one sentence in ``lang`` (``en`` or ``de``)."""
        return render(self.reasons, lang, self.seats)

    def to_dict(self) -> dict[str, Any]:
        return {
            "cards": list(self.cards),
            "level": self.level,
            "reasons": [r.to_dict() for r in self.reasons],
            "costs": {str(c): v for c, v in self.costs.items()},
            "pass_costs": [[list(k), v] for k, v in self.pass_costs.items()],
            "worlds": self.worlds,
        }

    def __str__(self) -> str:
        return f"{' '.join(card_name(c) for c in self.cards)}: {self.reason}"


@dataclass(frozen=True)
class Level:
    """A bot level as registered once (``register_level``): the CLI, the server, the terminal and the tournament read it."""

    name: str
    factory: Callable[[int | None, int | None, float | None], Bot]
    """``factory(seed, budget, time_ms)``: a new bot; ``budget`` and ``time_ms`` are ``None`` for the level's default."""
    budget: int | None = None
    """Simulations per move by default (search levels); ``None`` for levels that do not search."""
    slow: bool = False
    """A move may take long enough that a server should not think on its event loop."""
    listed: bool = True
    """Offered to players (``LEVELS``); an unlisted level (a frozen reference such as ``expert-2026``) is for benchmarks."""
    summary: str = ""


@dataclass(frozen=True)
class SearchFeatures:
    """The improvements of issue 18 a search level uses; ``expert-2026`` uses none (its parameters are frozen)."""

    search_pass: bool = False
    """Choose the pass by simulating the deal after each candidate pass (else the medium bot's rules)."""
    pass_z: float = 0.0
    """A searched pass other than the medium bot's must be better by this many standard errors (paired)."""
    pass_min_players: int = 0
    """With ``search_pass``: search the pass only at tables of at least this many players (else the medium bot's)."""
    pass_halving: bool = False
    """With ``search_pass``: sequential halving. The playouts are spent in rounds; after each, the costlier half of the
    candidate passes drop out, so the last two are compared on several times the worlds an even share gives them."""
    play_halving: bool = False
    """Sequential halving of the cards to play, as ``pass_halving`` does for passes: the same playouts in rounds, the
    costlier half of the cards dropping out after each, so the closest cards are compared on more worlds (not in the
    exact end, whose worlds are few and solved exactly)."""
    pass_pool: int = 6
    """With ``search_pass``: the candidate passes are the sets from this many of the medium bot's most dangerous cards."""
    playout_eps: float = 0.1
    """The share of uniformly random cards in the playouts (``expert-2026``: 0.1)."""
    infer: bool = False
    """Weight the sampled worlds by how likely they make the other seats' plays so far (policy-based inference)."""
    infer_alpha: float = 0.0
    """With ``infer``: the chance the model gives the playout policy's card (with ``playout_policy``, the learned policy's
    softmax over the legal cards), the rest spread evenly (0: every legal card alike, so a world only has to make each
    play so far legal: a forced discard then reads as forced)."""
    playout_moon_stop: bool = False
    """In the playouts, another seat's moon shot is stopped (``playout.moon_stop_card``; ``expert-2026``: nobody stops it)."""
    moon_stop_alone: bool = False
    """With ``playout_moon_stop``: in the playouts the searching seat stops every shot and the others stop only its own,
    so it never counts on another opponent to stop a shot for it (``playout.moon_stop_card``'s ``defender``)."""
    playout_moon_shoot: bool = False
    """In the playouts, a seat that holds every moon card taken so far (40% of the moon's points at least) plays on for
    the moon (``playout.moon_shoot_card``): with ``playout_moon_stop`` the playouts then hold both sides of a shot."""
    moon_shoot_others: bool = False
    """As ``playout_moon_shoot``, but only the other seats play on for the moon, never the searching one: it weighs the
    danger of their shots without counting on shots of its own (``playout_moon_shoot``'s failing, session 20)."""
    own_moon_plan: bool = False
    """While this seat alone has taken moon cards, each card is played out twice on the same worlds: with its later
    cards as usual and with them going on for the moon (``playout.moon_shoot_card``, the others stopping it), and judged
    by the better of the two plans (``playout_moon_shoot`` made the seat shoot in every playout, with no choice)."""
    moon_plan_z: float = 0.0
    """With ``own_moon_plan``: the shot's plan is taken for a card only where it is cheaper than the usual one by this
    many standard errors of their difference (from ``search.NOISE_BATCHES`` batches of the same worlds; not under a
    time budget); 0: wherever it is cheaper at all."""
    keep_stoppers: float = 0.0
    """Above 0: while another seat holds every penalty card taken so far and wins the trick, the search does not throw
    a stopper (``medium.stoppers_against``: its highest card of a suit with penalty cards, at most one unseen above it)
    where a card that is no stopper costs at most this many points more by its own playouts, which never go on with a
    shot (a plain run of high cards shot the moon against three ``expert`` in 4.8% of its seatings)."""
    root_distinct: bool = False
    """Cards that play exactly as a lower one of the same suit (``playout.distinct_moves``) share its evaluation, so
    the budget buys more worlds for the cards that differ."""
    playout_common: bool = False
    """Common random numbers: in each world, every candidate's playout makes the same random draws, so that the
    differences between candidates come from the cards, not from the draws."""
    draw_caps: bool = False
    """With a two-player stock, a seat that showed a void and has drawn since is dealt cards of that suit only as its
    draws since bring them: each of at most as many as it drew (less those of it played since, ``search.draw_suit_caps``)
    by the unseen cards' share of the suit (``playout.sample_world_masked``); without, the sampler forgets the void at
    the first draw and may deal it the whole suit."""
    exact_cards: int = 0
    """Solve the end of the deal exactly from this many cards in hand (at most ``search.EXACT_PLIES`` cards on the
    table), by ``playout.solve_memo`` (equal cards tried once, positions remembered); 0: ``search.exact_from``'s choice
    and the plain max-n ``solve`` (``expert-2026``)."""
    relative: bool = False
    """Choose the card (and the pass) with the least points *minus the other seats' mean* on average, as matches and
    games are won, not the least points alone: the same choice but where a moon may be shot, whose points fall on every
    other seat (``playout.seat_cost``). Costs are still shown as points: ``(margin * (n - 1) + deal_total) / n``, the
    points that margin means in a deal with no moon."""
    own_playout_eps: float | None = None
    """The share of random cards in the searching seat's own later plays in its playouts (``playout.seat_eps``); None:
    ``playout_eps``, as for the other seats. 0 judges each card as if the seat went on playing the policy's best card."""
    playout_temperature: float = 0.0
    """With ``playout_policy``: the playouts draw each card from the learned policy's softmax at this temperature
    (``playout.sampled_card``), so the other seats' play varies as the fit says it does, not by ``playout_eps``'s
    uniformly random cards alone; 0: the policy's best card."""
    playout_policy: str = ""
    """The playouts' policy: ``""`` for the rules of thumb (``playout.policy_card``), else the name of a weights file of
    the learned policy in ``blackmaria/bots/data`` (``learned.POLICY_FILE`` is the shipped one)."""

    def __post_init__(self) -> None:
        if self.pass_pool < 1:
            raise ValueError(f"pass_pool must be at least 1, not {self.pass_pool}")
        if self.moon_stop_alone and not self.playout_moon_stop:
            raise ValueError("moon_stop_alone says who stops a moon shot in the playouts; it needs playout_moon_stop")
        if self.playout_moon_shoot and self.moon_shoot_others:
            raise ValueError("playout_moon_shoot lets every seat shoot in the playouts, moon_shoot_others all but one: choose one")
        if self.playout_temperature < 0 or (self.playout_temperature and not self.playout_policy):
            raise ValueError(f"playout_temperature {self.playout_temperature}: a temperature above 0 needs playout_policy")
        if self.own_playout_eps is not None and not 0.0 <= self.own_playout_eps <= 1.0:
            raise ValueError(f"own_playout_eps {self.own_playout_eps}: a share of random cards, from 0 to 1")
        if self.moon_plan_z < 0 or (self.moon_plan_z and not self.own_moon_plan):
            raise ValueError(f"moon_plan_z {self.moon_plan_z}: standard errors, 0 or more, and only with own_moon_plan")
        if self.keep_stoppers < 0:
            raise ValueError(f"keep_stoppers {self.keep_stoppers}: points a card kept as a stopper may cost, 0 or more")
        if self.pass_halving and self.pass_z:
            raise ValueError("pass_halving keeps the pass that survives its rounds; it cannot also keep the usual one by pass_z")


NO_FEATURES = SearchFeatures()
"""``expert-2026``: none of the improvements."""

EXPERT_FEATURES = SearchFeatures(
    search_pass=True, pass_halving=True, pass_pool=8, playout_moon_stop=True, exact_cards=4, playout_policy="playout_policy.json"
)
"""What ``expert`` uses: the improvements that paid against ``expert-2026`` (``benchmarks/results/ablation.md``): the
searched pass, the exact end from 4 cards and the moon stop (together -0.45 [-0.70, -0.20] points per deal in ``hearts``
over 1,000 deals, ``exact4-pass4-moon``), and the learned playout policy (``bots.learned``; alone -1.74 [-2.45, -1.02]
in 3-player ``black-maria``, with the three -0.74 [-1.12, -0.37] in ``hearts``, 400 deals each, ``learned-r1`` and
``expert-learned-r1``). The pass is searched at every table: judged by the learned playouts it pays at 3 players too
(``expert-learned-pass3``: -2.19 in ``black-maria`` over 1,000 deals, -0.49 +- 0.64 beside the pass of the rules of
thumb there), where judged by the rule-based ones it had cost 1.25 points a deal (``pass``). Since session 18 the pass
is chosen by sequential halving among the sets of 3 from 8 cards (``expert-halve8``): on 40 positions the pass it
chooses costs 0.07 points more than the best by a long evaluation, against 0.23 for an even share of 20 candidates;
against ``expert-2026`` -0.15 [-0.42, +0.13] points a deal beside the even pass over the same 1,000 deals (not
significant alone; the whole gain is in the deals with a pass)."""

EXPERT_BUDGET = 5_000
"""``expert``'s simulations per move: its learned playouts cost about twice the rule-based ones, so 5,000 take as long
as ``expert-2026``'s 10,000 (about 25 ms a move on one idle core). Sessions 22 to 24 searched 10,000 (41-46 ms): over
1,000 deals against IS-MCTS it took 0.16 [-0.44, +0.13] points a deal fewer than at 5,000 on the same deals, no
significant gain for twice the time, so the budget went back (``docs/bots.md``, "Search budget")."""

REGISTRY: dict[str, Level] = {}
"""Every registered level by name, listed or not, in registration order."""

LEVELS: tuple[str, ...] = ()
"""The levels offered to players, in order of strength."""

ALL_LEVELS: tuple[str, ...] = ()
"""Every registered level: ``LEVELS`` and the unlisted reference levels."""

DEFAULT_BUDGETS: dict[str, int] = {}
"""Simulations per move of the search levels (listed or not)."""


def register_level(level: Level) -> Level:
    """Register ``level`` (a name may be registered once); ``LEVELS``, ``ALL_LEVELS`` and ``DEFAULT_BUDGETS`` follow."""
    global LEVELS, ALL_LEVELS
    if level.name in REGISTRY:
        raise ValueError(f"bot level {level.name!r} is registered already")
    if not level.name or ":" in level.name or level.name.startswith("cmd"):
        raise ValueError(f"bot level {level.name!r}: a name without ':' that does not start with 'cmd'")
    try:  # (a class taking no seed was accepted here and failed in the tournament with a bare TypeError)
        inspect.signature(level.factory).bind(None, None, None)
    except TypeError as error:
        raise ValueError(
            f"bot level {level.name!r}: its factory is called as factory(seed, budget, time_ms) and cannot be ({error})"
        ) from None
    except ValueError:
        pass  # (a builtin without a signature: called as it is)
    REGISTRY[level.name] = level
    LEVELS = tuple(name for name, lv in REGISTRY.items() if lv.listed)
    ALL_LEVELS = tuple(REGISTRY)
    if level.budget is not None:
        DEFAULT_BUDGETS[level.name] = level.budget
    return level


def level_suggestion(level: str) -> str:
    """ "; did you mean expert?" for a level name near a registered one, else "" (a researcher's "expertt" got none)."""
    near = difflib.get_close_matches(level, ALL_LEVELS, n=1)
    return f"; did you mean {near[0]}?" if near else ""


def make_bot(level: str, seed: int | None = None, budget: int | None = None, time_ms: float | None = None) -> Bot:
    """A bot by registered level name (``ALL_LEVELS``: ``random``, ``easy``, ``medium``, ``hard``, ``expert``, and the
    frozen reference ``expert-2026``); ``policy:PATH``, a trained policy file (``bots.policy``); or ``cmd:COMMAND``, a program speaking the ``blackmaria-bot/1`` protocol
    (``blackmaria.bots.external``).

    ``budget`` is the number of simulations per move of the search levels
    (``hard`` 1,000 and ``expert`` 5,000 by default) and ``time_ms`` a limit
    in milliseconds of thinking per decision (the search stops at whichever
    comes first when both are given; with only ``time_ms`` it uses the time);
    other levels ignore both.
    """
    if level.startswith("cmd:"):
        from blackmaria.bots.external import ExternalBot

        return ExternalBot(level.removeprefix("cmd:"), seed)
    if level.startswith("policy:"):
        from blackmaria.bots.policy import PolicyBot

        return PolicyBot(level.removeprefix("policy:"), seed)
    entry = REGISTRY.get(level)
    if entry is None:
        raise ValueError(f"bot level {level!r} is not one of {', '.join(ALL_LEVELS)}{level_suggestion(level)}")
    return entry.factory(seed, budget, time_ms)


def _random(seed: int | None, budget: int | None, time_ms: float | None) -> Bot:
    from blackmaria.bots.simple import RandomBot

    return RandomBot(seed)


def _easy(seed: int | None, budget: int | None, time_ms: float | None) -> Bot:
    from blackmaria.bots.simple import RuleOfThumbBot

    return RuleOfThumbBot(seed)


def _medium(seed: int | None, budget: int | None, time_ms: float | None) -> Bot:
    from blackmaria.bots.medium import MediumBot

    return MediumBot(seed)


def search_level(
    name: str, default_budget: int, features: SearchFeatures | None = None
) -> Callable[[int | None, int | None, float | None], Bot]:
    """The factory of a search level: a ``SearchBot`` named ``name`` with the search features ``features`` fixed."""

    def factory(seed: int | None, budget: int | None, time_ms: float | None) -> Bot:
        from blackmaria.bots.search import SearchBot

        if budget is None and time_ms is not None:
            budget = 1 << 40  # the time decides
        chosen = features or NO_FEATURES
        budget = default_budget if budget is None else budget
        return SearchBot(seed, budget=budget, name=name, eps=chosen.playout_eps, time_ms=time_ms, features=chosen)

    return factory


register_level(Level("random", _random, summary="a uniformly random legal card and pass"))
register_level(Level("easy", _easy, summary="passes its costliest and highest cards, ducks, dumps points when void"))
register_level(Level("medium", _medium, summary="rules of thumb over the rule set's card values"))
register_level(Level("hard", search_level("hard", 1_000), 1_000, slow=True, summary="determinized search, 1,000 simulations per move"))
register_level(
    Level(
        "expert",
        search_level("expert", EXPERT_BUDGET, EXPERT_FEATURES),
        EXPERT_BUDGET,
        slow=True,
        summary="the search with every improvement that paid, and learned playouts",
    )
)
register_level(
    Level(
        "expert-2026",
        search_level("expert-2026", 10_000),
        10_000,
        slow=True,
        listed=False,
        summary="expert as it was before issue 18, frozen: the reference every improvement is measured against",
    )
)


HINT_MS = 120.0
"""A search level's hint thinks this long at most (milliseconds, wall clock), so a hint comes within 150 ms."""

_HINT_MARGINS: dict[str, float] = {}

HINTS_KEPT = 64
"""The search hints remembered by position: the search stops at ``HINT_MS``, so on a busy machine the same position
could get another card (a play-test asked, took a card back and asked again: 8♠, then 9♠, each "fewer" than the other)."""
_HINTS: OrderedDict[tuple[object, ...], Hint] = OrderedDict()
_HINTS_LOCK = threading.Lock()


def _hint_key(obs: Observation, level: str, seed: int | None) -> tuple[object, ...]:
    """What a hint depends on: the level, the seed, the rules and all the seat knows (not the refusals it was given)."""
    known = {k: v for k, v in obs.to_dict().items() if k not in ("refusals", "picked")}
    return (level, seed, obs.rules, json.dumps(known, sort_keys=True))


def position_seed(observation: Observation) -> int:
    """A seed that is a function of what the seat knows: the same position asked twice gets the same hint."""
    obs = observation
    tricks = [(t.leader, t.plays) for t in obs.tricks]
    key = f"{obs.rules.preset}|{obs.deal}|{obs.seat}|{obs.phase}|{obs.hand.mask}|{obs.has_passed}|{tricks}"
    return zlib.crc32(key.encode())


class PositionSeeded:
    """A computer player of a registered level whose every decision is seeded by its own seed and the position
    (``position_seed``), for the front ends: the same position gets the same choice, so a card taken back and played
    again brings the same cards from the computer players (the play-testers could re-roll them by taking back)."""

    def __init__(self, level: str, seed: int | None = None) -> None:
        if level not in REGISTRY:
            raise ValueError(f"bot level {level!r} is not one of {', '.join(ALL_LEVELS)}")
        self.name = level
        self.seed = random.getrandbits(63) if seed is None else seed

    def _bot(self, observation: Observation) -> Bot:
        return make_bot(self.name, (self.seed * 1_000_003 + position_seed(observation)) % (1 << 63))

    def choose_pass(self, observation: Observation) -> list[Card]:
        return self._bot(observation).choose_pass(observation)

    def choose_play(self, observation: Observation) -> Card:
        return self._bot(observation).choose_play(observation)


def table_bot(level: str, seed: int | None = None) -> Bot:
    """A computer player for a front end's table: a registered level seeded by the position (``PositionSeeded``); a
    trained policy or a program (``policy:``, ``cmd:``) as ``make_bot`` makes it."""
    return PositionSeeded(level, seed) if level in REGISTRY else make_bot(level, seed)


def hint(observation: Observation, level: str = "medium", seed: int | None = None) -> Hint:
    """The ``level`` bot's suggestion for the seat of ``observation``: cards to pass, or the card to play, with reasons.

    A search level (``hard``, ``expert``) searches as it would play, its
    budget of simulations, but stops at ``HINT_MS`` milliseconds; its hint
    holds the costs the search computed. Its seed is ``seed``, or else one
    made from the position (``position_seed``), and the last ``HINTS_KEPT``
    are remembered by position, so the same position asked again (after a
    take-back, a reload) gets the same hint however busy the machine is.

    Raises ``ValueError`` when the seat has nothing to decide now.
    """
    from blackmaria.bots.medium import MediumBot

    obs = observation
    passing = obs.phase == "passing" and not obs.has_passed[obs.seat]
    if not passing and not (obs.phase == "playing" and obs.turn == obs.seat):
        raise ValueError(f"seat {obs.seat} has nothing to decide now (phase {obs.phase}, turn {obs.turn})")
    if level.startswith("policy:"):
        from blackmaria.bots.policy import PolicyBot

        return PolicyBot(level.removeprefix("policy:"), 0).hint(obs)
    if level in DEFAULT_BUDGETS:
        from blackmaria.bots.search import SearchBot

        key = _hint_key(obs, level, seed)
        with _HINTS_LOCK:
            if key in _HINTS:
                _HINTS.move_to_end(key)
                return _HINTS[key]
        bot = make_bot(level, position_seed(obs) if seed is None else seed, DEFAULT_BUDGETS[level], time_ms=HINT_MS)
        assert isinstance(bot, SearchBot)
        # Each hint starts from the margin the last hints of this level learnt, so it stops early enough on this machine.
        bot.margin_ms = _HINT_MARGINS.get(level, 0.0)
        result = bot.hint(obs)
        _HINT_MARGINS[level] = bot.margin_ms
        with _HINTS_LOCK:
            _HINTS[key] = result
            while len(_HINTS) > HINTS_KEPT:
                _HINTS.popitem(last=False)
        return result
    medium = MediumBot(0)
    if passing:
        return medium.pass_hint(obs)
    return medium.play_hint(obs)


def run_bots(game: Game, bots: Mapping[int, Bot]) -> None:
    """Let the bots pass and play until a seat without a bot must act, or the deal ends."""
    while True:
        if game.phase == "passing":
            waiting = [seat for seat in bots if not game.has_passed(seat)]
            if not waiting:
                return
            for seat in waiting:
                game.pass_cards(seat, bots[seat].choose_pass(game.observation(seat)))
        elif game.phase == "playing" and game.turn is not None and game.turn in bots:
            turn = game.turn
            game.play(bots[turn].choose_play(game.observation(turn)), turn)
        else:
            return
