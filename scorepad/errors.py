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
