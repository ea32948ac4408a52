"""Terminals that are not the usual UTF-8 xterm (issue 23, points 5 and 9): an encoding that cannot hold every
name, Ctrl-C before the program is even loaded, TERM=dumb and NO_COLOR. Each is run as a player runs it: the real
`python -m scorepad` in a child process (in a pseudo-terminal where the terminal matters)."""

import io
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from conftest import LC11, from_a_shell
from scorepad.cli.plain import PlainPrompter
from scorepad.cli.prompter import Aborted
from scorepad.games import by_slug
from scorepad.store import Store
from scorepad.table.changes import new_doc

REPO = Path(__file__).resolve().parents[1]
ENCODINGS = ["latin-1", "cp1252", "cp437", "koi8-r"]


def run(*args, encoding="utf-8", **env):
    """`scorepad ARGS` with standard output and error in `encoding`: (exit code, stdout, stderr) as text."""
    done = subprocess.run([sys.executable, "-m", "scorepad", *map(str, args)], capture_output=True, timeout=60,
                          env={**os.environ, "PYTHONIOENCODING": encoding, **env}, cwd=REPO)
    return done.returncode, done.stdout.decode(encoding), done.stderr.decode(encoding)


@pytest.fixture(scope="module")
def match(tmp_path_factory):
    """A finished match between 李雷 and Zoë (names no 8-bit encoding holds both of)."""
    folder = tmp_path_factory.mktemp("encodings")
    table = folder / "t.json"
    table.write_text(json.dumps({**LC11, "players": ["李雷", "Zoë"],
                                 "rounds": [{"李雷": r["Ana"], "Zoë": r["Ben"]} for r in LC11["rounds"]]}),
                     encoding="utf-8")
    db = folder / "db.json"
    assert run("--db", db, "import", table)[0] == 0
    return db, table


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_every_command_writes_what_the_encoding_holds_and_replaces_the_rest(match, encoding):
    db, table = match
    commands = [["show", "1"], ["--lang", "ru", "score", "1"]]
    if encoding == "latin-1":  # the rest once: each command's own words and tables
        commands += [["--lang", "fa", "games"], ["--lang", "zh-Hant", "list"], ["players"], ["stats"],
                     ["export", "1", "--format", "csv"], ["--lang", "ar", "--help"]]
    for args in commands:
        code, out, err = run("--db", db, *args, encoding=encoding)
        assert code == 0 and "Traceback" not in err and "UnicodeEncodeError" not in err, (args, err)
        assert out.strip()
    code, out, err = run("--db", db, "show", "1", encoding=encoding)
    assert "Zo" in out and "??" in out  # 李雷 as ?? (Zoë too, where the encoding has no ë)
    code, out, err = run("--db", db, "--lang", "ru", "show", "99", encoding=encoding)
    assert code == 1 and err.count("\n") == 1 and "Traceback" not in err and " 99" in err  # the refusal, one line


@pytest.mark.parametrize("encoding", ["latin-1", "koi8-r"])
def test_json_keeps_every_name_whatever_the_encoding(match, encoding):
    db, table = match
    commands = [["list", "--json"], ["score", "1", "--json"]]
    if encoding == "latin-1":
        commands += [["players", "--json"], ["stats", "--json"]]
    for args in commands:
        code, out, err = run("--db", db, *args, encoding=encoding)
        assert code == 0 and err == "", (args, err)
        assert "李雷" in json.dumps(json.loads(out), ensure_ascii=False), args  # escaped as \u674e, never ?
    code, out, err = run("--db", db, "export", "1", encoding=encoding)
    assert json.loads(out)["players"] == ["李雷", "Zoë"]
    code, out, err = run("--db", db, "export", "--all", encoding=encoding)
    assert [json.loads(line)["players"] for line in out.splitlines()] == [["李雷", "Zoë"]]


# Ctrl-C pressed the moment one of these modules starts loading (sitecustomize's finder below): the last of
# scorepad/__init__.py's own imports (its handler is set by then), typer, the handlers' module, the command line,
# the engine, TinyDB and the command's helpers. An instant the test chooses, not one a timer guesses.
PRESSED_AT = ["scorepad.i18n", "typer", "scorepad.cli.signals", "scorepad.cli.output", "scorepad.table", "tinydb",
              "scorepad.cli.shared"]
CTRL_C_AT = """
import os, signal, sys

class CtrlC:  # presses Ctrl-C (SIGINT to this process) when the module named in $PRESS_CTRL_C_AT starts loading
    def find_spec(self, name, path=None, target=None):
        if name == os.environ["PRESS_CTRL_C_AT"]:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, CtrlC())
"""


