"""The house's shape, held by the suite (docs/architecture.md): import-linter's contracts (the layers, each game on
its own, no import cycles), and imports at the top of a module but for the few loaded late on purpose."""

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# What is imported inside a function, on purpose (docs/architecture.md, "Imports stand at the top"): the module
# imported, and where it may be. A heavy package loaded by the command that needs it, and nowhere else.
LATE = {
    "scorepad.sheets": {"scorepad/cli/people.py", "scorepad/cli/printing.py"},  # reportlab, fontTools …
    "scorepad.qr": {"scorepad/cli/printing.py", "scorepad/cli/hosting.py"},  # segno
    "scorepad.cli.prompts": {"scorepad/cli/terminal.py"},  # questionary, prompt_toolkit
    "scorepad.web": {"scorepad/cli/hosting.py"},  # Starlette, uvicorn, Jinja2
    "filelock": {"scorepad/store/lock.py"},  # only a command that writes takes the lock
    "wcwidth": {"scorepad/grid.py"},  # only a text beyond ASCII is measured by it
    "scorepad.sheets.subset": {"scorepad/sheets/fonts.py"},  # a Chinese font subset not cached yet
    "scorepad.sheets.report": {"scorepad/sheets/__init__.py"},  # the stats report's drawing
}


def lint_imports() -> str:
    found = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")
    if found is None:
        pytest.skip("import-linter is not installed (pip install '.[test]')")
    return found


def test_the_layers_hold_and_nothing_imports_in_a_circle():
    done = subprocess.run([lint_imports(), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "3 kept, 0 broken" in done.stdout


def late_imports() -> dict[str, set[str]]:
    """Every module imported inside a function or method: module → the files that do it."""
    found: dict[str, set[str]] = {}
    for path in sorted([*ROOT.glob("scorepad/**/*.py"), *ROOT.glob("calculators/*.py")]):
        where = path.relative_to(ROOT).as_posix()
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Import):
                    for alias in node.names:
                        found.setdefault(alias.name, set()).add(where)
                elif isinstance(node, ast.ImportFrom):
                    names = [f"{node.module}.{alias.name}" for alias in node.names]
                    module = node.module if node.module not in ("scorepad", "scorepad.sheets") else None
                    for name in [module] if module else names:
                        found.setdefault(name, set()).add(where)
    return found


def test_imports_stand_at_the_top_but_for_the_named_few():
    def allowed(module: str) -> set[str]:  # a package's modules are loaded late where the package is
        names = [name for name in LATE if module == name or module.startswith(name + ".")]
        return LATE[max(names, key=len)] if names else set()

    unexpected = {module: files - allowed(module) for module, files in late_imports().items()}
    assert not {m: f for m, f in unexpected.items() if f}


def test_the_named_few_are_still_late():
    """A late import that is no longer made is no longer an exception: its line here goes."""
    late = late_imports()
    assert {module for module in LATE if module not in late} == set()
