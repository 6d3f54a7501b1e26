"""The guided deal's texts in English and German, and the rendering of explanations and public counts.

The data comes from ``blackmaria.teaching``; this module only puts it in
words, with the texts of the one catalog (``locale/catalog/*.json``; the
guided deal's keys start ``learn_``, ``x_``, ``c_``...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from blackmaria.cards import HAND_ORDER, Card
from blackmaria.locale import Texts, shown_difference
from blackmaria.rules import QUEEN_OF_SPADES
from blackmaria.teaching import trick_percent, uncertain_trick_percent

if TYPE_CHECKING:
    from blackmaria.teaching import Explanation, Option, PublicCount, Tip


class TeachingTexts(Texts):
    """The messages of one language (the guided deal's are in the same catalog), with the guided deal's helpers."""

    def upper_first(self, text: str) -> str:
        return text[:1].upper() + text[1:]


def _name(t: TeachingTexts, seats: Sequence[str], seat: int, you: int | None) -> str:
    return t("you") if seat == you else seats[seat]


PASSES_SHOWN = 4
"""The cheapest passes the search compared that an explanation lists (and the advised one, wherever it ranks: the
computer player keeps its usual pass unless another is cheaper by more than the simulations' noise)."""


def _points(t: TeachingTexts, value: float) -> str:
    return t("x_mean", value=t.decimal(value))


def option_effect(t: TeachingTexts, explanation: Explanation, option: Option) -> str:
    """What the card does to the trick, in words ("stays under 4♣")."""
    table = explanation.table
    if option.effect in ("beats", "takes", "takes-void") and table.winning is not None:
        return t(f"x_effect_{option.effect}", card=t.card(table.winning[1]))
    if option.effect == "ducks" and table.winning is not None:
        return t("x_effect_ducks", card=t.card(table.winning[1]))
    if option.effect == "wins":
        won = table.trick_value + option.value
        return t("x_effect_wins", points=t.n("points", won)) if won else t("x_effect_wins_clean")
    return t(f"x_effect_{option.effect}")


TRICK_LEFT_OPEN = ("beats", "lead-low")
"""The effects that leave who takes the trick open: the simulated deals' share says it, 0% and 100% too."""


def _option_line(t: TeachingTexts, explanation: Explanation, option: Option, best_cost: float) -> str:
    value = t("x_value", points=t.n("points", option.value)) if option.value else ""
    effect = option_effect(t, explanation, option)
    share = uncertain_trick_percent(option)
    if share is not None:  # ("another player may win the trick" beside 84% taken read as the card's undoing, a play-test)
        effect = t("x_trick_share", effect=effect, share=share)
    elif option.effect in TRICK_LEFT_OPEN and option.trick_share is not None:
        # Never or always taken, where the card leaves the trick open: said too (a play-test read 4♣ "holds the trick
        # for now" bare beside 6♣'s 5%, as if 4♣ held it more often).
        effect = t("x_trick_share_all" if trick_percent(option.trick_share) >= 100 else "x_trick_share_none", effect=effect)
    cost = option.cost if option.cost is not None else 0.0
    if option.card in explanation.advice:
        note = t("x_note_best")
    else:
        more = shown_difference(best_cost, cost)
        if more < 0.05 or cost - best_cost < 0.05:
            note = ""
        else:  # (a tenth "more" the simulations cannot tell apart is said to be chance)
            note = t("x_note_chance") if explanation.within_chance(option) else t("x_note_more", more=t.decimal(more))
    return t("x_option", card=t.card(option.card), value=value, effect=effect, cost=_points(t, cost), note=note)


def _tip_text(t: TeachingTexts, explanation: Explanation, tip: Tip) -> str:
    seats, me = explanation.seats, explanation.seat
    cards = t.cards(list(tip.cards))
    if tip.id == "pass-high-spades":
        queen = t.n("points", tip.points)
        # What the kept spades score themselves, the queen apart (her cost is said): a play-test read of K♠ "risky: the
        # queen costs 13", and not its own 10.
        own = sum(option.value for option in explanation.options if option.card in tip.cards and option.card != QUEEN_OF_SPADES)
        cards = f"{cards} ({t.n('points', own)})" if own and QUEEN_OF_SPADES not in tip.cards else cards
        text = t("tip_pass-high-spades", cards=cards, guards=t.n("spades", tip.number), points=queen)
    elif tip.id == "make-a-void" and explanation.kind == "pass":
        text = t("tip_make-a-void_pass", suit=t.suit(tip.number), cards=cards)
    elif tip.id == "make-a-void":
        key = "tip_make-a-void_play" if tip.cards else "tip_make-a-void_clean"
        text = t(key, suit=t.suit(tip.number), cards=cards)
    elif tip.id == "lead-low-spades":
        text = t("tip_lead-low-spades", queen=t.card(QUEEN_OF_SPADES), cards=cards)
    elif tip.id == "queen-passed":
        holder = seats[tip.seat if tip.seat is not None else 0]
        text = t("tip_queen-passed", name=holder, queen=cards, points=t.n("points", tip.points))
    elif tip.id == "watch-the-moon":
        points = t.n("points", tip.points)
        if tip.seat == me:
            text = t("tip_watch-the-moon_you", points=points)
        else:
            text = t("tip_watch-the-moon", name=seats[tip.seat if tip.seat is not None else 0], points=points)
    else:
        text = t("tip_count-penalty-cards", cards=cards, points=t.n("points", tip.points))
    if tip.advice_agrees is False:
        kept = [c for c in tip.cards if c not in explanation.advice]
        partly = explanation.kind == "pass" and len(kept) < len(tip.cards)  # some of its cards passed, not all
        advice = t.cards(list(explanation.advice))
        text += " " + (t("tip_not_here_part", kept=t.cards(kept), advice=advice) if partly else t("tip_not_here", advice=advice))
    # Void already at a card to play: the tip is to use it ("make a void" read as advice to make one, a play-test).
    title = "use-a-void" if tip.id == "make-a-void" and explanation.kind == "play" else tip.id
    return t("tip", title=t(f"tip_title_{title}"), text=text)


def _options_by_suit(t: TeachingTexts, explanation: Explanation) -> list[str]:
    """The cheapest and dearest card, then each suit's cards with their likely cost, cheapest first."""
    options = explanation.options
    best = next((o for o in options if o.card in explanation.advice), options[0])
    worst = max(options, key=lambda o: o.cost or 0.0)
    lines = [
        t(
            "x_cheapest",
            card=t.card(best.card),
            cost=_points(t, best.cost or 0.0),
            worst=t.card(worst.card),
            worst_cost=_points(t, worst.cost or 0.0),
        )
    ]
    for suit in HAND_ORDER:  # as the hand shows them (a play-test read spades, hearts, diamonds, clubs beside ♠ ♥ ♣ ♦)
        mine = [o for o in options if o.card & 3 == suit]
        if mine:
            cards = ", ".join(f"{t.card(o.card)} {t.decimal(o.cost or 0.0)}" for o in mine)
            lines.append(t("x_suit_costs", suit=t.upper_first(t.suit(suit)), cards=cards))
    # The cards dearer by the simulations' chance only, as the full list marks them (a play-test read B♥ 21.2 as better
    # than 5♠ 21.5 here, and the feedback on 5♠ then said "as good").
    cheapest = explanation.cheapest_cost
    alike = [o.card for o in options if o is not best and (o.cost or 0.0) - cheapest >= 0.05 and explanation.within_chance(o)]
    if alike:
        lines.append(t("x_as_good", card=t.card(best.card), cards=t.cards(alike)))
    return lines


def render_explanation(explanation: Explanation, lang: str = "en") -> list[str]:
    """The three parts in words, for the seat that decides (addressed as you)."""
    t = TeachingTexts(lang)
    x = explanation
    table = x.table
    me = x.seat
    rules_values = {option.card: option.value for option in x.options}
    lines: list[str] = []
    # part 1: the table, then (separately) whose turn it is
    if x.kind == "pass":
        lines.append(t("x_header_pass", deal=table.deal + 1))
    else:
        lines.append(t("x_header_play", trick=table.trick, total=table.tricks_per_deal))
    lines.append(t("x_part_table"))
    if x.kind == "pass":
        hand = len(x.legal) + len(x.refused)
        target = x.seats[table.pass_to] if table.pass_to is not None else ""
        lines.append(
            "   "
            + t("x_pass_table", cards=t.n("cards", hand), count=table.pass_count, direction=t.direction(table.direction), target=target)
        )
    else:
        if not table.plays:
            lines.append("   " + t("x_trick_empty"))
        else:
            plays = ", ".join(f"{_name(t, x.seats, seat, me)} {t.card(card)}" for seat, card in table.plays)
            lines.append("   " + t("x_trick_plays", plays=plays))
            assert table.winning is not None and table.led_suit is not None
            lead = t(
                "x_trick_lead",
                suit=t.suit(table.led_suit),
                name=_name(t, x.seats, table.winning[0], me),
                card=t.card(table.winning[1]),
                points=t.n("points", table.trick_value),
            )
            lines.append("   " + t.upper_first(lead))
        taken = ", ".join(f"{_name(t, x.seats, seat, me)} {p}" for seat, p in enumerate(table.points_taken))
        lines.append("   " + t("x_taken", points=taken))
        if table.hearts_broken is not None:
            lines.append("   " + t("hearts_broken" if table.hearts_broken else "hearts_not_broken"))
        if table.stock_left:
            lines.append("   " + t("x_stock", cards=t.n("cards", table.stock_left)))
        if table.kitty_pending:
            lines.append("   " + t("x_kitty", cards=t.n("cards", table.kitty_pending)))
    turn_values: dict[str, object] = {}
    if x.turn == "clockwise" and table.plays:
        turn_values["name"] = _name(t, x.seats, table.plays[-1][0], me)
    elif x.turn == "first-lead-card" and x.turn_card is not None:
        turn_values["card"] = t.card(x.turn_card)
    elif x.turn == "left-of-dealer":
        turn_values["name"] = x.seats[table.dealer]
    lines.append("   " + t(f"x_turn_{x.turn}", **turn_values))
    # part 2: what that player may do, and which rule refuses the other cards
    lines.append(t("x_part_may"))
    duty_values: dict[str, object] = {"count": table.pass_count}
    if table.led_suit is not None:
        duty_values["suit"] = t.suit(table.led_suit)
    if x.turn_card is not None:
        duty_values["card"] = t.card(x.turn_card)
    lines.append("   " + t.upper_first(t(f"x_duty_{x.duty}", **duty_values)))
    lines.append("   " + t("x_legal", cards=t.cards(list(x.legal))))
    by_rule: dict[str, list[Card]] = {}
    for card, rule in x.refused:
        by_rule.setdefault(rule, []).append(card)
    for rule, cards in by_rule.items():
        lines.append("   " + t("x_refused", rule=t(f"rule_{rule}"), cards=t.cards(cards)))
    # part 3: the scoring consequence
    lines.append(t("x_part_cost"))
    if x.kind == "pass":
        scoring = sorted((c for c in rules_values if rules_values[c] != 0), key=lambda c: (-rules_values[c], -c))
        if scoring:
            listed = ", ".join(f"{t.card(c)} {rules_values[c]}" for c in scoring)
            lines.append("   " + t("x_pass_values", cards=listed))
        else:
            lines.append("   " + t("x_pass_no_values"))
        lines.append("   " + t("x_pass_advice", cards=t.cards(list(x.advice))))
        for card, reason in sorted(x.advice_reasons, key=lambda pair: (-(pair[0] & 3), -(pair[0] >> 2))):
            values = {"card": t.card(card), "suit": t.suit(card & 3), "points": t.n("points", rules_values.get(card, 0))}
            lines.append("   " + t(f"x_reason_{reason}", **values))
        if x.pass_costs:
            worlds = f"{x.worlds:,}".replace(",", "." if t.lang == "de" else ",")
            lines.append("   " + t("x_pass_costs", count=len(x.pass_costs), worlds=worlds))
            advised = set(x.advice)
            shown = list(x.pass_costs[:PASSES_SHOWN])
            shown += [entry for entry in x.pass_costs[PASSES_SHOWN:] if set(entry[0]) == advised]
            for passed, cost in shown:
                mark = "  " + t("x_pass_chosen") if set(passed) == advised else ""
                lines.append(f"   {t.cards(list(passed))}  {t.decimal(cost)}{mark}")
    elif len(x.options) == 1:
        lines.append("   " + t("x_forced", card=t.card(x.options[0].card)))
    else:
        if x.reasons:
            # The advice in words before its numbers, as the page's "In short" says it (a learner read only costs here).
            from blackmaria.bots.reasons import render

            lines.append("   " + t("learn_in_short", reason=render(x.reasons, t.lang, tuple(x.seats)).rstrip(".")))
        lines.append("   " + t("x_costs_intro", worlds=f"{x.worlds:,}".replace(",", "." if t.lang == "de" else ",")))
        best_cost = min(option.cost if option.cost is not None else 0.0 for option in x.options)
        if x.by_suit:  # many leads or many discards: by suit, in a few lines (what each does is the same or its suit's)
            lines += ["   " + line for line in _options_by_suit(t, x)]
        else:
            for option in x.options:
                lines.append("   " + _option_line(t, x, option, best_cost))
    for tip in x.tips:
        lines.append("   " + _tip_text(t, x, tip))
    return lines


def render_count(count: PublicCount, seats: Sequence[str], lang: str = "en", you: int | None = None) -> list[str]:
    """The public count of a finished deal in words: each seat's scoring cards one by one, the kitty, the moon, the points."""
    t = TeachingTexts(lang)
    lines = [t("c_header", deal=count.deal + 1)]
    for seat in range(len(seats)):
        name = _name(t, seats, seat, you)
        mine = count.cards_of(seat)
        points = t.n("points", count.taken[seat])
        if not mine:
            lines.append(t("c_seat_none", name=name, points=points))
            continue
        items = []
        for counted in mine:
            where = t("c_kitty") if counted.trick is None else t("c_trick", trick=counted.trick)
            items.append(t("c_card", card=t.card(counted.card), value=counted.value, where=where))
        lines.append(t("c_seat", name=name, cards=" + ".join(items), points=points))
    if count.kitty_owner is not None and count.kitty:
        lines.append(t("c_kitty_line", cards=t.cards(list(count.kitty)), name=t.mid_sentence(_name(t, seats, count.kitty_owner, you))))
    if count.moon_shooter is not None:
        key = "c_moon_subtract" if count.moon == "subtract-from-shooter" else "c_moon_add"
        shooter = count.moon_shooter
        if shooter == you:  # ("You took every penalty card and shoots the moon: You scores 0": a play-test)
            key += "_you"
        lines.append(
            t(
                key,
                name=_name(t, seats, shooter, you),
                shooter=t.n("points", count.points[shooter]),
                total=t.n("points", count.moon_total),
            )
        )
    result = ", ".join(f"{t.mid_sentence(_name(t, seats, seat, you))} {p}" for seat, p in enumerate(count.points))
    lines.append(t("c_result", points=result))
    total = t.n("points", sum(count.points))
    lines.append(t("c_sum_moon" if count.moon_shooter is not None else "c_sum", sum=total))
    low = min(count.points)
    lines.append(t("c_lowest", names=t.names_list([_name(t, seats, s, you) for s, p in enumerate(count.points) if p == low])))
    return lines


__all__ = ["TeachingTexts", "option_effect", "render_count", "render_explanation"]
