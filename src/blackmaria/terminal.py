"""A plain terminal game: you against simple computer players, one line at a time.

It drives ``Game`` and renders the observation of your seat; it keeps no
rules of its own (an illegal card is refused by the game with its reason).
"""

from __future__ import annotations

from collections.abc import Callable

from blackmaria.bots import make_bot, run_bots
from blackmaria.cards import CLUBS, DIAMONDS, HEARTS, SPADES, CardSet, card_symbol, parse_cards
from blackmaria.events import CardDrawn, CardPlayed, CardsReceived, DealScored, KittyTaken, TrickWon
from blackmaria.game import Game, GameError
from blackmaria.observation import Observation

HELP = "Type cards like QS, 10h or Q♠ (several for a pass), 'hand', 'rules', 'help' or 'quit'."


class Quit(Exception):
    pass


def hand_text(cards: CardSet) -> str:
    """Cards grouped by suit, high to low, each in a form the prompt accepts back: ``A♠ Q♠  K♥ 5♥  2♣``."""
    groups = []
    for suit in (SPADES, HEARTS, DIAMONDS, CLUBS):
        in_suit = sorted(cards.suit(suit), reverse=True)
        if in_suit:
            groups.append(" ".join(card_symbol(c) for c in in_suit))
    return "  ".join(groups) if groups else "(none)"


def _trick_line(game: Game, obs: Observation) -> str:
    trick = obs.current_trick
    if trick is None or not trick.plays:
        return "Trick: (empty)"
    return "Trick: " + "  ".join(f"{game.seats[seat]} {card_symbol(card)}" for seat, card in trick.plays)


def play_terminal(
    game: Game,
    human: int = 0,
    level: str = "easy",
    seed: int | None = None,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> Game:
    """Play ``game`` in the terminal with ``human`` at one seat and bots at the others."""
    bots = {seat: make_bot(level, None if seed is None else seed + seat) for seat in range(game.players) if seat != human}
    shown_events = len(game.events)

    def report_new_events() -> None:
        nonlocal shown_events
        names = game.seats
        for event in game.events_for(human)[shown_events:]:
            if isinstance(event, CardPlayed) and event.seat != human:
                write(f"  {names[event.seat]} plays {card_symbol(event.card)}")
            elif isinstance(event, TrickWon):
                write(f"  -> {names[event.seat]} wins the trick" + (f" ({event.points} points)" if event.points else ""))
            elif isinstance(event, CardsReceived) and event.seat == human:
                write(f"You receive {hand_text(CardSet(event.cards or ()))} from {names[event.from_seat]}")
            elif isinstance(event, CardDrawn) and event.seat == human and event.card is not None:
                write(f"  You draw {card_symbol(event.card)}")
            elif isinstance(event, KittyTaken):
                write(f"  {names[event.seat]} takes the kitty")
            elif isinstance(event, DealScored):
                write("Deal scored: " + ", ".join(f"{names[i]} {p}" for i, p in enumerate(event.points)))
                if event.moon_shooter is not None:
                    write(f"  {names[event.moon_shooter]} shot the moon!")
                write("Totals:      " + ", ".join(f"{names[i]} {t}" for i, t in enumerate(event.totals)))
        shown_events = len(game.events)

    def ask(prompt: str) -> list[int] | None:
        while True:
            text = read(prompt).strip()
            if text.lower() in ("q", "quit", "exit"):
                raise Quit
            if text.lower() in ("h", "help", "?"):
                write(HELP)
                continue
            if text.lower() == "hand":
                write(f"Your hand: {hand_text(game.hand(human))}")
                continue
            if text.lower() == "rules":
                for line in game.rules.describe():
                    write("  " + line)
                continue
            try:
                return parse_cards(text)
            except ValueError as error:
                write(f"  {error}")

    write(f"Rules: {game.rules.preset or 'custom'} for {game.players}. {HELP}")
    try:
        while not game.is_over:
            if game.phase in ("not-started", "deal-over"):
                game.deal()
                write("")
                write(f"--- Deal {game.deal_index + 1}: {game.seats[game.dealer]} deals; pass {game.direction} ---")
            run_bots(game, bots)
            report_new_events()
            if game.phase == "passing" and not game.has_passed(human):
                obs = game.observation(human)
                write(f"Your hand: {hand_text(obs.hand)}")
                target = game.seats[obs.pass_to] if obs.pass_to is not None else "nobody"
                cards = ask(f"Pass {game.rules.pass_count} cards to {target}: ")
                try:
                    game.pass_cards(human, cards or [])
                except GameError as error:
                    write(f"  {error}")
            elif game.phase == "playing" and game.turn == human:
                obs = game.observation(human)
                write(_trick_line(game, obs))
                write(f"Your hand: {hand_text(obs.hand)}")
                write(f"Playable:  {hand_text(obs.legal)}")
                cards = ask("Your card: ")
                if not cards or len(cards) != 1:
                    write("  Play one card.")
                    continue
                try:
                    game.play(cards[0], human)
                except GameError as error:
                    write(f"  {error}")
                    continue
                report_new_events()
        winners = ", ".join(game.seats[w] for w in game.winners)
        write(f"Game over. Winner: {winners}. Final totals: " + ", ".join(f"{game.seats[i]} {t}" for i, t in enumerate(game.totals)))
    except (Quit, EOFError):
        write("Goodbye.")
    return game
