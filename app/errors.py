"""The error hierarchy: each one renders as a single line that says what to do."""

from __future__ import annotations


class AsknotesError(Exception):
    """Base of every error a user should see as one line, not a traceback."""


class ConfigError(AsknotesError):
    """A setting has a bad value."""


class NotesFolderError(AsknotesError):
    """The notes folder is missing or is not a folder."""


class ModelNotFoundError(AsknotesError):
    """A model cannot be found or loaded."""


class IndexError_(AsknotesError):
    """The index cannot be used as it is."""


class IndexMissingError(IndexError_):
    """No index exists yet for this notes folder."""


class EmbedderMismatchError(IndexError_):
    """The index was built with a different embedding model."""


class SchemaVersionError(IndexError_):
    """The index was written by an incompatible version of asknotes."""


class Cancelled(AsknotesError):
    """A long job was cancelled by the user."""


class IndexBusyError(IndexError_):
    """Another process holds the folder's writer lock."""

    def __init__(self, message: str, holder: str = "") -> None:
        super().__init__(message)
        self.holder = holder


class ServerUnreachableError(IndexError_):
    """The Chroma server named by `chroma_url` cannot be reached."""


class IndexCorruptError(IndexError_):
    """A file of the index cannot be read; the message says which and what to run."""


class UserDataError(AsknotesError):
    """A file of the user's own data (refused set, eval runs, calibration) is unusable."""
