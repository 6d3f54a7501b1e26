"""``blackmaria learn``: one guided deal against computer players, every decision explained.

A ``LearnSession`` is a ``PlaySession`` for one deal under the table's rules
(any preset or house rules): before each decision of the learner it adds the
three-part explanation of ``blackmaria.teaching`` to the story of the deal,
after each card it says what the choice likely cost beside the computer
player's, and when the deal is over it counts the score in public, card by
card. Plain mode runs it line by line (pipes, screen readers, tests); in a
terminal the Textual game shows the same lines in its log.

Unless a seed is given, the deal is chosen among a few seeded deals by a
computed measure of how much it teaches: the learner holding the queen of
spades or the high spades, and a short suit to pass away; and of those, one
whose advice, followed, works out.
"""

from __future__ import annotations

import functools
import shutil
import sys
import textwrap
from collections.abc import Callable, Iterable, Sequence
from typing import Final

import click

from blackmaria.cards import SPADES, Card, suit_of
from blackmaria.cli_help import LocalizedCommand
from blackmaria.game import Game
from blackmaria.locale import detect_language, shown_difference
from blackmaria.locale.teaching import TeachingTexts, option_effect
from blackmaria.rules import QUEEN_OF_SPADES, Rules
from blackmaria.teaching import (
    DEFAULT_BUDGET,
    Explanation,
    Option,
    count_deal,
    count_lines,
    explain,
    explanation_lines,
    learning_rules,
    sooner_later,
    taught_seed,
    trick_difference,
)
from blackmaria.tui.seat import PLAY_COMMANDS, asking, print_lines, run_lines
from blackmaria.tui.session import PlaySession, seat_names

LEARNER: Final = 0
CANDIDATE_SEEDS: Final = range(1, 41)
"""The seeds the default deal is chosen from."""

COMMANDS: Final = {word: action for word, action in PLAY_COMMANDS.items() if action in ("hint", "rules", "help", "quit")} | {
    "why": "why",
    "warum": "why",
}
"""The words of the game against the computer that a guided deal takes, and ``why`` (the explanation again)."""


def teaching_value(rules: Rules, seed: int) -> int:
    """How much the first deal of ``seed`` has to teach the learner: high spades to worry about, a suit to pass away."""
    game = Game(learning_rules(rules), seed=seed)
    game.deal()
    hand = game.hand(LEARNER)
    values = rules.values
    value = 0
    if QUEEN_OF_SPADES in hand and values[QUEEN_OF_SPADES] > 0:
        value += 4
    value += 2 * len([c for c in hand.suit(SPADES) if c > QUEEN_OF_SPADES])
    if game.phase == "passing" and any(0 < len(hand.suit(suit)) <= rules.pass_count for suit in range(4)):
        value += 1
    return value


ADVICE_CHECKED: Final = 4
"""The most instructive deals tried in order for one whose advice works out (``advice_works_out``): about a second
each at the start of ``learn``."""


@functools.cache  # (a second or so a deal; the same every time)
def advice_works_out(rules: Rules, seed: int) -> bool:
    """Whether a learner who takes every piece of advice of the guided deal of ``seed`` ends it with at most half a
    fair share of the points (the deal's total over the players). The first deal chosen taught a heart lead that
    brought the queen of spades at once, and the next advice brought her again (a play-test): a first deal should
    show the advice working. The explanations are seeded by the deal and the decision, so a learner who follows them
    meets this very deal."""
    session = new_learn_session(rules, seed=seed)
    session.deal()
    while (waiting := session.waiting_for()) in ("pass", "play"):
        advice = session.explanation()
        assert advice is not None
        refused = session.pass_cards(list(advice.advice)) if waiting == "pass" else session.play(advice.advice[0])
        assert refused is None, refused
    game = session.game
    points = game.deals[0].points
    assert points is not None  # (the deal is played to its end)
    return 2 * game.players * points[LEARNER] <= game.rules.deal_total


def instructive_seed(rules: Rules, candidates: Iterable[int] = CANDIDATE_SEEDS, checked: int = ADVICE_CHECKED) -> int:
    """Of ``candidates``, the deal that teaches most (``teaching_value``; the first of equals) among the ``checked``
    most instructive whose advice works out (``advice_works_out``), else the most instructive."""
    ranked = sorted(candidates, key=lambda seed: -teaching_value(rules, seed))  # (stable: the first of equals first)
    if not ranked:
        raise ValueError("no candidate seed given")
    return next((seed for seed in ranked[:checked] if advice_works_out(rules, seed)), ranked[0])


