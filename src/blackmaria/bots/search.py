"""Hard and expert: determinized search over deals consistent with what the seat knows.

For a play, the bot builds the state it knows (``known_state``): its hand,
every trick so far and who won it, the trick in play, the voids shown, the
cards it passed (they stay in the receiver's hand until played), the kitty
if it took it, the stock's size. The cards it cannot see are then dealt at
random to the other hands, the kitty and the stock, never giving a seat a
suit it has shown void in (``playout.sample_world``). In each such world
every legal card is tried and the deal finished, by a rule-based playout or,
for the last tricks, by an exact max-n solve, all in compiled code over the
rule functions of ``core.logic``. The card with the fewest points on average
is played. Passing uses the medium bot's rules of thumb.

``SearchFeatures`` switches on issue 18's improvements, each measured against
the frozen ``expert-2026`` (``docs/bots.md``): searched passes
(``pass_search``), inference (worlds without the cards a seat's plays rule
out, optionally weighted by the playout policy), the playouts' share of
random cards. ``time_ms`` bounds a decision's wall-clock time.

``budget`` is the number of simulations per move: worlds x legal cards (an
exact solve of the last tricks counts as one simulation per card, and at most
``EXACT_WORLDS`` worlds are solved).
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

import numpy as np

from blackmaria.bots.base import NO_FEATURES, Hint, SearchFeatures
from blackmaria.bots.medium import MediumBot, pass_reasons
from blackmaria.bots.reasons import NOISE_SPAN, Reason, play_reason
from blackmaria.cards import Card, suit_of
from blackmaria.core import logic as core
from blackmaria.observation import Observation
from blackmaria.rules import Rules


@dataclass(frozen=True)
class KnownState:
    """What a seat knows, as the kernel's inputs: a state with the hidden cards left out, and what is hidden where."""

    state: np.ndarray
    unknown: int
    """The cards the seat cannot place."""
    caps: np.ndarray
    """How many unknown cards each holder gets: seats 0..n-1, then the kitty, then the stock."""
    voids: np.ndarray
    """Suits (bit per suit) each holder may not get."""
    kitty_mode: int
    kitty_owner: int
    suit_caps: np.ndarray
    """The most unknown cards of each suit (a row of 4) each holder may get, or no rows where nothing caps them
    (``draw_suit_caps``)."""

    def sample(
        self, rng: np.ndarray, p: np.ndarray, out: np.ndarray, scratch: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
    ) -> bool:
        """Deal the unknown cards into ``out`` as ``playout.sample_world`` does (False: the voids were dropped);
        ``scratch``: its three work arrays, for a loop over many worlds (else made here)."""
        from blackmaria.bots.playout import sample_world

        n = int(p[core.P_PLAYERS])
        work = scratch or (np.empty(52, dtype=np.int64), np.empty(52, dtype=np.int64), np.empty(n + 2, dtype=np.int64))
        known = (self.state, p, self.unknown, self.caps, self.voids, self.kitty_mode, self.kitty_owner)
        return bool(sample_world(rng, *known, out, *work, self.suit_caps))


_PARAMS: dict[Rules, np.ndarray] = {}


def params_for(rules: Rules) -> np.ndarray:
    p = _PARAMS.get(rules)
    if p is None:
        from blackmaria.core.compiled import params_array

        p = _PARAMS[rules] = params_array(rules)
    return p


def known_state(obs: Observation) -> KnownState:
    """The state vector of ``obs`` with every card the seat cannot see left out, and where those cards may lie."""
    from blackmaria.bots.playout import KITTY_NONE, KITTY_PENDING, KITTY_TAKEN

    rules = obs.rules
    n = rules.players
    me = obs.seat
    s = np.zeros(core.STATE_SIZE, dtype=np.int64)
    s[core.TRICK : core.TRICK + core.MAX_SEATS] = -1
    s[core.DEALER] = obs.dealer
    s[core.PHASE] = core.PHASE_PLAYING
    s[core.TURN] = obs.turn if obs.turn is not None else -1
    s[core.HEARTS_BROKEN] = int(obs.hearts_broken)
    s[core.PLAYED] = obs.played.mask
    s[core.HAND + me] = obs.hand.mask
    completed = [t for t in obs.tricks if t.winner is not None]
    s[core.TRICK_INDEX] = len(completed)
    for trick in completed:
        assert trick.winner is not None
        s[core.TAKEN + trick.winner] |= trick.cards.mask
    last_winner = completed[-1].winner if completed else None
    s[core.LAST_WINNER] = -1 if last_winner is None else last_winner
    current = obs.current_trick
    leader = obs.leader if obs.leader is not None else current.leader if current is not None else -1
    s[core.LEADER] = leader
    if current is not None:
        s[core.IN_TRICK] = len(current.plays)
        for seat, card in current.plays:
            s[core.TRICK + seat] = card
    s[core.FIRST_CARD] = -1
    if rules.first_lead == "two-of-clubs" and not completed:
        if current is not None and current.plays:
            s[core.FIRST_CARD] = current.plays[0][1]
        elif len(obs.legal) == 1:
            s[core.FIRST_CARD] = next(iter(obs.legal))
    for seat in range(n):
        for suit in obs.voids[seat]:
            s[core.VOIDS + seat] |= 1 << suit
    known = obs.hand.mask | obs.played.mask
    # The cards this seat passed stay in the receiver's hand until played.
    if obs.passed is not None and obs.pass_to is not None and obs.phase == "playing" and obs.pass_to != me:
        kept = obs.passed.mask & ~obs.played.mask & ~obs.hand.mask
        s[core.HAND + obs.pass_to] |= kept
        known |= kept
    kitty_mode = KITTY_NONE
    kitty_owner = -1
    kitty_cap = 0
    if rules.kitty_size:
        if obs.kitty_owner is None:
            kitty_mode, kitty_cap = KITTY_PENDING, rules.kitty_size
        else:
            kitty_owner = obs.kitty_owner
            s[core.KITTY_OWNER] = kitty_owner
            if obs.kitty is not None:
                s[core.TAKEN + kitty_owner] |= obs.kitty.mask
                known |= obs.kitty.mask
            else:
                kitty_mode, kitty_cap = KITTY_TAKEN, rules.kitty_size
    s[core.STOCK_SIZE] = obs.stock_left
    caps = np.zeros(n + 2, dtype=np.int64)
    voids = np.zeros(n + 2, dtype=np.int64)
    for seat in range(n):
        if seat != me:
            caps[seat] = obs.cards_left[seat] - int(s[core.HAND + seat]).bit_count()
            voids[seat] = s[core.VOIDS + seat]
    caps[n] = kitty_cap
    caps[n + 1] = obs.stock_left
    unknown = rules.in_play_mask & ~known
    if int(caps.sum()) != unknown.bit_count() or caps.min() < 0:
        raise AssertionError(f"seat {me}: {unknown.bit_count()} unseen cards but room for {int(caps.sum())}")
    return KnownState(s, unknown, caps, voids, kitty_mode, kitty_owner, draw_suit_caps(obs, s))


