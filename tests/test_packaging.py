"""What a non-editable install (CI's, a player's) carries: every package of the source tree, by name."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_is_installed():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(path.parent.relative_to(ROOT).parts) for top in ("scorepad", "calculators")
             for path in (ROOT / top).rglob("__init__.py")}
    assert found <= listed, sorted(found - listed)
