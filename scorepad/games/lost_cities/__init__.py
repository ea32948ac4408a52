"""Lost Cities at the table: the game it registers (scorepad/games/__init__.py), from the modules beside this one."""

from __future__ import annotations

from calculators import lost_cities as rules
from scorepad.games.base import Game
from scorepad.games.lost_cities.facts import facts
from scorepad.games.lost_cities.flow import steps
from scorepad.games.lost_cities.report import breakdown, report
from scorepad.games.lost_cities.sheet import sheet
from scorepad.games.lost_cities.words import BLURB, PHRASES, ROUND_LABEL, TITLE, VARIANTS, field_label


GAME = Game(slug=rules.GAME, title=TITLE, players=rules.PLAYERS, variants=VARIANTS,
            named_answers=((("setup", "oldest"), None),),
            default_rounds=rules.DEFAULT_ROUNDS, score=rules.score, steps=steps, template="lost-cities",
            sheet=sheet, report=report, round_label=ROUND_LABEL, blurb=BLURB, max_rounds=rules.MAX_ROUNDS,
            breakdown=breakdown, field_label=field_label, part_label=lambda key: field_label(key) or key,
            facts=facts, phrases=PHRASES)