def draw_suit_caps(obs: Observation, s: np.ndarray) -> np.ndarray:
    """With a two-player stock, the most unknown cards of each suit each holder may hold: a seat that showed a void and
    has drawn since holds at most the cards it drew of that suit, less those of it played since (the core forgets the
    void at a draw, since a draw is unseen). No rows where no seat is capped (``playout.NO_SUIT_CAPS``).
    """
    from blackmaria.bots.playout import NO_CAP, NO_SUIT_CAPS

    rules = obs.rules
    n = rules.players
    if not rules.stock_size:
        return NO_SUIT_CAPS
    drawing_tricks = rules.stock_size // n  # after each of the first ones, every seat draws a card
    tricks = [trick.plays for trick in obs.tricks if trick.plays]  # the trick in play last
    completed = sum(1 for trick in obs.tricks if trick.winner is not None)
    caps = np.full((n + 2, 4), NO_CAP, dtype=np.int64)
    capped = False
    for seat in range(n):
        if seat == obs.seat:
            continue
        for suit in range(4):
            shown = [
                j
                for j, plays in enumerate(tricks)
                if plays[0][1] & 3 == suit and any(who == seat and card & 3 != suit for who, card in plays)
            ]
            if not shown:
                continue
            last = shown[-1]
            drawn = max(0, min(completed, drawing_tricks) - last)
            played = sum(1 for plays in tricks[last + 1 :] for who, card in plays if who == seat and card & 3 == suit)
            held = int(s[core.HAND + seat] & core.suit_cards(suit)).bit_count()
            caps[seat, suit] = max(0, drawn - played - held)
            capped = True
    return caps if capped else NO_SUIT_CAPS


INFERENCE_ALPHA = 0.5
"""``card_beliefs``' default chance that another seat plays the playout policy's card (else any legal card)."""


@dataclass(frozen=True)
class Inference:
    """What the inference kernels need: the start of play less the hands, the plays, and the cards ruled out."""

    start0: np.ndarray
    history: np.ndarray
    """The plays so far in order, rows of (seat, card)."""
    played_by: np.ndarray
    kitty_known: int
    forbid: np.ndarray
    """Per holder, the cards it may not get: its voids' suits and the cards its plays rule out (``excluded_cards``)."""


def inference_inputs(obs: Observation, known: KnownState) -> Inference | None:
    """The inputs of ``playout.weighted_search`` for ``obs``; ``None`` when no other seat has played, or with a
    stock (hands change as cards are drawn, so the start of play cannot be rebuilt from the cards held now).
    """
    from blackmaria.bots.playout import excluded_cards

    rules = obs.rules
    if rules.stock_size or obs.stock_left:
        return None
    plays = [(seat, card) for trick in obs.tricks for seat, card in trick.plays]
    if not any(seat != obs.seat for seat, _ in plays):
        return None
    n = rules.players
    s = np.zeros(core.STATE_SIZE, dtype=np.int64)
    core.reset_deal(s, obs.dealer)
    s[core.PHASE] = core.PHASE_PLAYING
    played_by = np.zeros(n, dtype=np.int64)
    for seat, card in plays:
        played_by[seat] |= 1 << card
    history = np.array(plays, dtype=np.int64).reshape(-1, 2)
    kitty_known = obs.kitty.mask if obs.kitty is not None else 0
    excluded = np.zeros(n, dtype=np.int64)
    excluded_cards(s, params_for(rules), obs.seat, history, known.unknown, excluded)
    forbid = np.zeros(n + 2, dtype=np.int64)
    for h in range(n + 2):
        for suit in range(4):
            if int(known.voids[h]) >> suit & 1:
                forbid[h] |= int(core.suit_cards(suit))
        if h < n:
            forbid[h] |= int(excluded[h])
    return Inference(s, history, played_by, kitty_known, forbid)


