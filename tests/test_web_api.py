"""`scorepad host`'s routes through Starlette's test client (shared/spec/table-web.md): the secret, seats,
privacy, the version rule, the body cap, escaping, the plain forms, the event stream."""

import json

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402

from scorepad.games import by_slug  # noqa: E402
from scorepad.table.changes import new_doc  # noqa: E402
from scorepad.web.app import BODY_LIMIT, make_app  # noqa: E402
from scorepad.web.host import Host  # noqa: E402
from scorepad.web.live import Live  # noqa: E402

XSS = "<img src=x onerror=alert(1)>"


def hosted(store, slug="lost-cities", players=("Ana", "Ben"), rounds=1, **options):
    session_id = store.insert(new_doc(by_slug(slug), list(players), options.pop("variants", []), rounds, seed=3,
                                      **options))
    host = Host(store, session_id, "en")
    return host, make_app(host, Live(host.table))


def phone(app, host, seat=...):
    client = TestClient(app, base_url="http://table.test")
    assert client.get(f"/join/{host.secret}", follow_redirects=False).status_code == 303
    if seat is not ...:
        assert client.post("/api/seat", json={"player": seat}).status_code == 200
    return client


def answer(client, at, value, version=None):
    if version is None:
        version = client.get("/api/state").json()["version"]
    return client.post("/api/answer", json={"at": at, "value": value, "version": version})


def test_without_the_secret_every_route_is_a_bare_404(store):
    host, app = hosted(store)
    stranger = TestClient(app, base_url="http://table.test")
    for method, path in [("GET", "/"), ("GET", "/api/state"), ("GET", "/api/events"), ("GET", "/pad"),
                         ("GET", "/static/app.js"), ("POST", "/api/answer"), ("POST", "/api/seat"),
                         ("POST", "/api/undo"), ("POST", "/answer"), ("GET", "/nowhere"), ("GET", "/join/wrong")]:
        response = stranger.request(method, path)
        assert (response.status_code, response.text) == (404, "Not Found"), path
        assert "Ana" not in response.text and "Lost" not in response.text
    wrong = TestClient(app, base_url="http://table.test", cookies={"scorepad_table": host.secret[:-1] + "x"})
    assert wrong.get("/api/state").status_code == 404
    assert stranger.get("/api/state", headers={"Authorization": f"Bearer {host.secret}"}).status_code == 200


