"""A server a guest cannot starve, in this process: odd requests are 4xx (never 500), a full disk is a refusal the
phone reads, connections that send nothing are closed and make room for the phones, TCP_NODELAY, a quiet log,
and a watcher that reads the stored session only when it changed."""

import asyncio
import logging
import socket
import threading

import pytest

pytest.importorskip("uvicorn")

import uvicorn  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from scorepad.errors import StoreError  # noqa: E402
from scorepad.games import by_slug  # noqa: E402
from scorepad.table import Table  # noqa: E402
from scorepad.table.changes import new_doc  # noqa: E402
from scorepad.web import server  # noqa: E402
from scorepad.web.app import NOT_SAVED, make_app  # noqa: E402
from scorepad.web.guard import Doors, Quiet  # noqa: E402
from scorepad.web.host import Host  # noqa: E402
from scorepad.web.live import Live  # noqa: E402


def hosted(store):
    session_id = store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 1, seed=3))
    host = Host(store, session_id, "en")
    return host, make_app(host, Live(host.table))


def seated(app, host, player="Ana"):
    client = TestClient(app, base_url="http://table.test", raise_server_exceptions=False)
    assert client.get(f"/join/{host.secret}", follow_redirects=False).status_code == 303
    assert client.post("/api/seat", json={"player": player}).status_code == 200
    return client


def test_odd_requests_are_refused_never_a_server_error(store):
    host, app = hosted(store)
    stranger = TestClient(app, base_url="http://table.test", raise_server_exceptions=False)
    ana = seated(app, host)
    token = ana.cookies["scorepad_phone"]
    for client, method, path, options in [
        (stranger, "GET", "/join/é", {}),
        (stranger, "GET", "/join/" + "é" * 40, {}),
        (ana, "GET", "/join/é", {}),
        (stranger, "GET", "/api/state", {"headers": {"Authorization": "Bearer é".encode()}}),
        (stranger, "GET", "/api/state", {"headers": {"Cookie": "scorepad_table=é; scorepad_phone=é".encode()}}),
        (ana, "GET", "/static/é", {}),
        (ana, "GET", "/static/..%2fapp.py", {}),
        (ana, "POST", "/answer", {"data": {"at": '["setup", "oldest"]', "value": "Ben", "version": "²",
                                           "token": token}}),
        (ana, "POST", "/answer", {"data": {"at": "[[[[[[", "value": "Ben", "version": "0", "token": token}}),
        (ana, "POST", "/answer", {"data": {"at": '["setup", "oldest"]', "version": "0", "token": "é"}}),
        (ana, "POST", "/undo", {"data": {"version": "٣", "token": token}}),
        (ana, "POST", "/api/answer", {"json": {"at": ["setup", 1e308], "value": "Ben", "version": 0}}),
        (ana, "POST", "/api/answer", {"json": {"at": ["setup", "oldest"], "value": "Ben", "version": 2 ** 80}}),
        (ana, "POST", "/api/seat", {"json": {"player": ["Ana"]}}),
        (ana, "POST", "/api/confirm", {"json": [1, 2]}),
        (ana, "POST", "/api/check", {"json": {"at": ["nowhere"], "value": "x"}}),
        (ana, "PUT", "/api/answer", {}),
        (ana, "DELETE", "/", {}),
    ]:
        response = client.request(method, path, **options)
        assert 400 <= response.status_code < 500, (method, path, options, response.status_code, response.text)
        assert "Traceback" not in response.text
    assert store.get(host.id)["entries"] == []
    odd_phone = f"scorepad_table={host.secret}; scorepad_phone=é.é".encode()
    fresh = stranger.get("/api/state", headers={"Cookie": odd_phone})
    assert fresh.status_code == 200 and fresh.json()["seat"] is None  # a phone id not ours: a new phone
    assert ana.get("/api/state?lang=é").json()["lang"] == "en"  # an odd language: the host's
    assert ana.get("/api/state", headers={"Accept-Language": "é;q=x, ,;;".encode()}).json()["lang"] == "en"


def test_a_guest_without_the_secret_keeps_no_connection_open(store):
    host, app = hosted(store)
    stranger = TestClient(app, base_url="http://table.test")
    for path in ("/", "/api/state", "/join/wrong", "/nowhere"):
        response = stranger.get(path)
        assert response.status_code == 404 and response.headers["connection"] == "close", path


def test_a_trailing_slash_is_a_404_that_names_no_route(store):
    host, app = hosted(store)
    for client in (TestClient(app, base_url="http://table.test"), seated(app, host)):
        for path in ("/api/state/", "/pad/", "/api/events/"):
            response = client.get(path, follow_redirects=False)
            assert (response.status_code, response.text) == (404, "Not Found"), path
            assert "location" not in response.headers


