"""What the terminal says of the table: each event a seat may see as sentences, and a refused choice's rule in words.

Shared by the game against computer players (``session.py``) and the seat at a server's table (``online.py``), so
that both tell the game the same way in both languages.
"""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Iterable, Sequence

from blackmaria.cards import Card, suit_of
from blackmaria.core.state import Refusal
from blackmaria.events import (
    CardDrawn,
    CardPlayed,
    CardsPassed,
    CardsReceived,
    DealerChosen,
    DealStarted,
    Event,
    GameOver,
    KittyTaken,
    PlayStarted,
    SuddenDeath,
    TrickWon,
)
from blackmaria.locale import Texts
from blackmaria.rules import Rules


def narrate(
    event: Event,
    t: Texts,
    names: Sequence[str],
    me: int,
    rules: Rules,
    led: int | None = None,
    passed: Collection[Card] = (),
    stock_emptied: bool = False,
    opening: Card | None = None,
) -> list[str]:
    """The sentences seat ``me`` hears for one event (a finished deal's review is the caller's: it has the counts);
    ``led``: the suit led to the trick of a card played, to say who could not follow it; ``passed``: the cards ``me``
    passed this deal, said as such when another seat plays one; ``stock_emptied``: a draw took the stock's last card;
    ``opening``: the card the first lead had to be (told with the play's start, not again as played)."""
    if isinstance(event, DealerChosen) and event.cut:
        # (every game of the presets begins with a cut that nobody saw: the seat dealt first seemed picked)
        def cut(rnd: Sequence[tuple[int, Card]]) -> str:
            return ", ".join(f"{t('you') if seat == me else names[seat]} {t.card(card)}" for seat, card in rnd)

        first, *again = event.cut
        return [t("cut_told", cuts=cut(first)), *(t("cut_again", cuts=cut(rnd)) for rnd in again)]
    if isinstance(event, DealStarted):
        lines = [
            "",
            t("deal_header_you", number=event.deal + 1)
            if event.dealer == me
            else t("deal_header", number=event.deal + 1, dealer=names[event.dealer]),
        ]
        if event.deal == 0 and rules.removed:  # (at 7 players a lead of 3♣ looked like a bug: only F7 said why)
            key = "removed_told_one" if len(rules.removed) == 1 else "removed_told"
            lines.append(t(key, cards=t.cards(list(rules.removed)), players=rules.players))
        if event.direction == "hold":
            # A game that never passes (two-player) is not told so at every deal, as if others would pass.
            if any(direction != "hold" for direction in rules.pass_schedule):
                lines.append(t("no_pass"))
        elif me < 0:  # one watching passes nothing (a play-test's spectator was told "Pass 3 cards to the right to Tom")
            lines.append(t("pass_header_watching", count=rules.pass_count, direction=t.direction(event.direction)))
        else:
            target = (me + rules.pass_offset(event.direction)) % rules.players  # type: ignore[arg-type]
            lines.append(t("pass_header", count=rules.pass_count, direction=t.direction(event.direction), target=names[target]))
        if event.kitty_size:  # (a play-test read nothing of the kitty before the first trick)
            lines.append(t("kitty_dealt", count=t.n("cards", event.kitty_size)))
        if event.stock_size and event.deal == 0:  # (a play-test met the stock on the status line and in F7 only)
            lines.append(t("r_stock", count=event.stock_size))
        return lines
    if isinstance(event, CardsPassed) and event.seat == me and event.cards:
        return [t("you_pass", cards=t.cards(event.cards), target=names[event.to_seat])]
    if isinstance(event, CardsReceived) and event.seat == me and event.cards:
        return [t("you_receive", cards=t.cards(event.cards), source=names[event.from_seat])]
    if isinstance(event, PlayStarted):
        if event.forced_card is not None:  # who must lead, and why ("You lead." over a 2♣ played for one, a play-test)
            card = t.card(event.forced_card)
            return [t("you_lead_card", card=card) if event.leader == me else t("leads_card", name=names[event.leader], card=card)]
        return [t("you_lead") if event.leader == me else t("leads", name=names[event.leader])]
    if isinstance(event, CardPlayed):
        if event.seat != me and event.trick == 0 and event.card == opening:
            return []  # said as the deal's play began ("North holds 2♣ and leads it."): a play-test read it twice
        card = t.card(event.card)
        if event.seat != me and event.card in passed:
            # A learner's Q♠, passed to East and thrown on its trick by East, was told as any card (a play-test).
            card = t("card_you_passed", card=card)
        if led is not None and suit_of(event.card) != led:
            # A card off the suit led says that its player has none of it (a learner, whose trick East's Q♠ cost 15
            # points, was not told that East held no hearts).
            suit = t.suit(led)
            return [
                t("you_play_off", card=card, suit=suit)
                if event.seat == me
                else t("plays_off", name=names[event.seat], card=card, suit=suit)
            ]
        return [t("you_play", card=card) if event.seat == me else t("plays", name=names[event.seat], card=card)]
    if isinstance(event, TrickWon):
        suffix = "_points" if event.points else ""
        key = f"you_win_trick{suffix}" if event.seat == me else f"wins_trick{suffix}"
        # The cards that made the points ("Q♠ 7♥, 14 points"): the story said who took the queen only by its sum.
        scoring = event.scoring or rules.scoring_cards(event.cards)  # (an event from before the field: worked out)
        return [t(key, name=names[event.seat], cards=t.cards(scoring), points=t.n("points", event.points))]
    if isinstance(event, KittyTaken):
        if event.seat == me and event.cards:
            return [t("you_take_kitty", cards=t.cards(event.cards))]
        return [t("takes_kitty", name=names[event.seat])]
    if isinstance(event, CardDrawn):
        # The other's draw too, without its card (a play-test read "You draw Q♥." and never that North drew).
        drew = t("you_draw", card=t.card(event.card)) if event.seat == me and event.card is not None else t("draws", name=names[event.seat])
        return [drew, t("stock_empty")] if stock_emptied else [drew]
    if isinstance(event, SuddenDeath):
        return [t("sudden_death")]
    if isinstance(event, GameOver):
        return [t.game_over([names[w] for w in event.winners], list(event.winners) == [me])]
    return []