class LearnSession(PlaySession):
    """One guided deal: the learner's decisions explained, the choices compared, the score counted in public."""

    COMMANDS = COMMANDS
    shows_trick = False  # the explanation shows the table before each decision
    explains = True
    help_message = "learn_help"

    def __init__(self, game: Game, rules: Rules, lang: str = "en", seed: int = 0, budget: int = DEFAULT_BUDGET) -> None:
        super().__init__(game, LEARNER, ["medium"], lang, seed, save_path=None)
        self.table_rules = rules
        self.tt = TeachingTexts(self.lang)
        self.budget = budget
        self._explained_at = -1
        self.autoplay = False  # the learner plays every card, a forced one too (and hears why it is forced)

    def rules_title(self) -> str:
        return self.t.game_title(self.table_rules)

    # ---- the seat, as the line-by-line terminal drives it --------------------------------------------
    def welcome_lines(self) -> list[str]:
        tt = self.tt
        opponents = [name for seat, name in enumerate(self.names) if seat != self.human]
        others = tt.names_list(opponents)
        # After the goal, what a newcomer needs before the first card: what the cards cost, a trick, the game's end
        # (the rules' own basics, as the page shows them; its first line, the aim, is the goal said here).
        basics = self.game.rules.basics(self.lang)[1:]  # (the game's: one deal, not the preset's nine, a play-test)
        return [
            tt(
                "learn_welcome" + ("_one" if len(opponents) == 1 else ""),
                rules=self.rules_title(),
                players=self.game.players,
                others=others,
            ),
            tt("learn_goal"),
            *basics,
            self.help_line(),
        ]

    def screen_intro(self) -> list[str]:
        return self.welcome_lines()[:-1]  # the deal, its goal and the basics (the full screen's help line says the keys)

    def finished(self) -> bool:
        return self.waiting_for() == "over" or (self.waiting_for() == "deal" and bool(self.game.deals))

    def question(self) -> str | None:
        return None if self.waiting_for() == "deal" else super().question()

    def hint(self) -> str:
        """The tip: the card the analysis ranks cheapest (the computer player's choice in it), for the reasons of
        that same search, with its costs; the tip and the analysis cannot disagree."""
        return self.explained_hint()

    def take_lines(self) -> list[str]:
        """The story since last asked, then the explanation of a new decision once it is ready (once per decision).

        The analysis is not started here: a screen asks for the story while it draws, and the analysis takes a
        while (``prepare`` runs it, in the screen's worker thread or as line-by-line play goes on)."""
        lines = super().take_lines()
        at = len(self.game.events)
        ready = self._explanation[1] if self._explanation is not None and self._explanation[0] == at else None
        self.explanation_from = None
        if ready is not None and self.waiting_for() in ("pass", "play") and self._explained_at != at:
            self._explained_at = at
            self.explanation_from = len(lines)
            lines += explanation_lines(ready, self.lang)
            # The advice marked in the hand as a hint's cards are, and the cursor on it: a learner's Enter rested on
            # the lowest card, the second costliest here, while the story advised another.
            self.remember_hint(list(ready.advice))
        return lines

    def prepare(self) -> None:
        """Explain the learner's decision now (the analysis takes a while: a front end runs this while it waits)."""
        self.explanation()

    def progress(self) -> bool:
        done = super().progress()
        self.prepare()
        return done

    def goodbye(self) -> str:
        """A guided deal is not saved: it says it stopped, or how to play a real game after it."""
        if self.game.is_over:
            return self.tt("learn_done", rules=self.table_rules.preset or "house.toml")
        return self.tt("learn_stopped")

    def next_session(self) -> LearnSession:
        """Another guided deal under the same rules (the next seed), at the same pace (a play-test's ``--speed 0``
        was 0.7 s again in the next one)."""
        session = new_learn_session(self.table_rules, lang=self.lang, seed=(self.seed or 0) + 1, budget=self.budget)
        session.speed = self.speed
        return session

    def play(self, card: Card, advance: bool = True) -> str | None:
        explanation = self.explanation()
        if explanation is not None and explanation.kind == "play" and card in explanation.legal and len(explanation.legal) > 1:
            self.feedback = self._play_feedback(explanation, card)
            self._say(self.feedback)
        return super().play(card, advance)

    def pass_cards(self, cards: Sequence[Card], advance: bool = True) -> str | None:
        explanation = self.explanation()
        before = self.observation()
        problem = super().pass_cards(cards, advance)
        if problem is None and explanation is not None:
            self.feedback = self.pass_beside_advice(explanation, cards, before)
            self.lines.insert(0, self.feedback)
        return problem

    def _play_feedback(self, explanation: Explanation, card: Card) -> str:
        tt = self.tt
        costs = {option.card: option.cost or 0.0 for option in explanation.options}
        # measured against the cheapest card of the analysis, not the computer player's choice: "no card here costs
        # less" only when no card is cheaper as the costs are shown (the two can differ; then the cheaper card is named)
        best = min(costs, key=lambda option: (costs[option], option != explanation.advice[0]))

        if shown_difference(costs[best], costs[card]) < 0.05:  # not "about 1.9; 9♦ would have cost about 1.9"
            return tt("learn_feedback_best", card=tt.card(card), cost=self.mean_points(costs[card]))
        chosen = next(option for option in explanation.options if option.card == card)
        said = dict(card=tt.card(card), cost=self.mean_points(costs[card]), best=tt.card(best), best_cost=self.mean_points(costs[best]))
        if explanation.within_chance(chosen):  # (how many deals: a play-test read one 0.9 as chance and another as cost)
            worlds = f"{explanation.worlds:,}".replace(",", "." if self.lang == "de" else ",")
            return tt("learn_feedback_chance", **said, worlds=worlds)
        # Why the other card is better, as far as the trick says: what each does to it, or, doing the same, that the
        # difference is in what each leaves in the hand (a play-test read the two costs and asked why).
        best_option = next(option for option in explanation.options if option.card == best)
        trick = trick_difference(chosen, best_option)
        if trick is not None:
            # How the trick went with each in the simulated deals (a play-test asked whether its card would take the
            # trick; two cards that both "beat" it now need not hold it alike, as "both do the same" said). The counts
            # say in numbers what the effects would (with both, the word ran past the 80x24 prompt's lines).
            share, points, best_share, best_points = trick
            counts = dict(share=share, best_share=best_share, points=self.mean_points(points), best_points=self.mean_points(best_points))
            said_all = [tt("learn_feedback_costs", **said), tt("learn_feedback_trick", **said, **counts)]
            if shown_difference(points, best_points) > 0:  # the cheaper card costs more here: where it gains is said
                said_all.append(tt("learn_feedback_trick_later", **said))
            elif (later := sooner_later(chosen, best_option)) is not None:
                # The chosen card took the queen here and cost only 1.5 more in all: the cheaper one takes most of
                # it back later (a learner asked why taking her for certain cost so little).
                here, after = later
                said_all.append(tt("learn_feedback_trick_sooner", **said, here=self.mean_points(here), later=self.mean_points(after)))
            return " ".join(said_all)
        effect = self._effect(explanation, chosen)
        best_effect = self._effect(explanation, best_option)
        if effect == best_effect and chosen.effect.startswith("lead") and suit_of(card) != suit_of(best):
            # (2♦ led was "the same in this trick" as 9♠; then "Both: ..., but in other suits" read as no reason)
            return tt("learn_feedback_lead_suit", **said, effect=effect, suit=tt.suit(suit_of(card)), best_suit=tt.suit(suit_of(best)))
        if effect == best_effect:
            return tt("learn_feedback_later", **said, effect=effect)
        return tt("learn_feedback_effects", **said, effect=effect, best_effect=best_effect)

    def _effect(self, explanation: Explanation, option: Option) -> str:
        """What the card does to the trick, and what it is worth where it scores: two cards that do the same to the
        trick differ by their points (K♠ led, worth 10, was said to do "the same in this trick" as 10♣, a play-test)."""
        effect = option_effect(self.tt, explanation, option)
        return self.tt("learn_effect_worth", effect=effect, points=self.tt.n("points", option.value)) if option.value else effect

    def deal_review(self, index: int | None = None) -> list[str]:
        """The public count of the deal, card by card (instead of the game's short review)."""
        count = count_deal(self.game.events_for(self.human), self.game.rules, index)
        return count_lines(count, self.names, self.lang, self.human)


