"""What the game tells the table, as content for any screen: what it says now (the setup drawn, the round's roles
and cards, the year's deal), the words a player may ask for (`summary`, `cash Ana`), a seat's recorded answers, and
the result once the game is over. The terminal prints the same steps as text (scorepad.cli); a phone shows these
as data (scorepad.web), in the language spoken when they are made.
"""

from __future__ import annotations

from typing import Any

from calculators.core import InvalidInput, Phrase, say
from scorepad.games.base import Ask, Content, Say
from scorepad.games.controls import NOT_VALUES, Control, as_data
from scorepad.grid import BREAKDOWN_TITLE, BREAKDOWN_TOTAL, PLAYER, RANK, ROUND_COLUMN, TIE_BREAK, TOTAL, cell
from scorepad.i18n import N_, _, pgettext
from scorepad.table.acts import HOST
from scorepad.table.naming import name, typed
from scorepad.table.recap import part_of
from scorepad.table.session import Session, player_of
from scorepad.words import winner_line

GUIDE, LEAD = "guide", "lead"  # the kinds of Say a phone shows above its questions (base.Say.kind)
# The context of a prompt word's translation (scorepad.cli.prompt_words: the word typed in the table's language).
TYPED = "typed word"
# TRANSLATORS: a phone asked for another player's private figure (Chinatown's `cash Ben` from Ana's phone) while
# the rules keep it from the others; {word} is the word asked ("cash").
ONLY_YOURS = N_("`{word}` tells only your own figures while the rules keep them private")
# TRANSLATORS: the table's screen (a tablet in the middle) asked for a player's private figure.
NOT_ON_THE_TABLE = N_("`{word}` is for a player's own phone while the rules keep the figures private")
# TRANSLATORS: a word asked of the game that it does not know; {words} are those it knows ("summary, guide").
NO_SUCH_WORD = N_("{word!r} is not a word this game answers (it answers: {words})")


# --- what the game says now ----------------------------------------------------------------------------

def said(session: Session) -> list[dict[str, Any]]:
    """What the game tells the table now, as a terminal prints it before its questions, as plain items
    (`{"kind", "text"}`, base.Content.items): the setup drawn (Next Station: London's pencils, objective and power
    cards; who starts), then the guide of the part being played (the round's controller and pencils, the year's
    deal and tiles, what to count at the end). Breakdowns and standings are the result's, not said here; nothing
    is said once the game is over."""
    steps = session.steps()
    asks = [step for step in steps if isinstance(step, Ask)]
    open_at = {ask.at for ask in session.open_asks()}
    if not open_at:
        return []
    parts = dict(zip((ask.at for ask in asks), part_of(session, asks)))
    first = next(i for i, step in enumerate(steps) if isinstance(step, Ask) and step.at in open_at)
    current = parts[steps[first].at]
    # The setup's guides: before the first question, and among the setup's own questions.
    first_ask = next(i for i, step in enumerate(steps) if isinstance(step, Ask))
    setup_end = max([first_ask, *(i for i, step in enumerate(steps)
                                  if isinstance(step, Ask) and parts[step.at] == ("setup",))])
    start = first
    while start > 0 and not (isinstance(steps[start - 1], Ask) and parts[steps[start - 1].at] != current):
        start -= 1
    chosen = [i for i in range(first) if i < setup_end or i >= start]
    items: list[dict[str, Any]] = []
    for index in chosen:
        step = steps[index]
        if isinstance(step, Say) and (step.kind == GUIDE or step.kind == LEAD and index >= start):
            items += step.said().items()  # a lead-in to a question is said while that question is asked
    return items


def control(session: Session, ask: Ask) -> dict[str, Any] | None:
    """The control the game declares for a question (scorepad.games.controls), as plain data for a screen."""
    return as_data(session.game.control(session, ask))


def compose(session: Session, at: Any, values: Any) -> str:
    """The answer as typed, made by the game from the values a screen's control sent (`["W", "3", "5"]` → `W 3 5`);
    InvalidInput when the question is not asked or its control takes no such values."""
    ask = session.find_ask(tuple(at)) if isinstance(at, (list, tuple)) else None
    declared = session.game.control(session, ask) if ask is not None else None
    if not isinstance(declared, Control):
        raise InvalidInput(_(NOT_VALUES).format(values=str(values)[:80]))
    return declared.compose(values)


# --- the words a player may ask for ----------------------------------------------------------------------

