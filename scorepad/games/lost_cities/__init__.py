"""Lost Cities at the table: the game it registers (scorepad/games/__init__.py), from the modules beside this one."""

from __future__ import annotations

from calculators import lost_cities as rules
from scorepad.games.base import Game, started_by
from scorepad.games.lost_cities import facts, flow, phone, report, sheet, words

GAME = Game(slug=rules.GAME, title=words.TITLE, players=rules.PLAYERS, variants=words.VARIANTS,
            named_answers=((("setup", "oldest"), None),),
            default_rounds=rules.DEFAULT_ROUNDS, score=rules.score, steps=flow.steps, template="lost-cities",
            sheet=sheet.sheet, report=report.report, round_label=words.ROUND_LABEL, blurb=words.BLURB,
            max_rounds=rules.MAX_ROUNDS, breakdown=report.breakdown, field_label=words.field_label,
            part_label=lambda key: words.field_label(key) or key, facts=facts.facts,
            figures=facts.FIGURES, phrases=words.PHRASES, column_heading=words.column_heading,
            # Lost Cities (1999); the oldest player starts the first game (K-EN).
            bgg_id=50, bgg_name="Lost Cities", start_player=started_by("oldest"), control=phone.control,
            commands=flow.commands)
