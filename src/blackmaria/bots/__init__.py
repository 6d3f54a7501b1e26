"""Computer players. A bot sees a seat's ``Observation``, never the game.

Levels by name (``make_bot``, registered once in ``base.REGISTRY``):
``random``, ``easy``, ``medium`` (rules of thumb over the rule set's card
values), ``hard`` and ``expert`` (determinized search with compiled
playouts, 1,000 and 5,000 simulations per move (``expert``'s playouts by a learned policy), or a time per move with
``time_ms``), and the unlisted ``expert-2026`` (the frozen reference).
``hint`` gives a level's suggestion with its reasons as data
(``reasons.Reason``) and a search level's costs, rendered in English or German; ``check_deal`` finds
the plays of a finished deal that cost more than the search bot's choice; ``table_bot`` is a front end's computer
player, seeded by the position so that a card taken back brings the same answers again.
"""

from blackmaria.bots.base import (
    ALL_LEVELS,
    DEFAULT_BUDGETS,
    HINT_MS,
    LEVELS,
    Bot,
    Hint,
    Level,
    PositionSeeded,
    SearchFeatures,
    hint,
    make_bot,
    position_seed,
    register_level,
    run_bots,
    table_bot,
)
from blackmaria.bots.checker import PlayCheck, check_deal
from blackmaria.bots.medium import MediumBot
from blackmaria.bots.reasons import Reason
from blackmaria.bots.simple import RandomBot, RuleOfThumbBot

__all__ = [
    "ALL_LEVELS",
    "DEFAULT_BUDGETS",
    "HINT_MS",
    "LEVELS",
    "Bot",
    "Hint",
    "Level",
    "MediumBot",
    "PlayCheck",
    "PositionSeeded",
    "RandomBot",
    "Reason",
    "RuleOfThumbBot",
    "SearchFeatures",
    "check_deal",
    "hint",
    "make_bot",
    "position_seed",
    "register_level",
    "run_bots",
    "table_bot",
]
