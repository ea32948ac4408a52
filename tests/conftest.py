"""Every test gets its own database: nothing here may touch a real home."""

import json

import pytest

W = "W"
# LC-11 of shared/rules/lost-cities-and-next-station-london.md: three games, Ben 136, Ana 66.
LC11 = {
    "game": "lost-cities", "variants": [], "players": ["Ana", "Ben"],
    "rounds": [
        {"Ana": {"yellow": [W, 3, 4, 6, 8, 9], "blue": [2, 5, 7, 10], "green": [W, W], "red": [4, 6, 7, 8, 9, 10]},
         "Ben": {"white": [W, W, 2, 3, 4, 5, 6, 7], "blue": [W, 3, 4, 6, 8, 9], "green": [5, 8], "red": [2, 3, 5]}},
        {"Ana": {"yellow": [4, 5, 7, 8, 10], "white": [W, 3, 6, 7, 9], "blue": [2, 3, 6, 9, 10],
                 "red": [W, 5, 6, 8, 9, 10]},
         "Ben": {"yellow": [2, 3, 6, 9], "green": [W, W, 3, 4, 5, 6, 7, 8], "white": [2, 4, 5, 8, 10], "red": [2, 3, 4]}},
        {"Ana": {"blue": [W, W, 5, 7], "red": [3, 4, 6, 7, 8, 9, 10], "green": [2, 5, 8, 10]},
         "Ben": {"white": [2, 4, 5, 6, 7, 8, 9, 10], "yellow": [W, 3], "green": [W, 3, 4, 6, 7, 9]}},
    ],
}
# The same match as typed at the prompts, colour by colour (yellow, blue, white, green, red), Ana then Ben.
LC11_TYPED = [
    ["w3 4 6 8 9", "2 5 7 10", "", "ww", "4678910", "", "w34689", "w w 2 3 4 5 6 7", "58", "235"],
    ["4 5 7 8 10", "2 3 6 9 10", "w3679", "", "w5689 10", "2369", "", "2 4 5 8 10", "ww345678", "234"],
    ["", "ww57", "", "2 5 8 10", "3 4 6 7 8 9 10", "w3", "", "2 4 5 6 7 8 9 10", "w34679", ""],
]


@pytest.fixture(autouse=True)
def database(tmp_path, monkeypatch):
    path = tmp_path / "db" / "scorepad.json"
    monkeypatch.setenv("SCOREPAD_DB", str(path))
    return path


@pytest.fixture
def lc11_file(tmp_path):
    path = tmp_path / "lc11.json"
    path.write_text(json.dumps(LC11))
    return path
