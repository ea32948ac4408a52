"""Chinatown at the table: the game it registers (scorepad/games/__init__.py), from the modules beside this one."""

from __future__ import annotations

from calculators import chinatown as rules
from scorepad.games.base import Game, started_by
from scorepad.games.chinatown import boardwords, facts, flow, phone, report, sheet, state, words
from scorepad.words import money

GAME = Game(slug=rules.GAME, title=words.TITLE, players=rules.PLAYERS, variants=words.VARIANTS,
            named_answers=((("setup", "first"), None), (("trades", None), "from"), (("trades", None), "to")),
            default_rounds=rules.DEFAULT_ROUNDS, score=report.score, steps=flow.steps, template="chinatown",
            sheet=sheet.sheet, report=report.report, round_label=words.ROUND_LABEL, blurb=words.BLURB,
            max_rounds=rules.DEFAULT_ROUNDS, modules=words.MODULES, commands=report.commands,
            private=lambda session: not state.open_cash(session), private_words=("cash",),
            variant_rounds={rules.FOUR_SEASONS: rules.SEASONS},
            figure=money, field_label=words.field_label, variant_labels={rules.FOUR_SEASONS: words.SEASON_WORD},
            facts=facts.facts, figures=facts.FIGURES, phrases={**words.PHRASES, **boardwords.PHRASES},
            column_heading=words.column_heading,
            # Chinatown (1999); who took the First Player card of the first year started.
            bgg_id=47, bgg_name="Chinatown", start_player=started_by("first"), own=phone.own,
            control=phone.control,
            # A blank pad: a ledger on a half page for each of as many players as the game takes (a smaller table
            # leaves a spare half), as a player short of one has nowhere to keep their cash.
            usual_players=rules.PLAYERS[-1])
