"""Where a session stands: its question list, the next question, complete rounds, and how an answer is named.

One home for what `play`, `resume`, `undo`, `edit` and the prompt word `fix` all need to agree on: the
questions a session asks (the game's steps, given what is recorded), which of them is open, and the name
and typed form of a recorded answer ("Game 1 · Ana · Blue: W 3 5", as the table saw it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from calculators.core import InvalidInput
from scorepad.games.base import Ask
from scorepad.i18n import N_, _, western_digits

if TYPE_CHECKING:
    from scorepad.session import Session
    from scorepad.store import Store

# TRANSLATORS: said at the prompt after `undo`: {message} is the question ("Game 1 · Ana · Blue:"), {shown} the
# answer taken back as it was typed ("W 3 5").
TOOK_BACK = N_("Took back {message} {shown} — asked again.")
# TRANSLATORS: {name} names the answer ("Game 1 · Ana · Blue"), {shown} is it before the edit, {new} after it.
TOOK_BACK_EDIT = N_("Took back the edit of {name}: {shown} again (it was {new}).")
REMOVED = N_("Removed {name}: {shown}; it will be asked again: scorepad resume {id}")
REMOVED_EDIT = N_("Took back the edit of {name}: {shown} again (it was {new}). Session {id} is as before the edit.")
NOTHING_TO_TAKE_BACK = N_("Nothing to take back yet.")
# TRANSLATORS: an answer given as Enter alone, as undo names it.
EMPTY = N_("(empty)")
# TRANSLATORS: a Lost Cities expedition given as Enter alone (not started), as undo names it.
NOT_STARTED = N_("(not started)")


# --- the question list and progress -----------------------------------------------------------------------

def asks(session: Session) -> list[Ask]:
    """Every question the session asks, in order, given what is recorded (a later answer may add questions).

    Kept on the session while its answers are as they were: the next question, complete rounds and an
    import's checks each ask for the list, and a game's steps are its costliest part (a 6-year Chinatown
    game: hundreds of steps).
    """
    key = (id(session.answers), len(session.answers))
    cached = getattr(session, "_asks", None)
    if cached is None or cached[0] != key:
        cached = (key, [step for step in session.game.steps(session) if isinstance(step, Ask)])
        session._asks = cached  # type: ignore[attr-defined]
    return list(cached[1])


def next_ask(session: Session) -> Ask | None:
    """The first question not answered yet: where a resumed game picks up."""
    return next((ask for ask in asks(session) if ask.at not in session.answers), None)


def complete_rounds(session: Session) -> int:
    """Rounds whose every question is answered, counted from the first (all recorded ones once finished)."""
    if session.finished:
        return max((at[1] + 1 for at in session.answers if at[0] == "rounds"), default=0)
    listed = asks(session)
    done = 0
    while True:
        in_round = [a for a in listed if a.at[:2] == ("rounds", done)]
        if not in_round or any(a.at not in session.answers for a in in_round):
            return done
        done += 1


def find_ask(session: Session, at: tuple) -> Ask | None:
    return next((ask for ask in asks(session) if ask.at == tuple(at)), None)


def open_before(session: Session) -> list[Ask]:
    """Questions left unanswered behind a recorded answer (or any, once finished): a guided game has none.

    An edit can open one: e.g. a London reckoning where the edit makes two players tie, so a
    tie-break figure is now asked.
    """
    listed = asks(session)
    last = max((i for i, ask in enumerate(listed) if ask.at in session.answers), default=-1)
    return [ask for i, ask in enumerate(listed)
            if ask.at not in session.answers and (session.finished or i < last)]


# --- a typed answer -----------------------------------------------------------------------------------

def parse(ask: Ask, text: str) -> Any:
    """A typed answer as its question stores it, in whichever digits it was typed: Persian ۰–۹ and Arabic-Indic
    ٠–٩ (and their decimal and thousands marks) read as 0–9. The text as typed first, so that a name or a note
    that parses keeps its own digits; else with Western digits; a refusal is then about the Western text.
    The play loop and edit parse every typed answer through here (menus answer with a choice).

    >>> parse(Ask(("setup", "n"), "How many?", parse=int), "۱۲"), parse(Ask(("setup", "n"), "?", parse=str), "۱۲")
    (12, '۱۲')
    """
    try:
        return ask.parse(text)
    except InvalidInput:
        western = western_digits(text)
        if western == text:
            raise
    return ask.parse(western)


# --- naming an answer -----------------------------------------------------------------------------------

def name(ask: Ask) -> str:
    """How the table knows a question: its label, else its message without the hints
    ("Game 1 · Ana · Blue:" → "Game 1 · Ana · Blue"; "Ana · £ in hand [17 tracked; …]:" → "Ana · £ in hand").

    >>> name(Ask(("x",), "دست ۱ · علی · زرد (مثلاً W 3 5)؛ Enter یعنی شروع نشده:", str))
    'دست ۱ · علی · زرد'
    >>> name(Ask(("x",), "王 · 貸款（例如 2）：", str))
    '王 · 貸款'
    """
    if ask.label:
        return ask.label
    text = ask.message
    while True:
        before = text
        text = text.rstrip(" :?：？؟")  # a question's end in English, Chinese, Persian and Arabic
        if text.endswith(")") and " (" in text:  # a trailing hint: "(They start game 1.)", "(e.g. 5 2 1)"
            text = text[:text.rfind(" (")]
        if text.endswith("）") and "（" in text:  # Chinese brackets
            text = text[:text.rfind("（")].rstrip()
        for cut in (" [", "; ", "؛ ", " — ", "；"):  # ؛ and ； are the Persian and Chinese semicolons
            if cut in text:
                text = text[:text.index(cut)]
        if text == before:
            return text


def typed(ask: Ask | None, value: Any) -> str:
    """A recorded answer as it is typed at its question (`W 3 5`, `rest 4, photo 3`)."""
    if ask is not None and ask.show is not str:
        return ask.show(value)
    if isinstance(value, list):
        return " ".join(map(str, value))
    return "" if value is None else str(value)


# --- undo -----------------------------------------------------------------------------------------------

def undo(store: Store, session_id: int, *, guided: bool, check: Callable[[dict], None] | None = None,
         expect: Callable[[dict], bool] | None = None) -> tuple[str, dict]:
    """Take back the last answer, or the edit just made; what to say and the session document as it now stands.

    `guided`: said at the prompt of a game being played (else by `scorepad undo`). `check` sees the stored
    document first, inside the same locked update, and may refuse (raise); `expect` is the store's
    compare-and-set (Changed when the stored session is not the one the caller saw).
    """
    from scorepad import session as sessions
    from scorepad.games import session_of

    removed: dict[str, Any] = {}

    def take_back(stored: dict) -> None:
        if check is not None:
            check(stored)
        removed.update(sessions.undo(stored))

    doc = store.update(session_id, take_back, expect=expect)
    after = session_of(doc, session_id)
    ask = find_ask(after, removed["at"])
    label = name(ask) if ask is not None else " / ".join(map(str, removed["at"]))
    shown = typed(ask, removed["value"]) or _(NOT_STARTED if guided else EMPTY)
    if removed.get("edit"):
        new = typed(ask, removed["new"]) or _(EMPTY)
        text = TOOK_BACK_EDIT if guided else REMOVED_EDIT
        return _(text).format(name=label, shown=shown, new=new, id=session_id), doc
    if guided:
        return _(TOOK_BACK).format(message=ask.message if ask else label, shown=shown), doc
    return _(REMOVED).format(name=label, shown=shown, id=session_id), doc

