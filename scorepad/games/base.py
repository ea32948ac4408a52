"""The shape every game's table side has: its registry entry, and the steps of a guided game (say, ask)."""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from calculators.core import InvalidInput, Result
from scorepad.i18n import _

if TYPE_CHECKING:  # a type only: `list` imports this module and needs none of the statistics
    from scorepad.games.figures import Figures

Path = tuple[Any, ...]  # where an answer goes in the table file, e.g. ("rounds", 0, "Ana", "yellow")


class Session(Protocol):
    """What a game reads of a session being played (scorepad.table.Session is the one there is): the games sit below
    the engine, so they name what they need of it here instead of importing it."""

    id: int | None
    doc: dict[str, Any]
    players: list[str]
    variants: list[str]
    modules: list[str]
    rounds_planned: int
    seed: int
    answers: dict[tuple, Any]

    @property
    def finished(self) -> bool: ...

    def get(self, *at: Any, default: Any = None) -> Any: ...

    def complete_rounds(self) -> int: ...

    def table(self, rounds: int | None = None) -> dict[str, Any]: ...

    def score(self, rounds: int | None = None) -> Result: ...


# What a question takes (Ask.kind): a screen draws its own control for each (a terminal a prompt or a menu, a phone
# a text box, a number pad, buttons, or one button for a question answered by Enter alone).
TEXT, NUMBER, CHOICE, PRESS = "text", "number", "choice", "press"


@dataclass(frozen=True)
class Content:
    """What the game tells the table, as content any screen lays out its own way: a title, lines of text, a table of
    rows (its first row the headings), in the language spoken when it was made. A terminal prints it as text fitted
    to its width (scorepad.grid), a phone as a heading, paragraphs and a table."""

    title: str = ""
    lines: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()  # a table: the headings, then a row each
    # Lines printed as they are, where the layout is the content (a breakdown lined up in columns): a phone shows
    # them in a fixed-width block.
    text: str = ""

    def items(self) -> list[dict[str, Any]]:
        """The content as plain data (the phones' `said`): {"kind": "title"|"line"|"rows"|"text", ...}."""
        out: list[dict[str, Any]] = [{"kind": "title", "text": self.title}] if self.title else []
        out += [{"kind": "line", "text": line} for line in self.lines if line.strip()]
        if self.rows:
            out.append({"kind": "rows", "text": "\n".join("  ".join(row) for row in self.rows),
                        "rows": [list(row) for row in self.rows]})
        if self.text.strip():
            out.append({"kind": "text", "text": self.text})
        return out


@dataclass(frozen=True)
class Say:
    """What the table reads before the next question: `content` made when it is read (in the language spoken then).
    `kind` says what it is: "guide" (the setup drawn, a round's roles and cards, what to count: what a phone shows
    above its questions), "lead" (a guide to the question after it alone: every card a table may draw), "score" (a
    breakdown, the standings: what a phone shows with the scores) or "echo" (what an answer did: a card turned)."""

    content: Callable[[], Content | str]
    kind: str = "guide"

    def said(self) -> Content:
        """Its content; a text a game still makes whole is a guide's lines, or a score's block laid out in columns
        (the terminal prints either as it is)."""
        made = self.content()
        if isinstance(made, Content):
            return made
        return Content(lines=tuple(made.split("\n"))) if self.kind in ("guide", "lead") else Content(text=made)


