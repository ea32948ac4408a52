"""Next Station: London at the table: the game it registers (scorepad/games/__init__.py), from the modules beside
this one."""

from __future__ import annotations

from calculators import next_station_london as rules
from scorepad.games.base import Game
from scorepad.games.next_station_london.facts import facts
from scorepad.games.next_station_london.flow import commands, steps
from scorepad.games.next_station_london.notation import preset
from scorepad.games.next_station_london.report import breakdown, report, result_notes
from scorepad.games.next_station_london.sheet import sheet
from scorepad.games.next_station_london.words import (BLURB, MODULES, PART_NAMES, PHRASES, ROUND_LABEL, TITLE,
                                                      VARIANTS, field_label)
from scorepad.i18n import _


GAME = Game(slug=rules.GAME, title=TITLE, players=rules.PLAYERS, variants=VARIANTS,
            named_answers=((("setup", "controller"), None),),
            default_rounds=rules.DEFAULT_ROUNDS, score=rules.score, steps=steps, template="next-station-london",
            sheet=sheet, report=report, round_label=ROUND_LABEL, blurb=BLURB, max_rounds=rules.DEFAULT_ROUNDS,
            modules=MODULES, commands=commands, result_notes=result_notes, preset=preset, breakdown=breakdown,
            part_label=lambda key: PART_NAMES[key]() if key in PART_NAMES else _(key),
            field_label=field_label, facts=facts, phrases=PHRASES)
