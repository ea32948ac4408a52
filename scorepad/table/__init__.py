"""The table engine: a game in progress, below every screen (the terminal's guided loop, the phones).

`Table` is the one way a screen drives a game (`act`, `view`, the seats); `Session` the view of a stored session
every part reads; the modules beside them hold what a seat may do (acts) and see (views), the seats and proposals
(seats), how answers are named (naming), the changes to a session document (changes), edits (edit), table files
(tablefile, travel), the recap of a resumed game (recap) and the store's summaries (summary).
"""

from scorepad.table.engine import (HOST, NOBODY, TABLE_SCREEN, Answer, Answered, AskFirst, Confirm, Done, Event,
                                   Finished, Fix, NoSeat, NoSuchSeat, NothingToConfirm, NotOpen, NotYours, Question,
                                   SeatHeld, Table, Undo)
from scorepad.table.records import Records
from scorepad.table.session import Session, open_session, session_of

__all__ = ["HOST", "NOBODY", "TABLE_SCREEN", "Answer", "Answered", "AskFirst", "Confirm", "Done", "Event",
           "Finished", "Fix", "NoSeat", "NoSuchSeat", "NothingToConfirm", "NotOpen", "NotYours", "Question", "Records",
           "SeatHeld", "Session", "Table", "Undo", "open_session", "session_of"]