@dataclass(frozen=True)
class Ask:
    """One question; its answer is stored at `at` the moment it is given.

    What a player reads of it is content, not a prompt: `label` names it ("Game 1 · Ana · Yellow", "Who is the
    oldest player?"), `hint` says what to type ("e.g. 5 2 1"), `default` is the answer an empty one stands for (a
    figure scorepad tracked; a menu's first choice), `empty` what an empty answer means where it is no default
    ("none", "trading is done"), `kind` what it takes (TEXT, NUMBER, CHOICE, PRESS). Each screen words its own
    keys around them (the terminal's "Enter keeps it", a phone's buttons).

    `parse` turns the typed text into the stored value, raising InvalidInput with the same
    message that scoring the table would give, so the prompt refuses exactly what scoring refuses.
    Paths that start with "setup" are the session's own notes and never reach the table file.
    """

    at: Path
    label: str
    parse: Callable[[str], Any]
    choices: Sequence[str] = ()
    default: str = ""
    # Display choices of a menu: choice -> the text it shows. Picking one prints it and asks again; it is
    # never an answer, so nothing is stored and undo never spends itself on it.
    views: Mapping[str, Callable[[], str]] = field(default_factory=dict)
    show: Callable[[Any], str] = str  # the stored value as it is typed, for undo and defaults
    echo: Callable[[Any], str] | None = None  # a line to print once the answer is accepted
    # The part of the game it belongs to, for the recap on resume, where `at` does not say: ("round", n)
    # for a Chinatown trade of year n + 1, a name for a part that is no round ("during play, event 3").
    part: Any = None
    hint: str = ""
    empty: str = ""
    kind: str = TEXT
    # How `edit` and `undo` name the answer where the label alone does not say which it is (London's event number).
    name: str = ""
    editable: bool = True  # False: nothing to change afterwards (e.g. Enter turns the next station card)
    # Questions the rules let players answer at the same time share a key (each player's expeditions at the end
    # of a Lost Cities hand): while the first of them is open, all of them are (scorepad.table).
    together: Hashable | None = None
    player: str | None = None  # whose question, where its path does not say (a rounds or final path does)
    event: str = "answered"  # what a listener hears when it is answered ("card turned" for a station card)
    # The answer read on its own, without the checks that need figures the rules may keep private to a player
    # (a Chinatown trade's payer, payee and amount, not the cash it moves): what a phone that may not see those
    # figures is told of its answer, the player whose figures they are checking it (scorepad.table.acts.read).
    read: Callable[[str], Any] | None = None

    def __post_init__(self) -> None:
        if self.choices and self.kind == TEXT:
            object.__setattr__(self, "kind", CHOICE)

    def content(self) -> dict[str, Any]:
        """The question as plain data for any screen: its label, hint, default, what empty means, its kind."""
        return {"label": self.label, "hint": self.hint or None, "default": self.default or None,
                "empty": self.empty or None, "kind": self.kind}


Step = Say | Ask


@dataclass(frozen=True)
class Elsewhere:
    """What a question's parse returns for an answer typed in another form of it, kept at that form's path: a
    Chinatown player who types `lots 12 13 40` at the businesses question gives their lots (the game then asks for
    their shops in place of the businesses). The engine records `value` at `at` instead of the question's own."""

    at: Path
    value: Any

def keeping(parse: Callable[[str], Any], kept: str) -> Callable[[str], Any]:
    """The parse of a question whose answer scorepad knows already: Enter alone stands for `kept`,
    which is checked exactly like a typed answer.

    The known answer is named in the question instead of being pre-filled as editable text: typing a
    correction over pre-filled text appends to it ("1" + "20" became 120), and a prompt word such as
    `summary` would have to be typed after clearing it.
    """
    def parse_or_keep(text: str) -> Any:
        return parse(text if text.strip() else kept)

    return parse_or_keep


def one_of_players(players: Sequence[str], field: str | None = None) -> Callable[[str], str]:
    """The parse of a menu of the players (the menu offers nothing else; this keeps a stored answer honest)."""
    def parse(text: str) -> str:
        if text not in players:
            raise InvalidInput("players.not-one-of", name=text, players=list(players), field=field)
        return text

    return parse


class Explained(Mapping[str, str]):
    """A game's variants or modules, name → what it means, in the chosen language when read: `texts` are N_()
    msgids filled with `values` (rule values from the calculators). The registry is built before a language is
    chosen, so the words are looked up on each read; `_()` of an explanation read this way changes nothing.
    """

    def __init__(self, texts: Mapping[str, str], **values: Any) -> None:
        self._texts = dict(texts)
        self._values = values

    def __getitem__(self, name: str) -> str:
        text = self._texts[name] and _(self._texts[name])  # _("") is the catalogue's header
        return text.format(**self._values) if self._values else text

    def __iter__(self):
        return iter(self._texts)

    def __len__(self) -> int:
        return len(self._texts)

    def __repr__(self) -> str:
        return f"Explained({self._texts!r})"

    def msgid(self, name: str) -> str:
        """The English text of `name`, untranslated (a key for a sentence that depends on it)."""
        return self._texts[name]


