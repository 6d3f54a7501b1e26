"""Plain mode: the game line by line on standard output, answers from standard input.

For pipes, screen readers and tests. Every line is in the session's language.
"""

from __future__ import annotations

from collections.abc import Callable

from blackmaria.cards import CLUBS, DIAMONDS, HEARTS, SPADES, CardSet
from blackmaria.locale import Texts
from blackmaria.tui.session import PlaySession

COMMANDS = {
    "hint": "hint",
    "tipp": "hint",
    "?": "hint",
    "undo": "undo",
    "zurück": "undo",
    "zurueck": "undo",
    "claim": "claim",
    "rest": "claim",
    "last": "last",
    "letzter": "last",
    "deal": "review",
    "spiel": "review",
    "sheet": "sheet",
    "tabelle": "sheet",
    "rules": "rules",
    "regeln": "rules",
    "help": "help",
    "hilfe": "help",
    "quit": "quit",
    "ende": "quit",
    "exit": "quit",
    "q": "quit",
}


def hand_text(t: Texts, cards: CardSet) -> str:
    """Cards grouped by suit, high to low, each in a form the prompt reads back (``A♠ D♠  K♥``)."""
    groups = []
    for suit in (SPADES, HEARTS, DIAMONDS, CLUBS):
        in_suit = sorted(cards.suit(suit), reverse=True)
        if in_suit:
            groups.append(" ".join(t.card(c) for c in in_suit))
    return "  ".join(groups) if groups else t("none")


def take_answer(session: PlaySession, waiting: str, answer: str) -> str | None:
    """Pass or play the cards typed in ``answer``; the refusal in the session's language, or None when taken."""
    cards = session.parse(answer)
    if cards is None:
        return session.t("not_a_card", text=answer.strip())
    if waiting == "pass":
        return session.pass_cards(cards)
    if len(cards) != 1:
        return session.t("one_card")
    return session.play(cards[0])


def run_plain(session: PlaySession, read: Callable[[str], str] = input, write: Callable[[str], None] = print) -> None:
    """Play until the game ends or the player quits (the game is saved after every action)."""
    t = session.t

    def flush() -> None:
        for line in session.take_lines():
            write(line)

    def command(text: str) -> bool:
        """Run a command word; False if ``text`` is not one."""
        action = COMMANDS.get(text.strip().lower())
        if action is None:
            return False
        if action == "quit":
            raise EOFError
        if action == "hint":
            write(session.hint())
        elif action == "undo":
            write(session.undo())
        elif action == "claim":
            write(session.claim())
        elif action == "last":
            write(session.last_trick())
        elif action == "review":
            for line in session.deal_review():
                write(line)
        elif action == "sheet":
            for line in session.score_sheet_lines():
                write(line)
        elif action == "rules":
            for line in session.game.rules.describe(session.lang):
                write("  " + line)
        else:
            write(t("help"))
        return True

    write(t("welcome", rules=session.rules_title(), players=session.game.players))
    write(t("help"))
    try:
        while True:
            flush()
            waiting = session.waiting_for()
            if waiting == "over":
                write(t("goodbye_finished"))
                return
            if waiting == "deal":
                if session.game.deals and command(read(t("press_enter") + " ")):
                    continue
                session.deal()
                continue
            obs = session.observation()
            write(t("your_hand", cards=hand_text(t, obs.hand)))
            if waiting == "pass":
                assert obs.pass_to is not None
                prompt = t("pass_prompt", target=session.names[obs.pass_to])
            elif waiting == "play":
                trick = obs.current_trick
                write(t("trick", plays=session.trick_text(trick)) if trick and trick.plays else t("trick_empty"))
                write(session.status_line())
                write(t("playable", cards=hand_text(t, obs.legal)))
                prompt = t("card_prompt")
            else:
                session.advance()  # nothing for the human to do: let the bots go on
                continue
            answer = read(prompt)
            if command(answer):
                continue
            problem = take_answer(session, waiting, answer)
            if problem:
                write(problem)
    except EOFError:
        flush()
        write(t("goodbye") if not session.game.is_over else t("goodbye_finished"))
