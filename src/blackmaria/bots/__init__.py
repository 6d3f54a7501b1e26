"""Computer players. A bot sees a seat's ``Observation``, never the game.

Levels by name (``make_bot``): ``random``, ``easy``, ``medium`` (rules of
thumb over the rule set's card values), ``hard`` and ``expert``
(determinized search with compiled playouts, 1,000 and 10,000 simulations
per move). ``hint`` gives a level's suggestion with a one-line reason;
``check_deal`` finds the plays of a finished deal that cost more than the
search bot's choice.
"""

from blackmaria.bots.base import DEFAULT_BUDGETS, LEVELS, Bot, Hint, hint, make_bot, run_bots
from blackmaria.bots.checker import PlayCheck, check_deal
from blackmaria.bots.medium import MediumBot
from blackmaria.bots.simple import RandomBot, RuleOfThumbBot

__all__ = [
    "DEFAULT_BUDGETS",
    "LEVELS",
    "Bot",
    "Hint",
    "MediumBot",
    "PlayCheck",
    "RandomBot",
    "RuleOfThumbBot",
    "check_deal",
    "hint",
    "make_bot",
    "run_bots",
]
