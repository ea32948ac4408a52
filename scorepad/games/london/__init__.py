"""London, both editions, at the table: the two games it registers (scorepad/games/__init__.py), from the modules
beside this one."""

from __future__ import annotations

from calculators import london as rules
from scorepad.games.base import Game, nobody
from scorepad.games.london import facts, flow, phone, report, sheet, tracking, words
from scorepad.games.london.words import event_labels

# BoardGameGeek's id and name of each edition: London (2010), London (Second Edition) (2017).
BGG = {rules.FIRST_EDITION: (65781, "London"), rules.SECOND_EDITION: (236191, "London (Second Edition)")}


def _game(r: rules.Rules) -> Game:
    # title, blurb, variants and round_label are msgids: whoever prints them translates them (_()).
    return Game(slug=r.slug, title=words.TITLES[r.slug], players=rules.PLAYERS, variants=words.VARIANT_TEXTS,
                named_answers=((("setup", "track", None, "player"), None),),
                default_rounds=None, score=rules.score, steps=flow.steps, template=words.TEMPLATE,
                sheet=sheet.sheet_for(r), report=report.report, round_label=words.ROUND_LABEL,
                blurb=words.BLURBS[r.slug], max_rounds=0, commands=tracking.commands,
                recap_totals=tracking.recap_totals, breakdown=report.reckoning_text, part_label=words.part_name,
                facts=facts.facts, figures=facts.FIGURES, phrases=words.PHRASES,
                column_heading=words.COLUMN_HEADINGS[r.slug], bgg_id=BGG[r][0],
                bgg_name=BGG[r][1], start_player=flow.start_player if r is rules.FIRST_EDITION else nobody,
                control=phone.control, own=phone.own)


GAME_1E = _game(rules.FIRST_EDITION)
GAME_2E = _game(rules.SECOND_EDITION)
# With the games, the labels of the event menu a table answers during play (a script of answers names them).
__all__ = ["GAME_1E", "GAME_2E", "event_labels"]
