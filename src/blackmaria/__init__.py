"""blackmaria: Black Maria and the Hearts family, for 2 to 7 players, under every variant."""

from blackmaria.cards import CardSet, card_name, parse_card, parse_cards
from blackmaria.game import Game, GameError, IllegalDeal, IllegalPass, IllegalPlay
from blackmaria.rules import PRESETS, Rules, RulesError, preset

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "CardSet",
    "Game",
    "GameError",
    "IllegalDeal",
    "IllegalPass",
    "IllegalPlay",
    "Rules",
    "RulesError",
    "__version__",
    "card_name",
    "parse_card",
    "parse_cards",
    "preset",
]
