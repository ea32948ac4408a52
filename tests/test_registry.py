"""Every registered game is whole: a calculator, a guided game, a sheet template, and its own tests; everything
else it needs lives in its own package of scorepad/games/, and no other module of scorepad names it."""

import ast
import dataclasses
import inspect
import json
from pathlib import Path

import pytest

from calculators.core import InvalidInput, Phrase, say
from conftest import TABLES
from scorepad import sheets
from scorepad.games import GAMES, SLUGS, by_slug, registered
from scorepad.table import session_of
from scorepad.cli.asking import text
from scorepad.games.base import Ask, Content, Say
from scorepad.games.figures import Figures
from scorepad.table.changes import new_doc
from scorepad.table.travel import doc_from_table

TESTS = Path(__file__).resolve().parent
SCOREPAD = TESTS.parent / "scorepad"
# Games whose editions share one calculator and one test file (slug -> module name); others: the slug.
SHARED_MODULE = {"london-1e": "london", "london-2e": "london"}


def test_slugs_are_unique():
    slugs = [g.slug for g in GAMES]
    assert len(slugs) == len(set(slugs))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_each_game_is_whole(game):
    assert by_slug(game.slug) is game
    module = SHARED_MODULE.get(game.slug, game.slug.replace("-", "_"))
    assert inspect.unwrap(game.score).__module__ == f"calculators.{module}"  # a game may word the result
    assert sheets.load_template(game.template)
    assert (TESTS / f"test_{module}.py").exists()
    players = [f"P{n}" for n in range(1, game.players[0] + 1)]
    steps = game.steps(session_of(new_doc(game, players, [], None)))
    assert any(isinstance(s, Say) for s in steps) and any(isinstance(s, Ask) for s in steps)
    assert all(text for text in game.variants.values())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_a_game_has_everything_it_needs_in_its_own_package(game):
    # Its package: every function of its Game is its own, from scorepad/games/<package>/, each module in ~600 lines.
    package = inspect.getmodule(game.steps).__name__.rsplit(".", 1)[0]
    folder = SCOREPAD / "games" / package.split(".")[-1]
    assert package.startswith("scorepad.games.") and (folder / "__init__.py").exists()
    for made in (game.steps, game.sheet, game.report, game.facts, game.figures.add, game.figures.text,
                 game.start_player, game.column_heading):
        assert inspect.getmodule(made).__name__ in (package, "scorepad.games.base") or \
            inspect.getmodule(made).__name__.startswith(package + "."), made
    assert all(len(path.read_text(encoding="utf-8").splitlines()) <= 600 for path in folder.glob("*.py"))
    # Its calculator and template (test_each_game_is_whole checks they are its own), its words, its export names.
    assert game.phrases and all(isinstance(w, str) or callable(w) for w in game.phrases.values())
    assert len({code.split(".")[0] for code in game.phrases}) == 1  # one prefix: the calculator's codes
    assert isinstance(game.bgg_id, int) and game.bgg_id > 0 and game.bgg_name
    assert 2 <= len(game.column_heading()) <= 6
    # Its sheet: blank, and filled from a finished session's score.
    blank = game.sheet(None, players=[""] * game.usual_table(), rounds=game.default_rounds or 1)
    session = session_of(doc_from_table(TABLES[game.slug], game))
    assert session.finished and blank["grids"]
    assert game.sheet(session.score(), players=session.players, date="2026-11-29")["grids"]
    # Its facts, kept as JSON and added up, merged and finished by its figures.
    facts = json.loads(json.dumps(game.facts(session, session.score())))
    assert isinstance(game.figures, Figures)
    sums, more = {}, {}
    played = {"id": 1, "game": game.slug, "date": None, "players": list(session.players), "facts": facts,
              "totals": {s.player: s.total for s in session.score().standings}}
    game.figures.add(sums, played, facts)
    game.figures.merge(more, sums)
    figures = game.figures.finish(more, list(more), str)
    assert figures and isinstance(game.figures.text(figures), str) and game.figures.text(figures)


