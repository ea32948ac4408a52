"""Phones a table can trust (issue 27, shared/spec/table-web.md v2): answers given together never collide, trades
wait on disk for the right player's yes, seats survive a restart, and no phone learns a figure or a card the
rules keep from it."""

import concurrent.futures

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402

from scorepad.games import by_slug  # noqa: E402
from scorepad.table import Table  # noqa: E402
from scorepad.table.changes import new_doc  # noqa: E402
from scorepad.web.app import make_app  # noqa: E402
from scorepad.web.host import Host  # noqa: E402
from scorepad.web.live import Live  # noqa: E402

COLOURS = ("yellow", "blue", "white", "green", "red")
ANA = ("w3 4", "2 5 7", "", "ww", "6 8 10")
BEN = ("5 9", "", "w 2 3", "4 6", "")


def session(store, slug, players, rounds=None, **options):
    return store.insert(new_doc(by_slug(slug), list(players), options.pop("variants", []), rounds, seed=3, **options))


def serve(store, session_id, secret=None):
    host = Host(store, session_id, "en", secret=secret)
    return host, make_app(host, Live(host.table))


def phone(app, host, seat=..., cookies=None):
    client = TestClient(app, base_url="http://table.test", cookies=cookies)
    if cookies is None:
        assert client.get(f"/join/{host.secret}", follow_redirects=False).status_code == 303
    if seat is not ...:
        assert client.post("/api/seat", json={"player": seat}).status_code == 200
    return client


def answer(client, at, value, version=None, **more):
    if version is None:
        version = client.get("/api/state").json()["version"]
    return client.post("/api/answer", json={"at": at, "value": value, "version": version, **more})


def recorded(store, session_id):
    return {tuple(e["at"]): e["value"] for e in store.get(session_id)["entries"]}


def lost_cities_hand(store):
    """A Lost Cities game at the end of its hand: every expedition of both players open together."""
    session_id = session(store, "lost-cities", ("Ana", "Ben"), 1)
    table = Table(store, session_id)
    table.answer(("setup", "oldest"), "Ana", table.version)
    return session_id


# --- answers given together ----------------------------------------------------------------------------------

def test_ten_answers_sent_as_of_one_version_are_all_recorded(store):
    session_id = lost_cities_hand(store)
    host, app = serve(store, session_id)
    ana, ben = phone(app, host, "Ana"), phone(app, host, "Ben")
    seen = ana.get("/api/state").json()["version"]
    assert len(ana.get("/api/state").json()["open"]) == 10  # both hands, open together
    sent = [(ana, "Ana", c, v) for c, v in zip(COLOURS, ANA)] + [(ben, "Ben", c, v) for c, v in zip(COLOURS, BEN)]
    statuses = [answer(client, ["rounds", 0, player, colour], value, seen).status_code
                for client, player, colour, value in sent]
    assert statuses == [200] * 10
    held = recorded(store, session_id)
    assert all(("rounds", 0, player, colour) in held for _c, player, colour, _v in sent)
    assert store.get(session_id)["status"] == "finished"


def test_the_same_question_answered_twice_as_of_one_version_keeps_the_first(store):
    session_id = lost_cities_hand(store)
    host, app = serve(store, session_id)
    ana, screen = phone(app, host, "Ana"), phone(app, host, None)
    seen = ana.get("/api/state").json()["version"]
    host.seats.free("Ana")  # Ana's phone went flat: the table's screen answers for her too
    assert answer(ana, ["rounds", 0, "Ana", "blue"], "2 5", seen).status_code == 403  # freed: no seat
    assert answer(screen, ["rounds", 0, "Ana", "blue"], "2 5", seen).status_code == 200
    late = answer(screen, ["rounds", 0, "Ana", "blue"], "3 4", seen)
    assert late.status_code == 409 and "answered on another screen meanwhile" in late.json()["error"]
    assert late.json()["version"] == seen + 1 and recorded(store, session_id)[("rounds", 0, "Ana", "blue")] == [2, 5]
    assert answer(screen, ["rounds", 0, "Ana", "red"], "9", seen).status_code == 200  # another question: recorded


