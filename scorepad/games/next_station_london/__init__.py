"""Next Station: London at the table: the game it registers (scorepad/games/__init__.py), from the modules beside
this one."""

from __future__ import annotations

from calculators import next_station_london as rules
from scorepad.games.base import Game
from scorepad.games.next_station_london import facts, flow, notation, phone, report, sheet, upgrade, words

GAME = Game(slug=rules.GAME, title=words.TITLE, players=rules.PLAYERS, variants=words.VARIANTS,
            named_answers=((("setup", "controller"), None),),
            default_rounds=rules.DEFAULT_ROUNDS, score=rules.score, steps=flow.steps, template="next-station-london",
            sheet=sheet.sheet, report=report.report, round_label=words.ROUND_LABEL, blurb=words.BLURB,
            max_rounds=rules.DEFAULT_ROUNDS, modules=words.MODULES, commands=flow.commands,
            result_notes=report.result_notes, preset=notation.preset, breakdown=report.breakdown,
            part_label=words.part_label, field_label=words.field_label, facts=facts.facts, figures=facts.FIGURES,
            phrases=words.PHRASES, column_heading=words.column_heading, upgrade=upgrade.upgraded,
            # Next Station: London (2022); no start player: everyone draws at once, the controller only turns cards.
            bgg_id=353545, bgg_name="Next Station: London", control=phone.control, board=phone.board)
