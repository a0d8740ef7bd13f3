"""App-wide messages: posted by thread workers, handled on the UI thread."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from app.core.answer import Answer
from app.core.indexer import IndexReport
from app.core.retrieve import SearchResult
from app.core.store import IndexStatus
from app.core.verdict import Verdict
from app.core.why import Explanation
from app.ui.backend import ReplayResult


@dataclass
class IndexReady(Message):
    status: IndexStatus


@dataclass
class IndexProgress(Message):
    done: int
    total: int
    label: str

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, IndexProgress)


@dataclass
class IndexUpdated(Message):
    report: IndexReport
    status: IndexStatus


@dataclass
class ModelReady(Message):
    name: str


@dataclass
class LoadProgress(Message):
    done: int
    total: int
    label: str

    def can_replace(self, message: Message) -> bool:  # only the newest figure matters
        return isinstance(message, LoadProgress)


@dataclass
class AnswerDelta(Message):
    text: str


@dataclass
class Retrieved(Message):
    result: SearchResult
    verdict: Verdict


@dataclass
class AnswerDone(Message):
    answer: Answer


@dataclass
class Explained(Message):
    explanation: Explanation


@dataclass
class ReplayDone(Message):
    result: ReplayResult


@dataclass
class FilesChanged(Message):
    paths: frozenset[str]


@dataclass
class WatchFailed(Message):
    error: str
