"""Computer players. A bot sees a seat's ``Observation``, never the game."""

from blackmaria.bots.base import Bot, make_bot, run_bots
from blackmaria.bots.simple import RandomBot, RuleOfThumbBot

__all__ = ["Bot", "RandomBot", "RuleOfThumbBot", "make_bot", "run_bots"]
