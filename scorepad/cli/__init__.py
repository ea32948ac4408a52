"""The command line: the only part of scorepad that prints, exits or makes a prompter.

`app` is the typer app, `main` the `scorepad` command (pyproject.toml's [project.scripts]). Each command's module
registers its commands on `app` when the command is first asked for (scorepad/cli/root.py's COMMANDS).
"""

from scorepad.cli.root import app, main

__all__ = ["app", "main"]
