"""A hostile notes folder, built at test time: every kind of path that has broken or hung
asknotes, beside good notes that must all stay searchable.

Each good note holds one made-up word no other note holds, so a search for that word
proves the note was indexed.
"""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass, field
from pathlib import Path

from app.core.ingest.walk import SkipReason

BODY = "This paragraph is long enough to be a chunk on its own, so the note is indexed."


@dataclass
class HostileFolder:
    root: Path
    good: dict[str, str] = field(default_factory=dict)  # note -> the word only it holds
    skips: dict[str, SkipReason] = field(default_factory=dict)  # path -> expected reason
    sockets: list[socket.socket] = field(default_factory=list)

    def close(self) -> None:
        for sock in self.sockets:
            sock.close()


def _good(folder: HostileFolder, rel: str, word: str, text: str | None = None) -> None:
    path = folder.root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text or f"# {word.title()}\n\n## Facts\n\nThe word is {word}. {BODY}\n")
    folder.good[rel] = word


def build_hostile_folder(root: Path) -> HostileFolder:
    """Write the folder; the caller closes it (a bound socket is part of it)."""
    folder = HostileFolder(root)
    root.mkdir(parents=True, exist_ok=True)
    outside = root.parent / "outside-secret.md"
    outside.write_text("# Secret\n\nOutside the notes folder: must never be indexed.\n")

    _good(folder, "plain.md", "zorblatt")
    _good(folder, "sub/deep/nested.md", "quibbleton")
    _good(folder, "spaced name with (parens).md", "frumious")
    _good(folder, "naïve café.md", "glimmerwick")
    _good(folder, "notes.txt", "plonkety", "Plain text note. The word is plonkety. " + BODY)
    _good(folder, "crlf.md", "wobbleth", f"# Crlf\r\n\r\nThe word is wobbleth. {BODY}\r\n")
    _good(folder, "bom.md", "snorkelan", f"\ufeff# Bom\n\nThe word is snorkelan. {BODY}\n")
    _good(
        folder,
        "many-headings.md",
        "headinghaystack",
        "".join(f"# Heading {i}\n" for i in range(8000)) + f"The word is headinghaystack. {BODY}\n",
    )
    _good(
        folder,
        "one-long-line.md",
        "longlinezz",
        "The word is longlinezz. " + "x" * 1_500_000 + "\n",
    )
    (root / "folder.md").mkdir()  # a folder with a note's name: walked into, not read
    _good(folder, "folder.md/inside.md", "dirnamed")

    links = {
        "loop.md": ("loop.md", SkipReason.SYMLINK_LOOP),
        "ping.md": ("pong.md", SkipReason.SYMLINK_LOOP),
        "pong.md": ("ping.md", SkipReason.SYMLINK_LOOP),
        "dangling.md": ("nowhere.md", SkipReason.SYMLINK_BROKEN),
        "escape.md": (str(outside), SkipReason.SYMLINK_OUTSIDE),
        "linked-dir": ("sub", SkipReason.SYMLINK_DIR),
        "dir-loop": (".", SkipReason.SYMLINK_DIR),
    }
    for name, (target, reason) in links.items():
        os.symlink(target, root / name)
        folder.skips[name + ("/" if reason is SkipReason.SYMLINK_DIR else "")] = reason
    os.symlink("plain.md", root / "alias.md")  # inside the folder: indexed as a duplicate
    folder.good["alias.md"] = "zorblatt"

    os.mkfifo(root / "pipe.md")
    folder.skips["pipe.md"] = SkipReason.SPECIAL
    sock = socket.socket(socket.AF_UNIX)
    try:
        sock.bind(str(root / "sock.md"))
        folder.sockets.append(sock)
        folder.skips["sock.md"] = SkipReason.SPECIAL
    except OSError:  # a socket path over the platform's length limit: not this case
        sock.close()

    (root / os.fsdecode(b"caf\xe9-latin1-name.md")).write_text("# Name\n\nBad name.\n")
    folder.skips["caf\\xe9-latin1-name.md"] = SkipReason.BAD_NAME
    bad_dir = root / os.fsdecode(b"d\xe9j\xe0")
    bad_dir.mkdir()
    (bad_dir / "inside.md").write_text("# Inside\n\nUnder a folder with a bad name.\n")
    folder.skips["d\\xe9j\\xe0/"] = SkipReason.BAD_NAME

    (root / "nul.md").write_bytes(b"# Nul\n\nBinary\x00\x01\x02 content.\n")
    folder.skips["nul.md"] = SkipReason.NOT_TEXT
    (root / "latin1.md").write_bytes("# Café\n\nÉcrit en Latin-1.\n".encode("latin-1"))
    folder.skips["latin1.md"] = SkipReason.NOT_TEXT
    (root / "huge.md").write_bytes(b"# Huge\n\n" + b"y " * (1_100_000))  # over the 2 MiB cap
    folder.skips["huge.md"] = SkipReason.TOO_LARGE
    (root / "empty.md").write_bytes(b"")
    (root / ".obsidian").mkdir()
    (root / ".obsidian" / "workspace.md").write_text("# hidden\n")
    folder.skips[".obsidian/"] = SkipReason.HIDDEN
    (root / "image.png").write_bytes(b"\x89PNG\r\n")
    folder.skips["image.png"] = SkipReason.EXTENSION
    return folder
