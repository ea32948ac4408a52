"""The phone's page: server-rendered HTML (Jinja2, autoescaped: a name is always text, never markup), the words
it shows in the phone's language, and the script and style it needs, all served by scorepad itself."""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape

from scorepad import i18n
from scorepad.i18n import N_, _
from scorepad.web.host import Host, Phone

ASSETS = {"app.js": "text/javascript; charset=utf-8", "app.css": "text/css; charset=utf-8"}

# --- the words of the page --------------------------------------------------------------------------------
WORDS = {
    # TRANSLATORS: the phone page's heading over the players' names: a phone picks whose pad it is.
    "pick_seat": N_("Whose phone is this?"),
    # TRANSLATORS: a choice instead of a player: a tablet or a laptop in the middle of the table.
    "table_screen": N_("The table's screen (no player)"),
    # TRANSLATORS: beside a player's name whose seat another phone has taken.
    "held": N_("taken by another phone"),
    # TRANSLATORS: under the players' names when another phone holds one: how a player whose phone was lost or flat
    # gets their seat back (the host's terminal frees a seat when the player's name is typed there).
    "held_help": N_("Your name is taken? If your phone was lost or went flat, ask the host to type your name at "
                    "scorepad's terminal: your seat is then free to take here."),
    # TRANSLATORS: {player} is the name of the phone's player.
    "you_are": N_("This is {player}'s pad."),
    "screen": N_("This is the table's screen."),
    "change_seat": N_("Change seat"),
    # TRANSLATORS: {names} lists the players who still have a question to answer.
    "waiting": N_("Waiting for {names}."),
    "waiting_table": N_("Waiting for the table's answer."),
    "nothing_open": N_("Nothing to answer now."),
    "send": N_("OK"),
    "undo": N_("Take back the last answer"),
    "standings": N_("Standings"),
    "rank": N_("Rank"),
    "player": N_("Player"),
    "total": N_("Total"),
    "finished": N_("The game is over."),
    "private": N_("The totals stay private until the game ends."),
    "language": N_("Language"),
    # TRANSLATORS: {id} is the session's number, {title} the game's.
    "heading": N_("{title} · session {id}"),
    "json_only": N_("the API takes JSON (Content-Type: application/json)"),
    "not_json": N_("the request body is not valid JSON"),
    "offline": N_("Reconnecting…"),
    # TRANSLATORS: the buttons that confirm (or refuse) a trade another player entered.
    "yes": N_("Yes, that's right"),
    "no": N_("No"),
    # TRANSLATORS: after the reason an answer was refused, once its question is gone: {label} is the question,
    # {value} what the player sent; both are filled in by the page.
    "not_recorded": N_("You sent for {label}: “{value}”."),
    # TRANSLATORS: the button that puts away a refused answer's line once read.
    "dismiss": N_("Got it"),
}


def words() -> dict[str, str]:
    """The page's words in the current language."""
    return {key: _(text) for key, text in WORDS.items()}


_ENVIRONMENT = Environment(loader=PackageLoader("scorepad.web", "templates"),
                           autoescape=select_autoescape(default=True, default_for_string=True))


def typed_words(text: str) -> Markup:
    """A question's words as the page shows them: what the terminal marks as typed (`lot 12`) in the page's code
    face, without the backticks; everything else escaped, as any text."""
    return Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", str(escape(text))))


_ENVIRONMENT.filters["typed"] = typed_words


def page(host: Host, phone: Phone, error: str | None = None) -> str:
    """The whole page: its heading, the language menu, and the pad (what this phone answers and sees)."""
    return _ENVIRONMENT.get_template("page.html").render(pad=pad(host, phone, error), **_context(host, phone))


def pad(host: Host, phone: Phone, error: str | None = None) -> str:
    """The part of the page that changes as the game goes on (the script swaps it when the session changes)."""
    return _ENVIRONMENT.get_template("pad.html").render(error=error, **_context(host, phone))


def _context(host: Host, phone: Phone) -> dict[str, Any]:
    state = host.state(phone)
    said = words()
    standings = state["shown"]
    seat = state["seat"]
    others = [name for name in state["waiting"] if name != seat]
    return {
        "state": state, "t": said, "token": phone.id,
        "heading": said["heading"].format(title=state["title"], id=state["session"]),
        "you_are": said["you_are"].format(player=seat) if seat else said["screen"],
        "waiting": said["waiting"].format(names=", ".join(others)) if others else None,
        "languages": [(code, name, code == state["lang"]) for code, name in i18n.LANGUAGES.items()],
        "mine": [q for q in state["open"] if q["mine"]],
        "others": [q for q in state["open"] if not q["mine"]],
        "standings": standings,
        "seats": [(p, p in state["held"] and p != seat) for p in state["players"]],
        "at_json": lambda at: json.dumps(at, ensure_ascii=False),
    }


def place(text: str) -> Any:
    """A question's place as a plain form sends it (its JSON), or the text itself (refused as no place)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return text


def asset(name: str) -> tuple[str, str] | None:
    """One of the page's files (its script, its style): the text and its media type."""
    if name not in ASSETS:
        return None
    return resources.files("scorepad.web").joinpath("static", name).read_text(encoding="utf-8"), ASSETS[name]