def words(session: Session) -> list[dict[str, str]]:
    """The words this game answers at any question (`summary`, `guide`, `pencils`, `cash`, `ledger`, `types`):
    the English word (what a request names), the word typed in the table's language, and what it shows."""
    return [{"word": word, "typed": pgettext(TYPED, word), "help": explanation}
            for word, (explanation, _run) in session.game.commands(session).items()]


def answer_word(session: Session, word: str, rest: str = "", seat: str | None = HOST) -> Content:
    """What the game answers to `word` (and the rest of the line, e.g. a player's name), as the terminal prints it
    for a player typing it at a question; InvalidInput when the game has no such word, or when the seat may not see
    it (another player's cash while the rules keep it private; the table screen any player's)."""
    commands = session.game.commands(session)
    english = next((w for w in commands if word.strip().casefold() in {w, pgettext(TYPED, w).casefold()}), None)
    if english is None:
        known = ", ".join(pgettext(TYPED, w) for w in commands)
        raise InvalidInput(_(NO_SUCH_WORD).format(word=word, words=known))
    rest = rest.strip()
    if seat != HOST and english in session.game.private_words and session.game.private(session):
        if seat is None:
            raise InvalidInput(_(NOT_ON_THE_TABLE).format(word=pgettext(TYPED, english)))
        if rest and rest.casefold() != seat.casefold():
            raise InvalidInput(_(ONLY_YOURS).format(word=pgettext(TYPED, english)))
        rest = seat
    made = commands[english][1](rest)
    return made if isinstance(made, Content) else Content(text=made)


# --- what a seat entered ---------------------------------------------------------------------------------

def answers(session: Session, seat: str | None = HOST) -> list[dict[str, Any]]:
    """The answers recorded so far, in the order they were given, each as it would be typed again (`fix` takes
    that text): a player's seat gets its own (the questions that are theirs), the table's screen (None) and a
    terminal (HOST) every answer."""
    order = [tuple(entry["at"]) for entry in session.doc.get("entries") or []]
    asks = {ask.at: ask for ask in session.asks()}  # once: a long Chinatown game holds hundreds of answers
    out = []
    for at in dict.fromkeys(order):
        ask = asks.get(at)
        if ask is None or at not in session.answers:
            continue
        if seat not in (None, HOST) and player_of(ask) != seat:
            continue
        out.append({"at": list(at), "label": name(ask), "value": typed(ask, session.answers[at]),
                    "player": player_of(ask)})
    return out


# --- the end ---------------------------------------------------------------------------------------------

def result(session: Session, bgstats: str | None = None) -> dict[str, Any] | None:
    """A finished game's result for every screen: who won, the winner line and each tie-break that decided, in
    words; the standings and the breakdown as content (rows; London's reckoning step by step as the game lays it
    out); `bgstats` is the link that adds the play to BG Stats (scorepad.exports, the same on every phone)."""
    if not session.finished:
        return None
    scored = session.score()
    game = session.game
    figure = game.figure or cell
    top = scored.standings[0]
    lines = [winner_line(scored.winners, figure(top.total), solo=len(scored.standings) == 1)]
    lines += [_(TIE_BREAK).format(line=say(line) if isinstance(line, Phrase) else line) for line in scored.tiebreaks]
    lines += list(game.result_notes(scored))
    rounds = max((len(s.rounds) for s in scored.standings), default=0)
    label = _(game.label_for(scored.variants))
    standings = Content(rows=(
        (_(RANK), _(PLAYER), *[_(ROUND_COLUMN).format(label=label, number=n) for n in range(1, rounds + 1)], _(TOTAL)),
        *((str(s.rank), s.player, *map(figure, s.rounds), figure(s.total)) for s in scored.standings)))
    return {"winners": scored.winners, "text": "\n".join(lines), "lines": lines, "bgstats": bgstats,
            "standings": standings.items(), "breakdown": _breakdown(scored, game, figure).items()}


def _breakdown(scored: Any, game: Any, figure: Any) -> Content:
    """The game's own breakdown (London's reckoning, laid out in columns: a fixed block), else each player's parts
    as rows (expeditions, incomes and trades, lines and the tourist track)."""
    if game.breakdown:
        return Content(text=game.breakdown(scored))
    labels = list(dict.fromkeys(part for s in scored.standings for part in s.parts))
    if not labels:
        return Content()
    named = game.part_label or _
    rows = [(named(part), *[figure(s.parts.get(part, 0)) for s in scored.standings]) for part in labels]
    rows.append((_(BREAKDOWN_TOTAL), *[figure(s.total) for s in scored.standings]))
    return Content(_(BREAKDOWN_TITLE), rows=(("", *[s.player for s in scored.standings]), *rows))
