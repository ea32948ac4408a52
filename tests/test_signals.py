"""Ctrl-C, SIGTERM and SIGHUP at any instant (issue 13, point 2): real processes in a pty, and signals.py itself.

bench/signals.py runs the same trials at random instants (60 by default); here a few seeded ones.
"""

import importlib.util
import os
import signal
import sys
import weakref
from pathlib import Path

import pytest
from prompt_toolkit.application import Application
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from scorepad.cli import signals
from scorepad.store import Store

ROOT = Path(__file__).resolve().parent.parent
pexpect = pytest.importorskip("pexpect")


def _bench():
    spec = importlib.util.spec_from_file_location("bench_signals", ROOT / "bench" / "signals.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


bench = _bench()

# (when, signal, at which card question, how long after): the instants the campaign found ignored (0–20 ms
# after Enter), a question waiting, half an answer typed, the first menu, and the sheet being drawn and written.
TRIALS = [
    ("after-enter", "INT", 1, 0.0),
    ("after-enter", "INT", 4, 0.012),
    ("typing", "INT", 2, 0.0),
    ("menu", "INT", 0, 0.05),
    ("sheet", "INT", 0, 0.01),
    ("after-enter", "TERM", 5, 0.002),
    ("after-enter", "HUP", 3, 0.003),
]


@pytest.mark.parametrize("kind, signame, answer, delay", TRIALS)
def test_a_signal_at_any_instant_of_a_game_stops_it_at_once_with_every_confirmed_answer_stored(
        tmp_path, monkeypatch, kind, signame, answer, delay):
    monkeypatch.chdir(tmp_path)  # the sheet's default name is written here
    outcome = bench.trial(str(tmp_path), kind, signame, answer=answer, delay=delay)
    assert not outcome.late  # the signal came while the command ran
    assert outcome.seconds <= bench.WITHIN
    assert outcome.code == 128 + bench.SIGNALS[signame]
    assert not outcome.traceback
    assert outcome.resume_line is not False  # printed whenever the game is still open (and a screen is left)
    assert outcome.stored >= outcome.confirmed  # every answer whose echo the screen showed is stored
    assert not outcome.foreign
    assert outcome.ok, outcome.problems
    if kind == "sheet":
        assert outcome.stored == len(bench.GAME)


# --- signals.py in this process ---------------------------------------------------------------------------

@pytest.fixture
def handlers(shell_signals):
    """scorepad's handlers for the test (over a shell's dispositions), pytest's put back after it."""
    signals.install()
    yield
    signals.uninstall()


def test_a_signal_the_parent_ignored_stays_ignored():
    """Issue 29, point 9: `nohup scorepad import …` then SIGHUP went on to stop it (129)."""
    import subprocess
    import sys

    code = ("import os, signal, sys, time\n"
            "from scorepad.cli import signals\n"
            "signals.install()\n"
            "os.kill(os.getpid(), signal.SIGHUP)\n"
            "for _ in range(50):\n"
            "    sum(range(1000))\n"
            "print('still running')\n")
    ignored = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, stdin=subprocess.DEVNULL,
                             preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN), timeout=60)
    assert (ignored.returncode, ignored.stdout) == (0, "still running\n"), ignored.stderr
    caught = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, stdin=subprocess.DEVNULL,
                            preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_DFL), timeout=60)
    assert caught.returncode != 0 and "still running" not in caught.stdout


def _spin_until_interrupted(limit=2.0):
    """Run Python code (where a signal handler can raise) until Interrupted arrives; seconds it took."""
    import time

    start = time.monotonic()
    with pytest.raises(signals.Interrupted) as caught:
        while time.monotonic() - start < limit:
            sum(range(100))
    return caught.value, time.monotonic() - start


def test_a_signal_raises_interrupted_with_its_exit_code(handlers):
    with pytest.raises(signals.Interrupted) as caught:
        os.kill(os.getpid(), signal.SIGTERM)
        _spin_until_interrupted()
    assert (caught.value.signum, caught.value.code) == (signal.SIGTERM, 143)
    assert isinstance(caught.value, KeyboardInterrupt)  # asyncio lets it out of a prompt's event loop
    assert signals.taken() == 143