def new_learn_session(rules: Rules, *, lang: str = "en", seed: int | None = None, budget: int = DEFAULT_BUDGET) -> LearnSession:
    """A guided deal under ``rules`` (any preset or house rules); ``seed`` None picks an instructive deal (a preset's
    worked out once, ``taught_seed``)."""
    texts = TeachingTexts(lang)
    chosen = seed if seed is not None else taught_seed(rules)
    if chosen is None:
        chosen = instructive_seed(rules)
    names = list(seat_names(texts.lang, rules.players))
    names[LEARNER] = texts("you")
    game = Game(learning_rules(rules), seats=names, seed=chosen)
    return LearnSession(game, rules, texts.lang, chosen, budget)


def run_learn_plain(session: LearnSession, read: Callable[[str], str] = input, write: Callable[[str], None] = print) -> None:
    """The guided deal line by line: explanations, the learner's answers, and the public count at the end."""
    run_lines(session, asking(read), print_lines(write))


@click.command("learn", cls=LocalizedCommand)
@click.option("--rules", "rules_name", default="black-maria", show_default=True, help="Preset name or house-rules file.")
@click.option("--players", type=int, default=None, help="Seat count, if not the preset's own.")
@click.option("--lang", type=click.Choice(["en", "de"]), default=None, help="Language (default: from the environment's locale).")
@click.option("--seed", type=int, default=None, help="Deal this seed (default: an instructive deal, chosen by computation).")
@click.option("--plain", is_flag=True, help="Line by line on standard output, answers from standard input.")
@click.option(
    "--speed", type=click.FloatRange(0, 10), default=0.7, show_default=True, help="Seconds per computer card (0: at once; F8 changes it)."
)
def learn_command(rules_name: str, players: int | None, lang: str | None, seed: int | None, plain: bool, speed: float) -> None:
    """Learn the game: one guided deal against computer players, every decision explained, the score counted in public."""
    from blackmaria.cli import checked_rules
    from blackmaria.locale import Texts

    language = detect_language(lang)
    rules = checked_rules(rules_name, players, texts=Texts(language))
    session = new_learn_session(rules, lang=language, seed=seed)
    if plain or not sys.stdout.isatty():
        run_learn_plain(session)
    else:
        from blackmaria.tui.app import GameApp

        # Said while the analysis compiles, broken between words, and wiped once the table opens: a play-test found it
        # left in the shell after quitting, cut mid-word by the terminal ("up to a min" / "ute").
        lines = textwrap.wrap(session.tt("learn_preparing"), max(20, shutil.get_terminal_size().columns - 1))
        click.echo("\n".join(lines), err=True)
        warm_up(session)
        if sys.stderr.isatty():
            click.echo(f"\x1b[{len(lines)}F\x1b[J", err=True, nl=False)  # up to the first line, and clear to the end
        GameApp(session, speed=speed).run()


def warm_up(session: LearnSession) -> None:
    """Compile the analysis before the table opens (the first time on a machine it takes seconds; later it is read
    from numba's cache): explain the first play of a throwaway copy of the deal where the learner has a choice (a
    forced card is explained without the search, which would then be compiled at the table)."""
    from blackmaria.bots import make_bot, run_bots

    game = Game(session.game.rules, seats=list(session.names), seed=session.seed)
    game.deal()
    bots = {seat: make_bot("easy", seat) for seat in range(game.players)}
    run_bots(game, {seat: bot for seat, bot in bots.items() if seat != LEARNER})
    if game.phase == "passing":
        game.pass_cards(LEARNER, sorted(game.passable_cards(LEARNER))[: game.rules.pass_count])
    while game.phase == "playing" and game.turn is not None:
        if game.turn == LEARNER and len(game.legal_cards(LEARNER)) > 1:
            explain(game.observation(LEARNER), budget=min(session.budget, 50), seed=0)
            return
        game.play(bots[game.turn].choose_play(game.observation(game.turn)))


__all__ = ["LearnSession", "instructive_seed", "learn_command", "learning_rules", "new_learn_session", "run_learn_plain"]
