"""Scopes written into a question: `in:FOLDER`, `#tag`, `file:NAME`, `since:DATE`, `before:DATE`.

A scope narrows which notes both retrieval legs may return, before fusion, so the verdict
judges what the scoped notes hold. Several values of one kind admit a note matching any of
them; different kinds must all match.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from datetime import date, datetime

from app.errors import AsknotesError

_TOKEN = re.compile(r'(?:^|(?<=\s))(in|file|since|before):(?:"([^"]*)"|(\S*))', re.IGNORECASE)
_TAG = re.compile(r"(?:^|(?<=\s))#([\w/-]*[^\W\d][\w/-]*)(?=$|[\s?!.,;:])")
_DATE = re.compile(r"^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$")


class ScopeError(AsknotesError):
    """A scope in a question that cannot be used (an empty folder name, a bad date)."""


@dataclass(frozen=True)
class Scope:
    """Which notes a question may be answered from; the empty scope admits every note."""

    folders: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    files: tuple[str, ...] = ()
    since: date | None = None  # modified on or after this day (local time)
    before: date | None = None  # modified before this day (local time)

    @property
    def is_empty(self) -> bool:
        return not (self.folders or self.tags or self.files or self.since or self.before)

    def describe(self) -> str:
        """The scope as it is written in a question: `in:homelab #media since:2024-01-01`."""
        parts = [f"in:{_quoted(f)}" for f in self.folders]
        parts += [f"#{t}" for t in self.tags]
        parts += [f"file:{_quoted(f)}" for f in self.files]
        if self.since:
            parts.append(f"since:{self.since.isoformat()}")
        if self.before:
            parts.append(f"before:{self.before.isoformat()}")
        return " ".join(parts)

    def admits(self, path: str, mtime_ns: int, tags: tuple[str, ...]) -> bool:
        """Whether the note at `path` (relative, POSIX), modified at `mtime_ns`, with
        `tags` (lower-cased, without "#"), is in scope."""
        folded = "/" + path.casefold()
        if self.folders and not any(f"/{f.casefold()}/" in folded for f in self.folders):
            return False
        name = folded.rsplit("/", 1)[-1]
        if self.files and not any(
            f.casefold() in name or "/" + f.casefold() == folded for f in self.files
        ):
            return False
        if self.tags and not any(
            t == wanted or t.startswith(wanted + "/") for wanted in self.tags for t in tags
        ):
            return False
        seconds = mtime_ns / 1e9
        if self.since and seconds < _midnight(self.since):
            return False
        return not (self.before and seconds >= _midnight(self.before))

    def merged(self, other: Scope) -> Scope:
        """Both scopes' values (a question set's scope and the question's own)."""
        return Scope(
            _unique(self.folders + other.folders),
            _unique(self.tags + other.tags),
            _unique(self.files + other.files),
            other.since or self.since,
            other.before or self.before,
        )


@dataclass(frozen=True)
class ScopedQuestion:
    """A question with its scope taken out: `text` is what is searched and answered."""

    text: str
    scope: Scope


def parse_scope(question: str, known_tags: Collection[str] | None = None) -> ScopedQuestion:
    """Take the scope out of a question.

    With `known_tags`, a `#word` that no note carries (nor any nested tag under it) stays a
    word of the question: "what does #include do" asks about C, not about a tag.

    Raises:
        ScopeError: a scope value is empty or not a date, or nothing is left to ask.
    """
    folders: list[str] = []
    files: list[str] = []
    dates: dict[str, date] = {}

    def take(match: re.Match[str]) -> str:
        kind = match.group(1).lower()
        quoted = match.group(2)
        value = quoted.strip() if quoted is not None else match.group(3).rstrip("?!.,;")
        if kind in ("since", "before"):
            dates[kind] = _parse_date(kind, value)
            return " "
        value = value.strip("/")
        if not value:
            raise ScopeError(f"{match.group(0)!r} names no {'folder' if kind == 'in' else 'file'}")
        (folders if kind == "in" else files).append(value)
        return " "

    rest = _TOKEN.sub(take, question)
    tags: list[str] = []

    def tag(match: re.Match[str]) -> str:
        name = match.group(1).lower().strip("/")
        if known_tags is not None and not any(
            t == name or t.startswith(name + "/") for t in known_tags
        ):
            return match.group(0)
        tags.append(name)
        return " "

    rest = _TAG.sub(tag, rest)
    scope = Scope(
        _unique(tuple(folders)),
        _unique(tuple(t for t in tags if t)),
        _unique(tuple(files)),
        dates.get("since"),
        dates.get("before"),
    )
    if scope.since and scope.before and scope.since >= scope.before:
        raise ScopeError(
            f"since:{scope.since.isoformat()} is not before before:{scope.before.isoformat()}; "
            "no note can be in that scope"
        )
    text = " ".join(rest.split())
    if scope.is_empty:
        return ScopedQuestion(question, scope)
    if not text.strip(" ?!.,;:"):
        raise ScopeError(f"the question is only a scope ({scope.describe()}); add what to ask")
    return ScopedQuestion(text, scope)


def _parse_date(kind: str, value: str) -> date:
    match = _DATE.match(value)
    try:
        if match is None:
            raise ValueError(value)
        year, month, day = match.groups()
        return date(int(year), int(month or 1), int(day or 1))
    except ValueError:
        raise ScopeError(
            f"{kind}:{value} is not a date; write {kind}:YYYY-MM-DD, {kind}:YYYY-MM or {kind}:YYYY"
        ) from None


def _midnight(day: date) -> float:
    return datetime(day.year, day.month, day.day).timestamp()  # local time, as files show


def _quoted(value: str) -> str:
    return f'"{value}"' if any(c.isspace() for c in value) else value


def _unique(values: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(values))
