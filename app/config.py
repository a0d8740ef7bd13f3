"""Load the settings: defaults, then the TOML file, then ASKNOTES_* variables, then flags."""

from __future__ import annotations

import dataclasses
import os
import tomllib
import types
import typing
from dataclasses import fields
from pathlib import Path
from typing import Any

from app import paths
from app.core.session.settings import Settings
from app.errors import ConfigError

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}
_UNSET = {"off", "none"}


def _base_type(annotation: Any) -> Any:
    """`int | None` → int; a plain type stays as it is."""
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        options = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(options) == 1:
            return options[0]
    return annotation


def coerce(name: str, raw: Any, annotation: Any) -> Any:
    """Turn a TOML, environment or flag value into the setting's own type.

    Raises:
        ConfigError: the value cannot be read as that type.
    """
    kind = _base_type(annotation)
    origin = typing.get_origin(kind)
    if kind is not annotation and isinstance(raw, str) and raw.strip().lower() in _UNSET:
        return None  # a setting that may be off ("min_cosine = off")
    try:
        if kind is bool:
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise ValueError(raw)
        if kind is int:
            if isinstance(raw, bool) or (isinstance(raw, float) and not raw.is_integer()):
                raise ValueError(raw)
            return int(raw)
        if kind is float:
            if isinstance(raw, bool):
                raise ValueError(raw)
            return float(raw)
        if kind is Path:
            if not isinstance(raw, str | Path) or not str(raw).strip():
                raise ValueError(raw)
            return Path(str(raw)).expanduser()
        if origin is tuple:
            if isinstance(raw, str):
                return tuple(p.strip() for p in raw.split(",") if p.strip())
            if isinstance(raw, list | tuple) and all(isinstance(p, str) for p in raw):
                return tuple(raw)
            raise ValueError(raw)
        if kind is str:
            return str(raw)
    except (TypeError, ValueError) as exc:
        label = getattr(kind, "__name__", str(kind))
        raise ConfigError(f"setting {name}={raw!r} is not a valid {label}") from exc
    raise ConfigError(f"setting {name} has a type asknotes cannot read: {kind}")


def _annotations() -> dict[str, Any]:
    return typing.get_type_hints(Settings)


def load_settings(
    overrides: dict[str, Any] | None = None, *, config: Path | None = None
) -> Settings:
    """Build the settings from the TOML file, the environment and `overrides` (flags).

    Raises:
        ConfigError: an unreadable file, an unknown key, or a value of the wrong type or range.
    """
    known = _annotations()
    values: dict[str, Any] = {}
    config = config or paths.config_file()
    if config.exists():
        try:
            data = tomllib.loads(config.read_text(encoding="utf-8"))
        except OSError as exc:
            raise ConfigError(
                f"{config}: cannot be read ({exc.strerror or exc}); fix its permissions, or "
                "point ASKNOTES_CONFIG at another file"
            ) from exc
        except UnicodeDecodeError as exc:
            raise ConfigError(
                f"{config}: not UTF-8 text (byte {exc.start}); save it as UTF-8"
            ) from exc
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{config}: not valid TOML ({exc}); fix or delete it") from exc
        for key, raw in data.items():
            if key not in known:
                raise ConfigError(f"{config}: unknown setting '{key}'; see `asknotes paths`")
            values[key] = coerce(key, raw, known[key])
    for name, annotation in known.items():
        env = os.environ.get(f"ASKNOTES_{name.upper()}")
        if env is not None and env != "":
            values[name] = coerce(name, env, annotation)
    for name, raw in (overrides or {}).items():
        if raw is not None:
            values[name] = coerce(name, raw, known[name])
    try:
        return dataclasses.replace(Settings(), **values)
    except ValueError as exc:
        raise ConfigError(f"bad setting: {exc}") from exc


def describe_settings() -> list[tuple[str, str, str]]:
    """(name, environment variable, documentation) for every setting."""
    return [
        (f.name, f"ASKNOTES_{f.name.upper()}", str(f.metadata.get("doc", "")))
        for f in fields(Settings)
    ]
