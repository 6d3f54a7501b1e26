"""One seat at a table, as every terminal front end drives it, and the line-by-line front end over it.

A ``Seat`` is the controller between a front end and a table: a local table
(``session.PlaySession``: a ``Game`` with computer players, and
``learn.LearnSession``, the guided deal) or a seat at a server's table
(``online.OnlineSeat``: the WebSocket client). It answers what the seat sees
(its ``Observation``, which carries the cards it may choose and why the others
are refused), takes the seat's pass and play, lets the table go on (the
computer players' turns, or the server's messages) and tells what happened as
lines in the player's language. The front ends (``run_lines`` here, and the
Textual screens of ``app.py`` and ``online_app.py``) render it and send what
the player types; they keep no rules of their own.
"""

from __future__ import annotations

import difflib
import os
import queue
import re
import sys
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Final

from blackmaria.cards import HAND_ORDER, RANK_SHORT_DE, RANK_SHORT_EN, Card, CardSet, in_hand_order, parse_card, rank_of, suit_of
from blackmaria.core.state import Refusal
from blackmaria.events import CardDrawn, CardPlayed, CardsPassed, DealStarted, Event, PlayStarted, TrickWon
from blackmaria.game import Trick
from blackmaria.locale import Texts, cards_named_in_words, rank_in_words, read_card, shown_difference, typed_card
from blackmaria.locale.messages import MESSAGES
from blackmaria.observation import Observation
from blackmaria.rules import Rules
from blackmaria.teaching import choice_costs
from blackmaria.tui.narration import rule_in_words, status_line
from blackmaria.tui.texts import TerminalTexts

PLAY_COMMANDS: Final = {
    "hint": "hint",
    "tipp": "hint",
    "?": "hint",
    "undo": "undo",
    "zurück": "undo",
    "zurueck": "undo",
    "zuruck": "undo",  # typed without the umlaut (a play-test)
    "zurücknehmen": "undo",  # (the word of the F3 key and of the table online)
    "zuruecknehmen": "undo",
    "zurucknehmen": "undo",
    "rückgängig": "undo",
    "rueckgaengig": "undo",
    "ruckgangig": "undo",
    "why": "why",
    "warum": "why",
    "claim": "claim",
    "rest": "claim",
    "last": "last",
    "letzter": "last",
    "deal": "review",
    "review": "review",
    "rückblick": "review",
    "rueckblick": "review",
    "ruckblick": "review",
    "sheet": "sheet",
    "tabelle": "sheet",
    "rules": "rules",
    "regeln": "rules",
    "help": "help",
    "hilfe": "help",
    "hilf": "help",  # (hilf mir)
    "quit": "quit",
    "ende": "quit",
    "exit": "quit",
}
"""The command words of the game against the computer, in English and German, and the action each names."""

CARD_VERBS: Final = frozenset({"play", "pass", "spiel", "spiele", "spielen", "leg", "lege", "gib", "gebe"})
"""Words a player may put before the cards (``play jd``, ``gib pd kh 3c``, ``spiel kab``): the cards are read after them."""
POLITE: Final = frozenset({"please", "bitte", "me", "mir"})
"""Words a player may put after a command (``tipp bitte``, ``help me``; a play-test's ``hint me`` was refused)."""


def card_words(text: str) -> list[str]:
    """The words of a typed line that should name cards: all of them, less a verb before them (``play jd``)."""
    words = text.replace(",", " ").split()
    return words[1:] if len(words) > 1 and words[0].lower() in CARD_VERBS else words


def command_word(text: str) -> str:
    """A typed line as the command word it may be: lower case, without a ``please`` or ``bitte`` after it."""
    said = text.strip().lower().split()
    if len(said) > 1 and said[-1] in POLITE:
        said = said[:-1]
    return " ".join(said)


class Leave(Exception):
    """The player typed quit."""


def hand_text(t: Texts, cards: CardSet) -> str:
    """Cards grouped by suit, high to low, each in a form the prompt reads back (``A♠ D♠  K♥``)."""
    groups = []
    for suit in HAND_ORDER:
        in_suit = sorted(cards.suit(suit), reverse=True)
        if in_suit:
            groups.append(" ".join(t.card(c) for c in in_suit))
    return "  ".join(groups) if groups else t("none")


