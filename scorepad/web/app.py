"""The routes of `scorepad host` (shared/spec/table-web.md): the join link, the JSON API, the phone's page.

Nothing is served without the link's secret: every route but `/join/SECRET` answers a bare 404 to a browser
without the cookie that link sets (or the header `Authorization: Bearer SECRET`). Request bodies are read up to
64 KB and refused (413) beyond; a form or a JSON request from another site is refused (its Origin is not this
server, and the cookies are SameSite=Lax: sent when a link in a chat or a mail opens the page, never with another
site's form or script); a form carries the phone's own token besides.

The secret is the session's while its game lasts (store.links), so a phone's cookies outlive a restart of the
host: its phone id is signed with the secret, and a phone this server has not met yet is taken back as the phone
it was (its seat kept by the engine), not as a stranger.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.responses import StreamingResponse
from starlette.routing import Route

from scorepad import i18n
from scorepad.errors import Changed, StoreError
from scorepad.i18n import N_, _
from scorepad.web import pages
from scorepad.web.host import Host, Phone, Refused
from scorepad.web.live import Live

BODY_LIMIT = 64 * 1024  # bytes: the spec's cap on a request body; a whole answer is a few dozen
TABLE_COOKIE, PHONE_COOKIE, LANGUAGE_COOKIE = "scorepad_table", "scorepad_phone", "scorepad_lang"
COOKIE_DAYS = 30  # a game may be paused for days; the secret itself goes when the game ends (or --new-link)
JSON_TYPE = "application/json"


# TRANSLATORS: a phone's answer the host's computer could not save (a full disk, a read-only folder).
NOT_SAVED = N_("The host's computer could not save this: nothing was recorded. Tell the host (is its disk full?).")


class TooLarge(Exception):
    pass


def make_app(host: Host, live: Live) -> Starlette:
    """The web application of one hosted session."""
    host.pokes.append(live.poke)

    def guarded(endpoint: Callable[[Request, Phone], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
        async def run(request: Request) -> Response:
            if not _knows_secret(request, host.secret):
                return _not_found()
            if request.method == "POST" and not _same_origin(request):
                return _not_found()
            phone = host.join(_vouched(request.cookies.get(PHONE_COOKIE), host.secret))
            code = _language(request, phone, host.language)
            try:
                with i18n.speaking(code):
                    try:
                        response = await endpoint(request, phone)
                    except Changed as changed:  # another screen wrote first: the state as it is now
                        response = _json({**host.state(phone), "error": str(changed)}, 409)
                    except StoreError:  # nothing was recorded; the host's terminal is not the phone's to read
                        if request.url.path.startswith("/api/"):
                            response = _json({"error": _(NOT_SAVED)}, 507)  # Insufficient Storage
                        else:
                            response = HTMLResponse(pages.page(host, phone, error=_(NOT_SAVED)), status_code=507)
            except TooLarge:
                response = JSONResponse({"error": "request body over 64 KB"}, status_code=413)
            except ClientDisconnect:  # the phone went before its request's body came (Wi-Fi lost): nobody to tell
                return Response(status_code=400)
            if request.cookies.get(PHONE_COOKIE) != phone.id:
                _set_cookie(response, PHONE_COOKIE, phone.id)
            return response

        return run

    async def join(request: Request) -> Response:
        if not hmac.compare_digest(request.path_params["secret"].encode(), host.secret.encode()):
            return _not_found()
        phone = host.join(_vouched(request.cookies.get(PHONE_COOKIE), host.secret))
        response = RedirectResponse("/", status_code=303)
        _set_cookie(response, TABLE_COOKIE, host.secret)
        _set_cookie(response, PHONE_COOKIE, phone.id)
        return response

    # --- the JSON API ---------------------------------------------------------------------------------------

    async def state(request: Request, phone: Phone) -> Response:
        return _json(host.state(phone))

    def api(action: Callable[[Phone, Any], dict[str, Any]]) -> Callable[[Request, Phone], Awaitable[Response]]:
        async def endpoint(request: Request, phone: Phone) -> Response:
            if request.headers.get("content-type", "").split(";")[0].strip() != JSON_TYPE:
                return _json({"error": pages.words()["json_only"]}, 415)
            try:
                body = json.loads(await _body(request) or b"null")
            except (ValueError, RecursionError):  # not JSON, or nested deeper than any answer (`[[[[…]]]]`)
                return _json({"error": pages.words()["not_json"]}, 400)
            try:
                result = action(phone, body)
            except Refused as refused:
                return _json(refused.state or {"error": refused.message}, refused.status, refused.message)
            status, data = result if isinstance(result, tuple) else (200, result)  # 202: waiting for a yes
            return _json(data, status)

        return endpoint

    def seat(phone: Phone, body: Any) -> dict[str, Any]:
        return host.take_seat(phone, body)

    async def events(request: Request, phone: Phone) -> Response:
        return StreamingResponse(live.stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    # --- the page, and its plain forms (a phone without JavaScript still records an answer) -----------------

    async def page(request: Request, phone: Phone) -> Response:
        response = HTMLResponse(pages.page(host, phone))
        if "lang" in request.query_params and i18n.known(request.query_params["lang"]):
            _set_cookie(response, LANGUAGE_COOKIE, i18n.known(request.query_params["lang"]))
        return response

    async def fragment(request: Request, phone: Phone) -> Response:
        return HTMLResponse(pages.pad(host, phone))

    def form(action: Callable[[Phone, dict[str, Any]], Any]) -> Callable[[Request, Phone], Awaitable[Response]]:
        async def endpoint(request: Request, phone: Phone) -> Response:
            fields = {k: v[-1] for k, v in parse_qs((await _body(request)).decode("utf-8", "replace")).items()}
            if not hmac.compare_digest(fields.get("token", "").encode(), phone.id.encode()):
                return _not_found()
            try:
                action(phone, fields)
            except Refused as refused:
                return HTMLResponse(pages.page(host, phone, error=refused.message), status_code=refused.status)
            return RedirectResponse("/", status_code=303)

        return endpoint

    def seat_form(phone: Phone, fields: dict[str, Any]) -> None:
        if fields.get("leave"):
            host.leave(phone)
        else:
            host.take_seat(phone, {"player": fields.get("player") or None})

    def answer_form(phone: Phone, fields: dict[str, Any]) -> None:
        host.answer(phone, {"at": pages.place(fields.get("at", "")), "value": fields.get("value", ""),
                            "version": _whole(fields.get("version")), "anyway": fields.get("anyway") == "1"})

    def undo_form(phone: Phone, fields: dict[str, Any]) -> None:
        host.undo(phone, {"version": _whole(fields.get("version"))})

    def confirm_form(phone: Phone, fields: dict[str, Any]) -> None:
        host.confirm(phone, {"id": fields.get("id", ""), "accept": fields.get("accept") == "1"})

    async def asset(request: Request, phone: Phone) -> Response:
        found = pages.asset(request.path_params["name"])
        if found is None:
            return _not_found()
        text, media_type = found
        return Response(text, media_type=media_type, headers={"Cache-Control": "no-cache"})

    routes = [
        Route("/join/{secret}", join),
        Route("/", guarded(page)),
        Route("/pad", guarded(fragment)),
        Route("/static/{name}", guarded(asset)),
        Route("/api/state", guarded(state)),
        Route("/api/seat", guarded(api(seat)), methods=["POST"]),
        Route("/api/answer", guarded(api(host.answer)), methods=["POST"]),
        Route("/api/check", guarded(api(host.check)), methods=["POST"]),
        Route("/api/undo", guarded(api(host.undo)), methods=["POST"]),
        Route("/api/confirm", guarded(api(host.confirm)), methods=["POST"]),
        Route("/api/fix", guarded(api(host.fix)), methods=["POST"]),
        Route("/api/word", guarded(api(host.word)), methods=["POST"]),
        Route("/api/events", guarded(events)),
        Route("/seat", guarded(form(seat_form)), methods=["POST"]),
        Route("/answer", guarded(form(answer_form)), methods=["POST"]),
        Route("/undo", guarded(form(undo_form)), methods=["POST"]),
        Route("/confirm", guarded(form(confirm_form)), methods=["POST"]),
    ]
    app = Starlette(routes=routes)
    app.router.redirect_slashes = False  # `/api/state/` is a 404, not a redirect that names the route
    app.add_exception_handler(404, lambda request, exc: _not_found())
    app.add_exception_handler(405, lambda request, exc: _not_found())
    return app


def _knows_secret(request: Request, secret: str) -> bool:
    given = request.cookies.get(TABLE_COOKIE, "")
    authorization = request.headers.get("authorization", "")
    if authorization.startswith("Bearer "):
        given = authorization[len("Bearer "):].strip()
    return hmac.compare_digest(given.encode(), secret.encode())


def _same_origin(request: Request) -> bool:
    """A browser's request from a page of this server (no Origin: not a browser's cross-site request)."""
    origin = request.headers.get("origin")
    if origin is None or origin == "null" and request.headers.get("authorization"):
        return True
    return origin == f"{request.url.scheme}://{request.headers.get('host', '')}"


def _language(request: Request, phone: Phone, default: str) -> str:
    """The phone's language: ?lang=, else the menu's choice (a cookie), else the browser's, else the host's."""
    for given in (request.query_params.get("lang"), request.cookies.get(LANGUAGE_COOKIE)):
        code = i18n.known(given) if given else None
        if code:
            phone.language = code
            return code
    for part in request.headers.get("accept-language", "").split(","):
        code = i18n.known(part.split(";")[0].strip()) if part.strip() else None
        if code:
            return code
    return default


async def _body(request: Request) -> bytes:
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > BODY_LIMIT):
        raise TooLarge
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > BODY_LIMIT:
            raise TooLarge
    return body


def _whole(text: Any) -> Any:
    """A plain form's whole number; anything else (`²` is a digit to str.isdigit) left as text, to be refused."""
    return int(text) if isinstance(text, str) and text.isascii() and text.isdigit() else text


