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


def test_a_refused_answer_says_why_and_keeps_what_was_sent_until_the_player_acts(browser, host, tmp_path):  # noqa: F811
    link = host("lost-cities", "--players", "Ana", "Ben", "--rounds", "1")
    ana, ben = phone(browser, link, "Ana"), phone(browser, link, "Ben")
    ana.get_by_role("button", name="Ana", exact=True).tap()
    yellow = ["rounds", 0, "Ana", "yellow"]
    ana.locator(f"form.question[data-at='{_json(yellow)}']").wait_for()
    # A second tab of Ana's phone that hears nothing (asleep): it still shows her Yellow as open.
    stale = ana.context.new_page()
    stale.route("**/api/events", lambda route: route.abort())
    stale.goto(link.split("/join/")[0] + "/")
    stale.route("**/pad", lambda route: route.abort())
    fill(ana, yellow, "w 3")
    ana.locator(f"form.question[data-at='{_json(yellow)}'] .typed button").tap()
    ana.locator(f"form.question[data-at='{_json(yellow)}']").wait_for(state="detached")
    form = stale.locator(f"form.question[data-at='{_json(yellow)}']")
    form.locator("input[name=value]").fill("5 9")
    form.locator(".typed button").tap()
    form.locator(".error").wait_for()  # not redrawn yet: the refusal on its question, the text in its box
    assert "answered on another screen meanwhile" in form.locator(".error").inner_text()
    assert form.locator("input[name=value]").input_value() == "5 9"
    stale.unroute("**/pad")
    fill(ben, ["rounds", 0, "Ben", "yellow"], "4")
    ben.locator(f"form.question[data-at='{_json(['rounds', 0, 'Ben', 'yellow'])}'] .typed button").tap()
    stale.evaluate("() => window.dispatchEvent(new Event('online'))")  # as when the phone wakes
    line = stale.locator(".unrecorded")  # its question is gone: the refusal, with what was sent, at the top
    line.wait_for()
    assert "answered on another screen meanwhile" in line.inner_text() and "“5 9”" in line.inner_text()
    stale.wait_for_function("() => !document.querySelector(\"form.question[data-at*='Ben'][data-at*='yellow']\")")
    assert stale.locator(".unrecorded").count() == 1
    stale.screenshot(path=str(tmp_path / "refused.png"))
    stale.locator(".unrecorded button").tap()
    assert stale.locator(".unrecorded").count() == 0
    # A refusal of the answer itself (422) stays on its question through a redraw, the text kept in its box.
    blue = f"form.question[data-at='{_json(['rounds', 0, 'Ana', 'blue'])}']"
    fill(ana, ["rounds", 0, "Ana", "blue"], "9 3")
    ana.locator(f"{blue} .typed button").tap()
    ana.locator(f"{blue} .error").wait_for()
    fill(ben, ["rounds", 0, "Ben", "blue"], "5")
    ben.locator(f"form.question[data-at='{_json(['rounds', 0, 'Ben', 'blue'])}'] .typed button").tap()
    ana.wait_for_function("() => !document.querySelector(\"form.question[data-at*='Ben'][data-at*='blue']\")")
    assert ana.locator(f"{blue} .error").count() == 1
    assert ana.locator(f"{blue} input[name=value]").input_value() == "9 3"
    log = {tuple(e["at"]): e["value"] for e in exported(tmp_path)["session"]["log"]}
    assert log[("rounds", 0, "Ana", "yellow")] == ["W", 3] and ("rounds", 0, "Ana", "blue") not in log
