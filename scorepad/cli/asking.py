"""How the terminal words a question and what the game says: a question's label with its hint, its default and
what Enter alone does in brackets ("Ana · loans still held [3 tracked; Enter keeps it]:"); a game's content as
lines of text fitted to the terminal. The phone words the same content its own way (scorepad.web)."""

from __future__ import annotations

from scorepad.games.base import PRESS, Ask, Content
from scorepad.grid import grid
from scorepad.i18n import N_, _, pgettext
from scorepad.table.naming import QUESTION_MARKS  # a label that ends with one is a question: no colon

# TRANSLATORS: a question at the terminal, then what to type in brackets: {inside} is a hint, and what Enter alone
# does ("e.g. 5 2 1; Enter: none"). Chinese: {label}（{inside}）
WITH_HINT = N_("{label} ({inside})")
# TRANSLATORS: a question whose empty answer keeps a figure: {inside} is "3 tracked; Enter keeps it".
WITH_KEPT = N_("{label} [{inside}]")
# TRANSLATORS: inside a question's brackets: Enter alone keeps the answer shown.
ENTER_KEEPS = N_("Enter keeps it")
# TRANSLATORS: inside a question's brackets: what Enter alone answers; {meaning} is "none", "trading is done".
ENTER_MEANS = N_("Enter: {meaning}")
# TRANSLATORS: a question answered by Enter alone: {action} is what Enter does ("Round 1 · turn 3 — Enter: turn
# the card").
ENTER_DOES = N_("{label} — Enter: {action}")
# TRANSLATORS: the end of a question that is no question ("Game 1 · Ana · Blue:"); Chinese {question}：
COLON = N_("{question}:")


def prompt(ask: Ask) -> str:
    """The question as the terminal asks it."""
    if ask.kind == PRESS:
        return _(ENTER_DOES).format(label=ask.label, action=ask.empty)
    kept = bool(ask.default) and not ask.choices  # a menu shows its default as the choice under the cursor
    inside = [ask.hint or ask.default] if kept else [ask.hint] if ask.hint else []
    if kept:
        inside.append(_(ENTER_KEEPS))
    elif ask.empty:
        inside.append(_(ENTER_MEANS).format(meaning=ask.empty))
    # TRANSLATORS: between the parts of a question's brackets ("e.g. 5 2 1; Enter: none"); Persian ؛, Chinese ；
    joined = pgettext("between hints", "; ").join(inside)
    text = _(WITH_KEPT if kept else WITH_HINT).format(label=ask.label, inside=joined) if inside else ask.label
    return text if ask.label.endswith(QUESTION_MARKS) else _(COLON).format(question=text)


def text(content: Content) -> str:
    """What the game says, as the terminal prints it: the title, the lines, the rows as a grid, the fixed text."""
    parts = [content.title] if content.title else []
    parts += list(content.lines)
    if content.rows:
        parts.append(grid(list(content.rows[0]), [list(row) for row in content.rows[1:]]))
    if content.text:
        parts.append(content.text)
    return "\n".join(parts)