class Seat(ABC):
    """One seat at a table, in one language: what it sees, what it may do, and what happened, told as lines."""

    COMMANDS: ClassVar[Mapping[str, str]] = PLAY_COMMANDS
    """The words typed as commands, and their actions (``quit`` leaves; the others are ``command_ACTION``)."""
    live: ClassVar[bool] = False
    """Whether the table goes on while the player thinks (a server's table: other players, chat): a line-by-line
    terminal then reads the player's lines in a thread and asks each question once, as a line of its own."""
    shows_trick: ClassVar[bool] = True
    """Whether a line-by-line prompt to play shows the trick, the status and the playable cards (a guided deal's
    explanation shows them instead)."""
    explains: ClassVar[bool] = False
    """Whether the story carries long explanations (a guided deal): a screen then gives it the larger share of the width."""
    help_message: str = "help"
    explanation_from: int | None = None
    """Where in the lines last taken a new explanation begins (a guided deal's): a screen shows it from its start."""
    sends_out_of_turn: ClassVar[bool] = False
    """Whether a card chosen when it is not the seat's turn is still submitted (a server's table, whose state here
    may lag: the server judges it and says why not); else it is refused here."""

    def __init__(self, lang: str) -> None:
        self.t: TerminalTexts = TerminalTexts(lang)
        self.lang = self.t.lang
        self.lines: list[str] = []
        self.prompted: object = None
        """The decision last asked (``decision_key``), so that a live table asks each once."""
        self.draws: dict[int, Card | None] = {}
        """The cards drawn from the stock after the last trick, by seat (None: a card this seat may not see)."""
        self.drawn_in_deal = 0  # cards drawn from the stock this deal (the story says when it is empty)
        self.passed = CardSet()
        """The cards this seat passed this deal, from the events heard (the story names them when another plays one)."""
        self.led: tuple[int, int] | None = None
        """The trick of the deal last heard of and the suit led to it, from the events heard."""
        self.opening: Card | None = None
        """The card the deal's first lead had to be (``PlayStarted.forced_card``): the story says it as play begins."""
        self._hint: tuple[object, CardSet] | None = None
        self._hint_quick = False
        """The hint kept came from the quicker search, not from the decision's explanation."""
        self.hint_renewed = False
        """An explanation has just made a quicker hint its own: a screen showing that hint shows it anew."""
        """The cards the last hint suggested, and the position it was asked in (``_position``)."""
        self.autoplay = True
        """A forced card is played for the player (F9 or ``auto`` turns it off and on; a saved game keeps it)."""

    # ---- what a table says ------------------------------------------------------------------------
    @property
    @abstractmethod
    def names(self) -> Sequence[str]:
        """The seats' names."""

    @property
    @abstractmethod
    def rules(self) -> Rules | None:
        """The table's rules (None until a server has said them)."""

    @property
    @abstractmethod
    def me(self) -> int | None:
        """This seat's number (None for a spectator)."""

    @abstractmethod
    def observation(self) -> Observation | None:
        """What this seat may know now (None before a server has said anything)."""

    def seat_mark(self, seat: int) -> str:
        """A word on ``seat``'s player beside its name (a server's table: offline, or a computer playing for them)."""
        return ""

    @abstractmethod
    def waiting_for(self) -> str | None:
        """``pass`` or ``play`` when this seat must choose, ``deal`` when it must start the next deal, ``over``
        when the game is, else None (others act)."""

    def not_now(self) -> str:
        """Why a decision's help (a hint, why, a card typed) is not possible now; at the game's end, what is (a
        play-test read "That is not possible now." after the last deal)."""
        return self.t("wrong_phase_over" if self.waiting_for() == "over" else "wrong_phase")

    def pass_is_over(self, text: str, cards: Sequence[Card] | None) -> str | None:
        """Why ``pass qs`` typed at a card to play is not played, or None for any other line: it played the queen for
        a play-test who thought the pass still went on."""
        if not cards or self.waiting_for() != "play" or text.split()[0].lower() != "pass":
            return None
        typed = " ".join(typed_card(card, german=self.lang == "de") for card in cards)
        return self.t("pass_is_over", cards=self.t.cards(cards), typed=typed)

    def forced_card(self) -> Card | None:
        """This seat's only legal card when it must play one and ``autoplay`` plays it for the player, else None."""
        obs = self.observation() if self.autoplay and self.waiting_for() == "play" else None
        return next(iter(obs.legal)) if obs is not None and len(obs.legal) == 1 else None

    @abstractmethod
    def submit(self, kind: str, cards: Sequence[Card]) -> str | None:
        """Pass (``kind`` ``pass``) or play (``play``, one card) ``cards``; the refusal in words if it is refused at
        once (a server's refusal comes later, as a line)."""

    @abstractmethod
    def progress(self) -> bool:
        """Let the table go on a little (the computer players' turns, or the server's messages); False once the
        table cannot be reached."""

    @abstractmethod
    def sheet_lines(self, so_far: Sequence[int] | None = None, room: int = 66) -> list[str]:
        """The score sheet: a row per finished deal, then ``so_far`` (the deal being played) when given, then the
        totals; in ``room`` columns where the names allow (``narration.sheet_lines``)."""

    @abstractmethod
    def goodbye(self) -> str:
        """What the terminal says when the player leaves or the game ends ("" for nothing)."""

    def close(self) -> None:
        """Let go of the table (a server's connection)."""
        return None

    def leave(self) -> None:
        """The player leaves on purpose (quit, Ctrl+Q, the end of their input), before ``close``: a server is told."""
        return None

    def input_ended(self) -> None:
        """The player's input ended without a quit (a script's, a pipe's): a game not begun need not be kept."""
        return None

    def recover(self) -> bool:
        """After ``progress`` said the table is gone: whether it came back."""
        return False

    def finished(self) -> bool:
        """Whether there is nothing more to play here."""
        return self.waiting_for() == "over"

    def finish(self) -> None:
        """What is still to be told when the game ends (a server's last count)."""
        return None

    def over(self) -> bool:
        """Whether the game here has ended: a player who leaves now leaves nothing to come back to."""
        return self.finished()

    def welcome_lines(self) -> list[str]:
        """What a line-by-line terminal says first."""
        return []

    def screen_intro(self) -> list[str]:
        """What the full screen's story opens with, above its help line."""
        return []

    def decision_key(self) -> object:
        """What tells one decision from the next (a live table asks each once)."""
        return None

    def version(self) -> object:
        """What changes whenever the table does (a screen redraws then)."""
        return self.decision_key()

    # ---- the story --------------------------------------------------------------------------------
    def say(self, line: str) -> None:
        self.lines.append(line)

    def take_lines(self) -> list[str]:
        """What happened since last asked."""
        lines, self.lines = self.lines, []
        return lines

    def heard(self, event: Event) -> None:
        """Keep what the table shows of an event the seat was told (the cards drawn after a trick), and the suit led
        to the trick in play (the story says who could not follow it)."""
        if isinstance(event, TrickWon):
            self.draws = {}
        elif isinstance(event, CardDrawn):
            self.draws[event.seat] = event.card
            self.drawn_in_deal += 1
        elif isinstance(event, DealStarted):
            self.led, self.passed, self.drawn_in_deal, self.opening = None, CardSet(), 0, None
        elif isinstance(event, PlayStarted):
            self.opening = event.forced_card
        elif isinstance(event, CardsPassed) and event.seat == self.me and event.cards:
            self.passed = CardSet(event.cards)
        elif isinstance(event, CardPlayed) and (self.led is None or self.led[0] != event.trick):
            self.led = (event.trick, suit_of(event.card))

    def deal_of(self) -> str:
        """Which deal this is, and how long the game runs: "Deal 1 of 2", "Deal 3 (to 100)", or "" before a deal (the
        screens' first line; online it named no deal, a play-test)."""
        obs, rules = self.observation(), self.rules
        if obs is None or rules is None or obs.deal < 0:
            return ""
        if rules.deal_count and obs.deal < rules.deal_count:  # (a tie's sudden death plays on: not "Deal 2 of 1")
            return self.t("deal_of", number=obs.deal + 1, count=rules.deal_count)
        if rules.target_score is not None:  # how long the game runs ("Deal 1" said nothing)
            return self.t("deal_number_to", number=obs.deal + 1, target=rules.target_score)
        return self.t("deal_number", number=obs.deal + 1)

    def stock_emptied(self, event: Event) -> bool:
        """Whether ``event``, heard, drew the stock's last card (a play-test saw the stock's count go from the header
        and was told nothing)."""
        rules = self.rules
        return isinstance(event, CardDrawn) and rules is not None and rules.stock_size > 0 and self.drawn_in_deal == rules.stock_size

    def led_suit(self) -> int | None:
        """The suit led to the trick of the last card heard."""
        return None if self.led is None else self.led[1]

    # ---- the hint's cards, marked in the hand ---------------------------------------------------------
    def _position(self) -> object:
        """What tells this seat's decision from its next one: the deal, the phase, its hand and the cards played (other
        seats' passes do not change it, so a pass hint stays marked while they pass)."""
        obs = self.observation()
        if obs is None:
            return None
        return (obs.deal, obs.phase, obs.hand.mask, len(obs.played))

    def remember_hint(self, cards: Sequence[Card], quick: bool = False) -> None:
        """Keep a hint's cards, to be marked in the hand for as long as the decision it was for is open (``quick``:
        from the hint's own search, not the explanation's)."""
        self._hint = (self._position(), CardSet(cards))
        self._hint_quick = quick

    def with_hint_note(self, explained: Mapping[str, Any], lines: Sequence[str]) -> tuple[list[str], bool]:
        """The explanation's ``lines`` with the word on the quicker hint before it, and whether there was one: first
        where the two chose apart (a play-test read a contradiction there, the note two pages below), last where they
        chose the same cards with other numbers (at the top it read as a warning over nothing: a play-test)."""
        beside = self._hint_beside_explanation(explained)
        if beside is None:
            return list(lines), False
        text, same = beside
        return ([*lines, "", text] if same else [text, *lines]), True

    def _hint_beside_explanation(self, explained: Mapping[str, Any]) -> tuple[str, bool] | None:
        """Where the decision explained now (``Explanation.to_dict``) had a hint from the quicker search: how the two
        stand (the cards chosen apart, or the same cards with other numbers: a play-test read 7.8 points for a pass in
        the hint and 8.7 in the explanation), said once, and whether they chose the same cards; from then on the hint is
        the explanation's."""
        hinted = self.hinted()
        if not hinted or not self._hint_quick:
            return None
        advice = [parse_card(name) for name in explained["advice"]]
        said = self.t.cards(sorted(hinted, reverse=True))
        self.remember_hint(advice)  # the hand's marks too (a play-test saw the old hint's ◂ stay)
        self.hint_renewed = True
        if set(hinted) == set(advice):
            return (self.t("why_hint_numbers", hint=said), True) if explained["worlds"] else None
        # The two searches may choose apart where the costs are close: said, not hidden; where they show the same cost,
        # the longer search does not "prefer" its own (a play-test read that beside two equal numbers).
        costs = choice_costs(explained)
        hint_cost, advice_cost = costs.get(frozenset(hinted)), costs.get(frozenset(advice))
        if hint_cost is not None and advice_cost is not None and shown_difference(advice_cost, hint_cost) == 0:
            return self.t("why_hint_as_cheap", hint=said, advice=self.t.cards(advice), cost=self.t.decimal(advice_cost)), False
        return self.t("why_hint_differs", hint=said, advice=self.t.cards(advice)), False

    def hinted(self) -> CardSet:
        """The cards the last hint suggested for the decision open now (none once it is taken, or for another one)."""
        if self._hint is None or self.waiting_for() not in ("pass", "play") or self._hint[0] != self._position():
            return CardSet()
        return self._hint[1]

    # ---- what the seat sees ------------------------------------------------------------------------
    def hand(self) -> CardSet:
        """The cards the hand shows (``Observation.held``: a pass made leaves it at once)."""
        obs = self.observation()
        return obs.held if obs is not None else CardSet()

    def choices(self) -> CardSet:
        """The cards the seat may pass or play now: the core's answer (empty while it has no decision)."""
        obs = self.observation()
        return obs.choices if obs is not None and self.waiting_for() in ("pass", "play") else CardSet()

    def received(self) -> CardSet:
        """The cards received in this deal's pass that the hand marks (the observation's rule, as in the browser)."""
        obs = self.observation()
        return obs.received_marked if obs is not None else CardSet()

    def taken(self) -> dict[int, list[Card]]:
        """The scoring cards each seat has taken this deal, from the tricks it won (public), and from the kitty where
        this seat may see it (its taker's own, everyone's once the deal is over): a play-test's 4♥ from the kitty
        counted in its points and showed under no seat."""
        obs = self.observation()
        if obs is None:
            return {}
        values = obs.rules.values
        taken: dict[int, list[Card]] = {}
        for trick in obs.tricks:
            if trick.winner is not None:
                taken.setdefault(trick.winner, []).extend(c for _, c in trick.plays if values[c] != 0)
        if obs.kitty_owner is not None and obs.kitty:
            taken.setdefault(obs.kitty_owner, []).extend(c for c in obs.kitty if values[c] != 0)
        return taken

    def trick_text(self, trick: Trick | None) -> str:
        if trick is None or not trick.plays:
            return ""
        return ", ".join(f"{self.names[seat]} {self.t.card(card)}" for seat, card in trick.plays)

    def last_trick(self) -> str:
        obs = self.observation()
        done = [trick for trick in (obs.tricks if obs is not None else ()) if trick.winner is not None]
        if not done:
            return self.t("no_last_trick")
        trick = done[-1]
        assert trick.winner is not None
        if trick.winner == self.me:
            return self.t("last_trick_you", plays=self.trick_text(trick))
        return self.t("last_trick", plays=self.trick_text(trick), name=self.names[trick.winner])

    def status(self, with_points: bool = True) -> str:
        """Whose turn, hearts broken or not, the stock, and the points taken this deal (unless a screen's table shows
        them: ``with_points`` False), on one line."""
        obs, rules = self.observation(), self.rules
        if obs is None or rules is None:
            return ""
        return status_line(
            self.t,
            self.names,
            self.me,
            rules,
            phase=obs.phase,
            turn=obs.turn,
            hearts_broken=obs.hearts_broken,
            stock_left=obs.stock_left,
            trick_points=obs.trick_points,
            with_points=with_points,
            kitty_waiting=obs.kitty_size if obs.kitty_owner is None else 0,
        )

    def refusal(self, rule: str | None, cards: Sequence[Card]) -> str:
        """A refused pass or card in words, from the refusal the observation carries for the card (its rule and its
        facts: the suit led, the card that must open, whether the seat leads)."""
        obs = self.observation()
        refusals: Mapping[Card, Refusal] = obs.refusals if obs is not None else {}
        hand = obs.hand if obs is not None else CardSet()
        facts = next((refusals[c] for c in cards if c in refusals and refusals[c].rule == rule), None)
        out_of_play = [c for c in cards if self.rules is not None and not self.rules.in_play_mask >> c & 1]
        if rule == "not-in-hand" and out_of_play:  # (a play-test's 2♣ at three players: "You do not hold 2♣")
            return self.t("card_not_in_play", card=self.t.card(out_of_play[0]))
        if facts is None and rule == "not-in-hand":
            facts = next((Refusal(c, rule) for c in cards if c not in hand), None)
        if facts is None and rule is not None and len(cards) == 1:
            facts = Refusal(cards[0], rule)  # a rule with no facts of its own (not your turn)
        pass_count = self.rules.pass_count if self.rules is not None else 0
        return rule_in_words(self.t, rule, facts, pass_count=pass_count, chosen=cards)

    # ---- what the player types ---------------------------------------------------------------------
    def parse(self, text: str) -> list[Card] | None:
        """The cards typed: ``qs 10h``, ``Q♠``, and in German also suit then rank (``pd`` Pik-Dame, ``kak`` Karo-König,
        ``krb`` Kreuz-Bube, ``h10``) or rank then suit (``dp``), or a rank alone where the hand holds one card of it
        (``10``, ``q``; German ``d``); None if any word is not a card."""
        cards = []
        for word in card_words(cards_named_in_words(text)):
            card = read_card(word, german=self.lang == "de")
            if card is None:
                card = self.card_of_rank(word)
            if card is None:
                return None
            cards.append(card)
        return cards or None

    def names_no_card(self, text: str) -> bool:
        """Whether a typed line can name no card whatever the table does next: a word in it is no card and no rank (a
        rank alone names a card by what may be played then, as ``parse`` reads it)."""
        words = card_words(cards_named_in_words(text))
        return not words or any(read_card(word, german=self.lang == "de") is None and not self.is_rank(word) for word in words)

    def rank_named(self, word: str) -> int | None:
        """The rank ``word`` names alone (``10``, ``q``; German ``d``; in words, ``queen``, ``Dame``), or None."""
        ranks = RANK_SHORT_DE if self.lang == "de" else RANK_SHORT_EN
        short = next((i for i, name in enumerate(ranks) if name.lower() == word.lower()), None)
        return short if short is not None else rank_in_words(word)

    def is_rank(self, word: str) -> bool:
        """Whether ``word`` is a rank alone (``10``, ``q``; German ``d``; ``queen``, ``Dame``)."""
        return self.rank_named(word) is not None

    def held_of_rank(self, word: str) -> list[Card]:
        """The cards of the hand whose rank ``word`` names alone (``10``, ``q``, German ``d``: a play-test typed ``10``
        holding one ten and was told it was no card); none where ``word`` is no rank."""
        rank = self.rank_named(word)
        obs = self.observation()
        if rank is None or obs is None:
            return []
        return sorted((card for card in obs.hand if rank_of(card) == rank), reverse=True)

    def card_of_rank(self, word: str) -> Card | None:
        """The card a rank alone names: the hand's one card of it, or at a card to play the one of them that may be
        played (a play-test typed ``10`` holding three tens, clubs led, and was asked which one)."""
        if self.lang == "en" and word.lower() == "q":  # (meant as quit, it played a play-test's only queen: Q♠, 13)
            return None
        held = self.held_of_rank(word)
        obs = self.observation()
        if len(held) > 1 and obs is not None and self.waiting_for() == "play":
            held = [card for card in held if card in obs.legal]
        return held[0] if len(held) == 1 else None

    def unreadable(self, text: str) -> str:
        """Why a typed line is not taken: the word that is not a card, when the others are (a play-test's line with one
        mistyped card was refused whole, without saying which word), else the whole line."""
        words = card_words(text)
        wrong = [word for word in words if read_card(word, german=self.lang == "de") is None]
        # German "k10": Kreuz or Karo? Both begin with K; the two ways to say it are offered (a play-test was only
        # told that it was no card).
        both_k = next((w for w in wrong if self.lang == "de" and re.fullmatch(r"k(10|[2-9]|[bdka])", w.lower())), None)
        if both_k is not None:
            return self.t("kreuz_or_karo", word=both_k, kreuz="kr" + both_k[1:].lower(), karo="ka" + both_k[1:].lower())
        # and the rank first, "dk" (a play-test's Karo-Dame was refused without a word on how to type it)
        k_after = next((w for w in wrong if self.lang == "de" and re.fullmatch(r"(10|[2-9]|[bdka])k", w.lower())), None)
        if k_after is not None:
            return self.t("kreuz_or_karo", word=k_after, kreuz=k_after[:-1].lower() + "kr", karo=k_after[:-1].lower() + "ka")
        if len(words) == 1 and self.lang == "en" and words[0].lower() == "q":
            # "q" alone is no card here: quit, or a queen? Both said (a play-test's "q" to quit played its Q♠), and
            # quit where no queen is held (a play-test was told only that it held none of that rank).
            queens = self.held_of_rank("q")
            if not queens:
                return self.t("q_alone_none")
            return self.t("q_alone", cards=", ".join(typed_card(card, german=False) for card in in_hand_order(queens)))
        if len(wrong) == 1:  # one word alone may be a rank (in a long line of words "a" was read so: "which one?")
            word, held = wrong[0], self.held_of_rank(wrong[0])
            obs = self.observation()
            if len(held) > 1 and obs is not None and self.waiting_for() == "play" and not any(card in obs.legal for card in held):
                # None of them may be played: why, not "which one" (a play-test's "q", spades led, asked "Q♥ Q♣?").
                refusal = obs.refusals.get(held[0])
                return f"{self.t.cards(held)}: {self.refusal(refusal.rule if refusal else None, [held[0]])}"
            if len(held) > 1:  # "10" with two tens in the hand: which one
                # (it said "10h, qs"; and in the order the cards are named: "A♣ A♦? ... (ad, ac)", a play-test)
                typed = ", ".join(typed_card(card, german=self.lang == "de") for card in in_hand_order(held))
                return self.t("which_rank", word=word, cards=self.t.cards(held), typed=typed)
            if not held and self.is_rank(word):  # (it was "not a card or a command")
                return self.t("rank_not_held", word=word)
        if len(words) > 1 and len(wrong) < len(words):
            return self.t("word_not_a_card", word=wrong[0], text=text.strip())
        if len(words) == 1 and words[0].lower() in CARD_VERBS:  # "play" alone (German "spiel" too: it was the review)
            # the example a card the player may choose now (a play-test was shown Q♠, which it did not hold)
            choosable = sorted(self.choices())
            example = typed_card(choosable[0], german=self.lang == "de") if choosable else ("pd" if self.lang == "de" else "qs")
            return self.t("verb_alone", word=words[0], example=example)
        # A mistyped command, named (a play-test's "hlep" was only "not a card or a command")
        near = (
            difflib.get_close_matches(words[0].lower(), list(self.COMMANDS), n=1, cutoff=0.75)
            if len(words) == 1 and len(words[0]) >= 3 and words[0].lower() not in self.COMMANDS
            else []
        )
        if near:
            return self.t("not_a_card_near", text=text.strip(), command=near[0])
        return self.t("not_a_card", text=text.strip())

    def choose(self, cards: Sequence[Card]) -> str | None:
        """Pass or play ``cards``, as the decision now asks; the refusal in words (the core's, through ``submit``),
        or None when taken (or sent). Every front end chooses through this: typed lines, and the screens' keys."""
        waiting = self.waiting_for()
        if waiting == "pass":
            return self.submit("pass", cards)
        if waiting != "play" and not self.sends_out_of_turn:
            return self.not_now()
        if len(cards) != 1:
            return self.t("one_card")
        refused = self.submit("play", cards)
        name = self.t.card(cards[0])
        # The card as it was read leads a refusal that does not name it (a German player's "kd", read as K♦, was
        # refused with "You must follow spades." alone).
        return f"{name}: {refused}" if refused is not None and name not in refused else refused

    def take(self, text: str) -> None:
        """One line typed: a command, or the cards to pass or play; what it says is told as lines."""
        words = text.strip()
        action = self.COMMANDS.get(command_word(words))
        if action == "quit":
            raise Leave
        if action is not None:
            self.prompted = None  # what the command shows comes first, then the decision again
            self.command(action)
            return
        waiting = self.waiting_for()
        if waiting == "deal":
            self.next_deal()
        elif waiting in ("pass", "play"):
            self.prompted = None
            if not words:  # (an empty line was "'' is not a card or a command")
                self.say(self.t("nothing_typed"))
                return
            cards = self.parse(words)
            over = self.pass_is_over(words, cards)
            if over is not None:
                self.say(over)
                return
            problem = self.unreadable(words) if cards is None else self.choose(cards)
            if problem:
                self.say(problem)
        elif waiting == "over" and words:  # (a card typed after the last deal was met with silence)
            self.say(self.not_now())

    def next_deal(self) -> None:
        """Deal the next deal (a local table; a server deals by itself)."""
        return None

    def command(self, action: str) -> None:
        """Run a command's action (``command_ACTION``), telling what it shows."""
        getattr(self, f"command_{action}")()

    def command_sheet(self) -> None:
        self.lines.extend(self.sheet_lines())

    def command_last(self) -> None:
        self.say(self.last_trick())

    def command_rules(self) -> None:
        if self.rules is not None:
            self.lines.extend("  " + line for line in self.rules.describe(self.lang))

    def command_help(self) -> None:
        self.say(self.help_line())

    def help_line(self) -> str:
        """The seat's help line; under rules that never pass, without "several for a pass" (a play-test's two-player
        guided deal)."""
        key = self.help_message
        if self.rules is not None and not self.rules.passes_at_all and f"{key}_no_pass" in MESSAGES:
            key += "_no_pass"
        return self.t(key)

    # ---- the question -------------------------------------------------------------------------------
    def question(self) -> str | None:
        """What the player is asked now (None: nothing)."""
        obs = self.observation()
        waiting = self.waiting_for()
        if waiting == "pass" and obs is not None and obs.pass_to is not None:
            return self.t("pass_prompt", target=self.names[obs.pass_to])
        if waiting == "play":
            return self.t("card_prompt")
        return None

    def prompt_lines(self) -> tuple[list[str], str | None]:
        """The lines that come before the question (the hand, the trick, where the table stands) and the question;
        a live table asks each decision once."""
        question = self.question()
        if question is None:
            return [], None
        key = (self.decision_key(), self.waiting_for())
        if self.live and self.prompted == key:
            return [], None
        self.prompted = key
        lines = []
        obs = self.observation()
        if self.waiting_for() in ("pass", "play") and obs is not None:
            lines.append(self.t("your_hand", cards=hand_text(self.t, obs.hand)))
            lines += self.clock_lines()
            if self.waiting_for() == "play" and self.shows_trick:
                trick = obs.current_trick
                lines.append(self.t("trick", plays=self.trick_text(trick)) if trick and trick.plays else self.t("trick_empty"))
                lines.append(self.status())
                lines.append(self.t("playable", cards=hand_text(self.t, obs.choices)))
        return lines, question

    def clock_lines(self) -> list[str]:
        """The seconds left to decide, at a table with a turn timer."""
        return []

    def prompt(self) -> list[str]:
        """The hand and the question as lines, once for each decision (as a live table's terminal shows them)."""
        lines, question = self.prompt_lines()
        return [*lines, question.rstrip()] if question is not None else lines


