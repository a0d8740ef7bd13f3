"""Where asknotes keeps its configuration, data and indexes."""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

APP_NAME = "asknotes"


def config_file() -> Path:
    """The TOML settings file: $ASKNOTES_CONFIG, else the user config dir."""
    override = os.environ.get("ASKNOTES_CONFIG")
    if override:
        return Path(override).expanduser()
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME)) / "config.toml"


def default_data_dir() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME))


def default_models_dir() -> Path:
    """The `models/` folder of a source checkout, else one in the data dir."""
    checkout = Path(__file__).resolve().parent.parent / "models"
    return checkout if checkout.is_dir() else default_data_dir() / "models"


def _folder_key(notes_root: Path) -> str:
    resolved = notes_root.expanduser().resolve()
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", resolved.name).strip("-") or "notes"
    digest = hashlib.sha256(os.fsencode(resolved)).hexdigest()[:8]
    return f"{slug}-{digest}"


def index_dir(data_dir: Path, notes_root: Path) -> Path:
    """One index per notes folder, so several can live side by side in one data dir.

    Derived data only: a rebuild replaces what is inside it.
    """
    return data_dir / "indexes" / _folder_key(notes_root)


def user_dir(data_dir: Path, notes_root: Path) -> Path:
    """The user's own data about one notes folder (refused questions and their marks, eval
    runs, the calibrated threshold): never touched by a rebuild."""
    return data_dir / "user" / _folder_key(notes_root)


def last_notes_file(data_dir: Path) -> Path:
    return data_dir / "last_notes_dir"


def _shared_key(url: str, collection: str) -> str:
    digest = hashlib.sha256(f"{url.rstrip('/')}\n{collection}".encode()).hexdigest()[:8]
    return f"shared-{collection}-{digest}"


def shared_index_dir(data_dir: Path, url: str, collection: str) -> Path:
    """A reader's mirror of a shared collection on a Chroma server (derived data)."""
    return data_dir / "indexes" / _shared_key(url, collection)


def shared_user_dir(data_dir: Path, url: str, collection: str) -> Path:
    """This user's own data about a shared collection: refusals stay per user."""
    return data_dir / "user" / _shared_key(url, collection)
