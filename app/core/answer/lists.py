"""List and count questions: "which notes mention X?", "list every ...", "how many times ...".

Such a question wants every note that says something, not the best five passages. The
retrieval budget grows (more candidates, more passages), passages are deduplicated by
note, and each note becomes one item only when a sentence of its passage holds every
naming word of the subject: an item is a quoted sentence with its citation, or nothing.
No model is called, so no item can be made up.
"""

from __future__ import annotations

import dataclasses
import re
import time
from dataclasses import dataclass

from app.core.basics.language import detect_language
from app.core.basics.sentences import sentences
from app.core.basics.text import lexical_tokens
from app.core.index.fusion import RetrievalSettings
from app.core.index.retrieve import Passage, SearchResult, search
from app.core.index.scope import parse_scope
from app.core.index.store import NoteIndex

LIST_BUDGET = 6  # a list question retrieves this many times the passages of a plain one
LIST_CANDIDATES = 150  # and each leg fetches this many candidates before fusion

_VERBS = (
    r"(?:mention|mentions|mentioned|talk about|talks about|discuss|discusses|cover|covers|"
    r"refer to|refers to|reference|references|link to|links to|say anything about|"
    r"are about|is about|contain|contains|have|has|use|uses|used)"
)
_PATTERNS = (
    rf"^(?:in\s+)?(?:which|what)\s+notes?\s+(?:do\s+I\s+|did\s+I\s+)?{_VERBS}\s+(?P<s>.+)$",
    r"^list\s+(?:all|every|each)?\s*(?:the\s+)?(?:notes?|times?|places?)?\s*"
    rf"(?:that\s+|which\s+|where\s+|with\s+|about\s+|{_VERBS}\s+)*(?P<s>.+)$",
    rf"^how\s+many\s+notes?\s+(?:do\s+I\s+have\s+)?(?:that\s+)?(?:{_VERBS}\s+)?(?P<s>.+)$",
    r"^how\s+many\s+times\s+(?:did|have|do)\s+(?:I|we)\s+(?P<s>.+)$",
    r"^(?:all|every)\s+(?:the\s+)?times?\s+(?:that\s+)?(?:I|we)\s+(?P<s>.+)$",
)
_COUNT = re.compile(r"^how\s+many\b", re.IGNORECASE)


@dataclass(frozen=True)
class ListAsk:
    """A question that asks for every note about `subject` (or how many there are)."""

    question: str  # as asked, with any scope
    subject: str  # what every item must mention
    count: bool  # "how many ...": the answer leads with the number


def list_request(question: str) -> ListAsk | None:
    """The list or count a question asks for; None for a plain factual question (which
    keeps k=5): "how many monthly snapshots do I keep?" asks for one number."""
    text = parse_scope(question).text.strip().rstrip("?.! ")
    for pattern in _PATTERNS:
        match = re.match(pattern, text, re.IGNORECASE)
        if match:
            subject = match.group("s").strip(" ,")
            if subject:
                return ListAsk(question, subject, bool(_COUNT.match(text)))
    return None


@dataclass(frozen=True)
class ListItem:
    file: str
    sentence: str  # a sentence of the passage holding every naming word of the subject
    passage: Passage
    number: int  # 1-based, as cited: [number]


@dataclass(frozen=True)
class ListAnswer:
    ask: ListAsk
    items: tuple[ListItem, ...]
    unsupported: tuple[str, ...]  # notes retrieved whose passage does not state the subject
    result: SearchResult
    seconds: float

    @property
    def refused(self) -> bool:
        return not self.items

    @property
    def text(self) -> str:
        """One line per note, each with its quoted sentence and citation."""
        n = len(self.items)
        subject = self.ask.subject
        if not self.items:
            scope = self.result.scope_line()
            where = f" ({scope})" if scope else ""
            return f"No note states {subject!r}{where}."
        lines = [f"{n} note{'s' * (n != 1)} mention{'s' * (n == 1)} {subject}:"]
        for item in self.items:
            lines.append(f'- {item.file}: "{item.sentence}" [{item.number}]')
        return "\n".join(lines)


def answer_list(
    index: NoteIndex, ask: ListAsk, retrieval: RetrievalSettings, *, max_items: int = 30
) -> ListAnswer:
    """Every note whose retrieved passage states the subject, one cited sentence each.

    A note is one item however many of its passages were retrieved; at most `max_items`.
    """
    started = time.perf_counter()
    k = retrieval.k * LIST_BUDGET
    # Only a passage whose words state the subject can become an item, so the keyword leg
    # alone ranks: a vector neighbour without the words would take a place and be dropped.
    settings = dataclasses.replace(
        retrieval,
        k=k,
        candidates=max(retrieval.candidates, LIST_CANDIDATES, k),
        vector_weight=0.0,
        lexical_weight=1.0,
    )
    scope = parse_scope(ask.question).scope
    query = f"{scope.describe()} {ask.subject}" if not scope.is_empty else ask.subject
    result = search(index, query, settings)
    language = detect_language(ask.subject, index.main_language())
    wanted = lexical_tokens(ask.subject, language)
    items: list[ListItem] = []
    unsupported: list[str] = []
    seen: set[str] = set()
    for passage in result.passages:
        for source in passage.sources:
            if source.file in seen:
                continue
            seen.add(source.file)
            sentence = _stating(passage, wanted, language)
            if sentence is None:
                unsupported.append(source.file)
            elif len(items) < max_items:
                items.append(ListItem(source.file, sentence, passage, len(items) + 1))
    return ListAnswer(ask, tuple(items), tuple(unsupported), result, time.perf_counter() - started)


def _stating(passage: Passage, wanted: list[str], language: str) -> str | None:
    """The first sentence of the passage that holds the subject's naming words in a row
    ("cloud run", not "run ... in the cloud"), else a heading that does (a note about the
    subject); None when neither does."""
    if not wanted:
        return None
    body = [s for s in sentences(passage.text) if not s.startswith("#")]
    headings = [s.lstrip("# ") for s in sentences(passage.text) if s.startswith("#")]
    for sentence in [*body, *headings, passage.heading]:
        tokens = lexical_tokens(sentence, language)
        width = len(wanted)
        if any(tokens[i : i + width] == wanted for i in range(len(tokens) - width + 1)):
            return sentence
    return None
