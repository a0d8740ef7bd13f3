"""The object every command receives: flags, and settings loaded on first use."""

from __future__ import annotations

from typing import Any

import click

from app.config import Settings, load_settings


class Context:
    def __init__(self, overrides: dict[str, Any]) -> None:
        self.overrides = overrides
        self._settings: Settings | None = None

    @property
    def settings(self) -> Settings:
        if self._settings is None:
            self._settings = load_settings(self.overrides)
        return self._settings


pass_ctx = click.make_pass_decorator(Context)