# ---- the line-by-line front end ---------------------------------------------------------------------
def stdin_lines() -> Iterator[str]:
    """Standard input, line by line, read from its file descriptor: a thread blocked here holds none of the locks
    of ``sys.stdin``'s buffer, which the interpreter needs when it exits."""
    encoding = sys.stdin.encoding or "utf-8"
    fd = sys.stdin.fileno()
    pending = b""
    while True:
        chunk = os.read(fd, 4096)
        if not chunk:
            if pending:
                yield pending.decode(encoding, errors="replace")
            return
        pending += chunk
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            yield line.decode(encoding, errors="replace").rstrip("\r")


class Typed:
    """The player's lines as a live table's terminal takes them: put in a queue (by the keys of a screen, or by a
    thread that reads them) and taken without waiting, so that the table goes on while nobody types."""

    def __init__(self) -> None:
        self.queue: queue.Queue[str | None] = queue.Queue()

    @classmethod
    def reading(cls, lines: Iterable[str] | None = None) -> Typed:
        """The lines of ``lines`` (standard input by default), read in a thread; the end of input leaves."""
        typed = cls()
        threading.Thread(target=typed._read, args=(lines,), daemon=True, name="blackmaria-input").start()
        return typed

    def _read(self, lines: Iterable[str] | None) -> None:
        try:
            for line in stdin_lines() if lines is None else lines:
                self.put(line)
        except (KeyboardInterrupt, OSError, ValueError):
            pass
        self.put(None)

    def put(self, line: str | None) -> None:
        """A line typed (None: the player leaves)."""
        self.queue.put(line)

    def __call__(self, question: str | None) -> str | None:
        """The next line typed, "" if none came within a moment, None once the player left."""
        try:
            return self.queue.get(timeout=0.05)
        except queue.Empty:
            return ""