def test_an_answer_taken_back_after_the_phone_saw_it_open_is_refused_with_the_state(store):
    session_id = lost_cities_hand(store)
    host, app = serve(store, session_id)
    ana, ben = phone(app, host, "Ana"), phone(app, host, "Ben")
    assert answer(ben, ["rounds", 0, "Ben", "yellow"], "5 9").status_code == 200
    seen = ana.get("/api/state").json()["version"]
    assert answer(ben, ["rounds", 0, "Ben", "blue"], "3").status_code == 200
    assert ben.post("/api/undo", json={"version": seen + 1}).status_code == 200  # Ben takes his blue back
    stale = answer(ben, ["rounds", 0, "Ben", "blue"], "4", seen)  # as of before the undo: another answer now
    assert stale.status_code == 409 and "taken back or changed meanwhile" in stale.json()["error"]
    assert stale.json()["open"] and ("rounds", 0, "Ben", "blue") not in recorded(store, session_id)
    assert answer(ana, ["rounds", 0, "Ana", "red"], "7", seen).status_code == 200  # untouched: recorded


def test_answers_sent_at_once_to_a_real_server_are_all_recorded(tmp_path):
    """Six phones' worth of answers in flight at the same moment, over HTTP, to `scorepad host`: every one 200."""
    from test_web_server import host as start_host, call
    import urllib.request

    database = tmp_path / "db.json"
    process, link = start_host(database, "lost-cities", "--players", "Ana", "Ben", "--rounds", "1")
    try:
        phones = {p: urllib.request.build_opener(urllib.request.HTTPCookieProcessor()) for p in ("Ana", "Ben")}
        for player, opener in phones.items():
            assert call(link, "/api/seat", {"player": player}, opener)[0] == 200
        status, state = call(link, "/api/answer", {"at": ["setup", "oldest"], "value": "Ana", "version": 0},
                             phones["Ana"])
        assert status == 200
        seen = state["version"]
        sent = [(p, c, v) for p, values in (("Ana", ANA), ("Ben", BEN)) for c, v in zip(COLOURS, values)]
        with concurrent.futures.ThreadPoolExecutor(len(sent)) as pool:
            replies = list(pool.map(lambda s: call(link, "/api/answer", {
                "at": ["rounds", 0, s[0], s[1]], "value": s[2], "version": seen}, phones[s[0]]), sent))
        assert [status for status, _state in replies] == [200] * 10
        final = call(link, "/api/state", opener=phones["Ana"])[1]
        assert final["status"] == "finished" and final["open"] == []
    finally:
        process.send_signal(2)
        process.wait(15)


# --- proposals -------------------------------------------------------------------------------------------------

def chinatown(store, players=("Ava", "Ben", "Cai")):
    session_id = session(store, "chinatown", players)
    host, app = serve(store, session_id)
    phones = {p: phone(app, host, p) for p in players}
    assert answer(phones[players[0]], ["setup", "first"], players[0]).status_code == 200
    return session_id, host, app, phones


def trades(store, session_id):
    return [v for at, v in recorded(store, session_id).items() if at[0] == "trades"]


def test_two_trades_wait_at_once_one_confirmed_one_refused_and_both_parties_told(store):
    session_id, host, app, phones = chinatown(store)
    ava, ben, cai = phones["Ava"], phones["Ben"], phones["Cai"]
    at = ["trades", 0]
    first = answer(ava, at, "Ava Ben 10k")
    second = answer(ava, at, "Ava Cai 5k", first.json()["version"] - 0)
    assert (first.status_code, second.status_code) == (202, 202)
    waiting = ava.get("/api/state").json()["proposals"]
    assert [(p["id"], p["by"], p["for"]) for p in waiting] == [("p1", "Ava", "Ben"), ("p2", "Ava", "Cai")]
    assert ben.post("/api/confirm", json={"id": "p2", "accept": True}).status_code == 403  # Cai's to decide
    assert ben.post("/api/confirm", json={"id": "p1", "accept": True}).status_code == 200
    assert trades(store, session_id) == [{"round": 1, "from": "Ava", "to": "Ben", "amount": 10000}]
    assert cai.post("/api/confirm", json={"id": "p2", "accept": False}).status_code == 200
    assert trades(store, session_id) == [{"round": 1, "from": "Ava", "to": "Ben", "amount": 10000}]
    told = [d["text"] for d in ava.get("/api/state").json()["decided"]]
    assert told == ["Ben said yes: Ava pays Ben $10,000.", "Cai said no, so it does not count: Ava pays Cai $5,000."]
    assert [d["fate"] for d in ben.get("/api/state").json()["decided"]] == []  # Ben said it: he knows
    assert ava.get("/api/state").json()["proposals"] == []
    # Ava acts again: what she was told is seen.
    note = next(q for q in ava.get("/api/state").json()["open"] if q["at"][:2] == ["setup", "note"])
    assert answer(ava, note["at"], "").status_code == 200
    assert ava.get("/api/state").json()["decided"] == []