def card_beliefs(
    obs: Observation, worlds: int = 2_000, seed: int = 0, infer: bool = True, alpha: float = INFERENCE_ALPHA, policy: str = ""
) -> tuple[np.ndarray, float]:
    """Each holder's chance of holding each card, as the search sees it: ``(holders x 52 array, effective worlds)``.

    Holders are seats ``0..n-1`` (their hands now), then the kitty. With
    ``infer`` the sampled worlds are weighted by ``playout.world_weight``
    (policy-based inference, ``alpha`` the weight of the policy's card; with
    ``alpha`` 0 a world only has to make every play so far legal; ``policy``: the weights file of the learned policy
    as the model, else the rules of thumb); the effective number of worlds is
    ``(sum w)^2 / sum w^2``.
    """
    from blackmaria.bots.playout import sample_world_masked, world_weight
    from blackmaria.core.compiled import make_rng

    rules = obs.rules
    n = rules.players
    known = known_state(obs)
    p = params_for(rules)
    inputs = inference_inputs(obs, known) if infer else None
    rng = make_rng(seed)
    world = np.empty(core.STATE_SIZE, dtype=np.int64)
    start = np.empty(core.STATE_SIZE, dtype=np.int64)
    cards = np.empty(52, dtype=np.int64)
    order = np.empty(52, dtype=np.int64)
    rem = np.empty(n + 2, dtype=np.int64)
    belief = np.zeros((n + 1, 52), dtype=np.float64)
    weights = playout_weights(policy)
    total = square = 0.0
    for _ in range(worlds):
        w = 1.0
        if inputs is None:
            known.sample(rng, p, world, (cards, order, rem))
        else:
            sample_world_masked(
                rng, known.state, p, known.unknown, known.caps, inputs.forbid, known.kitty_mode, known.kitty_owner, world, cards, order, rem
            )
            w = world_weight(
                world,
                inputs.start0,
                known.state,
                p,
                obs.seat,
                inputs.history,
                inputs.played_by,
                known.kitty_mode,
                known.kitty_owner,
                inputs.kitty_known,
                start,
                alpha,
                weights,
            )
        if w == 0.0:
            continue
        total += w
        square += w * w
        for h in range(n + 1):
            mask = int(world[core.HAND + h]) if h < n else int(world[core.KITTY])
            for c in range(52):
                if mask >> c & 1:
                    belief[h, c] += w
    if total == 0.0:
        return belief, 0.0
    return belief / total, total * total / square


def playout_weights(policy: str) -> np.ndarray:
    """The playouts' weights: ``playout.NO_WEIGHTS`` (the rule-based policy) for ``""``, else the learned policy's
    from the weights file ``policy`` (``bots.learned``)."""
    from blackmaria.bots.learned import shipped_policy
    from blackmaria.bots.playout import NO_WEIGHTS

    return shipped_policy(policy)[0] if policy else NO_WEIGHTS


EXACT_WORLDS = 300
"""At most this many worlds are solved exactly per move (a solve costs as much as many playouts)."""


def exact_from(rules: Rules, budget: int) -> int:
    """Hand size from which the end of the deal is solved exactly instead of played out."""
    if rules.players <= 4:
        return 3 if budget >= 5_000 else 2
    return 2


EXACT_PLIES = 16
"""With ``SearchFeatures.exact_cards``, the end is solved from at most this many cards on the table (every hand's
together; at least 2 cards a hand): 4 cards a hand with 3 or 4 players, 3 with 5, 2 with 6 or 7."""


PASS_WORLDS = 200
"""At least this many worlds per candidate pass (a pass is decided once a deal and much depends on it)."""