def test_no_module_outside_the_games_names_a_game():
    """A string of scorepad's code outside scorepad/games/ that is a registered game's slug is a game's own
    knowledge kept elsewhere: a dict keyed by slug, a test of a slug (issue 20, point 5). Docstrings and help texts
    that name one inside an example are not slugs alone."""
    found = set()
    for path in sorted(SCOREPAD.rglob("*.py")):
        if path.is_relative_to(SCOREPAD / "games"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in SLUGS:
                found.add((path.relative_to(SCOREPAD.parent).as_posix(), node.value))
    assert not found, found


def test_registered_makes_a_game_answer_to_its_slug_while_the_block_runs():
    made = dataclasses.replace(by_slug("lost-cities"), slug="made-up-here",
                               phrases={"made-up-here.refused": "refused: {n}"})
    with registered(made) as game:
        assert game is made and by_slug("made-up-here") is made and "made-up-here" not in SLUGS
        assert say(Phrase("made-up-here.refused", {"n": 3})) == "refused: 3"  # scorepad.words has its wording
    with pytest.raises(InvalidInput) as unknown:
        by_slug("made-up-here")
    assert unknown.value.code == "game.unknown"
    with pytest.raises(KeyError):  # its wording is forgotten with it
        say(Phrase("made-up-here.refused", {"n": 3}))


def _setups():
    """Every player count with no variant, each variant alone, all variants and all modules together."""
    for game in GAMES:
        for count in game.players:
            for variants in ((), *((v,) for v in game.variants), tuple(game.variants)):
                for modules in ((), tuple(game.modules)):
                    yield pytest.param(game, count, variants, modules,
                                       id=f"{game.slug}-{count}-{'+'.join(variants) or 'official'}"
                                          f"{'-' + '+'.join(modules) if modules else ''}")


@pytest.mark.parametrize("game, count, variants, modules", list(_setups()))
def test_every_setup_guides_to_its_first_question(game, count, variants, modules):
    session = session_of(new_doc(game, [f"P{n}" for n in range(1, count + 1)], variants, None, modules))
    steps = game.steps(session)
    first = next(i for i, step in enumerate(steps) if isinstance(step, Ask))
    assert all(text(step.said()) for step in steps[:first])  # the setup guide, as `play` prints it
    assert game.report(session)  # `show` of a session with no answer yet
    for explanation, run in game.commands(session).values():
        assert explanation and all(isinstance(run(rest), (str, Content)) for rest in ("", "P1"))


# --- a game's words read in the chosen language (scorepad/games/base.py) ------------------------------------------

def test_a_games_title_blurb_labels_and_explanations_read_in_the_chosen_language():
    import dataclasses

    from pseudo import pseudo_language

    game = dataclasses.replace(by_slug("chinatown"), title="Chinatown", blurb="", variants={"four-seasons": "Four"},
                               modules={"open-cash": "Open"}, round_label="Year",
                               variant_labels={"four-seasons": "Season"})
    assert (game.title, game.blurb, game.round_label, dict(game.variants)) == ("Chinatown", "", "Year",
                                                                               {"four-seasons": "Four"})
    with pseudo_language():
        assert (game.title, game.blurb, game.label_for([]), game.label_for(["four-seasons"])) == (
            "«Chinatown»", "", "«Year»", "«Season»")  # an empty text stays empty (_("") is a catalogue's header)
        assert (dict(game.variants), dict(game.modules)) == ({"four-seasons": "«Four»"}, {"open-cash": "«Open»"})
        assert (game.label_key_for([]), game.label_key_for(["four-seasons"])) == ("Year", "Season")
        assert dataclasses.replace(game, title="Other").title == "«Other»"
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.title = "Chess"  # type: ignore[misc]


def test_a_game_may_name_its_fields_in_errors_as_its_players_do():
    import dataclasses

    from calculators.core import InvalidInput
    from conftest import TABLES
    from scorepad.games import registered
    from scorepad.table.travel import score_table

    game = by_slug("lost-cities")
    table = {**TABLES["lost-cities"], "rounds": [{"Ana": {"blue": [5, 2]}, "Ben": {}}]}
    with pytest.raises(InvalidInput) as plain:
        score_table(table, game)
    assert str(plain.value).startswith("round 1, player Ana, blue: ")
    labelled = dataclasses.replace(game, field_label=lambda key: {"blue": "Blue expedition"}.get(key))
    with registered(labelled):
        assert by_slug("lost-cities") is labelled
        with pytest.raises(InvalidInput) as refused:
            score_table(table, labelled)
        assert refused.value.game == "lost-cities"
        assert str(refused.value) == str(plain.value).replace(", blue: ", ", Blue expedition: ", 1)
        with pytest.raises(InvalidInput) as other:  # a field the game does not label: its key
            score_table({**table, "players": ["Ana", "Ana"]}, labelled)
        assert str(other.value).startswith("players: ")
    assert by_slug("lost-cities") is game and str(refused.value) == str(plain.value)  # the game's own labels again