@pytest.mark.parametrize("module", PRESSED_AT)
def test_ctrl_c_while_the_program_loads_prints_no_traceback_and_exits_130(tmp_path, module):
    """Ctrl-C while the modules load: the issue saw a KeyboardInterrupt traceback from whichever import was running
    (19 of 20 at 25-125 ms). The real `python -m scorepad list`, Ctrl-C at the default a shell gives it."""
    (tmp_path / "hook").mkdir()
    (tmp_path / "hook" / "sitecustomize.py").write_text(CTRL_C_AT)
    path = os.pathsep.join(filter(None, [str(tmp_path / "hook"), os.environ.get("PYTHONPATH")]))
    done = subprocess.run([sys.executable, "-m", "scorepad", "--db", tmp_path / "db.json", "list"],
                          capture_output=True, text=True, timeout=60, cwd=REPO, preexec_fn=from_a_shell,
                          env={**os.environ, "PYTHONPATH": path, "PRESS_CTRL_C_AT": module})
    assert (done.returncode, done.stdout) == (130, ""), done.stderr
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr, done.stderr


# --- TERM=dumb and NO_COLOR (issue 23, point 9): a pseudo-terminal that records every byte scorepad sends ------

def _session(tmp_path):
    db = tmp_path / "db.json"
    Store(db).insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], None))
    return db


def _recorded(args, answers, lines=40, **env):
    """`scorepad ARGS` in a pseudo-terminal 100 columns wide and `lines` tall: each answer sent once the child waits
    for a line (or, a bytes value, as it is), then Ctrl-C; (every byte it wrote, its exit status)."""


    child = pexpect.spawn(sys.executable, ["-m", "scorepad", *map(str, args)], cwd=str(REPO), timeout=20,
                          env={**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", **env}, dimensions=(lines, 100),
                          preexec_fn=from_a_shell)
    seen = io.BytesIO()
    child.logfile_read = seen
    for expected, answer in answers:
        child.expect_exact(expected.encode())
        child.send(answer)
    child.expect(pexpect.EOF)
    child.close()
    return seen.getvalue(), child.exitstatus


def test_a_dumb_terminal_gets_plain_lines(tmp_path):
    db = _session(tmp_path)
    answers = [("2. Ben", "be\r"), ("Yellow: ", "w3 4\r"), ("Blue: ", "xyz\r"), ("Blue: ", "\r"),
               ("White: ", "\x03")]
    sent, status = _recorded(["--db", db, "resume", "1"], answers, TERM="dumb")
    assert b"\x1b" not in sent, [line for line in sent.splitlines() if b"\x1b" in line][:3]
    text = sent.decode()
    assert "1. Ana" in text and "✗ xyz: 'x' is not a card" in text and "scorepad resume 1" in text
    assert status == 130
    assert [e["value"] for e in Store(db).get(1)["entries"]] == ["Ben", ["W", 3, 4], []]


def test_no_color_and_a_dumb_terminal_get_the_qr_code_without_colours(tmp_path):
    db = tmp_path / "db.json"
    table = tmp_path / "t.json"
    table.write_text(json.dumps(LC11), encoding="utf-8")
    assert run("--db", db, "import", table)[0] == 0
    for env in ({"TERM": "dumb"}, {"TERM": "xterm-256color", "NO_COLOR": "1"}):
        # 50 lines: the code (39 of them), its caption and the shell's prompt under it fit the window
        sent, status = _recorded(["--db", db, "export", "1", "--format", "bgstats-url", "--qr"], [], lines=50, **env)
        assert status == 0 and "▀".encode() in sent and b"\x1b" not in sent, env


def test_no_color_keeps_the_prompts_but_not_their_colours(tmp_path):
    db = _session(tmp_path)
    sent, status = _recorded(["--db", db, "resume", "1"], [("Ben", "\r"), ("Yellow:", "xyz\r"), ("✗", "\x03")],
                             TERM="xterm-256color", NO_COLOR="1")
    styles = set(re.findall(rb"\x1b\[([0-9;]*)m", sent))
    assert not [s for s in styles if re.search(rb"(^|;)(3[0-9]|4[0-9]|9[0-7]|38;5|48;5)", s)], styles
    assert status == 130


def test_the_plain_prompter_takes_what_the_real_prompts_take(monkeypatch, capsys):


    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join([
        "", "3",  # a text's default, then a refused answer and another
        "x", "zz", "۲", "be", "", "undo",  # menus: a number in Persian digits, letters, Enter, a prompt word
        "maybe", "n", "",  # yes or no
    ]) + "\n"))
    prompter = PlainPrompter()
    assert prompter.text("Loans:", default="3") == "3"
    assert prompter.text("Points:", validate=lambda t: None if t.isdigit() else "digits only") == "3"
    menu = ["Ana", "Ben", "Cai"]
    assert prompter.select("Who?", menu) == "Ben"  # x picks none, zz none, ۲ is 2
    assert prompter.select("Who?", menu) == "Ben"
    assert prompter.select("Who?", menu, default="Cai") == "Cai"
    assert prompter.select("Who?", menu, words=["undo"]) == "undo"
    assert prompter.confirm("Sure?") is False  # maybe asks again
    assert prompter.confirm("Sure?", default=True) is True
    with pytest.raises(Aborted):  # the end of the input: Ctrl-D
        prompter.text("More?")
    shown = capsys.readouterr().out
    assert "✗ x: none of the choices" in shown and "✗ zz" in shown and "  3. Cai" in shown and "[3] " in shown
    assert "\x1b" not in shown
