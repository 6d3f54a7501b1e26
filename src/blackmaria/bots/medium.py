"""Medium: rules of thumb that read the rule set's card values, so they play every variant.

It voids short suits when passing and keeps low spades to guard high ones,
ducks under the card winning the trick, takes a trick cheaply when it is last
to play and the trick is clean (or holds a negative card such as Omnibus'
JD), dumps its costliest card when void, avoids leading into a suit another
player has shown void in, and, when one other player has taken every penalty
card so far, keeps the cards that may stop a moon shot and, once enough points
have gone to that player, stops the shot by taking a penalty card itself.

Every decision comes with a one-line reason: ``hint()`` shows it to a player.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from blackmaria.bots.base import Hint
from blackmaria.bots.reasons import SAFE_SPADE_GUARDS, Reason, lead_reason, seats_after, spade_guards, wins_tricks
from blackmaria.cards import SPADES, Card, cards_of, rank_of, suit_mask, suit_of
from blackmaria.observation import Observation
from blackmaria.rules import QUEEN_OF_SPADES

QS = QUEEN_OF_SPADES


@dataclass(frozen=True)
class _View:
    """What the bot works out from an observation before choosing."""

    values: tuple[int, ...]
    unseen: int
    """Cards another seat may still hold (or lie in the kitty or stock)."""
    threat: int | None
    """A seat that has taken every penalty card so far, enough of them to be shooting the moon."""
    suspect: int | None
    """A seat that may be starting a moon shot: it has taken every penalty card so far (at least one). While it wins a
    trick the bot keeps its stoppers (it ducks and sheds other cards)."""
    stoppers: frozenset[Card]
    """The bot's own cards that may later win a trick a shooter leads: its highest card of each suit that still holds a
    penalty card, with at most one unseen card of the suit above it."""


def _points(count: int) -> str:
    return "1 point" if count == 1 else f"{count} points"


def _view(obs: Observation) -> _View:
    rules = obs.rules
    known = obs.hand.mask | obs.played.mask
    if obs.kitty is not None:
        known |= obs.kitty.mask
    unseen = rules.in_play_mask & ~known
    threat = None
    suspect = None
    stoppers: frozenset[Card] = frozenset()
    if rules.moon != "off":
        penalty_points = [0] * rules.players
        penalty_cards = [0] * rules.players
        for trick in obs.tricks:
            if trick.winner is None:
                continue
            for _, card in trick.plays:
                if rules.values[card] > 0:
                    penalty_points[trick.winner] += rules.values[card]
                    penalty_cards[trick.winner] += 1
        takers = [seat for seat in range(rules.players) if penalty_cards[seat]]
        if len(takers) == 1 and takers[0] != obs.seat:
            seat = takers[0]
            if penalty_points[seat] * 5 >= rules.moon_total * 2 and penalty_cards[seat] >= 3:
                threat = seat
            suspect = seat
            stoppers = frozenset(_stoppers(obs.hand.mask, unseen, rules.values))
    return _View(rules.values, unseen, threat, suspect, stoppers)


def stoppers_against(obs: Observation) -> tuple[int | None, frozenset[Card]]:
    """The seat that may be starting a moon shot (every penalty card so far is its, at least one) and, against it, the
    seat's stoppers (``_View``): what medium keeps, and what the search keeps with ``SearchFeatures.keep_stoppers``."""
    view = _view(obs)
    return view.suspect, view.stoppers


def _keeping(card: Card, best: Card, stopper: Card, view: _View) -> Reason:
    return Reason("keep_stopper", {"card": card, "best": best, "stopper": stopper, "shooter": view.suspect})


def _stoppers(hand: int, unseen: int, values: tuple[int, ...]) -> list[Card]:
    found = []
    for suit in range(4):
        mine = cards_of(hand & suit_mask(suit))
        if not mine or not any(values[c] > 0 for c in cards_of((hand | unseen) & suit_mask(suit))):
            continue
        top = max(mine)
        if len([c for c in cards_of(unseen & suit_mask(suit)) if c > top]) <= 1:
            found.append(top)
    return found