def test_the_join_link_sets_a_lax_cookie_and_goes_to_the_table(store):
    host, app = hosted(store)
    client = TestClient(app, base_url="http://table.test")
    response = client.get(f"/join/{host.secret}", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/"
    cookies = response.headers.get_list("set-cookie")
    # Lax: a link opened from a chat or a mail (another site) keeps its cookie through the redirect to `/`.
    assert any(c.startswith("scorepad_table=") and "HttpOnly" in c and "SameSite=lax" in c for c in cookies)
    assert len(host.secret) >= 22  # 128 bits or more, base64


def test_state_follows_the_spec(store):
    host, app = hosted(store)
    state = phone(app, host).get("/api/state").json()
    assert {k: state[k] for k in ("session", "game", "players", "seat", "version", "status", "standings")} == {
        "session": host.id, "game": "lost-cities", "players": ["Ana", "Ben"], "seat": None, "version": 0,
        "status": "playing", "standings": None}
    assert state["open"] == [{"at": ["setup", "oldest"], "player": None, "mine": False, "choices": ["Ana", "Ben"],
                              "label": "Who is the oldest player?", "hint": "They start game 1.", "kind": "choice"}]


def test_a_seat_is_held_by_one_phone_until_freed(store):
    host, app = hosted(store)
    ana = phone(app, host, "Ana")
    other = phone(app, host)
    taken = other.post("/api/seat", json={"player": "Ana"})
    assert taken.status_code == 409 and "another phone" in taken.json()["error"]
    assert other.post("/api/seat", json={"player": "Cy"}).status_code == 422
    assert other.post("/api/seat", json={"player": None}).json()["seat"] is None  # the table's screen
    assert host.seats.free("Ana")
    assert other.post("/api/seat", json={"player": "Ana"}).json()["seat"] == "Ana"
    assert ana.get("/api/state").json()["held"] == ["Ana"]


def test_a_phone_that_finds_its_name_taken_is_told_how_to_get_it_back(store):
    """Issue 27: a player re-joining on a new phone saw their name "taken" with no way forward."""
    host, app = hosted(store)
    newcomer = phone(app, host)
    assert "ask the host to type your name" not in newcomer.get("/").text  # nothing held: nothing to explain
    phone(app, host, "Ana")
    assert "ask the host to type your name" in newcomer.get("/").text
    assert "میزبان" in newcomer.get("/?lang=fa").text
    host.seats.free("Ana")
    assert "ask the host to type your name" not in newcomer.get("/?lang=en").text


def test_answers_follow_the_version_rule_and_are_stored_first(store):
    host, app = hosted(store)
    ana, ben = phone(app, host, "Ana"), phone(app, host, "Ben")
    assert answer(ana, ["setup", "oldest"], "Ben", 0).status_code == 200
    late = answer(ben, ["setup", "oldest"], "Ana", 0)  # the second answer to the same question
    assert late.status_code == 409 and late.json()["version"] == 1
    assert late.json()["error"] == ("Who is the oldest player was answered on another screen meanwhile; your answer "
                                    "was not recorded.")
    assert [(e["at"], e["value"]) for e in store.get(host.id)["entries"]] == [(["setup", "oldest"], "Ben")]
    done = answer(ana, ["rounds", 0, "Ana", "yellow"], "ww35910")
    assert done.status_code == 200 and done.json()["version"] == 2
    last = store.get(host.id)["entries"][-1]
    assert (last["at"], last["value"]) == (["rounds", 0, "Ana", "yellow"], ["W", "W", 3, 5, 9, 10])


def test_refusals_say_the_terminals_sentence_in_the_phones_language(store):
    host, app = hosted(store)
    ana = phone(app, host, "Ana")
    answer(ana, ["setup", "oldest"], "Ana")
    answer(ana, ["rounds", 0, "Ana", "yellow"], "ww35910")
    refused = answer(ana, ["rounds", 0, "Ana", "blue"], "33")
    assert refused.status_code == 422 and refused.json() == {"error": "3 appears twice; each number is in the deck once"}
    persian = ana.post("/api/answer?lang=fa", json={"at": ["rounds", 0, "Ana", "blue"], "value": "۳۳", "version": 2})
    assert persian.status_code == 422 and persian.json()["error"] != refused.json()["error"]
    assert answer(ana, ["rounds", 0, "Ana", "blue"], "۲ ۵ ۷").status_code == 200  # Persian digits are digits
    assert store.get(host.id)["entries"][-1]["value"] == [2, 5, 7]


def test_another_players_question_is_403_while_their_phone_holds_the_seat(store):
    host, app = hosted(store)
    ana, ben = phone(app, host, "Ana"), phone(app, host, "Ben")
    answer(ana, ["setup", "oldest"], "Ana")
    assert answer(ben, ["rounds", 0, "Ana", "yellow"], "2").status_code == 403
    assert phone(app, host).get("/api/state").json()["open"][0]["mine"] is False  # no seat: answers nothing
    host.seats.free("Ana")  # Ana's phone is flat: Ben answers for her
    assert answer(ben, ["rounds", 0, "Ana", "yellow"], "2").status_code == 200


def test_private_cash_reaches_its_players_phone_alone(store):
    host, app = hosted(store, "chinatown", ("Ava", "Ben", "Cai"), None)
    ava, ben, screen = phone(app, host, "Ava"), phone(app, host, "Ben"), phone(app, host, None)
    state = ava.get("/api/state").json()
    assert state["standings"] is None and state["own"]["cash"] == "$50,000"
    assert "Ava has $50,000" in ava.get("/pad").text and "Ben has" not in ava.get("/pad").text
    assert ben.get("/api/state").json()["own"]["text"].startswith("Ben has")
    assert screen.get("/api/state").json()["own"] is None and " has $" not in screen.get("/pad").text
    open_cash, app = hosted(store, "chinatown", ("Ava", "Ben", "Cai"), None, modules=["open-cash"])
    assert phone(app, open_cash, "Ava").get("/api/state").json()["own"] is None  # everyone's cash is on the table


def test_the_body_cap_and_the_content_type(store):
    host, app = hosted(store)
    ana = phone(app, host, "Ana")
    big = json.dumps({"at": ["setup", "oldest"], "value": "x" * BODY_LIMIT, "version": 0})
    response = ana.post("/api/answer", content=big, headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert ana.post("/api/answer", content="{", headers={"Content-Type": "application/json"}).status_code == 400
    assert ana.post("/api/answer", content="at=x", headers={"Content-Type": "text/plain"}).status_code == 415
    for body in ([], {"at": "setup", "value": "Ana", "version": 0}, {"at": ["setup", "oldest"], "value": 3,
                                                                      "version": 0},
                 {"at": ["setup", "oldest"], "value": "Ana", "version": "0"}):
        assert ana.post("/api/answer", json=body).status_code == 422, body
    assert store.get(host.id)["entries"] == []


def test_a_request_from_another_site_is_refused(store):
    host, app = hosted(store)
    ana = phone(app, host, "Ana")
    forged = ana.post("/api/answer", json={"at": ["setup", "oldest"], "value": "Ben", "version": 0},
                      headers={"Origin": "http://evil.example"})
    assert forged.status_code == 404
    assert ana.post("/answer", data={"at": '["setup", "oldest"]', "value": "Ben", "version": "0",
                                     "token": "guessed"}).status_code == 404
    assert store.get(host.id)["entries"] == []


def test_a_plain_form_records_an_answer(store):
    host, app = hosted(store)
    ana = phone(app, host, "Ana")
    token = host.seats.held["Ana"]
    response = ana.post("/answer", data={"at": '["setup", "oldest"]', "value": "Ben", "version": "0", "token": token},
                        follow_redirects=False)
    assert response.status_code == 303
    assert [(e["at"], e["value"]) for e in store.get(host.id)["entries"]] == [(["setup", "oldest"], "Ben")]
    refused = ana.post("/answer", data={"at": '["rounds", 0, "Ana", "yellow"]', "value": "1", "version": "1",
                                        "token": token})
    assert refused.status_code == 422 and "there is no card 1" in refused.text


def test_names_are_text_never_markup(store):
    host, app = hosted(store, players=(XSS, "Ben"))
    client = phone(app, host, XSS)
    for path in ("/", "/pad"):
        page = client.get(path).text
        assert XSS not in page and "&lt;img src=x onerror=alert(1)&gt;" in page
    assert client.get("/api/state").json()["players"][0] == XSS  # data stays data


def test_undo_follows_the_version_rule(store):
    host, app = hosted(store)
    ana = phone(app, host, "Ana")
    answer(ana, ["setup", "oldest"], "Ana")
    assert ana.post("/api/undo", json={"version": 0}).status_code == 409
    undone = ana.post("/api/undo", json={"version": 1})
    assert undone.status_code == 200 and "Took back" in undone.json()["message"]
    assert store.get(host.id)["entries"] == []


def test_the_event_stream_says_the_version(store):
    host, app = hosted(store)
    ana = phone(app, host, "Ana")
    with ana.stream("GET", "/api/events") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        lines = stream.iter_lines()
        assert next(lines) == "retry: 1000"  # a broken stream (a host restarting) is opened again within a second
        assert json.loads(next(lines).removeprefix("data: "))["version"] == 0


def test_no_page_names_an_address_outside_scorepad(store):
    import re

    host, app = hosted(store)
    ana = phone(app, host, "Ana")
    for path in ("/", "/pad", "/static/app.js", "/static/app.css"):
        text = ana.get(path).text
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text, re.I), path
        assert "@import" not in text


def test_a_menu_offers_its_answers_only_and_the_page_says_where_the_game_is(store):
    host, app = hosted(store, "london-2e", ("Ana", "Ben"), None)
    ana = phone(app, host, "Ana")
    state = ana.get("/api/state").json()
    assert state["where"] == "Where you are: during play, event 1."
    event = state["open"][0]
    loan = next(choice for choice in event["choices"] if choice.startswith("Take a loan"))
    count = answer(ana, event["at"], loan).json()["open"][0]
    assert answer(ana, count["at"], "1").status_code == 200
    event = ana.get("/api/state").json()["open"][0]
    repay = next(choice for choice in event["choices"] if choice.startswith("Repay"))
    ben = phone(app, host, "Ben")  # Ben holds no loan: who repays is asked, not taken from his seat
    who = answer(ben, event["at"], repay).json()["open"][0]
    assert who["choices"] == ["Ana"]  # the terminal's `undo` choice is the terminal's


def test_a_trade_entered_by_the_payer_counts_once_the_payee_confirms_it(store):
    host, app = hosted(store, "chinatown", ("Ava", "Ben", "Cai"), None)
    ava, ben, cai = phone(app, host, "Ava"), phone(app, host, "Ben"), phone(app, host, "Cai")
    answer(ava, ["setup", "first"], "Ava")
    trade = ava.get("/api/state").json()["open"][0]
    assert trade["control"]["kind"] == "trade"
    waiting = answer(ava, trade["at"], "Ava Ben 10k")
    assert waiting.status_code == 202 and store.get(host.id)["entries"][-1]["at"] == ["setup", "first"]
    made = {"id": "p1", "at": trade["at"], "by": "Ava", "for": "Ben"}
    assert waiting.json()["proposals"] == [{**made, "text": "Waiting for Ben to confirm: Ava pays Ben $10,000."}]
    asked = ben.get("/api/state").json()["proposals"]
    assert asked == [{**made, "text": "Ava entered: Ava pays Ben $10,000. Is that right?"}]
    assert cai.get("/api/state").json()["proposals"] == []  # nobody else's business
    assert cai.post("/api/confirm", json={"id": "p1", "accept": True}).status_code == 403
    assert ben.post("/api/confirm", json={"id": "p2", "accept": True}).status_code == 409  # no such proposal
    assert ben.post("/api/confirm", json={"id": "p1", "accept": True}).status_code == 200
    last = store.get(host.id)["entries"][-1]
    assert (last["at"], last["value"]) == (["trades", 0], {"round": 1, "from": "Ava", "to": "Ben", "amount": 10000})


def test_a_refused_trade_records_nothing_and_a_payee_without_a_phone_confirms_nothing(store):
    host, app = hosted(store, "chinatown", ("Ava", "Ben", "Cai"), None)
    ava, ben = phone(app, host, "Ava"), phone(app, host, "Ben")
    answer(ava, ["setup", "first"], "Ava")
    trade = ava.get("/api/state").json()["open"][0]
    answer(ava, trade["at"], "Ava Ben 10k")
    assert ben.post("/api/confirm", json={"id": "p1", "accept": False}).json()["proposals"] == []
    assert len(store.get(host.id)["entries"]) == 1
    assert answer(ava, trade["at"], "Ava Cai 5k").status_code == 200  # Cai has no phone: it counts at once
    assert store.get(host.id)["entries"][-1]["value"]["to"] == "Cai"


def test_the_terminals_undo_is_no_answer_of_londons_event_menu(store):
    host, app = hosted(store, "london-2e", ("Ana", "Ben"), None)
    ana = phone(app, host, "Ana")
    event = ana.get("/api/state").json()["open"][0]
    assert "undo" not in event["choices"]
    assert answer(ana, event["at"], "undo").status_code == 422  # never recorded as an event
    assert store.get(host.id)["entries"] == []


def test_a_london_player_keeps_their_own_ledger_with_a_tap_and_a_number(store):
    host, app = hosted(store, "london-2e", ("Ana", "Ben"), None)
    ana, ben = phone(app, host, "Ana"), phone(app, host, "Ben")
    event = ana.get("/api/state").json()["open"][0]
    loan = next(choice for choice in event["choices"] if choice.startswith("Take a loan"))
    assert answer(ana, event["at"], loan).status_code == 200  # the tap: whose loan is the phone's own seat
    count = ana.get("/api/state").json()["open"][0]
    assert count["at"] == ["setup", "track", 0, "count"] and count["player"] == "Ana" and count["mine"]
    assert count["control"] == {"kind": "number"}
    assert not ben.get("/api/state").json()["open"][0]["mine"]  # Ben's phone waits for Ana's number
    assert answer(ben, count["at"], "2").status_code == 403
    assert answer(ana, count["at"], "2").status_code == 200
    assert "Loans 2" in ana.get("/api/state").json()["own"]["text"]
    assert "Loans 0" in ben.get("/api/state").json()["own"]["text"]  # each phone its own ledger
    entries = [(entry["at"], entry["value"]) for entry in store.get(host.id)["entries"]]
    assert entries == [(["setup", "track", 0, "event"], "loan"), (["setup", "track", 0, "player"], "Ana"),
                       (["setup", "track", 0, "count"], 2)]


def test_next_stations_objective_cards_are_picked_by_a_tap_in_the_phones_language(store):
    host, app = hosted(store, "next-station-london", ("Ana", "Ben"), 1, modules=["objectives"])
    ana = phone(app, host, "Ana")
    # figures with which any objective card may be completed
    typed = {"districts": "13", "stations": "2", "thames": "6", "tourist": "5", "interchanges": "0 0 0"}
    while not (mine := [q for q in ana.get("/api/state").json()["open"] if q["mine"]])[0]["at"][-1] == "objectives":
        question = mine[0]
        if question["at"][:2] == ["setup", "deck"]:  # a phone's label names no key: its button turns the card
            assert question["label"] == f"Round 1 · turn {question['at'][3] + 1}"
            assert question["control"]["button"] == "turn the card"
        value = question["choices"][0] if question.get("choices") else typed.get(question["at"][-1], "")
        assert answer(ana, question["at"], value).status_code == 200
    at = mine[0]["at"]
    english = mine[0]["control"]
    assert mine[0]["label"] == "Ana · which shared objectives did they complete?"
    in_play = [option["value"] for option in english["options"]]
    assert english["kind"] == "pick" and len(in_play) == 2 and english["none"] == "none"
    persian = next(q for q in ana.get("/api/state?lang=fa").json()["open"] if q["at"] == at)["control"]
    assert [option["label"] for option in persian["options"]] != [option["label"] for option in english["options"]]
    tapped = persian["options"][0]["value"]  # what the page writes on a tap: the card's word as typed in Persian
    version = ana.get("/api/state").json()["version"]
    taken = ana.post("/api/answer?lang=fa", json={"at": at, "value": tapped, "version": version})
    assert taken.status_code == 200, taken.json()
    assert store.get(host.id)["entries"][-1]["value"] == [in_play[0]]


def test_the_standings_show_each_players_parts_as_the_terminal_words_them(store):
    host, app = hosted(store)
    ana = phone(app, host, "Ana")
    answer(ana, ["setup", "oldest"], "Ana")
    hand = {"yellow": "ww35910", "blue": "2 5 7", "white": "", "green": "", "red": ""}
    for player in ("Ana", "Ben"):
        for colour, cards in hand.items():
            assert answer(ana, ["rounds", 0, player, colour], cards if player == "Ana" else "").status_code == 200
    state = ana.get("/api/state?lang=fa").json()
    assert state["standings"][0]["parts"]["yellow"] == 21  # the spec's standings, as `score --json` has them
    ana_shown = next(s for s in state["shown"] if s["player"] == "Ana")
    assert ["زرد", "21"] in ana_shown["parts"]  # worded in the phone's language, as the terminal's breakdown
    page = ana.get("/?lang=fa").text
    assert "<tr class=\"parts\">" in page and "زرد <bdi>21</bdi>" in page



def test_a_trade_waiting_for_a_yes_reaches_the_payee_live_and_a_second_one_waits_beside_it(store):
    host, app = hosted(store, "chinatown", ("Ava", "Ben", "Cai"), None)
    ava, ben, cai = phone(app, host, "Ava"), phone(app, host, "Ben"), phone(app, host, "Cai")
    answer(ava, ["setup", "first"], "Ava")
    trade = next(q for q in ava.get("/api/state").json()["open"] if q["at"][0] == "trades")
    # no Enter: a button ends the trading, and says what it does
    assert (trade["label"], trade["hint"]) == ("1965 · trade 1", "payer payee amount, e.g. `Ava Ben 10k`")
    assert trade["control"]["done"] == "trading is done"
    assert "1965 · trade 1</label>" in ava.get("/").text
    assert len(host.pokes) == 1  # the app's event stream hears the host's pokes (its `revision`)
    heard = []
    host.pokes.append(lambda: heard.append(True))
    assert answer(ava, trade["at"], "Ava Ben 10k").status_code == 202
    assert heard == [True]  # the payee's phone hears of it without a new version
    assert ben.get("/api/state").json()["proposals"][0]["for"] == "Ben"
    assert answer(ava, trade["at"], "Ava Cai 5k").status_code == 202  # a second one waits beside the first
    assert [p["for"] for p in ava.get("/api/state").json()["proposals"]] == ["Ben", "Cai"]
    assert [p["id"] for p in ben.get("/api/state").json()["proposals"]] == ["p1"]
    assert ben.post("/api/confirm", json={"at": [[1]], "accept": True}).status_code == 422  # no id: no decision


def test_a_body_nested_too_deep_is_refused_as_not_json(store):
    host, app = hosted(store)
    ana = phone(app, host, "Ana")
    deep = "[" * 30000 + "]" * 30000
    refused = ana.post("/api/answer", content=deep, headers={"Content-Type": "application/json"})
    assert refused.status_code == 400


def test_a_phone_takes_back_only_what_its_seat_may_answer(store):
    host, app = hosted(store)
    ana, ben = phone(app, host, "Ana"), phone(app, host, "Ben")
    answer(ana, ["setup", "oldest"], "Ana")
    assert answer(ben, ["rounds", 0, "Ben", "yellow"], "w 3").status_code == 200
    version = ana.get("/api/state").json()["version"]
    refused = ana.post("/api/undo", json={"version": version})
    assert refused.status_code == 403 and refused.json()["error"] == "The last answer is Ben's: their phone takes it back."
    taken = ben.post("/api/undo", json={"version": version})
    assert taken.status_code == 200 and "Yellow" in taken.json()["message"]



def test_what_a_question_marks_as_typed_shows_as_typed_and_a_name_stays_text(store):
    host, app = hosted(store, "chinatown", ("Ava", "Ben", XSS), None)
    ava = phone(app, host, "Ava")
    answer(ava, ["setup", "first"], "Ava")
    assert answer(ava, next(q["at"] for q in ava.get("/api/state").json()["open"]), "Ava Ben 10k").status_code == 200
    page = ava.get("/").text
    assert "<code>lot 12</code>" in page and "`lot 12`" not in page  # the note's example, as typed
    assert "<img src=x" not in page


@pytest.mark.parametrize("path, kind", [("/answer", "application/x-www-form-urlencoded"),
                                        ("/api/answer", "application/json")])
def test_a_phone_gone_before_its_body_arrived_is_no_traceback(store, path, kind):
    # A phone that loses the Wi-Fi mid-request: the server hears the disconnect, and has nobody to answer.
    import asyncio

    host, app = hosted(store)
    cookie = f"scorepad_table={host.secret}".encode()
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": [(b"host", b"table.test"), (b"cookie", cookie), (b"content-type", kind.encode()),
                         (b"content-length", b"30")], "client": ("127.0.0.1", 5), "server": ("127.0.0.1", 80)}
    sent = []

    async def receive():
        return {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    asyncio.run(app(scope, receive, send))  # no exception out of the application
    assert not store.get(host.id)["entries"]


def test_a_phone_that_finds_its_seat_taken_is_told_how_to_get_it_back(store):
    host, app = hosted(store)
    newcomer = phone(app, host)
    assert "Ask the host" not in newcomer.get("/").text  # nothing taken: nothing to say
    phone(app, host, "Ana")
    page = newcomer.get("/?lang=ru").text
    assert "Ask the host" not in page and "попросите" in page.lower()


def test_the_state_says_what_the_terminal_says_and_answers_the_games_words(store):
    host, app = hosted(store, "chinatown", ("Ava", "Ben", "Cai"), None)
    ava, screen = phone(app, host, "Ava"), phone(app, host, None)
    answer(ava, ["setup", "first"], "Cai")
    state = ava.get("/api/state").json()
    said = "\n".join(item["text"] for item in state["said"])
    assert "start player: Cai" in said and "Deal 7 building cards" in said  # the year's deal, on every phone
    assert said == "\n".join(item["text"] for item in screen.get("/api/state").json()["said"])
    (trade,) = state["open"]
    assert (trade["hint"], trade["empty"], trade["kind"]) == ("payer payee amount, e.g. `Ava Ben 10k`",
                                                             "trading is done", "text")
    persian = ava.get("/api/state?lang=fa").json()
    assert persian["open"][0]["hint"].startswith("پرداخت‌کننده") and "Cai" in persian["said"][-1]["text"] + said
    assert [w["word"] for w in state["words"]] == ["cash", "ledger", "types", "board"]
    own = ava.post("/api/word", json={"word": "cash", "rest": ""})
    assert own.status_code == 200 and own.json()["items"][0]["text"] == "Ava has $50,000 (the starting money)."
    other = ava.post("/api/word", json={"word": "cash", "rest": "Ben"})
    assert other.status_code == 422 and "$" not in other.json()["error"]
    assert screen.post("/api/word", json={"word": "cash", "rest": "Ava"}).status_code == 422
    assert screen.post("/api/word", json={"word": "types"}).status_code == 200
    assert ava.post("/api/word", json={"word": 3}).status_code == 422
    assert state["answers"] == []  # the first player is the table's answer, not Ava's
    assert [a["value"] for a in screen.get("/api/state").json()["answers"]] == ["Cai"]


def test_a_phone_without_a_seat_reads_and_asks_what_the_tables_screen_does(store):
    # The engine's view (scorepad.table.views) carries what the game says; a phone that chose no seat yet reads the
    # table screen's answers and words, never a player's private figures.
    host, app = hosted(store, "chinatown", ("Ava", "Ben", "Cai"), None)
    ava, newcomer, screen = phone(app, host, "Ava"), phone(app, host), phone(app, host, None)
    answer(ava, ["setup", "first"], "Cai")
    seen = newcomer.get("/api/state").json()
    assert seen["answers"] == screen.get("/api/state").json()["answers"] != []
    assert seen["said"] and seen["open"][0]["hint"] and seen["open"][0]["mine"] is False
    assert newcomer.post("/api/word", json={"word": "types"}).status_code == 200
    assert newcomer.post("/api/word", json={"word": "cash", "rest": "Ava"}).status_code == 422


def test_a_lost_cities_card_answered_by_its_controls_values(store):
    # Lost Cities declares a generic control (scorepad.games.controls): the engine's acts read it as data too.
    host, app = hosted(store)
    ana = phone(app, host, "Ana")
    assert answer(ana, ["setup", "oldest"], "Ana").status_code == 200
    state = ana.get("/api/state").json()
    card = next(q for q in state["open"] if q["player"] == "Ana")
    assert card["control"]["kind"] == "grid"
    values = [card["control"]["options"][0]["value"]]
    sent = ana.post("/api/answer", json={"at": card["at"], "values": values, "version": state["version"]})
    assert sent.status_code == 200, sent.text
    assert tuple(card["at"]) in {tuple(a["at"]) for a in sent.json()["answers"]}
