"""One link per game: `scorepad host ID` started again serves the same join link on the same port (its secret kept
readable by the host's user alone, never in a table file), `--new-link` replaces it at once, and the phones that
joined carry on by themselves, in a real browser, whether the host restarts or the link came from a chat."""

import json
import shutil
import signal
import stat
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

pytest.importorskip("uvicorn")

from conftest import hosting  # noqa: E402
from scorepad.store import Store, links  # noqa: E402


def start(database, *args):
    return hosting(database, *args, stdin=subprocess.DEVNULL)


def stop(process):
    process.send_signal(signal.SIGINT)
    assert process.wait(15) == 130
    return process.stderr.read()


def opened(link, opener=None):
    """A phone's browser: the link opened (its cookies kept), then the state; (status, state)."""
    opener = opener or urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    base = link.split("/join/")[0]
    try:
        opener.open(link, timeout=10).read()
        with opener.open(base + "/api/state", timeout=10) as response:
            return opener, response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return opener, error.code, None


def state(opener, link):
    try:
        with opener.open(link.split("/join/")[0] + "/api/state", timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_the_link_is_the_sessions_across_restarts_and_new_link_replaces_it(tmp_path):
    database = tmp_path / "db.json"
    first, link = start(database, "lost-cities", "--players", "Ana", "Ben")
    phone, status, _ = opened(link)
    assert status == 200
    stop(first)
    kept = tmp_path / "db.json.d" / "links" / "1.json"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600 and stat.S_IMODE(kept.parent.stat().st_mode) == 0o700
    secret = link.rsplit("/", 1)[1]
    assert links.read(Store(database), 1).secret == secret

    again, same = start(database, "1")
    try:
        assert same == link  # same secret, same port (free again)
        assert state(phone, link) == 200  # the phone's cookie still opens it: no rescan
    finally:
        stop(again)

    renewed, new = start(database, "1", "--new-link")
    try:
        assert new != link and new.rsplit("/", 1)[1] != secret
        assert state(phone, new) == 404  # the old cookie stops working at once
        assert opened(link)[1] == 404  # and so does the old link
        assert opened(new)[1] == 200
    finally:
        stop(renewed)
    exported = subprocess.run([sys.executable, "-m", "scorepad", "--db", str(database), "export", "1"],
                              capture_output=True, text=True, check=True).stdout
    assert secret not in exported and new.rsplit("/", 1)[1] not in exported  # a table file never holds it


def test_a_link_kept_where_others_may_read_it_is_not_trusted(tmp_path):
    database = tmp_path / "db.json"
    first, link = start(database, "lost-cities", "--players", "Ana", "Ben")
    stop(first)
    (tmp_path / "db.json.d" / "links" / "1.json").chmod(0o644)
    again, other = start(database, "1")
    try:
        assert other.rsplit("/", 1)[1] != link.rsplit("/", 1)[1]
        assert stat.S_IMODE((tmp_path / "db.json.d" / "links" / "1.json").stat().st_mode) == 0o600
    finally:
        stop(again)


def test_deleting_the_session_forgets_its_link(tmp_path):
    database = tmp_path / "db.json"
    first, _link = start(database, "lost-cities", "--players", "Ana", "Ben")
    stop(first)
    assert (tmp_path / "db.json.d" / "links" / "1.json").exists()
    Store(database).remove(1)
    assert not (tmp_path / "db.json.d" / "links" / "1.json").exists()


# --- in a real browser -----------------------------------------------------------------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--no-first-run", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if CHROMIUM is None:
        pytest.skip("no Chromium to drive")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


def seated(browser, link, seat):
    page = browser.new_context(**PHONE).new_page()
    page.goto(link)
    page.locator("form.seats button", has_text=seat).click()
    page.locator(".who").wait_for()
    return page


def shown_version(page):
    return int(page.locator("#pad > div").get_attribute("data-version"))


def test_phones_reconnect_by_themselves_after_the_host_restarts(browser, tmp_path):
    database = tmp_path / "db.json"
    process, link = start(database, "lost-cities", "--players", "Ana", "Ben", "--rounds", "1")
    phones = [seated(browser, link, seat) for seat in ("Ana", "Ben")]
    screens = [browser.new_context(**PHONE).new_page() for _ in range(2)]
    for screen in screens:
        screen.goto(link)
        screen.locator("button.screen").click()
        screen.locator(".who").wait_for()
    pages = [*phones, *screens]
    cookies = [{c["name"]: c["value"] for c in page.context.cookies()} for page in pages]
    stop(process)  # the laptop's host stops (Ctrl-C) with four phones on the page…
    for page in pages:
        page.locator("#offline").wait_for(state="visible", timeout=15_000)
    process, again = start(database, "1")  # …and starts again
    try:
        assert again == link
        for page in pages:  # each page finds the server again by itself: no reload, no rescan
            page.locator("#offline").wait_for(state="hidden", timeout=20_000)
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        opener.open(link, timeout=10).read()
        base = link.split("/join/")[0]
        request = urllib.request.Request(base + "/api/seat", data=b'{"player": null}',
                                         headers={"Content-Type": "application/json"})
        opener.open(request, timeout=10).read()
        answer = urllib.request.Request(base + "/api/answer", headers={"Content-Type": "application/json"},
                                        data=json.dumps({"at": ["setup", "oldest"], "value": "Ben",
                                                         "version": 0}).encode())
        assert opener.open(answer, timeout=10).status == 200  # another screen answers: every page hears it
        for page in pages:
            page.wait_for_function("() => Number(document.querySelector('#pad > div').dataset.version) >= 1",
                                   timeout=20_000)
        # The same phones to the server (their seats are the engine's to keep): no cookie was replaced.
        assert [{c["name"]: c["value"] for c in page.context.cookies()} for page in pages] == cookies
        phones[0].reload()  # and a reload shows the game, not a bare "Not Found"
        assert "Not Found" not in phones[0].content() and shown_version(phones[0]) >= 1
    finally:
        stop(process)


def test_a_join_link_opened_from_a_chat_lands_on_the_table(browser, tmp_path):
    process, link = start(tmp_path / "db.json", "lost-cities", "--players", "Ana", "Ben")
    try:
        page = browser.new_context(**PHONE).new_page()
        # A chat on another site (served by the browser itself: nothing leaves this computer).
        page.route("http://chat.example/**", lambda route: route.fulfill(
            content_type="text/html", body=f'<a id="join" href="{link}">join our game</a>'))
        page.goto("http://chat.example/room")
        page.click("#join")
        page.locator("form.seats").wait_for(timeout=15_000)
        assert "Not Found" not in page.content()
        # A request from that other site is still refused (the Origin check; the cookie is not even sent).
        chat = page.context.new_page()
        chat.route("http://chat.example/**", lambda route: route.fulfill(content_type="text/html",
                                                                          body="<p>chat</p>"))
        chat.goto("http://chat.example/room")
        base = link.split("/join/")[0]
        chat.evaluate("""async (base) => {
            try {  // the browser may block it itself (a public site calling this computer): refused either way
                await fetch(base + "/api/seat", {method: "POST", credentials: "include", mode: "no-cors",
                    headers: {"Content-Type": "text/plain"}, body: '{"player": "Ana"}'});
            } catch (blocked) {}
            const form = document.createElement("form");
            form.method = "POST"; form.action = base + "/seat";
            form.innerHTML = '<input name="player" value="Ana">';
            document.body.append(form); form.submit(); }""", base)
        chat.wait_for_load_state()
        held = page.evaluate("async () => (await (await fetch('/api/state')).json()).held")
        assert held == []
    finally:
        stop(process)


def test_a_page_whose_stream_was_refused_keeps_trying_and_wakes_at_once(browser, tmp_path):
    """A browser's own EventSource gives up for good after one answer that is not a stream (a proxy's error page,
    a server starting): the page opens it again itself, and at once when the phone wakes."""
    process, link = start(tmp_path / "db.json", "lost-cities", "--players", "Ana", "Ben", "--rounds", "1")
    try:
        page = seated(browser, link, "Ana")
        refused = []

        def unavailable(route):
            refused.append(route.request.url)
            route.fulfill(status=503, body="busy")

        page.route("**/api/events", unavailable)
        page.evaluate("() => window.dispatchEvent(new Event('online'))")  # the stream opened again: refused
        page.locator("#offline").wait_for(state="visible", timeout=15_000)
        for _ in range(300):  # refused again and again, and the page keeps trying (1 s, 2 s, 4 s…)
            if len(refused) >= 3:
                break
            page.wait_for_timeout(200)
        assert len(refused) >= 3
        page.unroute("**/api/events")
        page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")  # the phone wakes
        page.locator("#offline").wait_for(state="hidden", timeout=15_000)
        opener = opened(link)[0]
        base = link.split("/join/")[0]
        for path, body in (("/api/seat", {"player": "Ben"}),
                           ("/api/answer", {"at": ["setup", "oldest"], "value": "Ben", "version": 0})):
            opener.open(urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                               headers={"Content-Type": "application/json"}), timeout=10).read()
        page.wait_for_function("() => Number(document.querySelector('#pad > div').dataset.version) >= 1",
                               timeout=15_000)  # live again: Ben's answer shows without a reload
    finally:
        stop(process)


def seat(opener, link, player):
    request = urllib.request.Request(link.split("/join/")[0] + "/api/seat", data=json.dumps({"player": player}).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    try:
        with opener.open(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_a_new_link_frees_the_seats_of_the_phones_it_disowns(tmp_path):
    # The old phones can no longer be heard: a seat they held would say "held by another phone" to its own player.
    database = tmp_path / "db.json"
    first, link = start(database, "lost-cities", "--players", "Ana", "Ben")
    try:
        phone, status, _ = opened(link)
        assert status == 200 and seat(phone, link, "Ana") == 200
    finally:
        stop(first)
    renewed, new = start(database, "1", "--new-link")
    try:
        again, status, state = opened(new)
        assert status == 200 and state["held"] == []
        assert seat(again, new, "Ana") == 200
    finally:
        stop(renewed)
