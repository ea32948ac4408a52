"""The command line: the only part of scorepad that prints, exits or makes a prompter.

`app` is the typer app, `main` the `scorepad` command (pyproject.toml's [project.scripts]). Each module imported
below registers its commands on `app`; `scorepad --help` lists them in this order (command groups last).
"""

from scorepad.cli.root import app, main

from scorepad.cli import playing  # noqa: E402,F401,I001 - games, play, resume, undo, edit, delete
from scorepad.cli import reading  # noqa: E402,F401 - list, show, score
from scorepad.cli import files  # noqa: E402,F401 - export, import, sheet
from scorepad.cli import hosting  # noqa: E402,F401 - host
from scorepad.cli import people  # noqa: E402,F401 - stats; the players group

__all__ = ["app", "main"]
