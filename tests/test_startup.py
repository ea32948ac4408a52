"""The modules loaded late on purpose (docs/architecture.md: the sheets, the QR code, the terminal's prompts) stay
out of the commands that do not need them, and so do their libraries."""

import json
import subprocess
import sys

import pytest

from conftest import TABLES, from_a_shell
from scorepad.games import GAMES

HEAVY = ("reportlab", "PIL", "questionary", "prompt_toolkit", "fontTools", "arabic_reshaper", "segno", "starlette",
         "uvicorn", "jinja2")


def test_every_game_has_a_table_here():
    assert sorted(TABLES) == sorted(g.slug for g in GAMES)


@pytest.fixture(params=sorted(TABLES))
def table_file(request, tmp_path):
    path = tmp_path / f"{request.param}.json"
    path.write_text(json.dumps(TABLES[request.param]))
    return path


def imported(*args, env=None):
    """The modules a real `python -m scorepad ARGS` imports, read from -X importtime."""
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "scorepad", *map(str, args)],
                            capture_output=True, text=True, env=env)
    modules = {line.split("|")[-1].strip() for line in result.stderr.splitlines() if line.startswith("import time:")}
    return result, {m.split(".")[0] for m in modules}


@pytest.fixture
def env(database, monkeypatch):
    import os

    return dict(os.environ)


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["games"], ["score", "--help"]])
def test_help_and_listing_import_nothing_heavy(args, env):
    result, top = imported(*args, env=env)
    assert result.returncode == 0
    assert not top & set(HEAVY)


def test_score_table_imports_nothing_heavy(table_file, env):
    # (The store and TinyDB come with the command line, whose imports stand at the top; filelock with a write.)
    result, top = imported("score", "--table", table_file, "--json", env=env)
    assert result.returncode == 0
    assert not top & set(HEAVY)


def test_database_commands_do_not_import_reportlab(table_file, env):
    for args in (["import", table_file], ["list"], ["show", "1"], ["score", "1"], ["export", "1"], ["stats"]):
        result, top = imported(*args, env=env)
        assert result.returncode == 0, result.stderr[-500:]
        assert not top & set(HEAVY)
        if args[0] != "import":  # a command that only reads takes no lock
            assert "filelock" not in top, args


def test_list_of_every_game_imports_nothing_heavy(tmp_path, env, store):
    # Every game stored, one in progress (its leader "after round N"), listed by fresh processes.
    from conftest import LC11_TYPED, run
    from scorepad.games import by_slug
    from scorepad.cli.prompter import Aborted
    from scorepad.table.changes import new_doc

    for slug, table in TABLES.items():
        path = tmp_path / f"{slug}.json"
        path.write_text(json.dumps(table))
        subprocess.run([sys.executable, "-m", "scorepad", "import", str(path)], env=env, check=True,
                       capture_output=True)
    session_id = store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 3, seed=7))
    with pytest.raises(Aborted):
        run(store, session_id, ["Ben", *LC11_TYPED[0], Aborted()])
    # That store makes basic summaries: the first `list` makes scorepad's own (once, as after an upgrade).
    subprocess.run([sys.executable, "-m", "scorepad", "list"], env=env, check=True, capture_output=True)
    for args in (["list"], ["list", "--all"], ["list", "--json"], ["list", "--status", "finished"]):
        result, top = imported(*args, env=env)
        assert result.returncode == 0 and not top & set(HEAVY), (args, result.stderr[-500:])
    assert "after game 1" in subprocess.run([sys.executable, "-m", "scorepad", "list"], env=env, capture_output=True,
                                            text=True).stdout


def test_only_sheet_imports_reportlab(table_file, tmp_path, env):
    result, top = imported("sheet", "--table", table_file, "-o", tmp_path / "x.pdf", env=env)
    assert result.returncode == 0
    assert "reportlab" in top and not top & {"questionary", "prompt_toolkit"}


def play_imports(env, slug, players, rounds, answers):
    """reportlab/PIL modules loaded by a fresh process that plays `slug` through the answers (ends on Aborted)."""
    script = (
        "import sys\n"
        "from scorepad.store import Store, default_path\n"
        "from scorepad.table.changes import new_doc\n"
        "from scorepad.games import by_slug\n"
        "from scorepad.cli.play import play\n"
        "from scorepad.cli.prompter import Aborted, ScriptedPrompter\n"
        "store = Store(default_path())\n"
        f"i = store.insert(new_doc(by_slug({slug!r}), {players!r}, [], {rounds!r}))\n"
        "try:\n"
        f"    play(store, i, ScriptedPrompter({answers} + [Aborted()]), lambda text: None)\n"
        "except (Aborted, AssertionError):\n"  # AssertionError: a word typed at a menu, which takes none
        "    pass\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'PIL')))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_play_loop_does_not_import_reportlab(env):
    # A whole one-game match, to its end.
    assert play_imports(env, "lost-cities", ["Ana", "Ben"], 1, "['Ana', 'w3'] + [''] * 9") == "[]\n"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_no_game_guide_imports_reportlab(game, env):
    # The setup guide and the first question of each game, with the words a player may type there.
    players = [f"P{n}" for n in range(1, game.players[0] + 1)] if game.players[0] > 1 else ["P1", "P2"]
    assert play_imports(env, game.slug, players, None, "['help', 'summary']") == "[]\n"


@pytest.mark.parametrize("args", [["games"], ["--help"], ["list"]])
def test_the_collector_pauses_while_the_program_loads_and_runs_for_the_command(args, env):
    """Started as the program, scorepad loads its modules with the collector paused (objects that live as long as
    the process), and runs the command with it on: a long game or a host's evening collects as usual."""
    code = ("import atexit, gc, sys; sys.argv = ['scorepad', *sys.argv[1:]]; import scorepad; "
            "print('loading', gc.isenabled(), file=sys.stderr); "
            "atexit.register(lambda: print('ran', gc.isenabled(), file=sys.stderr)); "
            "from scorepad.cli import main; main()")
    result = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env,
                            preexec_fn=from_a_shell)  # Ctrl-C at its default, as a shell starts the program
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == ["loading False", "ran True"]
