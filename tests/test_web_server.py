"""`scorepad host` as a real process: the join link on standard output, answers over HTTP, the stopping signals,
and a server killed outright (SIGKILL) that loses no answer a phone saw accepted."""

import json
import signal
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from conftest import hosting

pytest.importorskip("uvicorn")


host = hosting  # a `scorepad host` process on this computer only, and its join link


OPENER = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())  # keeps the phone's cookie, as a browser


def call(link, path, body=None, opener=OPENER):
    base, secret = link.split("/join/")
    request = urllib.request.Request(base + path, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Authorization": f"Bearer {secret}", "Content-Type": "application/json"})
    try:
        with opener.open(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_stopping_signal_stops_serving_with_its_exit_code(tmp_path, signum):
    process, link = host(tmp_path / "db.json", "lost-cities", "--players", "Ana", "Ben")
    assert call(link, "/api/state")[0] == 200
    process.send_signal(signum)
    assert process.wait(15) == 128 + signum
    assert "scorepad host 1" in process.stderr.read()


def test_ctrl_c_with_phones_listening_ends_their_streams_without_a_traceback(tmp_path):
    import http.client

    process, link = host(tmp_path / "db.json", "lost-cities", "--players", "Ana", "Ben")
    base, secret = link.split("/join/")
    address, port = base.removeprefix("http://").split(":")
    streams = []
    try:
        for _ in range(3):  # three phones on the page, each listening to the event stream
            connection = http.client.HTTPConnection(address, int(port), timeout=30)
            connection.request("GET", "/api/events", headers={"Authorization": f"Bearer {secret}"})
            response = connection.getresponse()
            assert response.status == 200 and response.readline()  # the stream has begun
            streams.append(response)
    finally:
        process.send_signal(signal.SIGINT)  # never left running, whatever failed above
    for response in streams:  # each stream is ended by the server (not cut when the process dies)
        while response.readline():
            pass
    assert process.wait(15) == 130
    heard = process.stderr.read()
    assert "Traceback" not in heard and "CancelledError" not in heard and "ERROR" not in heard
    assert heard.strip().count("\n") == 0  # one line: where the session is saved


def test_a_connection_that_never_sends_a_request_is_closed(tmp_path):
    import socket

    from scorepad.web.guard import HEADER_TIMEOUT

    process, link = host(tmp_path / "db.json", "lost-cities", "--players", "Ana", "Ben")
    address, port = link.split("/join/")[0].removeprefix("http://").split(":")
    try:
        with socket.create_connection((address, int(port))) as idle:
            idle.settimeout(HEADER_TIMEOUT + 30)  # generous: what is tested is that it is closed at all
            assert idle.recv(1) == b""
        assert call(link, "/api/state")[0] == 200
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(15)


def test_answers_survive_a_server_killed_outright(tmp_path):
    database = tmp_path / "db.json"
    process, link = host(database, "lost-cities", "--players", "Ana", "Ben", "--rounds", "1")
    accepted = []
    try:
        status, state = call(link, "/api/seat", {"player": "Ana"})
        assert status == 200
        for at, value in ((["setup", "oldest"], "Ben"), (["rounds", 0, "Ana", "yellow"], "w3 4 6 8 9"),
                          (["rounds", 0, "Ana", "blue"], "2 5 7 10")):
            status, state = call(link, "/api/answer?lang=fa", {"at": at, "value": value, "version": state["version"]})
            assert status == 200 and state["lang"] == "fa"
            accepted.append(at)
    finally:
        process.kill()  # SIGKILL: no goodbye, no flush
        process.wait(10)
    heard = process.stdout.read()
    assert "answered: Game 1 · Ana · Blue" in heard  # the host's terminal speaks the host's language
    exported = subprocess.run([sys.executable, "-m", "scorepad", "--db", str(database), "export", "1"],
                              capture_output=True, text=True, check=True)
    log = [entry["at"] for entry in json.loads(exported.stdout)["session"]["log"]]
    assert log == accepted


def test_a_server_killed_while_six_phones_answer_keeps_every_answer_they_saw_accepted(tmp_path):
    """Four players' phones and two table screens answer at once (each their own questions, the screens the
    table's); the server is killed outright mid-game: every answer that got 200 is in the session on disk."""
    import threading

    database = tmp_path / "db.json"
    players = ["Ana", "Ben", "Cy", "Dee"]
    process, link = host(database, "next-station-london", "--players", *players, "--rounds", "2")
    line = {"districts": "1", "stations": "1", "thames": "0", "tourist": "0", "interchanges": "0 0 0"}
    accepted, lock, enough = [], threading.Lock(), threading.Event()

    def answering(seat):
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        try:
            if call(link, "/api/seat", {"player": seat}, opener=opener)[0] != 200:
                return
            while not enough.is_set():
                status, state = call(link, "/api/state", opener=opener)
                mine = [q for q in state.get("open", []) if q["mine"] and q["player"] == seat]
                if state.get("status") != "playing" or not state.get("open"):
                    return
                for question in mine[:1]:
                    choices = question.get("choices") or []
                    value = ("Digital deck" if "Digital deck" in choices else choices[0] if choices
                             else line.get(question["at"][-1], ""))
                    status, _ = call(link, "/api/answer",
                                     {"at": question["at"], "value": value, "version": state["version"]},
                                     opener=opener)
                    if status == 200:
                        with lock:
                            accepted.append(question["at"])
                            if len(accepted) >= 20:
                                enough.set()
        except (OSError, ValueError, KeyError):  # the server is gone: this phone stops
            return

    phones = [threading.Thread(target=answering, args=(seat,)) for seat in [*players, None, None]]
    for phone in phones:
        phone.start()
    try:
        assert enough.wait(120), f"only {len(accepted)} answers accepted"
    finally:
        process.kill()  # SIGKILL, with phones still sending
        process.wait(10)
    for phone in phones:
        phone.join(30)
    exported = subprocess.run([sys.executable, "-m", "scorepad", "--db", str(database), "export", "1"],
                              capture_output=True, text=True, check=True)
    log = [entry["at"] for entry in json.loads(exported.stdout)["session"]["log"]]
    assert len(accepted) >= 20 and all(at in log for at in accepted), (accepted, log)


def test_an_id_that_is_no_session_is_one_error_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "scorepad", "--db", str(tmp_path / "db.json"), "host", "7",
                           "--address", "127.0.0.1", "--no-qr"], capture_output=True, text=True, timeout=30)
    assert done.returncode == 1 and done.stderr.startswith("Error: ") and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