def _json(data: dict[str, Any], status: int = 200, error: str | None = None) -> JSONResponse:
    if error is not None and "error" not in data:
        data = {**data, "error": error}
    return JSONResponse(data, status_code=status, headers={"Cache-Control": "no-store"})


def _not_found() -> Response:
    # Closed after it: a guest without the secret holds no kept-alive connection (scorepad.web.guard keeps those
    # that have not sent a request yet from starving the phones; this, those that have).
    return PlainTextResponse("Not Found", status_code=404, headers={"Connection": "close"})


def _signed(token: str, secret: str) -> str:
    digest = hmac.new(secret.encode(), token.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()


def _vouched(given: str | None, secret: str) -> str:
    """The phone id of a cookie this session's link gave (kept across restarts), or a new one: `TOKEN.SIGNATURE`,
    signed with the secret, so no id but ours is taken and a new link (`--new-link`) disowns the old ones."""
    if given and given.isascii() and given.count(".") == 1:
        token, signature = given.split(".")
        if hmac.compare_digest(signature.encode(), _signed(token, secret).encode()):
            return given
    token = secrets.token_urlsafe(16)
    return f"{token}.{_signed(token, secret)}"


def _set_cookie(response: Response, name: str, value: str) -> None:
    # Lax, not Strict: a join link opened from a chat or a mail is a navigation from another site, and a Strict
    # cookie would not follow its redirect to `/`. POSTs still need this server's Origin (_same_origin).
    response.set_cookie(name, value, max_age=COOKIE_DAYS * 24 * 3600, httponly=True, samesite="lax", path="/")
