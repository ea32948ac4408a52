"""Every registered game is whole: a calculator, a guided game, a sheet template, and its own tests."""

import inspect
from pathlib import Path

import pytest

from scorepad import sheets
from scorepad.games import GAMES, by_slug, session_of
from scorepad.games.base import Ask, Say
from scorepad.session import new_doc

TESTS = Path(__file__).resolve().parent
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
    assert all(step.text() for step in steps[:first])  # the setup guide, as `play` prints it
    assert game.report(session)  # `show` of a session with no answer yet
    for explanation, run in game.commands(session).values():
        assert explanation and isinstance(run(""), str) and isinstance(run("P1"), str)


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
    from scorepad.session import score_table

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