def rule_in_words(t: Texts, rule: str | None, refusal: Refusal | None, *, pass_count: int, chosen: Sequence[Card] = ()) -> str:
    """Why a card or a pass was refused: the rule's name, said with the facts of the card's ``refusal`` as the
    observation carries them (the suit led, the card that must open, whether the seat leads), and for a pass the
    cards chosen. ``t`` is the terminal's texts (``TerminalTexts``)."""
    name = t.card(refusal.card) if refusal is not None else ""
    if rule == "follow-suit" and refusal is not None and refusal.led_suit is not None:
        return t("follow_suit", suit=t.suit(refusal.led_suit))
    if rule == "hearts-not-broken":
        return t("hearts_not_broken_lead")
    if rule == "first-lead" and refusal is not None and refusal.must_open is not None:
        return t("first_lead", card=t.card(refusal.must_open))
    if rule == "no-points-on-first-trick":
        return t("no_points_first_trick_lead" if refusal is not None and refusal.leading else "no_points_first_trick")
    if rule == "not-in-hand" and refusal is not None:
        return t("not_in_hand", card=name)
    if rule == "not-your-turn":
        return t("not_your_turn")
    if rule == "pass-count":
        twice = next((card for card in chosen if chosen.count(card) > 1), None) if chosen else None
        if twice is not None:  # ("You chose 2 (A♠ A♠): choose exactly 2 different cards" read a play-test)
            return t("pass_named_twice", card=t.card(twice), count=pass_count)
        if chosen:
            return t("pass_count_chosen", chosen=len(chosen), cards=t.cards(chosen), count=pass_count)
        return t("pass_count", count=pass_count)
    if rule == "pass-forbidden" and refusal is not None:
        return t("pass_forbidden", card=name)
    if rule == "already-passed":
        return t("already_passed")
    return t("wrong_phase")


def status_line(
    t: Texts,
    names: Sequence[str],
    me: int | None,
    rules: Rules,
    *,
    phase: str,
    turn: int | None,
    hearts_broken: bool,
    stock_left: int,
    trick_points: Sequence[int],
    with_points: bool = True,
    kitty_waiting: int = 0,
) -> str:
    """Whose turn, hearts broken or not, the stock, the kitty still face down (``kitty_waiting`` cards), and
    (``with_points``) the points taken this deal, on one line."""
    parts = []
    if phase == "playing":
        parts.append(t("your_turn") if turn == me else t("turn_of", name=names[turn or 0]))
        # While the kitty waits (the first trick), "hearts are not broken" goes without saying, and the line holds
        # the kitty at 80 columns (a play-test's was cut at "for the first").
        if rules.hearts_lead == "after-broken" and not (kitty_waiting and not hearts_broken):
            parts.append(t("hearts_broken") if hearts_broken else t("hearts_not_broken"))
        if stock_left:
            parts.append(t("stock_left", count=t.n("cards", stock_left)))
    if kitty_waiting and phase in ("passing", "playing"):  # (a play-test saw nothing of it on the table)
        parts.append(t("kitty_waiting", count=t.n("cards", kitty_waiting)))
    if with_points:
        points = ", ".join(f"{t.mid_sentence(names[s])} {p}" for s, p in enumerate(trick_points))
        parts.append(t("points_this_deal", points=points))
    return "  ".join(parts)