class _Clock:
    """Worlds are searched in chunks until the budget of worlds or of time is spent.

    The chunks double from 2 up to a twentieth of the worlds: that plan does
    not depend on the clock, so a search that spends its budget of worlds in
    time draws the same worlds as any other run with its seed (a hint asked
    twice is the same hint). The time per world is measured over all the
    chunks so far (wall clock, so a loaded machine's slowdown is in it); a
    planned chunk is cut to take at most a quarter of the time left and a
    twentieth of the whole time, so the deadline is overrun by little.
    """

    def __init__(self, time_ms: float | None, margin_ms: float = 0.0, start: float | None = None) -> None:
        self.start = time.perf_counter() if start is None else start
        self.budget = None if time_ms is None else time_ms / 1000.0
        self.deadline = None if time_ms is None else self.start + (time_ms - margin_ms) / 1000.0

    def chunks(self, worlds: int) -> Iterator[int]:
        """Sizes of the chunks of worlds to search: ``worlds`` in all, or fewer when the time runs out (at least one)."""
        if self.deadline is None or self.budget is None:
            yield worlds
            return
        done = 0
        chunk = min(worlds, 2)
        while done < worlds:
            yield chunk
            done += chunk
            now = time.perf_counter()
            per_world = max((now - self.start) / done, 1e-7)
            left = self.deadline - now
            if left < per_world:
                return
            planned = min(worlds - done, 2 * chunk, max(2, worlds // 20))
            chunk = max(1, min(planned, int(min(left * 0.25, self.budget * 0.05) / per_world)))


_kernels_warm = False
_warming = threading.Lock()


def warm_kernels() -> None:
    """Load the compiled search kernels once per process (from numba's cache, about a second; the first time on a
    machine, compiled): a timed search calls it before its clock starts, so that its time buys simulations. Without it
    the first hint of a process spent its 100 ms loading and judged its pass by 2 sampled deals."""
    global _kernels_warm
    if _kernels_warm:
        return
    with _warming:  # a second thread (a server's hints and bots) waits for the loading, not into its own clock
        if _kernels_warm:
            return
        compile_kernels()
        _kernels_warm = True


def kernels_warm() -> bool:
    """Whether ``warm_kernels`` has loaded the kernels in this process (a timed search then starts at once)."""
    return _kernels_warm


def compile_kernels(only: str | None = None) -> None:
    """Compile (or load from numba's cache) the search's kernels by playing one small deal with both playout policies:
    the searched pass, the search, both exact solvers. ``only``: ``"expert"`` or ``"plain"``, the one kind of search,
    so that two processes compile the two at once (``make test``: 42 s in a fresh clone here, 63 s in one process)."""
    from blackmaria.bots.base import EXPERT_FEATURES
    from blackmaria.game import Game
    from blackmaria.rules import preset

    game = Game(preset("hearts").replace(deal_count=1, target_score=None), seed=0)
    game.deal()

    def expert(seat: int) -> bool:
        return only == "expert" or (only is None and seat % 2 == 1)

    bots = [SearchBot(seat, budget=24, features=EXPERT_FEATURES if expert(seat) else NO_FEATURES) for seat in range(game.players)]
    for seat, bot in enumerate(bots):
        game.pass_cards(seat, bot.choose_pass(game.observation(seat)))
    while game.phase == "playing" and game.turn is not None:
        game.play(bots[game.turn].choose_play(game.observation(game.turn)))


NOISE_BATCHES: Final = 20
"""The batches a teacher's search is made of, to measure its noise (``SearchBot.noise``): batch means are close to
normal at any size, and 20 of them give a standard error good to about a sixth."""


def noise_batches(worlds: int) -> list[int]:
    """``worlds`` split into ``NOISE_BATCHES`` batches as evenly as they go (the noise of the costs, and the moon plan's
    z, are measured over their means)."""
    return [worlds // NOISE_BATCHES + (batch < worlds % NOISE_BATCHES) for batch in range(NOISE_BATCHES)]


KEPT_SHARE_SAID: Final = 50
"""From this share of the simulated deals (percent) where the seat kept a trick it went over, a teacher's hint says it
beside "a later player may still overtake it" (a play-test read that as the card's undoing at 88%)."""


class SearchBot:
    """Determinized search with compiled playouts and an exact end-game; deterministic given a seed (without ``time_ms``).

    ``budget`` is the simulations per decision, ``time_ms`` a limit in
    milliseconds per decision (wall clock; the search stops at whichever
    comes first). ``features`` switches on the improvements of issue 18
    (``SearchFeatures``); with none the bot is ``expert-2026``.
    """

    def __init__(
        self,
        seed: int | None = None,
        budget: int = 1_000,
        name: str = "hard",
        eps: float | None = None,
        time_ms: float | None = None,
        features: SearchFeatures = NO_FEATURES,
        noise: bool = False,
    ) -> None:
        if budget < 1:
            raise ValueError(f"budget: {budget} simulations per move; give at least 1")
        if time_ms is not None and time_ms <= 0:
            raise ValueError(f"time_ms: {time_ms} ms per move; give more than 0")
        self.name = name
        self.budget = budget
        self.eps = features.playout_eps if eps is None else eps
        self._own_eps = -1.0 if features.own_playout_eps is None else features.own_playout_eps
        self.time_ms = time_ms
        self.features = features
        self._rng = random.Random(seed)
        self._medium = MediumBot(self._rng.getrandbits(32))
        self.last_costs: dict[Card, float] = {}
        self.last_same: dict[Card, Card] = {}
        """Each legal card of the last move searched, mapped to the card whose evaluation it shares (``root_distinct``)."""
        self.last_pass_costs: dict[tuple[Card, ...], float] = {}
        self.last_worlds = 0
        """Sampled deals each candidate was tried in at the last decision (0 when it was forced or not searched)."""
        self.noise = noise
        """Measure the noise of the card's costs (``last_noise``): the worlds searched in ``NOISE_BATCHES`` batches,
        whose means give each difference's standard error. A teacher's search does; a player's need not (the batches
        draw other worlds than one search of them all, so a bot's moves would change)."""
        self.last_noise: dict[Card, float] = {}
        """With ``noise``: for each legal card of the last move, the standard error of its cost's difference from the
        cheapest card's (0 for that card), in points, from the batches' means (the same worlds for every card); empty
        where it was not measured (an end solved exactly, a timed search, too few worlds)."""
        self.last_tricks: dict[Card, tuple[float, float]] = {}
        """With ``noise``: for each legal card of the last move, the share of the simulated deals in which this seat took
        the trick in play after it, and the mean points it took in that trick (all deals counted); empty where the deals
        were solved exactly, not played out."""
        self.last_halving_error: float | None = None
        """The standard error of the difference of the last two candidates of the last halving, where measured."""
        self.margin_ms = 0.0
        """With ``time_ms``: the search stops this much early, learnt from the last decisions' overruns (a loaded
        machine takes the processor away for whole time slices, so the last chunk often ends late)."""
        self._started = 0.0
        self._weights = playout_weights(features.playout_policy)

    def _start(self) -> None:
        """Start a decision's clock (a timed search loads the kernels first: the clock must not count that)."""
        if self.time_ms is not None:
            warm_kernels()
        self._started = time.perf_counter()

    def _defender(self, seat: int) -> int:
        """The seat that stops moon shots alone in the playouts (``SearchFeatures.moon_stop_alone``), else -1."""
        return seat if self.features.moon_stop_alone else -1

    def _shooters(self, seat: int) -> int:
        """The seats, a bit each, that play on for the moon in the playouts (``playout_moon_shoot``: all; with
        ``moon_shoot_others``, all but the searching seat, which then weighs the shots of others, not hopes of its own)."""
        every = (1 << core.MAX_SEATS) - 1
        if self.features.playout_moon_shoot:
            return every
        return every & ~(1 << seat) if self.features.moon_shoot_others else 0

    def _shot_on(self, obs: Observation, state: np.ndarray, p: np.ndarray) -> bool:
        """``own_moon_plan``'s test: this seat has taken moon cards and no other seat has (its shot is still on)."""
        if not self.features.own_moon_plan or not p[core.P_MOON] or self._shooters(obs.seat) >> obs.seat & 1:
            return False
        moon = int(p[core.P_MOON_MASK])
        takers = [seat for seat in range(obs.rules.players) if int(state[core.TAKEN + seat]) & moon]
        return takers == [obs.seat]

    def _as_points(self, rules: Rules, cost: float) -> float:
        """A mean cost of the kernels as this seat's points: with ``relative`` the margin ``n * own - sum`` (``playout.
        seat_cost``) is the points it means in a deal where every seat's points add up to the deal's total."""
        if not self.features.relative:
            return cost
        return (cost + rules.deal_total) / rules.players

    def _clock(self) -> _Clock:
        if self.time_ms is not None and not self._started:
            warm_kernels()  # ``evaluate`` called alone: its clock starts here
        return _Clock(self.time_ms, self.margin_ms, self._started or None)

    def _timed(self, started: float) -> None:
        """After a searched decision: move the margin by part of this one's overrun (positive or negative)."""
        self._started = 0.0
        if self.time_ms is not None:
            elapsed_ms = (time.perf_counter() - started) * 1000.0
            overrun = min(max(elapsed_ms - self.time_ms, -0.5 * self.time_ms), 0.5 * self.time_ms)  # one outlier moves it little
            self.margin_ms = min(max(self.margin_ms + 0.3 * overrun, 0.0), 0.5 * self.time_ms)

    # ---- passing ---------------------------------------------------------------
    def choose_pass(self, observation: Observation) -> list[Card]:
        return self.pass_hint(observation).cards

    def pass_candidates(self, obs: Observation, usual: list[Card]) -> list[tuple[Card, ...]]:
        """The passes the search compares: sets from the most dangerous cards, the medium bot's pass first."""
        rules = obs.rules
        hand = obs.hand.mask
        passable = [c for c in obs.hand if c not in rules.pass_forbidden]
        danger = {c: self._medium._pass_danger(c, hand, rules.pass_count, rules.values, rules.pass_forbidden) for c in passable}
        pool = sorted(passable, key=lambda c: (-danger[c], c))[: self.features.pass_pool]
        first = tuple(sorted(usual))
        sets = [first] + [s for s in combinations(sorted(pool), rules.pass_count) if s != first]
        return sets

    def evaluate_passes(
        self, obs: Observation, candidates: list[tuple[Card, ...]], worlds: int | None = None
    ) -> tuple[list[float], list[float], int, int]:
        """Mean points of this seat after each candidate pass (the deal played out by the policy), the standard
        error of each one's difference from the first candidate's (the same worlds), the worlds of the chosen pass, and
        the chosen pass's index: the cheapest by ``pass_z`` (below), or with ``pass_halving`` the one left at the end.
        ``worlds``: the deals each candidate is played out on (else the budget's share, ``PASS_WORLDS`` at least)."""
        from blackmaria.bots.playout import KITTY_NONE, KITTY_PENDING, pass_search

        rules = obs.rules
        n = rules.players
        s = np.zeros(core.STATE_SIZE, dtype=np.int64)
        core.reset_deal(s, obs.dealer)  # an empty deal, passing
        s[core.HAND + obs.seat] = obs.hand.mask
        caps = np.zeros(n + 2, dtype=np.int64)
        for seat in range(n):
            if seat != obs.seat:
                caps[seat] = obs.cards_left[seat]
        caps[n] = rules.kitty_size
        unknown = rules.in_play_mask & ~obs.hand.mask
        masks = np.array([sum(1 << c for c in cand) for cand in candidates], dtype=np.int64)
        totals = np.zeros(len(candidates), dtype=np.float64)
        squares = np.zeros(len(candidates), dtype=np.float64)
        seen = np.zeros(len(candidates), dtype=np.int64)

        def play_out(alive: list[int], chunk: int) -> None:
            """``chunk`` more sampled deals for the candidates ``alive``, all on the same deals."""
            chunk_costs = np.zeros(len(alive), dtype=np.int64)
            chunk_squares = np.zeros(len(alive), dtype=np.int64)
            pass_search(
                params_for(rules),
                s,
                obs.seat,
                masks[alive],
                unknown,
                caps,
                KITTY_PENDING if rules.kitty_size else KITTY_NONE,
                rules.pass_offset(obs.direction),  # type: ignore[arg-type]
                rules.pass_count,
                chunk,
                self._rng.getrandbits(31),
                self.eps,
                chunk_costs,
                chunk_squares,
                self.features.playout_common,
                self._weights,
                self.features.relative,
                self.features.playout_temperature,
                self._own_eps,
            )
            totals[alive] += chunk_costs
            squares[alive] += chunk_squares
            seen[alive] += chunk

        playouts = worlds * len(candidates) if worlds is not None else max(PASS_WORLDS * len(candidates), self.budget)
        if self.features.pass_halving:
            best, costs = self._halve(candidates, play_out, totals, seen, playouts, squares)
            return [self._as_points(rules, c) for c in costs], [float("nan")] * len(candidates), int(seen[best]), best
        every = list(range(len(candidates)))
        for chunk in self._clock().chunks(playouts // len(candidates)):
            play_out(every, chunk)
        done = int(seen[0])
        means = totals / done
        diff = means - means[0]
        variance = np.maximum(squares / done - diff * diff, 0.0)
        errors = np.sqrt(variance / max(1, done - 1))
        # A pass other than the usual one (the first) must be better by pass_z standard errors of the (paired) difference.
        z = self.features.pass_z
        best = min(every, key=lambda i: (means[i] if i == 0 or diff[i] < -z * errors[i] else 1e9, i))
        unit = self._as_points(rules, 1.0) - self._as_points(rules, 0.0)
        return [self._as_points(rules, float(m)) for m in means], [float(e) * unit for e in errors], done, best

    def _halve(
        self,
        candidates: Sequence[object],
        play_out: Callable[[list[int], int], None],
        totals: np.ndarray,
        seen: np.ndarray,
        playouts: int,
        squares: np.ndarray | None = None,
    ) -> tuple[int, list[float]]:
        """Sequential halving (Karnin et al. 2013): ``playouts`` spread evenly over rounds; in each, the candidates left
        share the round's playouts on the same worlds, then the costlier half drop out (by their mean over every world
        they saw). With a time budget each round may use its share of the time.

        Returns the index of the one left, and each candidate's cost: the one left, its mean over all its worlds; one
        that dropped out, that mean plus how much more it cost than the one left on the worlds both saw (never less:
        that is why it dropped), so the candidate chosen is the cheapest shown and each difference is a paired one.

        ``squares``: where ``play_out`` adds the squares of each candidate's difference from the first it is given,
        ``last_halving_error`` is then the standard error of the last two's difference (from the last round's worlds,
        scaled to all those the two shared), else None."""
        alive = list(range(len(candidates)))
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        dropped: list[tuple[list[int], np.ndarray, int]] = []  # each round's dropped, the totals then, the worlds then
        self.last_halving_error = None
        for done_rounds in range(rounds):
            worlds = max(1, playouts // rounds // len(alive))
            measured = done_rounds == rounds - 1 and squares is not None and len(alive) == 2
            before = (totals.copy(), seen.copy(), squares.copy()) if measured and squares is not None else None
            for chunk in self._round_clock(done_rounds + 1, rounds).chunks(worlds):
                play_out(alive, chunk)
            if before is not None and squares is not None:
                # The last two, on this round's worlds: the first given to play_out is the one the other is measured from.
                first, other = alive
                n = int(seen[other] - before[1][other])
                if n > 1:
                    mean = float((totals[other] - before[0][other]) - (totals[first] - before[0][first])) / n
                    second = float(squares[other] - before[2][other]) / n
                    error = math.sqrt(max(second - mean * mean, 0.0) / (n - 1))
                    self.last_halving_error = error * math.sqrt(n / max(n, int(seen[other])))
            alive.sort(key=lambda i: (totals[i] / seen[i], i))
            keep = max(1, len(alive) // 2 if done_rounds == rounds - 1 else (len(alive) + 1) // 2)
            dropped.append((alive[keep:], totals.copy(), int(seen[alive[0]])))
            alive = alive[:keep]
        best = alive[0]
        costs = [0.0] * len(candidates)
        costs[best] = float(totals[best] / seen[best])
        for out, then, worlds in dropped:
            for i in out:
                costs[i] = costs[best] + float(then[i] - then[best]) / worlds
        return best, costs

    def _round_clock(self, rounds_done: int, rounds: int) -> _Clock:
        """The clock of one round of the halving: without a time budget none; with one, the round ends when that many
        rounds' shares of the decision's time are spent."""
        if self.time_ms is None:
            return self._clock()
        now = time.perf_counter()
        started = self._started or now
        deadline = started + (self.time_ms - self.margin_ms) / 1000.0 * rounds_done / rounds
        return _Clock(max(0.0, (deadline - now) * 1000.0), 0.0, now)

    def pass_hint(self, obs: Observation) -> Hint:
        self._start()
        usual = self._medium.pass_hint(obs)
        rules = obs.rules
        searchable = (
            self.features.search_pass
            and rules.players >= self.features.pass_min_players
            and rules.pass_count > 0
            and obs.stock_left == 0
            and obs.pass_to is not None
            and int(rules.in_play_mask).bit_count() == sum(obs.cards_left) + rules.kitty_size
        )
        self.last_pass_costs = {}
        self.last_worlds = 0
        if not searchable:
            return Hint(usual.cards, usual.reasons, self.name, seats=obs.seats)
        candidates = self.pass_candidates(obs, usual.cards)
        if len(candidates) == 1:
            return Hint(usual.cards, usual.reasons, self.name, seats=obs.seats)
        costs, _errors, worlds, best_index = self.evaluate_passes(obs, candidates)
        self._timed(self._started)
        self.last_pass_costs = pass_costs = dict(zip(candidates, costs, strict=True))
        self.last_worlds = worlds
        best = candidates[best_index]
        chosen = list(best)
        reasons = pass_reasons(obs, chosen)
        # The search's claim "N fewer than passing X" is made only of a pass that costs more (the kept usual pass may not be
        # the cheapest when no other was better by pass_z standard errors).
        dearer = [c for c in candidates if c != best and pass_costs[c] >= pass_costs[best]]
        if dearer:
            runner_up = min(dearer, key=lambda c: pass_costs[c])
            margin = pass_costs[runner_up] - pass_costs[best]
            facts: dict[str, object] = {"worlds": worlds, "cost": pass_costs[best], "margin": margin, "runner_up": runner_up}
            error = self.last_halving_error
            # The last two of the halving apart by less than the simulations' chance: said so (a play-test's hint named
            # another pass at each asking, each "0.4 fewer" or "1.2 fewer" than the one before). (A pass dropped
            # earlier was measured on fewer worlds, its difference no surer than the last two's.)
            if error is not None and margin <= NOISE_SPAN * error * abs(self._as_points(rules, 1.0) - self._as_points(rules, 0.0)):
                facts["chance"] = True
            reasons = (*reasons, Reason("search_pass", facts))
        return Hint(chosen, reasons, self.name, pass_costs=pass_costs, worlds=worlds, seats=obs.seats)

    # ---- playing ---------------------------------------------------------------
    def choose_play(self, observation: Observation) -> Card:
        return self.hint(observation).cards[0]

    def _kept_stopper(self, obs: Observation, card: Card, legal: list[Card], costs: dict[Card, float]) -> Card:
        """``card``, or where it is a stopper thrown on the trick of a seat that may be shooting the moon, the cheapest
        card that is no stopper, if it costs at most ``keep_stoppers`` points more (``SearchFeatures.keep_stoppers``)."""
        from blackmaria.bots.medium import stoppers_against

        trick = obs.current_trick
        if trick is None or not trick.plays:
            return card
        suspect, stoppers = stoppers_against(obs)
        led = suit_of(trick.plays[0][1])
        winner = max(((seat, c) for seat, c in trick.plays if suit_of(c) == led), key=lambda sc: sc[1])[0]
        if suspect is None or winner != suspect or card not in stoppers:
            return card
        others = [c for c in legal if c not in stoppers and costs[c] <= costs[card] + self.features.keep_stoppers]
        return min(others, key=lambda c: (costs[c], c)) if others else card

    def evaluate(self, obs: Observation) -> tuple[dict[Card, float], int]:
        """Mean points of this seat after each legal card, and the worlds sampled."""
        from blackmaria.bots.playout import NO_SUIT_CAPS, NO_TRICK_STATS, distinct_moves, search, weighted_search

        every = sorted(obs.legal)
        self.last_tricks = {}
        known = known_state(obs)
        p = params_for(obs.rules)
        same = {card: card for card in every}
        if self.features.root_distinct:
            # A card that plays exactly as the next lower one of the same suit in play is not searched apart.
            keep = int(distinct_moves(known.state, p, sum(1 << c for c in every)))
            for card in every:
                if not keep >> card & 1:
                    lower = card - 4
                    while lower not in same:
                        lower -= 4
                    same[card] = same[lower]
        legal = sorted(set(same.values()))
        self.last_same = same
        candidates = np.array(legal, dtype=np.int64)
        worlds = max(1, self.budget // len(legal))
        exact_cards = exact_from(obs.rules, self.budget)
        if self.features.exact_cards:
            exact_cards = min(self.features.exact_cards, max(2, EXACT_PLIES // obs.rules.players))
        exact = len(obs.hand) <= exact_cards and obs.stock_left == 0
        if exact:
            worlds = min(worlds, EXACT_WORLDS)
        inputs = inference_inputs(obs, known) if self.features.infer else None
        totals = np.zeros(len(legal), dtype=np.float64)
        weight = 0.0
        done = 0
        if inputs is not None:
            weighted = np.zeros(len(legal), dtype=np.float64)
            for chunk in self._clock().chunks(worlds):
                weight += weighted_search(
                    p,
                    known.state,
                    obs.seat,
                    candidates,
                    known.unknown,
                    known.caps,
                    inputs.forbid,
                    known.kitty_mode,
                    known.kitty_owner,
                    chunk,
                    self._rng.getrandbits(31),
                    self.eps,
                    exact,
                    inputs.start0,
                    inputs.history,
                    inputs.played_by,
                    inputs.kitty_known,
                    self.features.infer_alpha,
                    weighted,
                    self.features.exact_cards > 0,
                    self.features.playout_moon_stop,
                    self._weights,
                    self._defender(obs.seat),
                    self._shooters(obs.seat),
                    self.features.relative,
                    self.features.playout_temperature,
                    self._own_eps,
                )
                totals += weighted
                done += chunk
            if weight > 0.0:
                found = {card: self._as_points(obs.rules, float(totals[i]) / weight) for i, card in enumerate(legal)}
                return {card: found[same[card]] for card in every}, done
            totals[:] = 0.0
        seen = np.zeros(len(legal), dtype=np.int64)
        follow = self.noise and not exact  # a teacher says what each card did to the trick in the deals played out
        won_totals = np.zeros(len(legal), dtype=np.int64)
        point_totals = np.zeros(len(legal), dtype=np.int64)

        def play_out(alive: list[int], chunk: int, seed: int | None = None, shooters: int | None = None, into: np.ndarray = totals) -> None:
            """``chunk`` more worlds for the candidates ``alive`` (indices into ``legal``), the same worlds for each; their
            costs added to ``into`` (``seed`` and ``shooters``: as ``search``'s, else a fresh seed and ``_shooters``)."""
            round_costs = np.zeros(len(alive), dtype=np.int64)
            won = np.zeros(len(alive), dtype=np.int64) if follow else NO_TRICK_STATS
            taken = np.zeros(len(alive), dtype=np.int64) if follow else NO_TRICK_STATS
            search(
                p,
                known.state,
                obs.seat,
                candidates[alive],
                known.unknown,
                known.caps,
                known.voids,
                known.kitty_mode,
                known.kitty_owner,
                chunk,
                self._rng.getrandbits(31) if seed is None else seed,
                self.eps,
                exact,
                round_costs,
                self.features.exact_cards > 0,
                self.features.playout_moon_stop,
                self.features.playout_common,
                self._weights,
                self._defender(obs.seat),
                self._shooters(obs.seat) if shooters is None else shooters,
                self.features.relative,
                self.features.playout_temperature,
                self._own_eps,
                known.suit_caps if self.features.draw_caps else NO_SUIT_CAPS,
                won,
                taken,
            )
            into[alive] += round_costs
            if into is not totals:
                return
            seen[alive] += chunk
            if follow:
                won_totals[alive] += won
                point_totals[alive] += taken

        if self.features.play_halving and not exact and len(legal) > 2:
            best, halved = self._halve(legal, play_out, totals, seen, worlds * len(legal))
            found = {card: self._as_points(obs.rules, halved[i]) for i, card in enumerate(legal)}
            return {card: found[same[card]] for card in every}, int(seen[best])
        everyone = list(range(len(legal)))
        self.last_noise = {}
        if self.noise and self.time_ms is None and worlds >= 2 * NOISE_BATCHES:
            batch_means = []
            for chunk in noise_batches(worlds):
                before = totals.copy()
                play_out(everyone, chunk)
                batch_means.append((totals - before) / chunk)
            means = np.array(batch_means)
            cheapest = int(np.argmin(totals / seen))
            differences = means - means[:, [cheapest]]
            errors = differences.std(axis=0, ddof=1) / np.sqrt(NOISE_BATCHES)
            scale = 1.0 if not self.features.relative else 1.0 / obs.rules.players  # (_as_points is linear)
            self.last_noise = {card: float(errors[legal.index(same[card])]) * scale for card in every}
        elif not exact and self._shot_on(obs, known.state, p):
            # Two plans for this seat's later cards, on the same worlds: as usual, or going on for the moon; each card is
            # judged by its better plan over all worlds (a plan chosen per card, not per world: no strategy fusion).
            shot_totals = np.zeros(len(legal), dtype=np.float64)
            shooting = self._shooters(obs.seat) | 1 << obs.seat
            z = self.features.moon_plan_z
            if z > 0 and self.time_ms is None and worlds >= 2 * NOISE_BATCHES:
                # The shot's plan only where it is cheaper by z standard errors of the two plans' difference (from
                # the batches' means, on the same worlds): a plan that wins by the simulations' chance is no plan.
                differences = np.zeros((NOISE_BATCHES, len(legal)), dtype=np.float64)
                for batch, chunk in enumerate(noise_batches(worlds)):
                    seed = self._rng.getrandbits(31)
                    before, shot = totals.copy(), np.zeros(len(legal), dtype=np.float64)
                    play_out(everyone, chunk, seed)
                    play_out(everyone, chunk, seed, shooting, shot)
                    shot_totals += shot
                    differences[batch] = (shot - (totals - before)) / chunk
                error = differences.std(axis=0, ddof=1) / np.sqrt(NOISE_BATCHES)
                totals[:] = np.where(differences.mean(axis=0) < -z * error, shot_totals, totals)
            else:
                for chunk in self._clock().chunks(worlds):
                    seed = self._rng.getrandbits(31)
                    play_out(everyone, chunk, seed)
                    play_out(everyone, chunk, seed, shooting, shot_totals)
                totals[:] = np.minimum(totals, shot_totals)
        else:
            for chunk in self._clock().chunks(worlds):
                play_out(everyone, chunk)
        found = {card: self._as_points(obs.rules, float(totals[i] / seen[i])) for i, card in enumerate(legal)}
        tricks = {card: (float(won_totals[i] / seen[i]), float(point_totals[i] / seen[i])) for i, card in enumerate(legal)}
        self.last_tricks = {card: tricks[same[card]] for card in every} if follow else {}
        return {card: found[same[card]] for card in every}, int(seen[0])

    def hint(self, obs: Observation) -> Hint:
        if obs.phase == "passing":
            return self.pass_hint(obs)
        self._start()
        legal = sorted(obs.legal)
        if not legal:
            raise ValueError(f"seat {obs.seat} has no card to play now")
        if len(legal) == 1:
            self.last_costs = {}
            self.last_tricks = {}
            self.last_worlds = 0
            return Hint([legal[0]], (Reason("forced", {"card": legal[0]}),), self.name, seats=obs.seats)
        costs, worlds = self.evaluate(obs)
        self._timed(self._started)
        self.last_costs = costs
        self.last_worlds = worlds
        best = min(costs.values())
        tied = [c for c in legal if costs[c] <= best + 1e-9]
        card = tied[0]
        if len(tied) > 1:
            preferred = self._medium.play_hint(obs).cards[0]
            card = preferred if preferred in tied else tied[-1]
        if self.features.keep_stoppers > 0:
            card = self._kept_stopper(obs, card, legal, costs)
        ranked = sorted(legal, key=lambda c: costs[c])
        same = self.last_same
        # The runner-up is a card that plays differently, where there is one.
        runner_up = next((c for c in ranked if same[c] != same[card]), next(c for c in ranked if c != card))
        facts = {"worlds": worlds, "cost": costs[card], "margin": costs[runner_up] - costs[card], "runner_up": runner_up}
        noise = self.last_noise.get(runner_up)
        if noise is not None and costs[runner_up] - costs[card] <= NOISE_SPAN * noise:
            facts["chance"] = True  # (measured by a teacher's search: ``noise``)
        said = play_reason(obs, card)
        if said.code == "follow_over" and card in self.last_tricks:  # (a teacher's search counts the tricks kept)
            share = round(100 * self.last_tricks[card][0])
            if share >= KEPT_SHARE_SAID:
                said = Reason("follow_over", {**said.facts, "share": share})
        reasons = (said, Reason("search", facts))
        return Hint([card], reasons, self.name, costs, worlds=worlds, seats=obs.seats)


__all__ = [
    "Inference",
    "card_beliefs",
    "inference_inputs",
    "KnownState",
    "SearchBot",
    "exact_from",
    "kernels_warm",
    "warm_kernels",
    "known_state",
    "params_for",
    "playout_weights",
]
