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

    def session(self, notes_dir: Path | None = None, *, create: bool = False) -> NotesSession:
        """A session on NOTES_DIR (else the configured or last folder), its index open.

        With `create`, the index is created when missing and the folder is remembered as
        the default for later commands.
        """
        from app.core.session.session import NotesSession
        from app.core.session.wiring import remember_notes_dir, resolve_notes_dir

        settings = self.settings
        notes = resolve_notes_dir(settings, notes_dir)
        session = NotesSession(settings, notes, self.factories)
        try:
            session.open(create=create)
        except BaseException:
            session.close()
            raise
        if create:
            remember_notes_dir(settings, notes)
        return session


pass_ctx = click.make_pass_decorator(Context)
