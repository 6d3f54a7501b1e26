"""Our bots at OpenSpiel's ``hearts`` table, refereed by OpenSpiel; and OpenSpiel's IS-MCTS bot made safe to call.

``OpenSpielSeat(bot)`` answers ``step(state)`` with an OpenSpiel action for
the player to act. It replays the OpenSpiel history into a checked
``Game`` of our ``hearts`` preset (``omnibus`` when OpenSpiel's ``jd_bonus``
is on), which also checks every move OpenSpiel made against our rules, and
hands the bot only ``game.observation(player)``: the seat's own cards, its
pass and what it received, and the public plays, exactly the player's
information state (``tests/test_bots_openspiel.py`` checks that two
OpenSpiel states with the same information state give the same observation).

``ismcts_step(bot, state)`` calls ``pyspiel.ISMCTSBot`` and works around its
crash on pass decisions (see ``../shared/OPENSPIEL.md``): the bot gets a copy
of the deal rotated so that the passing player sits in seat 0, with the same
hand, direction and own passes so far, so nobody has passed to it yet.
"""

from __future__ import annotations

from typing import Any

from blackmaria.bots.base import Bot
from blackmaria.cards import Card
from blackmaria.game import Game
from blackmaria.rules import PassDirection, preset

DIRECTIONS: dict[int, PassDirection] = {0: "hold", 1: "left", 2: "across", 3: "right"}
"""OpenSpiel's pass-direction chance outcomes (its hearts.h)."""


def _passing_actions(history: list[int]) -> list[int]:
    return history[53 : 53 + 12] if history[0] != 0 else []


def deal_of(state: Any) -> tuple[int, list[list[Card]]]:
    """The pass direction outcome and the four dealt hands of an OpenSpiel ``hearts`` state."""
    history = list(state.history())
    hands: list[list[Card]] = [[], [], [], []]
    for i, card in enumerate(history[1:53]):
        hands[i % 4].append(card)
    return history[0], hands


def game_from_openspiel(state: Any) -> Game:
    """Our checked ``Game`` at the same point as the OpenSpiel state (a pass in progress is left out)."""
    params = state.get_game().get_parameters()
    history = list(state.history())
    if len(history) < 53:
        raise ValueError("the OpenSpiel deal is not complete yet")
    direction, hands = deal_of(state)
    rules = preset("omnibus" if params.get("jd_bonus", False) else "hearts").replace(
        pass_schedule=(DIRECTIONS[direction],), deal_count=1, target_score=None
    )
    game = Game(rules, first_dealer=3)
    game.deal_hands(hands)
    passes = _passing_actions(history)
    for seat in range(4):
        chosen = passes[3 * seat : 3 * seat + 3]
        if len(chosen) == 3:
            game.pass_cards(seat, chosen)
    for card in history[53 + len(passes) :]:
        game.play(card)
    return game


class OpenSpielSeat:
    """One of our bots playing OpenSpiel's ``hearts``: ``step(state)`` returns the OpenSpiel action."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self._pass: dict[tuple[int, tuple[Card, ...]], list[Card]] = {}

    def step(self, state: Any) -> int:
        player = state.current_player()
        game = game_from_openspiel(state)
        obs = game.observation(player)
        if game.phase == "passing":
            key = (player, tuple(sorted(obs.hand)))
            if key not in self._pass:
                self._pass[key] = list(self.bot.choose_pass(obs))
            legal = set(state.legal_actions())
            return next(card for card in self._pass[key] if card in legal)
        card = self.bot.choose_play(obs)
        if card not in state.legal_actions():
            raise AssertionError(f"our bot chose {card}, which OpenSpiel does not allow")
        return card


def rotated_for_pass(state: Any) -> Any:
    """A copy of the deal rotated so that the player passing now sits in seat 0, with its own passes so far."""
    player = state.current_player()
    history = list(state.history())
    direction, hands = deal_of(state)
    copy = state.get_game().new_initial_state()
    copy.apply_action(direction)
    for i in range(52):
        copy.apply_action(hands[(i % 4 + player) % 4][i // 4])
    passes = _passing_actions(history)
    for card in passes[3 * player :]:
        copy.apply_action(card)
    return copy


def ismcts_step(bot: Any, state: Any) -> int:
    """``bot.step(state)`` for a ``pyspiel.ISMCTSBot``, safe on pass decisions."""
    history = list(state.history())
    if history[0] != 0 and len(history) < 53 + 12:
        copy = rotated_for_pass(state)
        player = state.current_player()
        if copy.information_state_string(0) != state.information_state_string(player):
            raise AssertionError("the rotated state does not show the passing player what it knows")
        if sorted(copy.legal_actions()) != sorted(state.legal_actions()):
            raise AssertionError("the rotated state does not offer the same passes")
        return int(bot.step(copy))
    return int(bot.step(state))


def make_ismcts(seed: int, simulations: int, exploration: float = 5.0) -> Any:
    """OpenSpiel's C++ IS-MCTS with a random-rollout evaluator and the max-visit final policy."""
    import pyspiel

    return pyspiel.ISMCTSBot(
        seed,
        pyspiel.RandomRolloutEvaluator(1, seed),
        exploration,
        simulations,
        -1,
        pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )


__all__ = ["DIRECTIONS", "OpenSpielSeat", "deal_of", "game_from_openspiel", "ismcts_step", "make_ismcts", "rotated_for_pass"]
