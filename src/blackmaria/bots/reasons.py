"""Why a bot suggests a card, as data: a reason code and its facts, rendered in English or German from the same data.

A ``Reason`` names what the card does at the table (``duck``, ``dump``, ...)
with the facts the sentence states (the card, the card it ducks under, the
points the trick holds). ``render(reason, lang)`` says it; ``false_claims``
checks each claim against the position, so a hint cannot say "the trick holds
points" of a trick that holds none (``tests/test_bots.py``). A search level
adds its costs (``search`` facts: the worlds, the card's mean points, the
runner-up's).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from blackmaria.cards import SPADES, Card, cards_of, rank_of, suit_mask, suit_of
from blackmaria.observation import Observation
from blackmaria.rules import QUEEN_OF_SPADES

QS = QUEEN_OF_SPADES

SAFE_SPADE_GUARDS = 4
"""From this many spades below the queen on, the high spades are guarded: the medium bot keeps them, the tips too."""


def spade_guards(hand: int) -> int:
    """The spades below the queen in ``hand`` (a mask)."""
    return len([c for c in cards_of(hand & suit_mask(SPADES)) if c < QS])


@dataclass(frozen=True)
class Reason:
    """A reason code and its facts: cards as ints, counts, seat numbers."""

    code: str
    facts: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "facts": dict(self.facts)}


def render(reasons: tuple[Reason, ...], lang: str = "en", seats: tuple[str, ...] = ()) -> str:
    """The reasons as one sentence in ``lang`` (``en`` or ``de``): the first capitalised, the rest joined by '; '.

    Each code's words are the catalog's ``why_CODE`` (``locale/catalog``). Fields: {card}, {best} (cards), {suit},
    {suit1} (a suit's name in the singular), {points} (a count with its noun), {shooter} (a seat's name), {cards}
    (several cards), and a search's {worlds}, {cost}, {margin}, {runner_up}.
    """
    from blackmaria.locale import Texts, shown_difference

    t = Texts(lang)
    de = t.lang == "de"
    parts = []
    for reason in _plain_cards_together(_alike_together(reasons)):
        f = reason.facts
        values: dict[str, str] = {}
        for key in ("card", "best", "stopper"):
            if key in f:
                values[key] = t.card(f[key])
        for key in ("cards", "runner_up"):
            if key in f:
                values[key] = t.cards(f[key] if isinstance(f[key], tuple | list) else (f[key],))  # as a hand shows them
        if "suit" in f:
            values["suit"] = t.suit(f["suit"])
            values["suit1"] = t.suit(f["suit"]) if de else t.suit(f["suit"])[:-1]
        if "points" in f:
            values["points"] = t.n("points", int(f["points"]))
        if "shooter" in f:
            values["shooter"] = seats[f["shooter"]] if f["shooter"] < len(seats) else str(f["shooter"] + 1)
        if "worlds" in f:
            values["worlds"] = f"{f['worlds']:,}".replace(",", "." if de else ",")
        if "name" in f:
            values["name"] = str(f["name"])
        if "guards" in f:  # the spades under the queen, and how many guard the high ones (a play-test held three)
            values["guards"] = str(f["guards"])
            values["safe"] = str(SAFE_SPADE_GUARDS)
        for key in ("p", "q"):
            if key in f:
                values[key] = f"{100 * f[key]:.0f} %" if de else f"{f[key]:.0%}"
        shown = dict(f)
        if "cost" in f and "margin" in f:  # the margin as the difference of the costs as shown (not 1.9 "0.1 fewer" than 1.9)
            shown["margin"] = shown_difference(f["cost"], f["cost"] + f["margin"])
        for key in ("cost", "margin"):
            if key in f:
                values[key] = t.decimal(shown[key])
        code = reason.code
        if code.startswith("pass_high_spade") and f.get("queen") is False:
            # A♠ passed without the queen: "too few spades lower than the queen to play before it" read as if the
            # player held the queen (a play-test); it is a card the queen may be dropped on.
            code = code.replace("pass_high_spade", "pass_high_spade_over")
        if code == "pass_void" and len(f.get("cards", ())) == 1:
            code += "_one"  # "your only club (8♣)", not "the short clubs" (a play-test read the plural of one card)
        if code == "follow_over" and "share" in f:
            # The search's share of the deals where the seat kept the trick: "a later player may still overtake it" read
            # as the card's undoing beside a trick kept 88% of the time (a play-test).
            code += "_share"
            values["share"] = f"{f['share']:.0f}"
        if code == "win" and f.get("points") == 0:
            code += "_empty"  # "it holds no points", not "(0 points with your card)"
        if len(seats) == 2 and code in OF_THE_OTHER:
            code += "_two"  # one other player: "the other player", not "another player" (a play-test's two-player hint)
        if code.startswith("search") and "margin" in f and 0 in (round(abs(f["margin"]), 1), round(abs(shown["margin"]), 1)):
            code += "_tie"  # as cheap as the runner-up to one decimal: not "0.0 fewer than"
        elif code in ("search", "search_pass") and f.get("chance"):
            code += "_chance"  # fewer by the simulations' chance only (a guided deal taught "0.1 fewer than 7♠")
        parts.append(t(f"why_{code}", **values))
    sentence = "; ".join(parts)
    return sentence[:1].upper() + sentence[1:]


NOISE_SPAN: Final = 2.0
"""Standard errors of a difference of two costs within which the two are told as the same (the simulations' chance):
a difference of two is chance about 1 time in 20."""

OF_THE_OTHER = frozenset({"lead_into_void", "lead_low", "drop_under"})
"""Reasons that speak of "another player": with two players their ``_two`` words speak of the other one."""

ALIKE = ("pass_high_spade", "pass_high", "pass_costly", "pass_costly_high")
"""Pass reasons said once for several cards when only the card differs ("pass A♠ K♠: high spades without enough low
spades to guard them", not the same words three times: a play-test's hint)."""


def _alike_together(reasons: tuple[Reason, ...]) -> tuple[Reason, ...]:
    merged: list[Reason] = []
    said_for: dict[int, list[Card]] = {}  # a reason of ALIKE (its place in merged): the cards it is said for

    def rest(reason: Reason) -> dict[str, object]:
        return {key: value for key, value in reason.facts.items() if key != "card"}

    for reason in reasons:
        alike = (i for i in said_for if merged[i].code == reason.code and rest(merged[i]) == rest(reason))
        at = next(alike, None) if reason.code in ALIKE else None
        if at is not None:
            said_for[at].append(reason.facts["card"])
            continue
        if reason.code in ALIKE:
            said_for[len(merged)] = [reason.facts["card"]]
        merged.append(reason)
    for at, cards in said_for.items():
        if len(cards) > 1:
            merged[at] = Reason(merged[at].code + "_many", {**rest(merged[at]), "cards": tuple(cards)})
    return tuple(merged)


def _plain_cards_together(reasons: tuple[Reason, ...]) -> list[Reason]:
    """The cards of a pass that have no reason of their own (``pass_card``), said once after the others ("and 8♣ 6♣ to
    make up the pass"), or alone as ``pass_cards`` when no card of the pass has one: "pass 9♣; pass 6♣" read as if a
    reason were missing."""
    plain = tuple(r.facts["card"] for r in reasons if r.code == "pass_card")
    if not plain:
        return list(reasons)
    others = [r for r in reasons if r.code != "pass_card"]
    passing = any(r.code.startswith("pass_") for r in others)
    together = Reason("pass_card" if passing else "pass_cards", {"cards": plain})
    at = max((i + 1 for i, r in enumerate(others) if r.code.startswith("pass_")), default=0)
    return [*others[:at], together, *others[at:]]


# ---- what a played card does, from the position (for the search levels) -----------------------------------------
def play_reason(obs: Observation, card: Card) -> Reason:
    """What ``card`` does in the position of ``obs``, stating only facts that hold there."""
    values = obs.rules.values
    legal = sorted(obs.legal)
    if len(legal) == 1:
        return Reason("forced", {"card": card})
    trick = obs.current_trick
    if trick is None or not trick.plays:
        return lead_reason(obs, card)
    led = suit_of(trick.plays[0][1])
    best = max(c for _, c in trick.plays if suit_of(c) == led)
    points = sum(values[c] for _, c in trick.plays)
    if suit_of(card) != led:
        if values[card] > 0:
            costliest = values[card] == max(values[c] for c in legal)
            return Reason("dump_costliest" if costliest else "dump", {"card": card, "points": values[card]})
        return Reason("discard", {"card": card})
    if card < best:
        if values[card] > 0:  # its own points go to another (a learner read "the trick holds 7 points" for Q♠ under A♠)
            return Reason("drop_under", {"card": card, "best": best})
        if points > 0:
            return Reason("duck_points", {"card": card, "best": best, "points": points})
        return Reason("duck", {"card": card, "best": best})
    if len(trick.plays) == obs.rules.players - 1:
        return Reason("win", {"card": card, "points": points + values[card]})
    if not higher_out(obs, card):
        # Nothing higher of the suit is out (a play-test: "a later player may still overtake" A♣).
        return Reason("follow_top", {"card": card, "best": best, "suit": led})
    if void_after(obs, led):
        # (a play-test read "a later player may still overtake" J♣ with the one seat after it out of clubs)
        return Reason("follow_void", {"card": card, "best": best, "suit": led})
    return Reason("follow_over", {"card": card, "best": best})


def seats_after(obs: Observation) -> list[int]:
    """The seats still to play to the trick in play after this one, clockwise."""
    trick = obs.current_trick
    played = len(trick.plays) if trick is not None else 0
    n = obs.rules.players
    return [(obs.seat + k) % n for k in range(1, n - played)]


def void_after(obs: Observation, suit: int) -> bool:
    """Whether every seat still to play to the trick has shown it has none of ``suit`` (none may overtake in it)."""
    return all(suit in obs.voids[seat] for seat in seats_after(obs))


def lead_reason(obs: Observation, card: Card) -> Reason:
    """What leading ``card`` does: wins the trick (and gains, a card worth less than nothing) when no higher card of
    its suit is out, else leaves the trick to another player (one void in the suit may throw points on it). A search
    hint's lead said "Lead 3♠" and no more (a play-test: it teaches little)."""
    suit = suit_of(card)
    if not higher_out(obs, card):
        value = obs.rules.values[card]
        if value < 0:
            return Reason("lead_sure_gain", {"card": card, "suit": suit, "points": value})
        return Reason("lead_high", {"card": card, "suit": suit})
    n = obs.rules.players
    if any(suit in obs.voids[(obs.seat + k) % n] for k in range(1, n)):
        return Reason("lead_into_void", {"card": card, "suit": suit})
    return Reason("lead_low", {"card": card, "suit": suit})


# ---- the claims each code makes, checked against the position ----------------------------------------------------
def _unseen(obs: Observation) -> int:
    known = obs.hand.mask | obs.played.mask
    if obs.kitty is not None:
        known |= obs.kitty.mask
    return obs.rules.in_play_mask & ~known


def higher_out(obs: Observation, card: Card) -> list[Card]:
    """The cards of ``card``'s suit above it that the seat has not seen: those a later player may overtake it with."""
    return [c for c in cards_of(_unseen(obs) & suit_mask(suit_of(card))) if c > card]


def wins_tricks(obs: Observation, card: Card, chosen: Sequence[Card]) -> bool:
    """Whether a card passed is "a high card that would win tricks": a 10 or higher, no higher card of its suit kept
    in the hand (a 10♦ passed beside a K♦ and Q♦ kept was said to win tricks, a play-test), and at most one higher in
    the other hands (a 10♣ with A♣ K♣ Q♣ J♣ out, and a Q♠ with A♠ K♠ out, were said to, another)."""
    suit = obs.rules.in_play_mask & suit_mask(suit_of(card))
    higher = [c for c in cards_of(suit) if c > card]
    kept = [c for c in higher if c in obs.hand and c not in chosen]
    out = [c for c in higher if c not in obs.hand]
    return rank_of(card) >= 8 and not kept and len(out) <= 1


def false_claims(obs: Observation, cards: list[Card], reasons: tuple[Reason, ...]) -> list[str]:
    """The claims of ``reasons`` that do not hold in the position of ``obs`` (empty when every one is true)."""
    wrong: list[str] = []
    values = obs.rules.values
    legal = sorted(obs.legal)
    trick = obs.current_trick
    plays = trick.plays if trick is not None else ()
    led = suit_of(plays[0][1]) if plays else None
    best = max((c for _, c in plays if suit_of(c) == led), default=None)
    points = sum(values[c] for _, c in plays)
    last = len(plays) == obs.rules.players - 1

    def claim(ok: bool, what: str) -> None:
        if not ok:
            wrong.append(f"{what} ({reason.code} {dict(reason.facts)})")

    for reason in reasons:
        f = reason.facts
        code = reason.code
        card: Card = int(f["card"]) if "card" in f else -1
        if card >= 0 and not code.startswith("pass"):
            claim(card in cards, "the reason names the card suggested")
        if code.startswith("pass"):
            claim(obs.phase == "passing", "the seat is passing")
            if card >= 0:
                claim(card in cards, "the card is in the pass")
            if code == "pass_high_spade":
                guards = spade_guards(obs.hand.mask)
                claim(suit_of(card) == SPADES and card >= QS and guards < SAFE_SPADE_GUARDS, "a high spade with fewer than 4 low spades")
            elif code == "pass_void":
                held = obs.hand.suit(f["suit"])
                claim(bool(held) and set(held) <= set(cards), "the pass empties the suit")
            elif code in ("pass_costly", "pass_costly_high"):
                claim(values[card] == f["points"] and f["points"] > 0, "the card costs those points")
                if code == "pass_costly_high":
                    claim(wins_tricks(obs, card, cards), "a high card that would win tricks")
            elif code == "pass_high":
                claim(wins_tricks(obs, card, cards), "a high card that would win tricks")
            elif code == "pass_top":
                claim(
                    card == max(obs.hand.suit(suit_of(card))) and card >> 2 >= 8 and f["suit"] == suit_of(card),
                    "the hand's highest of its suit, a ten or higher",
                )
            continue
        if code == "forced":
            claim(legal == [card], "the only legal card")
        elif code.startswith("lead"):
            claim(not plays, "the seat leads")
            higher = higher_out(obs, card) if card >= 0 else []
            if code == "lead_sure_gain":
                claim(not higher and values[card] == f["points"] and f["points"] < 0, "no higher card out, the card gains")
            elif code == "lead_high":
                claim(not higher, "no higher card of the suit is out: the card wins the trick")
            elif code == "lead_into_void":
                n = obs.rules.players
                later = [(obs.seat + k) % n for k in range(1, n)]
                claim(any(suit_of(card) in obs.voids[s] for s in later), "another player is void in the suit")
                claim(bool(higher), "a higher card of the suit is out")
            elif code == "lead_low":
                claim(bool(higher), "a higher card of the suit is out")
        elif code in ("duck_points", "duck_costly_win", "drop_under", "duck_highest", "duck"):
            claim(
                best is not None and led == suit_of(card) and card < best and f["best"] == best, "the card follows under the winning card"
            )
            if code == "duck_points":
                claim(points == f["points"] and points > 0, "the trick holds those points")
            if code == "duck_costly_win":
                over = [c for c in legal if led is not None and suit_of(c) == led and best is not None and c > best]
                claim(bool(over) and all(points + values[c] > 0 for c in over), "every winning card would cost")
            if code == "duck_highest":
                under = [c for c in legal if led is not None and suit_of(c) == led and best is not None and c < best]
                claim(bool(under) and card == max(under), "the highest card that still loses")
            if code == "drop_under":
                claim(values[card] > 0, "the card holds points")
        elif code in ("win_gain", "win_clean", "take_cheapest", "win"):
            claim(last and best is not None and led == suit_of(card) and card > best, "the card wins the trick")
            if code == "win_gain":
                claim(points + values[card] == -f["points"] and f["points"] > 0, "the trick gains those points")
            if code == "win_clean":
                claim(points + values[card] == 0, "the trick holds no points")
            if code == "win":
                claim(points + values[card] == f["points"], "the trick holds those points")
        elif code in ("follow_lowest", "follow_over", "follow_top", "follow_void", "win_anyway", "win_stop_moon"):
            claim(best is not None and led == suit_of(card) and card > best, "the card goes over the winning card")
            if code == "follow_lowest":
                following = [c for c in legal if suit_of(c) == led]
                claim(card == min(following), "the lowest card of the suit")
            if code in ("follow_over", "follow_top", "follow_void"):
                claim(not last and f["best"] == best, "a later player is still to play")
            if code == "follow_void":
                claim(led is not None and void_after(obs, led) and f["suit"] == led, "every later seat is void in the suit")
            higher = higher_out(obs, card)  # (of the suit led: the claim above checks that the card follows it)
            if code == "follow_over":
                claim(bool(higher), "a higher card of the suit is out: a later player may overtake it")
            if code == "follow_top":
                claim(not higher and f["suit"] == led, "no higher card of the suit is out: the card wins the trick")
        elif code == "keep_stopper":
            claim(
                best is not None and led == suit_of(card) and card < best and f["best"] == best, "the card follows under the winning card"
            )
            claim(f["stopper"] in obs.hand and card < f["stopper"] < best, "a higher card that still loses is kept")
        elif code == "discard_keep_stopper":
            claim(led is not None and not any(suit_of(c) == led for c in legal), "the seat cannot follow")
            claim(f["stopper"] in obs.hand and f["stopper"] != card, "the card kept is in the hand")
        elif code in ("dump_costliest", "dump", "discard_high", "discard", "discard_stop_moon"):
            claim(led is not None and suit_of(card) != led and not any(suit_of(c) == led for c in legal), "the seat cannot follow")
            if code in ("dump_costliest", "dump"):
                claim(values[card] == f["points"] and f["points"] > 0, "the card costs those points")
            if code == "dump_costliest":
                claim(values[card] == max(values[c] for c in legal), "the costliest card")
            if code == "discard_high":
                claim(rank_of(card) >= 8, "a high card (10 or higher)")
    return wrong


__all__ = ["SAFE_SPADE_GUARDS", "Reason", "false_claims", "play_reason", "render", "spade_guards"]