class MediumBot:
    """Rules of thumb over the rule set's card values; deterministic given a seed (ties broken at random)."""

    name = "medium"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    # ---- the Bot protocol ---------------------------------------------------
    def choose_pass(self, observation: Observation) -> list[Card]:
        return self.pass_hint(observation).cards

    def choose_play(self, observation: Observation) -> Card:
        return self.play_hint(observation).cards[0]

    # ---- passing ---------------------------------------------------------------
    def pass_hint(self, obs: Observation) -> Hint:
        rules = obs.rules
        values = rules.values
        left = [c for c in obs.hand if c not in rules.pass_forbidden]
        hand = obs.hand.mask
        chosen: list[Card] = []
        for _ in range(rules.pass_count):
            remaining = hand & ~sum(1 << c for c in chosen)
            to_go = rules.pass_count - len(chosen)
            scored = [(self._pass_danger(c, remaining, to_go, values, rules.pass_forbidden), self._rng.random(), c) for c in left]
            scored.sort(reverse=True)
            (danger, _, card), *_ = scored
            chosen.append(card)
            left.remove(card)
        return Hint(sorted(chosen), pass_reasons(obs, chosen), "medium", seats=obs.seats)

    def _pass_danger(self, card: Card, hand: int, to_go: int, values: tuple[int, ...], forbidden: tuple[Card, ...]) -> float:
        value = values[card]
        if value < 0:
            return -100.0  # a card that scores for its taker (Omnibus JD): keep it
        suit, rank = suit_of(card), rank_of(card)
        in_suit = len(cards_of(hand & suit_mask(suit)))
        guards = spade_guards(hand)
        if suit == SPADES and card >= QS and (values[card] > 0 or hand >> QS & 1 == 0):
            # A high spade: the queen itself, or a king/ace the queen may fall on.
            return 30.0 + value if guards < SAFE_SPADE_GUARDS else 2.0 + value
        if suit == SPADES:
            return rank - 12.0  # low spades guard the high ones
        danger = rank + 3.0 * max(value, 0)
        if in_suit <= to_go and not any(values[c] < 0 for c in cards_of(hand & suit_mask(suit))):
            danger += 8.0  # passing the whole suit leaves a void to shed points into
        return danger

    # ---- playing ---------------------------------------------------------------
    def play_hint(self, obs: Observation) -> Hint:
        legal = sorted(obs.legal)
        if not legal:
            raise ValueError(f"seat {obs.seat} has no card to play now")
        if len(legal) == 1:
            return Hint([legal[0]], (Reason("forced", {"card": legal[0]}),), "medium", seats=obs.seats)
        view = _view(obs)
        trick = obs.current_trick
        if trick is None or not trick.plays:
            card, reason = self._lead(obs, legal, view)
        else:
            card, reason = self._follow(obs, legal, view)
        return Hint([card], (reason,), "medium", seats=obs.seats)

    def _lead(self, obs: Observation, legal: list[Card], view: _View) -> tuple[Card, Reason]:
        values = view.values
        later = seats_after(obs)
        if view.threat is not None:
            hearts = [c for c in legal if values[c] > 0 and suit_of(c) != SPADES]
            if hearts:
                card = max(hearts)
                return card, Reason("lead_stop_moon", {"card": card, "shooter": view.threat})
        best: tuple[float, float, Card] | None = None
        for suit in range(4):
            mine = [c for c in legal if suit_of(c) == suit]
            if not mine:
                continue
            outstanding = view.unseen & suit_mask(suit)
            for card in mine:
                higher = len([c for c in cards_of(outstanding) if c > card])
                lower = len([c for c in cards_of(outstanding) if c < card])
                voids = len([s for s in later if suit in obs.voids[s]])
                cost = 2.0 * max(values[card], 0)
                if values[card] < 0:
                    cost += 0.0 if higher == 0 and voids == 0 else 12.0
                    cost += values[card] if higher == 0 and voids == 0 else 0.0
                # Chance of winning the trick: certain with no higher card out, small with many.
                win = 1.0 if higher == 0 else 1.0 / (1 + higher) if lower else 0.5 / (1 + higher)
                danger_in_trick = 4.0 + 6.0 * voids
                if suit == SPADES and obs.hand.mask >> QS & 1 == 0 and view.unseen >> QS & 1 and values[QS] > 0:
                    # Spades while the queen is out: low ones flush her, high ones catch her.
                    danger_in_trick += 10.0 if card > QS else -3.0
                if suit == SPADES and card != QS and obs.hand.mask >> QS & 1:
                    danger_in_trick += 3.0  # keep spades as guards for the queen
                cost += win * danger_in_trick
                length = len(cards_of(obs.hand.mask & suit_mask(suit)))
                key = (cost, length + self._rng.random() * 0.1, card)
                if best is None or key < best:
                    best = key
        assert best is not None
        return best[2], lead_reason(obs, best[2])

    def _follow(self, obs: Observation, legal: list[Card], view: _View) -> tuple[Card, Reason]:
        values = view.values
        trick = obs.current_trick
        assert trick is not None and trick.plays
        led = suit_of(trick.plays[0][1])
        winning_seat, best = max(((s, c) for s, c in trick.plays if suit_of(c) == led), key=lambda sc: sc[1])
        points = sum(values[c] for _, c in trick.plays)
        later = seats_after(obs)
        last = not later
        following = [c for c in legal if suit_of(c) == led]
        threat = view.threat
        if not following:
            return self._discard(obs, legal, view, winning_seat, points)
        under = [c for c in following if c < best]
        over = [c for c in following if c > best]
        if threat is not None and winning_seat == threat and over and points > 0:
            card = min(over, key=lambda c: (values[c] > 0, c)) if last else max(over)
            return card, Reason("win_stop_moon", {"card": card, "shooter": threat})
        if last:
            # The trick is decided by this card: take it if that costs nothing (or gains, with a negative card).
            options = [(points + values[c] if c > best else 0, -rank_of(c) if c > best else -100 + -rank_of(c), c) for c in following]
            cost, _, card = min(options)
            if card > best and cost <= 0:
                if cost < 0:
                    return card, Reason("win_gain", {"card": card, "points": -cost})
                return card, Reason("win_clean", {"card": card})
            if card < best:
                card = self._under(under, view, winning_seat)
                if card != max(under):
                    return card, _keeping(card, best, max(under), view)
                if points > 0:
                    return card, Reason("duck_points", {"card": card, "best": best, "points": points})
                cheapest_win = min((points + values[c] for c in over), default=0)
                if cheapest_win > 0:
                    return card, Reason("duck_costly_win", {"card": card, "best": best, "points": cheapest_win})
                return card, Reason("duck_highest", {"card": card, "best": best})
            card = min(following, key=lambda c: (points + values[c], c))
            return card, Reason("take_cheapest", {"card": card})
        if under:
            card = self._under(under, view, winning_seat)
            if card != max(under):
                return card, _keeping(card, best, max(under), view)
            if values[card] > 0:
                return card, Reason("drop_under", {"card": card, "best": best})
            return card, Reason("duck_highest", {"card": card, "best": best})
        # Every card wins for now; someone later may still beat it.
        outstanding = view.unseen & suit_mask(led)
        followers = [s for s in later if led not in obs.voids[s]]
        sure = not followers or not any(c > min(following) for c in cards_of(outstanding))
        if sure:
            card = min(following, key=lambda c: (max(values[c], 0), -c))
            return card, Reason("win_anyway", {"card": card})
        safe = [c for c in following if values[c] <= 0] or following
        card = min(safe)
        if card == min(following):
            return card, Reason("follow_lowest", {"card": card, "suit": led})
        if not any(c > card for c in cards_of(outstanding)):
            return card, Reason("follow_top", {"card": card, "best": best, "suit": led})
        return card, Reason("follow_over", {"card": card, "best": best})

    def _under(self, under: list[Card], view: _View, winning_seat: int) -> Card:
        """The highest card that loses the trick, but not a stopper while a suspect of a moon shot wins it."""
        if winning_seat == view.suspect:
            kept = [c for c in under if c not in view.stoppers]
            if kept:
                return max(kept)
        return max(under)

    def _discard(self, obs: Observation, legal: list[Card], view: _View, winning_seat: int, points: int) -> tuple[Card, Reason]:
        values = view.values
        threat = view.threat
        qs_out = view.unseen >> QS & 1 and values[QS] > 0

        def danger(card: Card) -> float:
            value = values[card]
            if value < 0:
                return -50.0 + value  # never give away a card that scores for its taker
            d = 3.0 * value + rank_of(card)
            if suit_of(card) == SPADES and card > QS and qs_out:
                d += 12.0  # a king or ace of spades the queen may fall on
            mine = len(cards_of(obs.hand.mask & suit_mask(suit_of(card))))
            return d + 2.0 / mine

        if threat is not None and winning_seat == threat:
            clean = [c for c in legal if values[c] <= 0]
            if clean:
                card = max(clean, key=danger)
                return card, Reason("discard_stop_moon", {"card": card, "shooter": threat})
        card = max(legal, key=lambda c: (danger(c), c))
        if winning_seat == view.suspect and card in view.stoppers:
            kept = [c for c in legal if c not in view.stoppers]
            if kept:
                stopper, card = card, max(kept, key=lambda c: (danger(c), c))
                return card, Reason("discard_keep_stopper", {"card": card, "stopper": stopper, "shooter": view.suspect})
        if values[card] > 0:
            costliest = values[card] == max(values[c] for c in legal)
            return card, Reason("dump_costliest" if costliest else "dump", {"card": card, "points": values[card]})
        return card, Reason("discard_high" if rank_of(card) >= 8 else "discard", {"card": card})