def test_an_answer_taken_is_stored_before_the_signal_stops_the_command(handlers):
    done = []
    with pytest.raises(signals.Interrupted):
        with signals.answering():
            signals.accepted()  # what the prompter says the moment Enter took the answer
            os.kill(os.getpid(), signal.SIGINT)
            sum(range(10_000))  # a signal handler has run by now: it waited
            done.append("stored")
    assert done == ["stored"]


def test_a_signal_before_the_answer_is_taken_stops_the_question_at_once(handlers):
    with signals.answering():
        with pytest.raises(signals.Interrupted):
            os.kill(os.getpid(), signal.SIGINT)
            _spin_until_interrupted()
        signals.taken()


def test_an_interrupt_that_a_library_swallows_is_raised_again(handlers):
    try:
        os.kill(os.getpid(), signal.SIGINT)
        sum(range(10_000))
    except BaseException:  # noqa: BLE001 - what some libraries do (prompt_toolkit, reportlab)
        pass
    error, seconds = _spin_until_interrupted()
    assert error.signum == signal.SIGINT
    assert seconds < 2 * signals.REDELIVER
    signals.taken()


def test_an_interrupt_raised_in_a_weakref_callback_prints_nothing_and_is_raised_again(handlers, capfd):
    class Thing:
        pass

    def callback(ref):
        os.kill(os.getpid(), signal.SIGINT)
        sum(range(10_000))  # raised here, where Python can only drop it

    thing = Thing()
    ref = weakref.ref(thing, callback)  # noqa: F841 - kept alive until the thing goes
    del thing
    error, _ = _spin_until_interrupted()
    signals.taken()
    assert error.signum == signal.SIGINT
    assert capfd.readouterr().err == ""


# --- the store, interrupted between a session file and its summary ------------------------------------------

def _interrupt_at(monkeypatch, *calls):
    """os.replace raises Interrupted at these calls (1: the summary, 2: the session file, written last, 3: the
    repair)."""
    real, count = os.replace, [0]

    def replace(src, dst):
        count[0] += 1
        if count[0] in calls:
            os.unlink(src)
            raise signals.Interrupted(signal.SIGINT)
        real(src, dst)

    monkeypatch.setattr(os, "replace", replace)


def test_an_interrupt_between_a_session_file_and_its_summary_is_repaired_at_once(tmp_path, monkeypatch):
    summarize = lambda doc: {"status": doc.get("status")}  # noqa: E731
    store = Store(tmp_path / "db.json", summarize=summarize)
    store.insert({"game": "lost-cities", "status": "playing"})
    _interrupt_at(monkeypatch, 2)
    with pytest.raises(signals.Interrupted):
        store.update(1, lambda doc: doc.update(status="finished"))
    monkeypatch.undo()
    assert store.get(1)["status"] == "playing"  # the session file is the truth: not reached, nothing changed
    assert store.summaries()[1] == {"status": "playing"}
    assert not list((tmp_path / "db.json.d").glob("pending-*"))


def test_a_second_interrupt_during_the_repair_leaves_it_to_the_next_run(tmp_path, monkeypatch):
    summarize = lambda doc: {"status": doc.get("status")}  # noqa: E731
    store = Store(tmp_path / "db.json", summarize=summarize)
    store.insert({"game": "lost-cities", "status": "playing"})
    _interrupt_at(monkeypatch, 2, 3)
    with pytest.raises(signals.Interrupted):
        store.update(1, lambda doc: doc.update(status="finished"))
    monkeypatch.undo()
    assert list((tmp_path / "db.json.d").glob("pending-*"))
    store = Store(tmp_path / "db.json", summarize=summarize)
    assert store.summaries()[1] == {"status": "playing"}  # a reader sees it right already
    store.insert({"game": "azul", "status": "playing"})  # the next writer repairs the index
    assert not list((tmp_path / "db.json.d").glob("pending-*"))
    assert Store(tmp_path / "db.json", summarize=summarize).summaries()[1] == {"status": "playing"}  # the index