class _Translated:
    """A Game attribute that holds a msgid (English, marked N_() where the game's module sets it) and reads in the
    chosen language: `game.title` is the title the table reads, whichever screen or sheet asks."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, game: Any, owner: type | None = None) -> Any:
        if game is None:
            return self
        text = game.__dict__[self.name]
        return _(text) if text else text  # _("") is the catalogue's header

    def __set__(self, game: Any, value: str) -> None:  # the dataclass's __init__ (frozen: object.__setattr__)
        game.__dict__[self.name] = value


# A word a player may type at any text prompt of a guided game: word -> (one-line help, function of the
# rest of the line -> what to show, a text or Content). E.g. Chinatown's `cash Ana`, London's `summary`.
Commands = Mapping[str, tuple[str, Callable[[str], "str | Content"]]]


def no_commands(session: Any) -> Commands:
    return {}


def never(session: Any) -> bool:
    return False


def no_notes(result: Result) -> list[str]:
    return []


def no_control(session: Any, ask: Ask) -> Any:
    return None


def no_board(session: Any) -> dict[str, Any] | None:
    return None


def no_own(session: Any, player: str) -> dict[str, Any] | None:
    return None


def nobody(session: Any) -> str | None:
    return None


def unchanged(doc: dict[str, Any]) -> dict[str, Any]:
    return doc


def started_by(setup: str) -> Callable[[Any], str | None]:
    """A game's `start_player` where one setup answer names who starts (Lost Cities' oldest player): that answer,
    when it names one of the players."""
    def start_player(session: Any) -> str | None:
        name = session.get("setup", setup)
        return name if name in session.players else None

    return start_player


@dataclass(frozen=True)
class Game:
    """One game in the registry: what `scorepad games` lists and what every command needs of it."""

    slug: str
    title: str
    players: tuple[int, ...]
    variants: Mapping[str, str]
    default_rounds: int | None
    score: Callable[[Any], Result]  # the calculator: a table file in, standings out
    steps: Callable[[Any], list[Step]]  # the guided game for a session (see scorepad.table.Session)
    template: str  # templates/<template>.toml
    sheet: Callable[..., dict]  # sheet data for the template: filled from a scored table, or blank
    report: Callable[[Any], str]  # `scorepad show`: everything a session has recorded, with breakdowns
    round_label: str = "Round"  # what a round is called at this table ("Game" in a Lost Cities match)
    blurb: str = ""
    max_rounds: int | None = None
    modules: Mapping[str, str] = field(default_factory=dict)  # optional game modules: name -> one line
    commands: Callable[[Any], Commands] = no_commands  # prompt words for a session (see Commands)
    # True while a session's running totals must stay off a shared screen (Chinatown's secret cash):
    # `list` and `score ID` then show no totals until the game ends.
    private: Callable[[Any], bool] = never
    # The prompt words (of `commands`) that tell a player's private figures (Chinatown's `cash`): while `private`,
    # a phone asking one gets its own seat's alone (scorepad.table.telling.answer_word).
    private_words: tuple[str, ...] = ()
    # Where its answers hold a player's name, beyond `players` and the rounds/final paths of every game (what
    # `scorepad players rename` renames): (pattern, key) pairs. A pattern is an answer's path with None for any one
    # part; key None: the answer is a name (Lost Cities' oldest player), else an object whose `key` holds one
    # (a Chinatown trade's "from"). A free note that mentions a player is the table's own text: never listed.
    named_answers: tuple[tuple[Path, str | None], ...] = ()
    variant_rounds: Mapping[str, int] = field(default_factory=dict)  # a variant's own round limit
    figure: Callable[[int], str] | None = None  # how its scores print, if not as plain numbers ("$988,000")
    variant_labels: Mapping[str, str] = field(default_factory=dict)  # a variant's own name for a round
    # The breakdown under the standings (scorepad.grid.standings_text), if not each player's `parts`.
    breakdown: Callable[[Result], str] | None = None
    # The running figures a resumed game recaps (scorepad.table.recap), if not the totals of the complete rounds.
    recap_totals: Callable[[Any], str] | None = None
    # The players at a usual table, for a blank pad printed without --players (issue 9: four, or the
    # most the game takes: two for Lost Cities).
    usual_players: int = 4
    # Lines printed under the standings wherever they are printed (Next Station: London's solo rating).
    result_notes: Callable[[Result], list[str]] = no_notes
    # How an error names one of its table file's fields (scorepad/words.py), if not by its key: a key -> its
    # label in the chosen language (e.g. Lost Cities' "blue" -> the colour's name), or None for the key itself.
    field_label: Callable[[str], str | None] | None = None
    # How its own phrase codes (`GAME.NAME`: its calculator's refusals and tie-breaks, its notation's) are worded:
    # code -> an N_() msgid or a function of the values (scorepad/words.py; the registry hands them over).
    phrases: Mapping[str, Any] = field(default_factory=dict)
    # How a score's part (a `Standing.parts` key, English in the JSON) is named on screen; None: the key's msgid.
    part_label: Callable[[str], str] | None = None
    # Setup answers named on play's command line (module -> the words given, e.g. Next Station: London's
    # --objectives tourist central): (module names in play) -> [(path, value)], refused as the prompt refuses.
    preset: Callable[[Mapping[str, Sequence[str]], Sequence[str]], list[tuple[Path, Any]]] | None = None
    # What `stats` gathers of a finished session beyond totals and ranks (scorepad.table.summary, scorepad.history):
    # (session, its final Result) -> plain JSON data, `{"players": {name: {...}}, ...}`; None: nothing more.
    facts: Callable[[Any, Result], dict[str, Any]] | None = None
    figures: Figures | None = None  # what `stats` makes of those facts, and how it prints them; None: nothing
    # BoardGameGeek's id of the game (the number in its page's address, boardgamegeek.com/boardgame/ID) and the name
    # BGG lists it under, as the exports give them (scorepad/exports.py): BG Stats matches games by the id.
    bgg_id: int | None = None
    bgg_name: str = ""
    # The heading of its column in `scorepad players`, short (two to six characters) and in the chosen language.
    column_heading: Callable[[], str] | None = None
    # Who started a guided game, where its session knows it (BG Stats' start player), else None.
    start_player: Callable[[Any], str | None] = nobody
    # A stored session of an older scorepad as this release reads it, meaning what it meant then (the store's
    # migration: scorepad.games.upgraded): the document, or a changed copy.
    upgrade: Callable[[dict[str, Any]], dict[str, Any]] = unchanged
    # What a phone shows for a question beyond its label and a text box (scorepad.web): (session, ask) -> one of the
    # generic controls (scorepad.games.controls: Lost Cities' grid of cards), plain data a page knows, or None.
    control: Callable[[Any, Ask], Any] = no_control
    # What every screen at the table may see beyond the standings (Next Station: London's station cards), or None.
    board: Callable[[Any], dict[str, Any] | None] = no_board
    # A player's own figures that the rules keep from the others while the game is played (Chinatown's cash):
    # (session, player) -> plain data sent to that player's phone alone, or None.
    own: Callable[[Any, str], dict[str, Any] | None] = no_own

    def __post_init__(self) -> None:
        # Explanations and labels read in the chosen language (a plain dict of msgids becomes an Explained).
        for name in ("variants", "modules", "variant_labels"):
            texts = getattr(self, name)
            if not isinstance(texts, Explained):
                object.__setattr__(self, name, Explained(texts))

    @contextlib.contextmanager
    def naming_fields(self) -> Iterator[None]:
        """Refusals raised inside name their fields as this game labels them (`field_label`): scorepad scores a
        game's table inside this block, as the error may be worded much later (cli.py prints it)."""
        try:
            yield
        except InvalidInput as error:
            if error.game is None:
                error.game = self.slug
            raise

    def usual_table(self) -> int:
        """`usual_players`, kept within the player counts the game takes."""
        return min(max(self.usual_players, self.players[0]), self.players[-1])

    def label_for(self, variants: Sequence[str]) -> str:
        """What a round is called with these variants ("Season" in Chinatown's four-season game)."""
        return next((self.variant_labels[v] for v in variants if v in self.variant_labels), self.round_label)

    def label_key_for(self, variants: Sequence[str]) -> str:
        """`label_for` untranslated ("Round", "Game", "Year", "Season"): a sentence about rounds that depends on
        the word (Russian inflects it) picks its own whole sentence by this key."""
        found = next((v for v in variants if v in self.variant_labels), None)
        return self.variant_labels.msgid(found) if found else self.__dict__["round_label"]

    def round_limit(self, variants: Sequence[str]) -> int | None:
        """The most rounds a game with these variants has (None: no limit)."""
        limits = [self.variant_rounds[v] for v in variants if v in self.variant_rounds]
        if self.max_rounds:
            limits.append(self.max_rounds)
        return min(limits, default=None)

    def player_counts(self) -> str:
        low, high = self.players[0], self.players[-1]
        return str(low) if low == high else f"{low}–{high}"


# Read in the chosen language (see _Translated); the dataclass's __init__ stores the msgids the game's module gives.
Game.title = _Translated("title")  # type: ignore[assignment]
Game.blurb = _Translated("blurb")  # type: ignore[assignment]
Game.round_label = _Translated("round_label")  # type: ignore[assignment]


# Where an answer is being given: at a game's prompt (where `fix` changes an earlier one), or by `scorepad edit` in
# the shell (where no prompt word exists): a refusal that names the way to change another answer says the right one.
_IN_SHELL: contextvars.ContextVar[bool] = contextvars.ContextVar("in_shell", default=False)


@contextlib.contextmanager
def from_the_shell() -> Iterator[None]:
    """Answers given in the block come from the shell (`scorepad edit ID … VALUE`), not from a game's prompt."""
    token = _IN_SHELL.set(True)
    try:
        yield
    finally:
        _IN_SHELL.reset(token)


def in_the_shell() -> bool:
    return _IN_SHELL.get()
