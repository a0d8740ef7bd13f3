"""App-wide messages: posted by thread workers, handled on the UI thread.

Answer messages carry the id of the question they belong to, so a late message from a
cancelled answer never lands in the next one.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from app.core.answer.lists import ListAnswer
from app.core.answer.result import Answer
from app.core.index.indexer import IndexReport
from app.core.index.retrieve import SearchResult
from app.core.index.store import IndexStatus
from app.core.verdict.gates import Verdict
from app.core.verdict.why import Explanation


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
    answer_id: int
    text: str


@dataclass
class Rereading(Message):
    """The model reads the passages again: its first quote was refused as a wrong pick."""

    answer_id: int
    question: str
    why: str


@dataclass
class Retrieved(Message):
    answer_id: int
    result: SearchResult
    verdict: Verdict


@dataclass
class AnswerDone(Message):
    answer_id: int
    answer: Answer


@dataclass
class ListAnswered(Message):
    answer_id: int
    answer: ListAnswer


@dataclass
class Explained(Message):
    explanation: Explanation


@dataclass
class FilesChanged(Message):
    paths: frozenset[str]


@dataclass
class WatchFailed(Message):
    error: str
    busy: bool = False  # another process holds the writer lock: the batch is retried


@dataclass
class IndexWaiting(Message):
    """Another process holds the writer lock; this app's indexing waits or retries."""

    text: str


@dataclass
class Warned(Message):
    """A problem that is not an error (a refused-set line skipped, user data moved)."""

    text: str