def test_a_second_trade_confirmed_while_the_first_ones_note_is_open_is_recorded_too(store):
    session_id, host, app, phones = chinatown(store)
    ava, ben, cai = phones["Ava"], phones["Ben"], phones["Cai"]
    seen = ava.get("/api/state").json()["version"]
    assert answer(ava, ["trades", 0], "Ava Ben 10k", seen).status_code == 202
    assert answer(cai, ["trades", 0], "Cai Ben 3k", seen).status_code == 202
    assert ben.post("/api/confirm", json={"id": "p1", "accept": True}).status_code == 200
    assert ben.post("/api/confirm", json={"id": "p2", "accept": True}).status_code == 200
    assert [(t["from"], t["amount"]) for t in trades(store, session_id)] == [("Ava", 10000), ("Cai", 3000)]


def test_proposals_and_seats_survive_a_restart_of_the_host(store):
    session_id, host, app, phones = chinatown(store)
    assert answer(phones["Ava"], ["trades", 0], "Ava Ben 10k").status_code == 202
    cookies = {name: dict(client.cookies) for name, client in phones.items()}
    again, app = serve(store, session_id, secret=host.secret)  # the same store, a new server
    ben = phone(app, again, cookies=cookies["Ben"])
    state = ben.get("/api/state").json()
    assert state["seat"] == "Ben" and state["held"] == ["Ava", "Ben", "Cai"]
    assert [(p["id"], p["for"]) for p in state["proposals"]] == [("p1", "Ben")]
    assert ben.post("/api/confirm", json={"id": "p1", "accept": True}).status_code == 200
    assert trades(store, session_id) == [{"round": 1, "from": "Ava", "to": "Ben", "amount": 10000}]
    newcomer = phone(app, again)
    assert newcomer.post("/api/seat", json={"player": "Ava"}).status_code == 409  # Ava's phone still holds it


def test_a_trade_typed_the_proposers_way_is_the_amount_the_payee_confirms(store):
    session_id, host, app, phones = chinatown(store)
    typed = phones["Ava"].post("/api/answer?lang=zh-Hant",
                               json={"at": ["trades", 0], "value": "Ava Ben 5千", "version": 1})
    assert typed.status_code == 202
    assert phones["Ben"].post("/api/confirm?lang=ru", json={"id": "p1", "accept": True}).status_code == 200
    assert trades(store, session_id) == [{"round": 1, "from": "Ava", "to": "Ben", "amount": 5000}]


def test_a_trade_entered_by_a_third_player_is_worded_as_theirs(store):
    session_id, host, app, phones = chinatown(store)
    assert answer(phones["Cai"], ["trades", 0], "Ava Ben 2k").status_code == 202
    asked = phones["Ava"].get("/api/state").json()["proposals"]
    assert [(p["for"], p["text"]) for p in asked] == [("Ava", "Cai entered: Ava pays Ben $2,000. Is that right?")]
    assert phones["Ben"].get("/api/state").json()["proposals"][0]["text"] == \
        "Waiting for Ava to confirm: Ava pays Ben $2,000."


def test_trading_done_asks_first_while_a_trade_waits(store):
    session_id, host, app, phones = chinatown(store)
    ava = phones["Ava"]
    assert answer(ava, ["trades", 0], "Ava Ben 10k").status_code == 202
    asked = answer(ava, ["trades", 0], "")
    assert asked.status_code == 409 and asked.json()["ask"] is True and "still waits" in asked.json()["error"]
    assert trades(store, session_id) == []
    done = answer(ava, ["trades", 0], "", anyway=True)
    assert done.status_code == 200 and trades(store, session_id) == [None]
    assert phones["Ben"].get("/api/state").json()["proposals"] == []
    assert phones["Ben"].get("/api/state").json()["decided"][0]["fate"] == "lapsed"