def test_a_full_disk_is_a_refusal_the_phone_reads(store, monkeypatch):
    host, app = hosted(store)
    ana = seated(app, host)

    def full(*args, **kwargs):
        raise StoreError(f"cannot write {store.path}: No space left on device")

    monkeypatch.setattr(store, "update", full)
    refused = ana.post("/api/answer", json={"at": ["setup", "oldest"], "value": "Ben", "version": 0})
    assert refused.status_code == 507 and refused.json()["error"] == NOT_SAVED
    assert str(store.path) not in refused.text  # the host's files are not the phones' to read
    persian = ana.post("/api/answer?lang=fa", json={"at": ["setup", "oldest"], "value": "Ben", "version": 0})
    assert persian.status_code == 507 and persian.json()["error"] != NOT_SAVED  # in the phone's language
    form = ana.post("/answer", data={"at": '["setup", "oldest"]', "value": "Ben", "version": "0",
                                     "token": ana.cookies["scorepad_phone"]})
    assert form.status_code == 507 and "could not save" in form.text and "<html" in form.text
    monkeypatch.undo()
    assert store.get(host.id)["entries"] == []


def test_the_listening_socket_is_tcp_with_nodelay():
    sock = server.bind("127.0.0.1", 0)
    try:
        # asyncio sets TCP_NODELAY on each accepted socket only when the socket says it is TCP (not proto 0)
        assert sock.proto == socket.IPPROTO_TCP
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
    finally:
        sock.close()


async def hello(scope, receive, send):
    assert scope["type"] == "http"
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": b"hello"})


@pytest.fixture
def guarded():
    """A uvicorn server in a thread whose connections go through `Doors`; yields (doors, port)."""
    made = []

    def start(doors):
        sock = server.bind("127.0.0.1", 0)
        config = uvicorn.Config(hello, http=doors.protocol(), lifespan="off", log_level="error")
        running = uvicorn.Server(config)
        thread = threading.Thread(target=lambda: asyncio.run(running.serve(sockets=[sock])), daemon=True)
        thread.start()
        made.append((running, thread, sock))
        return sock.getsockname()[1]

    yield start
    for running, thread, sock in made:
        running.should_exit = True
        thread.join(10)
        sock.close()


def closed_by_server(sock, within=10.0):
    """True when the server closes `sock` (generous `within`: what is tested is that it happens at all)."""
    sock.settimeout(within)
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def get(port):
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
    return answer


def test_a_connection_that_never_sends_its_request_is_closed(guarded):
    port = guarded(Doors(header_timeout=0.2))
    with socket.create_connection(("127.0.0.1", port)) as idle, \
            socket.create_connection(("127.0.0.1", port)) as slow:
        slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # headers begun, never ended (a slow guest)
        assert closed_by_server(idle) and closed_by_server(slow)
    assert b"hello" in get(port)


def test_a_guests_idle_connections_make_room_for_a_phone(guarded):
    doors = Doors(cap=8, header_timeout=600)  # no timeout in play: only the cap
    port = guarded(doors)
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(8)]
    try:
        for _ in range(3):  # a phone's request finds room: the oldest idle connection was closed for it
            assert get(port).startswith(b"HTTP/1.1 200")
        assert closed_by_server(idle[0])
        assert len(doors.open) <= 8 and doors.turned_away >= 1
    finally:
        for sock in idle:
            sock.close()


def test_errors_reach_the_log_once_in_a_while_not_as_a_flood():
    logger = logging.getLogger("scorepad.test.quiet")
    heard = []
    handler = logging.Handler()
    handler.emit = heard.append
    logger.addHandler(handler)
    logger.addFilter(Quiet(every=3600))
    try:
        for n in range(200):
            logger.error("socket.accept() out of system resource: %s", n)
        logger.error("another kind")
    finally:
        logger.removeHandler(handler)
    assert [record.getMessage() for record in heard] == ["socket.accept() out of system resource: 0",
                                                         "another kind"]


def test_the_watch_reads_the_session_only_when_its_stamp_moved(store, monkeypatch):
    host, _app = hosted(store)
    reads = []
    get = store.get
    monkeypatch.setattr(store, "get", lambda doc_id: reads.append(doc_id) or get(doc_id))
    live = Live(host.table, lambda: store.stamp(host.id))
    heard = []
    live.follow(lambda table, events: heard.append([e.kind for e in events]))

    async def watched():
        watching = asyncio.create_task(live.watch())
        for _ in range(100):  # give the watch turns: with nothing changed it reads once, then only stamps
            await asyncio.sleep(0)
        await asyncio.sleep(0.5)
        quiet = len(reads)
        Table(store, host.id).answer(("setup", "oldest"), "Ben", 0)  # another screen (a terminal) answers
        for _ in range(200):
            if heard:
                break
            await asyncio.sleep(0.05)
        watching.cancel()
        return quiet

    quiet = asyncio.run(watched())
    assert quiet <= 1 and heard and "answered" in heard[0]
    assert host.table.version == 1