TOP_FROM_RANK = 8
"""The ten (two is 0): a passed card this high, the highest the hand held of its suit, is said to be that."""


def pass_reasons(obs: Observation, chosen: list[Card]) -> tuple[Reason, ...]:
    """Why each card of the pass ``chosen`` leaves the hand of ``obs`` (a suit emptied is said once)."""
    values = obs.rules.values
    hand = obs.hand.mask
    guards = spade_guards(hand)
    reasons: list[Reason] = []
    voided: set[int] = set()
    # A high spade kept from the queen is the reason only where the queen is not kept here: a pass of K♠ beside a Q♠
    # kept read "too few spades lower than the queen" to a learner, as if the queen went too (a play-test).
    queen_kept = obs.hand.mask >> QS & 1 and QS not in chosen
    for card in sorted(chosen, key=lambda c: (-values[c], -c)):
        suit = suit_of(card)
        held = obs.hand.suit(suit)
        high = wins_tricks(obs, card, chosen)
        if suit == SPADES and card >= QS and guards < SAFE_SPADE_GUARDS and not (queen_kept and card != QS):
            # (without the queen in the hand the card is one the queen may be dropped on: said so, not "before it")
            reasons.append(Reason("pass_high_spade", {"card": card, "guards": guards, "queen": bool(hand >> QS & 1)}))
        elif set(held) <= set(chosen) and len(held) < len(obs.hand):
            if suit not in voided:
                voided.add(suit)
                reasons.append(Reason("pass_void", {"suit": suit, "cards": tuple(sorted(held, reverse=True))}))
        elif values[card] > 0:
            # A high one is said to win tricks too: "it costs 1 to whoever takes it" alone explained A♥ to nobody.
            reasons.append(Reason("pass_costly_high" if high else "pass_costly", {"card": card, "points": values[card]}))
        elif high:
            reasons.append(Reason("pass_high", {"card": card}))
        elif card == max(held) and rank_of(card) >= TOP_FROM_RANK:
            # Not sure to win, but the suit's top card here (a play-test read "to make up the pass" beside 10♣ 10♦)
            reasons.append(Reason("pass_top", {"card": card, "suit": suit}))
        else:
            reasons.append(Reason("pass_card", {"card": card}))
    return tuple(reasons)


__all__ = ["MediumBot", "pass_reasons", "stoppers_against"]