# --- privacy -----------------------------------------------------------------------------------------------------

def test_no_check_or_refusal_tells_a_phone_another_players_cash(store):
    session_id, host, app, phones = chinatown(store, ("Ava", "Ben", "Cai", "Dee"))
    ben = phones["Ben"]
    stranger = phone(app, host)  # joined, no seat
    for value in ("Ava Ben 1k", "Ava Ben 40k", "Ava Ben 60k", "Ava Ben 900k"):  # Ava holds $50,000
        checked = ben.post("/api/check", json={"at": ["trades", 0], "value": value})
        assert checked.status_code == 200 and "below" not in checked.text and checked.json()["echo"].startswith(
            "Ava pays Ben"), value
        assert stranger.post("/api/check", json={"at": ["trades", 0], "value": value}).status_code == 403
    assert answer(ben, ["trades", 0], "Ava Ben 900k").status_code == 202  # Ava decides, on her phone
    refused = phones["Ava"].post("/api/confirm", json={"id": "p1", "accept": True})
    assert refused.status_code == 422 and "Ava" in refused.json()["error"]  # her own cash: she is told
    host.seats.free("Dee")  # Dee has no phone: Ben enters Dee's trade, and learns nothing of Dee's cash
    for value in ("Dee Ben 40k", "Dee Ben 60k"):
        said = answer(ben, ["trades", 0], value)
        assert "$" not in said.json().get("error", ""), value
    assert trades(store, session_id) == [{"round": 1, "from": "Dee", "to": "Ben", "amount": 40000}]


def test_a_check_of_the_next_station_card_names_no_card(store):
    session_id = session(store, "next-station-london", ("Ana", "Ben"), 1)
    host, app = serve(store, session_id)
    ana = phone(app, host, "Ana")
    assert answer(ana, ["setup", "controller"], "Ana").status_code == 200
    deck = ana.get("/api/state").json()["open"][0]
    answer(ana, deck["at"], next(c for c in deck["choices"] if "Digital" in c))
    turn = ana.get("/api/state").json()["open"][0]
    assert turn["at"][:2] == ["setup", "deck"]
    checked = ana.post("/api/check", json={"at": turn["at"], "value": ""})
    assert checked.status_code == 200 and checked.json() == {"echo": None}
    assert "board" in ana.get("/api/state").json()
    card = answer(ana, turn["at"], "").json()["board"]["turns"][-1][0]["name"]
    assert card  # turned now: every phone sees it


# --- fix -----------------------------------------------------------------------------------------------------------

def test_a_phone_fixes_its_own_earlier_answer_with_the_prompts_checks(store):
    session_id = lost_cities_hand(store)
    host, app = serve(store, session_id)
    ana, ben = phone(app, host, "Ana"), phone(app, host, "Ben")
    assert answer(ana, ["rounds", 0, "Ana", "yellow"], "w3 4").status_code == 200
    seen = ana.get("/api/state").json()["version"]
    body = {"at": ["rounds", 0, "Ana", "yellow"], "value": "w3 5", "version": seen}
    assert ben.post("/api/fix", json=body).status_code == 403  # Ana's, while her phone holds her seat
    assert ana.post("/api/fix", json={**body, "value": "5 3"}).status_code == 422  # numbers go up
    fixed = ana.post("/api/fix", json=body)
    assert fixed.status_code == 200 and "Changed" in fixed.json()["message"]
    assert recorded(store, session_id)[("rounds", 0, "Ana", "yellow")] == ["W", 3, 5]
    assert ana.post("/api/fix", json={**body, "value": "w3 6"}).status_code == 409  # as of before the fix
    screen = phone(app, host, None)
    host.seats.free("Ana")
    now = screen.get("/api/state").json()["version"]
    again = screen.post("/api/fix", json={**body, "value": "w3 6", "version": now})
    assert again.status_code == 200 and recorded(store, session_id)[("rounds", 0, "Ana", "yellow")] == ["W", 3, 6]


