"""Four phones answering at the same moment, in a real browser (Chromium at phone size, issue 27): a Chinatown
year's end and London's final figures. Every answer is recorded, and no phone shows a refusal."""

import json

from test_web_browser import browser, exported, host, phone  # noqa: F401 (the fixtures, shared)

PLAYERS = ("Ana", "Ben", "Cai", "Dee")

# Every open answer of the page sent at once: each form's OK pressed in the same task, none awaiting another.
SEND_ALL = """() => {
  const buttons = [...document.querySelectorAll("form.question .typed button")];
  for (const button of buttons) button.click();
  return buttons.length;
}"""


def fill(page, at, text):
    page.locator(f"form.question[data-at='{_json(at)}'] input[name=value]").fill(text)


def _json(at):
    return json.dumps(list(at), ensure_ascii=False)


def all_sent(pages, expected):
    """Press every filled answer on every phone, the phones one after another with no wait between them."""
    return [page.evaluate(SEND_ALL) for page in pages] == expected


def test_four_phones_answer_a_chinatown_years_end_together(browser, host, tmp_path):  # noqa: F811
    link = host("chinatown", "--players", *PLAYERS)
    pages = [phone(browser, link, player) for player in PLAYERS]
    pages[0].get_by_role("button", name="Ana", exact=True).tap()  # the First Player card
    pages[0].locator("button.done").wait_for()
    pages[0].locator("button.done").tap()  # the year's trading is done
    businesses = ["rest 4, photo 3", "none", "tea 2", "jewelry 1"]
    for page, player, text in zip(pages, PLAYERS, businesses):
        page.locator(f"form.question[data-at='{_json(['rounds', 0, player, 'businesses'])}']").wait_for()
        fill(page, ["rounds", 0, player, "businesses"], text)
    assert all_sent(pages, [1, 1, 1, 1])
    for page in pages:
        page.locator(f"form.question[data-at='{_json(['trades', 1])}']").wait_for(timeout=15_000)
        assert page.locator(".error").count() == 0
    rounds = exported(tmp_path)["rounds"][0]
    assert {p: [(b["type"], b["tiles"]) for b in rounds[p]["businesses"]] for p in PLAYERS} == {
        "Ana": [("restaurant", 4), ("photo", 3)], "Ben": [], "Cai": [("tea-house", 2)], "Dee": [("jewelry", 1)]}


def test_four_phones_answer_londons_final_figures_together(browser, host, tmp_path):  # noqa: F811
    link = host("london-2e", "--players", *PLAYERS)
    pages = [phone(browser, link, player) for player in PLAYERS]
    pages[0].get_by_role("button", name="Go to the final reckoning").tap()
    fields = ("vp", "card_vp", "money", "loans", "hand", "poverty")
    figures = {"Ana": ("10", "5", "3", "0", "0", "2"), "Ben": ("12", "4", "7", "1", "2", "0"),
               "Cai": ("14", "6", "0", "0", "1", "3"), "Dee": ("16", "2", "9", "0", "0", "1")}
    for page, player in zip(pages, PLAYERS):
        page.locator(f"form.question[data-at='{_json(['final', player, 'poverty'])}']").wait_for()
        for field, figure in zip(fields, figures[player]):
            fill(page, ["final", player, field], figure)
    assert all_sent(pages, [6, 6, 6, 6])
    for page in pages:
        page.locator("table.standings").wait_for(timeout=15_000)  # the game is over: every figure counted
        assert page.locator(".error").count() == 0
    final = exported(tmp_path)["final"]
    assert {p: [final[p][f] for f in fields] for p in PLAYERS} == {
        p: [int(v) for v in values] for p, values in figures.items()}
