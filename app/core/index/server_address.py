"""Where a shared index lives: the Chroma server's address and the collection's name,
both checked before any connection is tried."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from app.errors import ConfigError

_COLLECTION_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{1,510}[A-Za-z0-9]$")


@dataclass(frozen=True)
class ServerAddress:
    """Where the Chroma server listens, parsed from the `chroma_url` setting."""

    url: str
    host: str
    port: int
    ssl: bool

    @classmethod
    def parse(cls, url: str) -> ServerAddress:
        """Raises:
        ConfigError: not an http(s)://HOST[:PORT] address.
        """
        parts = urlsplit(url.strip())
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ConfigError(
                f"setting chroma_url={url!r} is not an http://HOST:PORT address "
                "(for example http://127.0.0.1:8000)"
            )
        if parts.path.strip("/") or parts.query:
            raise ConfigError(f"setting chroma_url={url!r} must be only http://HOST:PORT")
        try:
            port = parts.port or (443 if parts.scheme == "https" else 8000)
        except ValueError as exc:
            raise ConfigError(f"setting chroma_url={url!r} has a bad port") from exc
        base = f"{parts.scheme}://{parts.netloc}"
        return cls(base, parts.hostname, port, parts.scheme == "https")


def check_collection_name(name: str) -> None:
    """Raises:
    ConfigError: Chroma would refuse the name.
    """
    if not _COLLECTION_NAME.match(name) or ".." in name:
        raise ConfigError(
            f"setting chroma_collection={name!r} must be 3 to 512 letters, digits, '.', '_' "
            "or '-', starting and ending with a letter or digit"
        )
