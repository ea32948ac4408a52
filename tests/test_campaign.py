"""The reliability campaign (bench/campaign.py, issues 13, 21 and 23) in miniature: `--short`, a few trials of
each family, each held to what the full campaign must show (nothing lost, nothing damaged, one `Error:` line, no
traceback)."""

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import campaign, misuse  # noqa: E402

# What issue 13's families must show besides no broken trial, in their figures.
FIGURES = {
    # A kill at a random instant: nothing confirmed lost or damaged; the next run removed what the killed one left.
    **{name: lambda f: f["lost"] == f["damaged"] == f["left_after"] == 0
       for name in ("kill-import", "kill-play", "kill-edit", "kill-migrate")},
    "kill-steps": lambda f: f["runs"] >= 3,  # a step of each: import, edit, an answer, migration
    "writers": lambda f: f["lost"] == f["duplicates"] == f["failures"] == 0 and f["reads"] > 0,
    "two-terminals": lambda f: f["replaced"] == 0,
    "hostile-db": lambda f: f["bad"] == f["touched"] == f["accepted_damage"] == 0 and f["refused"] > 100,
    "tables": lambda f: f["accepted"] > 10 and f["refused"] > 10,  # both kinds were made
    "fuzz-prompts": lambda f: f["crashes"] == f["silent"] == 0 and f["refused"] > 0,
}


@pytest.mark.parametrize("name", list(campaign.families()))
def test_the_short_campaign_passes_as_the_suite_runs_it(name):
    """`python -m bench.campaign --short --seed 23`, every family (issue 13's, 23's and the phones' server's), as
    the issue asks of the suite: one test a family, with the campaign's own seed for it, so that the suite's
    workers share them. The seed is fixed: another draws other trials (the full campaign's business), and may
    meet a point still open."""
    row = campaign.run_family(name, True, random.Random(f"23-{name}"))
    if row.runs == "skipped":  # a trial this machine cannot make (a small disk needs root)
        pytest.skip(row.result)
    assert row.broken == 0, row.result
    if name in FIGURES:
        assert FIGURES[name](row.figures), row.result


def test_a_full_disk_gives_one_error_line_and_changes_nothing(tmp_path):
    # An import into a full 1 MB disk and an answer in play when the disk fills up: both refused (the short
    # campaign's third trial, a disk out of inodes, may fit).
    row = campaign.FAMILIES["disk-full"][0](n=2, rng=random.Random("disk-full"), work=tmp_path)
    if row.runs == "skipped":
        pytest.skip(row.result)
    assert row.figures["failed"] == 2 and row.broken == 0, row.result


def test_the_campaign_runs_every_family_and_fails_on_a_broken_row(monkeypatch, capsys):
    # `python -m bench.campaign --short` itself, its families stood in for (each is a test above).
    ran = []

    def run_family(name, short, rng):
        ran.append((name, short, rng.random() == random.Random(f"23-{name}").random()))
        return campaign.Row(name, "1", "seen", broken=int(name == "links"))

    monkeypatch.setattr(campaign, "run_family", run_family)
    assert campaign.main(["--short", "--seed", "23"]) == 1
    assert ran == [(name, True, True) for name in campaign.families()]
    rows = capsys.readouterr().out.splitlines()[2:]  # under the table's head
    assert rows == [f"| {name} | 1 | seen |" for name in campaign.families()]


def test_the_table_has_a_row_per_family_in_the_issues_shape():
    rows = [campaign.Row("trial one", "3", "0 lost"), campaign.Row("trial two", "skipped", "skipped: needs root")]
    assert campaign.table(rows).splitlines() == ["| trial | runs | result |", "|---|---|---|",
                                                 "| trial one | 3 | 0 lost |",
                                                 "| trial two | skipped | skipped: needs root |"]


# --- issue 23's families (bench/misuse.py) ---------------------------------------------------------------------

def test_a_check_waiting_for_another_branch_counts_apart_and_says_when_it_holds(monkeypatch):
    monkeypatch.setitem(misuse.WAITING, "9", "a fix elsewhere")
    tally = misuse.Tally()
    tally.check(True, "fine")
    tally.check(False, "not yet", point="9")
    row = tally.row("a trial", "2", "seen")
    assert row.broken == 0 and row.figures["waiting"] == {"9": 1} and "1 waiting for point 9" in row.result
    tally = misuse.Tally()
    tally.check(True, "it holds now", point="9")
    tally.check(False, "broken")
    row = tally.row("a trial", "2", "seen")
    assert row.broken == 1 and "point 9 holds now" in row.result
