"""docs/table-format.md cannot drift: every example in it is scored by `scorepad score --table` here.

A JSON block after `<!-- table -->` must score, and the `Scored:` line under it gives the standings and the
winners as scorepad computes them; after `<!-- score --json -->` comes the exact JSON output of the table
before it; after `<!-- error -->` a table scorepad refuses, then the exact error line in a text block.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorepad import cli
from scorepad.cli import terminal
from scorepad.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "table-format.md"
TEXT = DOC.read_text(encoding="utf-8")
# A fenced block with the marker comment (if any) on the line before it.
BLOCK = re.compile(r"(?:<!-- (?P<mark>[^>]*?) -->\n)?```(?P<lang>\w*)\n(?P<body>.*?)\n```", re.S)
BLOCKS = [(m.group("mark"), m.group("lang"), m.group("body"), m.end()) for m in BLOCK.finditer(TEXT)]
MARKS = ("table", "error", "import error", "score --json", "list --json", "shape", "stats --json", "export csv")


def examples(mark):
    return [(body, end) for m, lang, body, end in BLOCKS if m == mark]


def ids(mark):
    """`lost-cities@L42`: the game and the line where the example ends in the document, to find a failing one."""
    return [f"{json.loads(body)['game']}@L{TEXT[:end].count(chr(10)) + 1}" for body, end in examples(mark)]


def score(tmp_path, body, *extra):
    path = tmp_path / "table.json"
    path.write_text(body, encoding="utf-8")
    return CliRunner().invoke(cli.app, ["score", "--table", str(path), *extra])


def number(text):
    return int(text.replace("−", "-").replace("$", "").replace(",", ""))


def scored_line(end):
    """The `Scored: **Ben 136 · Ana 66**; Ben wins.` line that follows a table, as (standings, sentence)."""
    rest = TEXT[end:]
    match = re.search(r"^Scored: \*\*(.+?)\*\*; (.+?)\.", rest, re.M)
    assert match and match.start() < rest.find("```"), "a table example needs its Scored: line"
    standings = [(name, number(total)) for name, total in (s.rsplit(" ", 1) for s in match.group(1).split(" · "))]
    return standings, match.group(2)


def sentence(result):
    """What the Scored: line says after the standings, from the JSON result."""
    standings, winners = result["standings"], result["winners"]
    if len(standings) == 1:
        return f"{winners[0]} scores {standings[0]['total']}"
    verb = ("wins" if len(winners) == 1 else "win") if result["finished"] else ("leads" if len(winners) == 1 else "lead")
    return f"{' and '.join(winners)} {verb}"


@pytest.mark.parametrize("body, end", examples("table"), ids=ids("table"))
def test_each_table_example_scores_as_written(tmp_path, body, end):
    result = score(tmp_path, body, "--json")
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    standings, said = scored_line(end)
    assert standings == [(s["player"], s["total"]) for s in out["standings"]]
    assert said == sentence(out)
    readable = score(tmp_path, body)  # the command the document tells a reader to run
    assert readable.exit_code == 0 and readable.stderr == ""


def test_the_json_output_shown_is_the_output(tmp_path):
    shown = [(json.loads(body), end) for body, end in examples("score --json")]
    assert shown
    tables = examples("table")
    for output, end in shown:
        table = max((t for t in tables if t[1] < end), key=lambda t: t[1])[0]  # the table just before it
        result = score(tmp_path, table, "--json")
        assert result.exit_code == 0, result.stderr
        assert json.loads(result.stdout) == output


@pytest.mark.parametrize("body, end", examples("error"), ids=ids("error"))
def test_each_error_example_is_refused_with_the_line_shown(tmp_path, body, end):
    line = re.match(r"\s*```text\n(.*?)\n```", TEXT[end:], re.S)
    assert line, "an error example needs its error line in a ```text block right after it"
    result = score(tmp_path, body)
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", line.group(1) + "\n")


@pytest.mark.parametrize("body, end", examples("import error"), ids=ids("import error"))
def test_each_import_error_example_is_refused_and_stores_nothing(tmp_path, body, end):
    line = re.match(r"\s*```text\n(.*?)\n```", TEXT[end:], re.S)
    assert line, "an import error example needs its error line in a ```text block right after it"
    path = tmp_path / "table.json"
    path.write_text(body, encoding="utf-8")
    result = CliRunner().invoke(cli.app, ["import", str(path)])
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", line.group(1) + "\n")
    assert CliRunner().invoke(cli.app, ["list"]).stdout.startswith("No sessions yet")


WITH_SESSION = [e for e in examples("table") if "session" in json.loads(e[0])]


@pytest.mark.parametrize("body, end", WITH_SESSION, ids=[i for e, i in zip(examples("table"), ids("table"))
                                                         if e in WITH_SESSION])
def test_a_table_with_its_session_imports_and_exports_back_the_same(tmp_path, body, end):
    path = tmp_path / "table.json"
    path.write_text(body, encoding="utf-8")
    imported = CliRunner().invoke(cli.app, ["import", str(path)])
    assert imported.exit_code == 0, imported.stderr
    exported = CliRunner().invoke(cli.app, ["export", imported.stdout.strip()])
    assert json.loads(exported.stdout) == json.loads(body)
    again = CliRunner().invoke(cli.app, ["import", str(path)])
    assert (again.exit_code, again.stderr) == (1, f"Error: already stored as session {imported.stdout.strip()} "
                                                  "(--again stores a copy)\n")


def test_the_game_in_progress_resumes_where_the_document_says(tmp_path, monkeypatch):
    from scorepad.cli.prompter import Aborted, ScriptedPrompter

    (body, end), = [e for e in examples("table") if json.loads(e[0]).get("session", {}).get("status") == "playing"]
    assert "then `scorepad resume ID`, asks\nfor Ana's blue expedition of game 2." in TEXT[end:end + 400]
    path = tmp_path / "table.json"
    path.write_text(body, encoding="utf-8")
    session_id = CliRunner().invoke(cli.app, ["import", str(path)]).stdout.strip()
    prompter = ScriptedPrompter([Aborted()])
    monkeypatch.setattr(terminal, "stdin_is_tty", lambda: True)
    monkeypatch.setattr(terminal, "make_prompter", lambda: prompter)
    CliRunner().invoke(cli.app, ["resume", session_id])
    assert prompter.asked[0].startswith("Game 2 · Ana · Blue")


def test_the_list_stats_and_csv_shown_are_what_scorepad_prints_after_importing_the_dated_examples(tmp_path):
    (shown, end), = examples("list --json")
    dated = [body for body, _ in examples("table") if "date" in json.loads(body)]
    assert len(dated) == 4 and "the four examples above that have a `date`" in TEXT[end - 1500:end]
    paths = []
    for n, body in enumerate(dated):
        paths.append(tmp_path / f"{n}.json")
        paths[-1].write_text(body, encoding="utf-8")
    imported = CliRunner().invoke(cli.app, ["import", *map(str, paths)])
    assert (imported.exit_code, imported.stdout) == (0, "1\n2\n3\n4\n"), imported.stderr
    listed = CliRunner().invoke(cli.app, ["list", "--json"])
    assert listed.exit_code == 0, listed.stderr
    assert json.loads(listed.stdout) == json.loads(shown)
    (stats, _end), = examples("stats --json")
    counted = CliRunner().invoke(cli.app, ["stats", "--json"])
    assert counted.exit_code == 0 and json.loads(counted.stdout) == json.loads(stats), counted.stderr
    (rows, _end), = examples("export csv")
    exported = CliRunner().invoke(cli.app, ["export", "--all", "--format", "csv"])
    assert exported.exit_code == 0 and exported.stdout.replace("\r\n", "\n") == rows + "\n", exported.stderr


def test_every_table_in_the_document_is_checked():
    # A table file shown without a marker would not be checked: every block that names a game and its
    # players is an example (or, marked `shape`, the one outline of the common shape).
    for mark, lang, body, _ in BLOCKS:
        try:
            data = json.loads(body)
        except ValueError:
            continue
        if isinstance(data, dict) and "game" in data and "players" in data:
            assert mark in MARKS, body[:80]
    assert [m for m, *_ in BLOCKS if m and m not in MARKS] == []


def test_every_game_has_a_complete_example():
    shown = {json.loads(body)["game"] for body, _ in examples("table")}
    assert shown == {g.slug for g in GAMES}


def test_the_variants_and_modules_table_is_the_registry():
    rows = re.findall(r"^\| ((?:`[\w-]+`(?:, )?)+) \| (.+?) \| (.+?) \|$", TEXT, re.M)
    listed = {}
    for slugs, variants, modules in rows:
        for slug in re.findall(r"`([\w-]+)`", slugs):
            listed[slug] = (re.findall(r"`([\w-]+)`", variants), re.findall(r"`([\w-]+)`", modules))
    assert listed == {g.slug: (list(g.variants), list(g.modules)) for g in GAMES}


def test_the_readme_links_the_document_and_says_how_to_get_scorepad_on_path():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "](docs/table-format.md)" in readme and "shared/" not in readme
    assert ". .venv/bin/activate" in readme and "pipx install ." in readme and "uv tool install ." in readme