def test_a_stopping_signal_that_reaches_a_prompts_loop_is_not_printed_with_press_enter(capsys, caplog,
                                                                                     shell_signals):
    """A signal raised inside one of the prompt's tasks reaches the loop later as "Task exception was never
    retrieved": prompt_toolkit's handler would print it and wait for Enter. scorepad's says nothing of it (the
    signal is stopping the command already) and leaves anything else to asyncio's handler."""
    with create_pipe_input() as keys:
        app = Application(input=keys, output=DummyOutput())
        options = signals.prompt_options(app)
        started = options["pre_run"]

        def pre_run():
            started()
            loop = app.future.get_loop()
            loop.call_soon(loop.call_exception_handler, {"message": "Task exception was never retrieved",
                                                          "exception": signals.Interrupted(signal.SIGINT)})
            loop.call_soon(loop.call_exception_handler, {"message": "another", "exception": ValueError("a bug")})
            loop.call_later(0.05, app.exit)

        app.run(**{**options, "pre_run": pre_run})
    signals.uninstall()
    printed = capsys.readouterr()
    assert "Press ENTER" not in printed.out + printed.err and "Unhandled exception" not in printed.out + printed.err
    assert [record.getMessage() for record in caplog.records] == ["another"]  # asyncio's own handler


def test_a_signal_while_a_commands_modules_load_waits_for_them(capsys, shell_signals):
    """Ctrl-C inside an import (a dataclass's __set_name__ turns the exception into another, with a traceback):
    within `held` the signal waits, and stops the command at the block's end."""
    signals.install()
    try:
        loaded = []
        with pytest.raises(signals.Interrupted):
            with signals.held():
                os.kill(os.getpid(), signal.SIGINT)
                loaded.append("the module")  # not cut
        assert loaded == ["the module"] and signals.pending() == signal.SIGINT
    finally:
        signals.uninstall()


@pytest.mark.parametrize("when", ["while it is drawn", "while it is written"])
def test_ctrl_c_as_a_sheet_finishes_leaves_a_whole_pdf_said_to_be_or_nothing(handlers, tmp_path, monkeypatch, when):
    """Issue 29, point 9: Ctrl-C while `sheet` finished left a complete PDF and said nothing of it."""
    import json

    from conftest import TABLES, invoke

    from scorepad import sheets
    from scorepad.cli import printing

    table = tmp_path / "lc.json"
    table.write_text(json.dumps(TABLES["lost-cities"]))
    out = tmp_path / "lc.pdf"
    if when == "while it is written":
        write = printing.write_atomically

        def write_then_ctrl_c(*args, **kwargs):
            written = write(*args, **kwargs)
            os.kill(os.getpid(), signal.SIGINT)  # the file is whole on disk; the message is not said yet
            return written

        monkeypatch.setattr(printing, "write_atomically", write_then_ctrl_c)
    else:
        draw = sheets.render

        def ctrl_c_while_drawing(*args, **kwargs):
            os.kill(os.getpid(), signal.SIGINT)
            return draw(*args, **kwargs)

        monkeypatch.setattr(sheets, "render", ctrl_c_while_drawing)
    result = invoke("sheet", "--table", table, "-o", out)
    assert result.exit_code == 130, result.output
    if when == "while it is written":
        assert out.read_bytes().startswith(b"%PDF") and out.read_bytes().rstrip().endswith(b"%%EOF")
        assert f"Wrote {out}" in result.stdout, result.output
    else:
        assert not out.exists() and "Wrote" not in result.output
        assert list(tmp_path.iterdir()) == [table]  # no temporary file either


def test_a_signal_while_a_prompt_loads_its_history_prints_no_traceback(caplog):
    """Seen under load in the suite: Ctrl-C inside prompt_toolkit's history-loading task was logged by it as
    "Loading history failed" with a traceback (the command still stopped, exit 130)."""
    import logging

    from scorepad.cli import prompts  # noqa: F401  (its filter is set when the prompts are loaded)

    logger = logging.getLogger("prompt_toolkit.buffer")
    try:
        raise signals.Interrupted(2)
    except KeyboardInterrupt:
        logger.exception("Loading history failed")
    try:
        raise ValueError("a real fault")
    except ValueError:
        logger.exception("Loading history failed")
    faults = [record.exc_info[1] for record in caplog.records if record.name == "prompt_toolkit.buffer"]
    assert [type(fault) for fault in faults] == [ValueError]  # anything else is still said