def sheet_lines(
    t: Texts,
    names: Sequence[str],
    rows: Iterable[tuple[int, Sequence[int], Sequence[str]]],
    totals: Sequence[int],
    so_far: Sequence[int] | None = None,
    room: int = 66,
) -> list[str]:
    """The score sheet: a row per finished deal (its number, points and marks such as a moon), the totals, then
    ``so_far`` (the points taken in the deal being played, when given); in ``room`` columns where the names allow (a
    view at 80x24 holds 64: ``app.view_width``)."""
    # Each column as wide as its name or its numbers (at least 4): five players and a kitty's mark ("Kitty: Carla")
    # fit a row of a view at 80x24 (at 8 apiece the rows wrapped and doubled the sheet's height).
    finished = list(rows)
    columns = [[totals[i], *(so_far[i : i + 1] if so_far else ()), *(points[i] for _, points, _ in finished)] for i in range(len(names))]
    # The deal being played is named as such ("3 (now)"): a play-test read the row called "so far" as the totals.
    playing = t("sheet_in_play", n=(finished[-1][0] + 1) if finished else 1) if so_far is not None else ""
    label = max(6, len(playing))
    # Names too long for a row of ``room`` columns ("Computer 3 (medium)" at a server's table) go over two lines or
    # more, each in its column: the view wrapped the whole row, and a seat's points fell under the next one's name.
    # The room left by short names goes to the long ones, the widest given up first (a play-test read "Bartho…" with
    # room to spare beside "Ben" and "Emma").
    least = [max(4, *(len(str(p)) for p in column)) for column in columns]
    spare = room - label - 2 * len(names)
    even = max(*least, *(len(name) for name in names))
    widths = [even] * len(names) if even * len(names) <= spare else [max(low, len(n)) for low, n in zip(least, names, strict=True)]
    while sum(widths) > spare and any(w > low for w, low in zip(widths, least, strict=True)):
        widest = max(range(len(widths)), key=lambda i: (widths[i] - least[i] > 0, widths[i]))
        widths[widest] -= 1
    # Broken at spaces and hyphens, a word too long for its column cut with an ellipsis: a play-test read "Maximili /
    # an Alexa / nder" where the column broke words anywhere.
    heads = [
        [_fitted(line, width) for line in textwrap.wrap(name, width, break_long_words=False)] or [""]
        for name, width in zip(names, widths, strict=True)
    ]
    depth = max(len(head) for head in heads)
    heads = [[""] * (depth - len(head)) + head for head in heads]  # each name ends on the line above its numbers

    def row(first: str, cells: Sequence[object]) -> str:
        return f"{first:>{label}}  " + "  ".join(f"{cell:>{width}}" for cell, width in zip(cells, widths, strict=True))

    lines = [t("score_sheet")]
    for depth_row in range(depth):
        lines.append(row(t("sheet_deal") if depth_row == depth - 1 else "", [head[depth_row] for head in heads]).rstrip())
    for deal, points, marks in finished:
        numbers_line = row(str(deal), points)
        mark_text = "; ".join(marks)
        if marks and len(numbers_line) + 2 + len(mark_text) > room:
            # On a line of their own, under the points (at 80x24 "kitty: David" ran past the view, which broke the row).
            lines.extend([numbers_line, " " * (label + 2) + mark_text])
        else:
            lines.append(numbers_line + ("  " + mark_text if marks else ""))
    lines.append(row(t("sheet_total"), totals))
    if so_far is not None:
        # Under the total of the finished deals, not over it: "Total 0 0 0" under "1 (now) 0 11 1" read as points lost.
        lines.append(row(playing, so_far))
    return lines


def _fitted(text: str, width: int) -> str:
    """``text`` in ``width`` columns: as it is where it fits, else cut and ended with an ellipsis."""
    return text if len(text) <= width else text[: width - 1] + "…"


def standings(t: Texts, names: Sequence[str], totals: Sequence[int], me: int | None, sep: str = " ") -> str:
    """The final totals, fewest points first, and the player's place (none for a spectator), joined by ``sep``: the
    line a finished game leads with, in the terminal's game-over view as in the browser's result."""
    by_place = sorted(range(len(totals)), key=lambda seat: (totals[seat], seat))
    line = t("final_totals", totals=", ".join(t("total_of", name=names[s], total=totals[s]) for s in by_place))
    if me is None:
        return line
    place = 1 + sum(1 for total in totals if total < totals[me])
    return line + sep + t("your_place", place=place, players=len(totals))