def test_the_hosts_free_reaches_every_phone_at_once(store):
    session_id = lost_cities_hand(store)
    host, app = serve(store, session_id)
    phone(app, host, "Ana")
    waiting = phone(app, host)
    heard = []
    host.pokes.append(lambda: heard.append(True))
    assert host.seats.free("Ana") and heard == [True]  # the waiting phone redraws: Ana's seat is free
    assert waiting.post("/api/seat", json={"player": "Ana"}).json()["seat"] == "Ana"


def test_a_menu_answered_together_in_two_languages_is_read_in_each_phones_own(store):
    session_id = session(store, "next-station-london", ("Ana", "Ben"), 1)
    host, app = serve(store, session_id)
    ana, ben = phone(app, host, "Ana"), phone(app, host, "Ben")
    assert ana.get("/api/state").json()["open"][0]["choices"] == ["Ana", "Ben"]  # the session worded in English
    assert answer(ana, ["setup", "controller"], "Ana").status_code == 200
    deck = ben.get("/api/state?lang=fa").json()["open"][0]
    assert ben.post("/api/answer?lang=fa", json={"at": deck["at"], "value": deck["choices"][0],
                                                  "version": 1}).status_code == 200
    assert recorded(store, session_id)[tuple(deck["at"])] == "Digital deck"  # stored as the game keeps it


def test_trading_done_at_the_terminal_beside_the_phones_lets_a_waiting_trade_lapse_and_says_so(store):
    session_id, host, app, phones = chinatown(store)
    assert answer(phones["Ava"], ["trades", 0], "Ava Ben 10k").status_code == 202
    terminal = Table(store, session_id)
    terminal.answer(("trades", 0), "", terminal.version)  # Enter alone at the prompt: the trading is done
    assert trades(store, session_id) == [None]
    host.table.refresh()  # as the server's watch does, a few times a second
    assert phones["Ava"].get("/api/state").json()["decided"][0]["fate"] == "lapsed"


def test_a_trade_is_changed_only_with_the_yes_of_each_player_it_names_who_has_a_phone(store):
    # A fix is no back door round a proposal: Cai may not rewrite Ava and Ben's trade, nor Ava make it Ben's cash.
    session_id, host, app, phones = chinatown(store)
    ava, ben, cai = phones["Ava"], phones["Ben"], phones["Cai"]
    assert answer(ava, ["trades", 0], "Ava Ben 10k").status_code == 202
    assert ben.post("/api/confirm", json={"id": "p1", "accept": True}).status_code == 200
    seen = cai.get("/api/state").json()["version"]
    body = {"at": ["trades", 0], "value": "Ava Ben 1k", "version": seen}
    refused = cai.post("/api/fix", json=body)
    assert refused.status_code == 403 and "Ava" in refused.json()["error"]
    assert ava.post("/api/fix", json={**body, "value": "Ben Ava 10k"}).status_code == 403
    assert trades(store, session_id) == [{"round": 1, "from": "Ava", "to": "Ben", "amount": 10000}]
    host.seats.free("Ben")  # Ben's phone went flat: the table answers for him, as at a terminal
    fixed = ava.post("/api/fix", json={**body, "version": ava.get("/api/state").json()["version"]})
    assert fixed.status_code == 200
    assert trades(store, session_id) == [{"round": 1, "from": "Ava", "to": "Ben", "amount": 1000}]


def test_a_trade_is_taken_back_only_by_a_phone_of_a_player_it_names_while_they_hold_seats(store):
    session_id, host, app, phones = chinatown(store)
    ava, ben, cai = phones["Ava"], phones["Ben"], phones["Cai"]
    assert answer(ava, ["trades", 0], "Ava Ben 10k").status_code == 202
    assert ben.post("/api/confirm", json={"id": "p1", "accept": True}).status_code == 200
    refused = cai.post("/api/undo", json={"version": cai.get("/api/state").json()["version"]})
    assert refused.status_code == 403 and "Ava" in refused.json()["error"]
    assert trades(store, session_id) == [{"round": 1, "from": "Ava", "to": "Ben", "amount": 10000}]
    taken = ava.post("/api/undo", json={"version": ava.get("/api/state").json()["version"]})
    assert taken.status_code == 200 and trades(store, session_id) == []  # a player it names takes it back
