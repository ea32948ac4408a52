"""The phone pages in a real browser (Chromium driven by Playwright, phone-sized and touch): players at one table,
each on their own phone and in their own language, served by a real `scorepad host` process."""

import json
import os
import shutil
import signal
import subprocess
import sys

import pytest

from conftest import from_a_shell

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("no Chromium to drive: apt-get install chromium (the phone pages' browser tests)",
                allow_module_level=True)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
# As the machine's probe starts Chromium: no sandbox (root), no background traffic (the network is closed).
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--no-first-run", "--disable-sync"]
W = "W"


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def host(tmp_path):
    """Start `scorepad host …` on this computer only; its join link. Stopped (Ctrl-C) at the end."""
    started = []

    def start(*args):
        process = subprocess.Popen([sys.executable, "-m", "scorepad", "--db", str(tmp_path / "db.json"), "host",
                                    *args, "--address", "127.0.0.1", "--no-qr"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   env={**os.environ, "PYTHONUNBUFFERED": "1"}, preexec_fn=from_a_shell)
        started.append(process)
        for line in process.stdout:
            if line.startswith("http://"):
                return line.strip()
        raise AssertionError(process.stderr.read())

    yield start
    for process in started:
        process.send_signal(signal.SIGINT)
        assert process.wait(15) == 130


def exported(tmp_path):
    done = subprocess.run([sys.executable, "-m", "scorepad", "--db", str(tmp_path / "db.json"), "export", "1"],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def phone(browser, link, seat, locale="en-US"):
    """A phone that scanned the code and took a seat (None: the table's screen)."""
    page = browser.new_context(locale=locale, **PHONE).new_page()
    page.goto(link)
    (page.locator("button.screen") if seat is None else page.locator("form.seats button", has_text=seat)).click()
    page.locator(".who").wait_for()
    return page


def question(page, label):
    return page.locator("form.question", has_text=label)


def version(page):
    return int(page.locator("#pad > div").get_attribute("data-version"))


def changed(page, action):
    """Do `action` on the page, and wait until the page shows the session's next version (no reload)."""
    seen = version(page)
    action()
    page.wait_for_function("v => Number(document.querySelector('#pad > div').dataset.version) > v", arg=seen)


def at(*path):
    """The form of the question whose answer goes to `path` (its place in the table file)."""
    return "form.question[data-at='" + json.dumps(list(path)) + "']"


def typed(page, path, text):
    """Type `text` as the answer at `path` and send it; wait until the phone shows it answered."""
    form = page.locator(at(*path))
    form.locator("input[name=value]").fill(text)
    form.locator("input[name=value]").press("Enter")
    form.wait_for(state="detached")


def standings(page):
    page.locator("table.standings tbody tr").first.wait_for()  # each player's row, not the row of their parts
    return [row.split()[1:] for row in page.locator("table.standings tbody tr:not(.parts)").all_inner_texts()]


def tap_cards(form, cards):
    for card in cards:
        form.locator(f".card[data-card='{card}']:not(.on):not([disabled])").first.tap()


def test_two_phones_play_a_lost_cities_hand_one_in_persian(browser, host, tmp_path):
    link = host("lost-cities", "--players", "Ana", "Ben", "--rounds", "1")
    ana, ben = phone(browser, link, "Ana"), phone(browser, link, "Ben", "fa-IR")
    assert ben.locator("html").get_attribute("dir") == "rtl" and ben.locator("html").get_attribute("lang") == "fa"
    ana.get_by_role("button", name="Ana", exact=True).tap()
    ana.locator("form.question .cards").first.wait_for()
    ben.locator("form.question .cards").first.wait_for()  # live: no reload on Ben's phone
    ana_hand = {"Yellow": [W, 3, 4, 6, 8, 9], "Blue": [2, 5, 7, 10], "Green": [W, W], "Red": [4, 6, 7, 8, 9, 10]}
    for colour, cards in ana_hand.items():
        form = question(ana, f"Ana · {colour}")
        tap_cards(form, cards)
        form.locator(".preview").filter(has_text="=").wait_for()  # the score of the expedition, with each tap
        form.get_by_role("button", name="OK").tap()
        form.wait_for(state="detached")
    question(ana, "Ana · White").get_by_role("button", name="OK").tap()  # not started
    # Ben's phone greys out the cards Ana holds as she plays them.
    ben_yellow = ben.locator("form.question").first
    ben_yellow.locator(".card[data-card='9'][disabled]").wait_for()
    colours = ("yellow", "blue", "white", "green", "red")
    for colour, text in zip(colours, ["", "w34689", "ww234567", "۵۸", "235"]):  # as typed at the terminal
        typed(ben, ("rounds", 0, "Ben", colour), text)  # (Persian digits are digits)
    assert standings(ana) == standings(ben) == [["Ben", "44"], ["Ana", "−12"]]  # a real minus, as printed
    table = exported(tmp_path)
    assert table["session"]["status"] == "finished"
    assert table["rounds"][0]["Ben"] == {"yellow": [], "blue": [W, 3, 4, 6, 8, 9], "white": [W, W, 2, 3, 4, 5, 6, 7],
                                         "green": [5, 8], "red": [2, 3, 5]}
    assert table["rounds"][0]["Ana"]["yellow"] == [W, 3, 4, 6, 8, 9] and table["rounds"][0]["Ana"]["white"] == []


def test_a_next_station_round_with_the_tables_screen_following_the_cards(browser, host, tmp_path):
    link = host("next-station-london", "--players", "Ana", "Ben", "--rounds", "1")
    ana, ben = phone(browser, link, "Ana"), phone(browser, link, "Ben", "fa-IR")
    screen = phone(browser, link, None, "zh-TW")
    ana.get_by_role("button", name="Ana", exact=True).tap()  # the controller
    ana.get_by_role("button", name="Digital deck").tap()
    screen.locator("button.big").wait_for()  # the table's screen hears it: its turn to turn the cards
    turned = 0
    while screen.locator("button.big").count():  # the table's screen turns the cards, every phone follows
        changed(screen, lambda: screen.locator("button.big").tap())
        turned += 1
        ben.wait_for_function("v => Number(document.querySelector('#pad > div').dataset.version) >= v",
                              arg=version(screen))
        assert ben.locator(".board .station").count() >= 1
    assert 5 <= turned <= 10 and "5" in screen.locator(".board .counts").inner_text()
    fields = ("districts", "stations", "thames", "tourist")
    for page, player, figures in ((ana, "Ana", ["6", "3", "1", "2"]), (ben, "Ben", ["۴", "۲", "۰", "۱"])):
        for field, figure in zip(fields, figures):  # each player's own line
            typed(page, ("rounds", 0, player, field), figure)
    for page, player in ((ana, "Ana"), (ben, "Ben")):  # then every player's interchanges, at once
        typed(page, ("final", player, "interchanges"), "1 0 0")
    assert standings(ana)[0] == ["Ana", "24"]  # 6 × 3 + 2 × 1, tourist 2, one interchange of 2 lines 2
    table = exported(tmp_path)
    assert table["session"]["status"] == "finished"
    assert table["rounds"][0]["Ana"] == {"districts": 6, "stations": 3, "thames": 1, "tourist": 2}
    assert table["rounds"][0]["Ben"] == {"districts": 4, "stations": 2, "thames": 0, "tourist": 1}


def test_a_phone_that_reloads_mid_hand_keeps_its_seat_and_catches_up(browser, host, tmp_path):
    link = host("lost-cities", "--players", "Ana", "Ben", "--rounds", "1")
    ana, ben = phone(browser, link, "Ana"), phone(browser, link, "Ben")
    ana.get_by_role("button", name="Ben", exact=True).tap()
    form = question(ana, "Ana · Yellow")
    form.locator("input[name=value]").fill("ww35910")
    form.get_by_role("button", name="OK").tap()
    form.wait_for(state="detached")
    ana.reload()
    assert "Ana" in ana.locator(".who").inner_text()
    assert question(ana, "Ana · Yellow").count() == 0 and question(ana, "Ana · Blue").count() == 1
    ben.context.set_offline(True)  # Ben's phone loses the Wi-Fi while Ana answers
    form = question(ana, "Ana · Blue")
    tap_cards(form, [2, 4])
    form.get_by_role("button", name="OK").tap()
    form.wait_for(state="detached")
    ben.context.set_offline(False)
    ben.locator(".card[data-card='4'][disabled]").first.wait_for(timeout=10_000)  # caught up when back


def test_a_page_without_javascript_still_records_an_answer(browser, host, tmp_path):
    link = host("lost-cities", "--players", "Ana", "Ben", "--rounds", "1")
    page = browser.new_context(java_script_enabled=False, **PHONE).new_page()
    page.goto(link)
    page.locator("form.seats button", has_text="Ana").click()
    page.get_by_role("button", name="Ben", exact=True).click()
    form = question(page, "Ana · Yellow")
    form.locator("input[name=value]").fill("w 3 5")
    form.get_by_role("button", name="OK").click()
    assert question(page, "Ana · Yellow").count() == 0
    last = exported(tmp_path)["session"]["log"][-1]
    assert (last["at"], last["value"]) == (["rounds", 0, "Ana", "yellow"], [W, 3, 5])


def test_a_refused_answer_keeps_the_held_cards_grey_and_a_redraw_keeps_what_was_typed(browser, host, tmp_path):
    link = host("lost-cities", "--players", "Ana", "Ben", "--rounds", "1")
    ana, ben = phone(browser, link, "Ana"), phone(browser, link, "Ben", "fa-IR")
    ana.get_by_role("button", name="Ana", exact=True).tap()
    typed(ana, ("rounds", 0, "Ana", "blue"), "4 7")
    blue = ben.locator(at("rounds", 0, "Ben", "blue"))
    blue.locator(".card[data-card='7'][disabled]").wait_for()
    blue.locator("input[name=value]").fill("ش ۷ ۹")  # a wager, Ana's 7 and a 9, in Persian
    blue.locator("input[name=value]").press("Enter")
    blue.locator(".error").wait_for()  # refused: Ana holds the 7
    assert blue.locator(".card[data-card='7']").is_disabled() and blue.locator(".card[data-card='4']").is_disabled()
    blue.locator("input[name=value]").fill("ش ۹")
    changed(ben, lambda: typed(ana, ("rounds", 0, "Ana", "yellow"), "w"))  # another answer redraws Ben's pad
    blue = ben.locator(at("rounds", 0, "Ben", "blue"))
    assert blue.locator("input[name=value]").input_value() == "ش ۹"
    assert blue.locator(".card.on").count() == 2 and blue.locator(".card[data-card='9'].on").count() == 1