def line_editing(read: Callable[[str], str]) -> None:
    """At a keyboard, ``input`` with the arrow keys, Backspace and the lines typed before (Up): the standard library's
    readline, loaded (a play-test's Left printed ^[[D into a score entry, which was then refused)."""
    if read is input and sys.stdin.isatty():
        try:
            import readline  # noqa: F401  (loading it is what gives input() its line editing)
        except ImportError:  # (not on every platform)
            pass


def asking(read: Callable[[str], str]) -> Callable[[str | None], str | None]:
    """Answers for a table that waits for the player: ``read(question)`` when there is a question (None at the end
    of input), "" when there is none."""
    line_editing(read)

    def ask(question: str | None) -> str | None:
        if question is None:
            return ""
        try:
            return read(question)
        except EOFError:
            return None

    return ask


def run_lines(seat: Seat, ask: Callable[[str | None], str | None], tell: Callable[[list[str]], None], prompts: bool = True) -> str:
    """Tell the table and take the player's lines until the game is over, the player leaves or the table is gone:
    ``over``, ``left`` or ``gone``. ``ask(question)`` answers a question (None: the player left; "" nothing
    typed); ``tell`` gets what is new, perhaps nothing, each time the table changes. ``prompts`` adds the hand
    and the question at each decision, for a line-by-line terminal (a screen shows them itself)."""
    told: object = None

    def tell_new(extra: Sequence[str] = ()) -> None:
        nonlocal told
        lines = [*seat.take_lines(), *extra]
        now = seat.version()
        if lines or now != told:
            told = now
            tell(lines)

    tell(seat.welcome_lines())
    told_over = False
    try:
        while True:
            tell_new()
            if seat.finished():
                seat.finish()
                tell_new([line for line in [seat.goodbye()] if line])
                return "over"
            if seat.over() != told_over:  # a seat that stays for the next game: the end told once, as it comes
                told_over = seat.over()
                if told_over:
                    seat.finish()
                    tell_new([line for line in [seat.goodbye()] if line])
            question = None
            if prompts:
                lines, question = seat.prompt_lines()
                if seat.live and question is not None:
                    lines, question = [*lines, question.rstrip()], None  # asked as a line: the table goes on meanwhile
                tell_new(lines)
            text = ask(question)
            if text is None:
                if question is not None:
                    tell([""])  # the question's line ended (the goodbye followed the prompt on its line)
                seat.input_ended()
                seat.leave()
                break
            seat.take(text)
            if not seat.progress():
                tell_new()  # now, not after the tries to reach it again
                if not seat.recover():
                    tell_new([line for line in [seat.goodbye()] if line])
                    return "gone"
    except (Leave, KeyboardInterrupt):  # Ctrl-C leaves as quit does
        seat.leave()
    finally:
        seat.close()
    tell_new([line for line in [seat.goodbye()] if line])
    return "over" if seat.over() else "left"


def print_lines(write: Callable[[str], None]) -> Callable[[list[str]], None]:
    def tell(lines: list[str]) -> None:
        for line in lines:
            write(line)

    return tell


__all__ = ["CARD_VERBS", "PLAY_COMMANDS", "Leave", "Seat", "Typed", "asking", "command_word", "hand_text", "print_lines", "run_lines"]
