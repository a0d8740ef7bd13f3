"""Question sets: JSONL files of questions with optional expectations and anchors."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.core.index.scope import ScopeError, parse_scope
from app.errors import AsknotesError


class QuestionSetError(AsknotesError):
    """A question file line that cannot be used."""


_LINK_BRACKETS = re.compile(r"\\\[\\\[|\\\]\\\]")  # a wikilink's brackets escaped in an anchor


@dataclass(frozen=True)
class Question:
    """One line of a question set; unknown fields are kept in `extra`."""

    question: str
    expect: str | None = None  # "answer" or "refuse"
    anchor: str | None = None  # regex the answering passage contains (case-insensitive)
    sources: tuple[str, ...] = ()  # notes that answer it, relative to the notes folder
    extra: dict[str, Any] = field(default_factory=dict)
    scope: str = ""  # e.g. "in:homelab #media", as it would be written in the question

    @property
    def asked(self) -> str:
        """The question as it is searched: its scope written in front of it."""
        return f"{self.scope} {self.question}" if self.scope else self.question

    def anchor_pattern(self) -> re.Pattern[str] | None:
        """The anchor as it matches a passage. Anchors are written against a note as it
        is written, passages hold it as it reads: "mentor:: [[Mark Ellery]]" is stored
        as "mentor:: Mark Ellery", so an anchor's escaped link brackets are optional."""
        if self.anchor is None:
            return None
        readable = _LINK_BRACKETS.sub("", self.anchor)
        if readable == self.anchor:
            return re.compile(self.anchor, re.IGNORECASE)
        return re.compile(f"(?:{self.anchor})|(?:{readable})", re.IGNORECASE)


def load_questions(path: Path) -> list[Question]:
    """Read a question set, failing with the file and line of the first bad entry."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise QuestionSetError(f"{path}: cannot read ({exc.strerror})") from exc
    try:
        raw_lines = raw.decode("utf-8-sig").splitlines()
    except UnicodeDecodeError as exc:
        bad_line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise QuestionSetError(
            f"{path}:{bad_line}: not UTF-8 text (byte {column} of the line); save the file as UTF-8"
        ) from exc
    questions = []
    for number, line in enumerate(raw_lines, start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise QuestionSetError(f"{where}: not valid JSON ({exc.msg})") from exc
        questions.append(_parse(data, where))
    return questions


def _parse(data: Any, where: str) -> Question:
    if not isinstance(data, dict) or not isinstance(data.get("question"), str):
        raise QuestionSetError(f'{where}: each line needs a "question" string')
    expect = data.get("expect")
    if expect not in (None, "answer", "refuse"):
        raise QuestionSetError(f'{where}: expect must be "answer" or "refuse", got {expect!r}')
    anchor = data.get("anchor")
    for key in ("anchor", "trap"):
        pattern = data.get(key)
        if pattern is None:
            continue
        if not isinstance(pattern, str):
            raise QuestionSetError(f"{where}: {key} must be a string (a regular expression)")
        try:
            re.compile(pattern, re.IGNORECASE)
        except re.error as exc:
            raise QuestionSetError(
                f"{where}: {key} {pattern!r} is not a valid regular expression ({exc})"
            ) from exc
    source = data.get("source")
    sources: tuple[str, ...] = ()
    if isinstance(source, str):
        sources = (source,)
    elif isinstance(source, list) and all(isinstance(s, str) for s in source):
        sources = tuple(source)
    elif source is not None:
        raise QuestionSetError(f"{where}: source must be a path or a list of paths")
    scope = data.get("scope", "")
    if not isinstance(scope, str):
        raise QuestionSetError(f'{where}: scope must be a string such as "in:homelab #media"')
    if scope.strip():
        try:
            parsed = parse_scope(f"{scope} question")
        except ScopeError as exc:
            raise QuestionSetError(f"{where}: {exc}") from exc
        if parsed.scope.is_empty or parsed.text != "question":
            raise QuestionSetError(
                f"{where}: scope {scope!r} holds more than in:, #tag, file:, since: and before:"
            )
    known = {"question", "expect", "anchor", "source", "scope"}
    extra = {k: v for k, v in data.items() if k not in known}
    return Question(data["question"], expect, anchor, sources, extra, scope.strip())
