"""The computer player's hint in the player's language, for every front end (terminal, server, browser).

The bots explain themselves in English; in German the reason is said from
what the suggested card does at the table (a void made, a duck, a dump).
"""

from __future__ import annotations

from blackmaria.bots import hint
from blackmaria.cards import Card, rank_of, suit_of
from blackmaria.locale import Texts
from blackmaria.observation import Observation


def localized_hint(obs: Observation, lang: str = "en", level: str = "medium") -> tuple[list[Card], str]:
    """The cards the ``level`` bot suggests for the seat of ``obs`` (sorted as a hand shows them) and one sentence why.

    Raises ``ValueError`` when the seat has nothing to decide now.
    """
    t = Texts(lang)
    advice = hint(obs, level)
    cards = sorted(advice.cards, key=lambda c: (-suit_of(c), -rank_of(c)))
    if t.lang == "en":
        reason = advice.reason
    elif obs.phase == "passing":
        reason = _pass_reason(t, obs, cards)
    else:
        reason = _play_reason(t, obs, cards[0])
    return cards, reason.rstrip(".")


def _pass_reason(t: Texts, obs: Observation, cards: list[Card]) -> str:
    for suit in range(4):
        held = obs.hand.suit(suit)
        if held and set(held) <= set(cards):
            return t("reason_pass_void")
    return t("reason_pass")


def _play_reason(t: Texts, obs: Observation, card: Card) -> str:
    values = obs.rules.values
    if len(obs.legal) == 1:
        return t("reason_forced")
    trick = obs.current_trick
    if trick is None or not trick.plays:
        return t("reason_lead_low") if values[card] <= 0 and rank_of(card) <= 6 else t("reason_lead")
    led = suit_of(trick.plays[0][1])
    best = max(c for _, c in trick.plays if suit_of(c) == led)
    if suit_of(card) != led:
        return t("reason_dump", card=t.card(card)) if values[card] > 0 else t("reason_dump_high")
    if card < best:
        return t("reason_duck", card=t.card(best))
    points = sum(values[c] for _, c in trick.plays)
    last = len(trick.plays) == obs.rules.players - 1
    if last and points <= 0:
        return t("reason_win_clean")
    if all(c > best for c in obs.legal if suit_of(c) == led):
        return t("reason_follow_high")
    return t("reason_follow_low")