def test_a_port_in_use_is_one_error_line(tmp_path):
    import socket

    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "scorepad", "--db", str(tmp_path / "db.json"), "host",
                               "lost-cities", "-p", "Ana", "Ben", "--address", "127.0.0.1", "--port", str(port),
                               "--no-qr"], capture_output=True, text=True, timeout=30)
    assert done.returncode == 1 and f"port {port}" in done.stderr and "Traceback" not in done.stderr


def test_the_host_frees_a_seat_by_typing_the_players_name(tmp_path):
    process, link = host(tmp_path / "db.json", "lost-cities", "--players", "Ana", "Ben")
    lost = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    other = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    try:
        assert call(link, "/api/seat", {"player": "Ana"}, opener=lost)[0] == 200
        assert call(link, "/api/seat", {"player": "Ana"}, opener=other)[0] == 409
        process.stdin.write("Ana\n")
        process.stdin.flush()
        for line in process.stdout:
            if "seat is free" in line:
                break
        assert call(link, "/api/seat", {"player": "Ana"}, opener=other)[0] == 200
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(15)


def test_host_starts_a_game_with_the_cards_the_table_drew_as_play_does(tmp_path):
    database = tmp_path / "db.json"
    process, link = host(database, "next-station-london", "--players", "Ana", "Ben", "-m", "objectives",
                         "--objectives", "thames", "central")
    process.send_signal(signal.SIGINT)
    process.wait(timeout=30)
    shown = subprocess.run([sys.executable, "-m", "scorepad", "--db", str(database), "show", "1"],
                           capture_output=True, text=True, timeout=30)
    assert "thames" in shown.stdout.lower() and "central" in shown.stdout.lower()
    refused = subprocess.run([sys.executable, "-m", "scorepad", "--db", str(tmp_path / "other.json"), "host",
                              "next-station-london", "-p", "Ana", "Ben", "-m", "objectives", "--objectives", "thames",
                              "nowhere", "--address", "127.0.0.1", "--no-qr"], capture_output=True, text=True,
                             timeout=30)
    assert refused.returncode in (1, 2) and refused.stderr.startswith("Error: ") and "nowhere" in refused.stderr
