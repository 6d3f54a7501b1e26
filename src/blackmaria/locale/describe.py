"""A rule set in sentences a player understands, in English or German."""

from __future__ import annotations

from typing import TYPE_CHECKING

from blackmaria.cards import CLUBS, HEARTS, NUM_CARDS, rank_of, suit_of
from blackmaria.locale import Texts

if TYPE_CHECKING:
    from blackmaria.rules import Rules


def describe_rules(rules: Rules, lang: str = "en") -> list[str]:
    t = Texts(lang)
    lines = [t("r_players", players=rules.players, hand=rules.hand_size)]
    if rules.removed:
        lines.append(t("r_removed", cards=t.cards(sorted(rules.removed))))
    if rules.kitty_size:
        lines.append(t.n("r_kitty", rules.kitty_size))
    if rules.stock_size:
        lines.append(t("r_stock", count=rules.stock_size))
    if rules.first_dealer == "cut":
        lines.append(t("r_dealer_cut"))
    elif rules.first_dealer == "random":
        lines.append(t("r_dealer_random"))
    else:
        lines.append(t("r_dealer_seat", seat=rules.first_dealer))
    if rules.passes_at_all:
        schedule = ", ".join(t.direction(d) for d in rules.effective_schedule)
        if len(set(rules.effective_schedule)) == 1:  # "to the right (then repeat)" read oddly for one direction
            lines.append(t("r_pass_always", count=rules.pass_count, direction=schedule))
        else:
            lines.append(t("r_pass", count=rules.pass_count, schedule=schedule))
        if rules.pass_forbidden:
            lines.append(t("r_pass_forbidden", cards=t.cards(sorted(rules.pass_forbidden))))
    else:
        lines.append(t("r_no_pass"))
    lines.append(_first_lead(rules, t))
    lines.append(t("r_follow"))
    lines.append(_hearts_lead(rules, t))
    if not rules.points_on_first_trick:
        lines.append(t("r_first_trick"))
    lines.append(_scoring(rules, t))
    lines.append(_moon(rules, t))
    lines.append(_end(rules, t))
    lines.append(t("r_ties_share") if rules.ties == "share" else t("r_ties_sudden"))
    return lines


def _first_lead(rules: Rules, t: Texts) -> str:
    lowest_club = min(card for card in range(NUM_CARDS) if suit_of(card) == CLUBS and card not in rules.removed)
    if rules.first_lead != "two-of-clubs":
        return t("r_lead_left")
    if rank_of(lowest_club) > 0:
        # The two removed: the lead names the club that opens instead (a play-test read "usually the two of clubs"
        # beside the two's removal, at seven players).
        return t("r_lead_clubs_removed", card=t.card(lowest_club))
    return t("r_lead_clubs")


def _hearts_lead(rules: Rules, t: Texts) -> str:
    if rules.hearts_lead == "anytime":
        return t("r_hearts_any")
    queen = t("r_queen_breaks") if rules.queen_breaks_hearts else ""
    return t("r_hearts_played" if rules.hearts_broken_by == "any-heart-played" else "r_hearts_discarded", queen=queen)


def _moon(rules: Rules, t: Texts) -> str:
    if rules.moon == "off":
        return t("r_no_moon")
    if rules.moon == "add-to-others":
        return t("r_moon_add", total=rules.moon_total)
    return t("r_moon_subtract", total=rules.moon_total)


def _scoring(rules: Rules, t: Texts) -> str:
    """ "Scoring: each heart 1, A♠ 7, K♠ 10, Q♠ 13; 43 points in each deal." """
    in_play = [c for c in sorted(range(NUM_CARDS), key=lambda c: (-suit_of(c), -rank_of(c))) if rules.in_play_mask >> c & 1]
    hearts = [c for c in in_play if suit_of(c) == HEARTS]
    same_hearts = bool(hearts) and len({rules.values[c] for c in hearts}) == 1 and rules.values[hearts[0]] != 0
    values = [f"{t.card(c)} {rules.values[c]}" for c in in_play if rules.values[c] and not (same_hearts and suit_of(c) == HEARTS)]
    if same_hearts:
        values.insert(0, t("r_each_heart", value=rules.values[hearts[0]]))
    return t("r_scoring", values=", ".join(values), total=rules.deal_total)


def _end(rules: Rules, t: Texts) -> str:
    """ "The game ends after 9 deals; the lowest total wins." """
    ends = []
    if rules.target_score is not None:
        ends.append(t("r_end_target", target=rules.target_score))
    if rules.deal_count is not None:
        ends.append(t.n("r_end_deals", rules.deal_count))
    return t("r_end", ends=t("r_end_or").join(ends))


def basics(rules: Rules, lang: str = "en") -> list[str]:
    """What a newcomer needs before the first card, as the rule pages open: the aim and what the cards cost, how a
    trick is played and won, and when the game ends (a play-test's guided deal began at the pass without any)."""
    t = Texts(lang)
    # With two players the stock: the variant's own rule (a play-test's guided deal never said it).
    stock = [t("r_stock", count=rules.stock_size)] if rules.stock_size else []
    # The rules that change what may be played or what the aim is, where the rules have them: Hearts' opening 2♣, its
    # hearts not led before broken, its first trick without points, the moon (a learner of Hearts read none of them
    # before they came up, the moon never).
    lead = [_first_lead(rules, t)] if rules.first_lead == "two-of-clubs" else []
    hearts = [_hearts_lead(rules, t)] if rules.hearts_lead != "anytime" else []
    first = [t("r_first_trick")] if not rules.points_on_first_trick else []
    moon = [_moon(rules, t)] if rules.moon != "off" else []
    return [t("learn_basics_aim"), _scoring(rules, t), *moon, t("learn_basics_trick"), *lead, *hearts, *first, *stock, _end(rules, t)]
