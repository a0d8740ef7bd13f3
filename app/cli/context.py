"""The object every command receives: flags, settings loaded on first use, and the
factories that build the models (replaced by fakes in the in-process tests)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from app.config import load_settings

if TYPE_CHECKING:
    from app.core.session.session import NotesSession
    from app.core.session.settings import Settings
    from app.core.session.wiring import Factories


class Context:
    def __init__(self, overrides: dict[str, Any], factories: Factories | None = None) -> None:
        self.overrides = overrides
        self.factories = factories
        self._settings: Settings | None = None

    @property
    def settings(self) -> Settings:
        if self._settings is None:
            self._settings = load_settings(self.overrides)
        return self._settings

    def session(
        self, notes_dir: Path | None = None, *, create: bool = False, open_index: bool = True
    ) -> NotesSession:
        """A session on NOTES_DIR (else the configured or last folder), its index open
        unless `open_index` is false (a writer opens it under the writer lock).

        With `create`, the index is created when missing and the folder is remembered as
        the default for later commands. Warnings go to stderr as they happen. With
        `chroma_url` and no notes folder named, a reading command reads the shared index
        on the server, with no notes folder on this machine.
        """
        from app.core.session.session import NotesSession
        from app.core.session.wiring import remember_notes_dir, resolve_notes_dir

        settings = self.settings
        if settings.chroma_url and not create and notes_dir is None and settings.notes_dir is None:
            label = Path(f"{settings.chroma_url}/{settings.chroma_collection}")
            session = NotesSession(settings, label, self.factories, warn=warn, shared_reader=True)
            if open_index:
                try:
                    session.open()
                except BaseException:
                    session.close()
                    raise
            return session
        notes = resolve_notes_dir(settings, notes_dir)
        session = NotesSession(settings, notes, self.factories, warn=warn)
        if open_index:
            try:
                session.open(create=create)
            except BaseException:
                session.close()
                raise
        if create:
            remember_notes_dir(settings, notes)
        return session


def printable(text: str) -> str:
    """`text` with any undecodable file-name bytes shown as \\xNN escapes."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def warn(message: str) -> None:
    """A problem that is not an error, as one line on stderr."""
    click.echo(f"asknotes: warning: {printable(message)}", err=True)


def waiting(message: str) -> None:
    """What a second writer waits for, as one line on stderr."""
    click.echo(f"asknotes: {printable(message)}", err=True)


pass_ctx = click.make_pass_decorator(Context)
