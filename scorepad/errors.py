"""The exceptions scorepad expects; cli.py turns each into one line `Error: …` and exit 1."""


class ScorepadError(Exception):
    """An expected failure with a message fit for the person at the table."""


class StoreError(ScorepadError):
    """The database cannot be read or written (unparseable file, newer schema, lock timeout)."""


class ReadOnly(StoreError):
    """The database can be read but not written (a read-only disk or folder): only writes fail."""


class NotFound(ScorepadError):
    """No session with that id."""


class TableFileError(ScorepadError):
    """A table file cannot be read as JSON or has the wrong top-level shape."""


class Changed(StoreError):
    """A compare-and-set refused: the session is no longer as the caller read it (another terminal wrote it
    meanwhile). `doc` is the session as it is stored now; nothing was written."""

    def __init__(self, message: str, doc: dict) -> None:
        super().__init__(message)
        self.doc = doc
