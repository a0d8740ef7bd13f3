"""What answering a question produces: the kind of answer, its text, every check with its
evidence, the passages it cites and what it cost in time."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from app.core.answer.extractive import QuotedSentence
from app.core.answer.grounding import Check, CitationReport, Proposal
from app.core.answer.phrases import quote_intro
from app.core.answer.prompt import Prompt
from app.core.answer.quote_location import LocatedQuote
from app.core.index.retrieve import Passage, passage_numbers
from app.core.models.e5_embedder import NAME as MULTILINGUAL_NAME
from app.core.verdict.gates import GateSettings, Verdict


class AnswerKind(enum.Enum):
    GENERATED = "generated"  # the model's sentence and its quote, every check passed
    QUOTED = "quoted"  # the quote passed its checks, the sentence did not: the quote alone
    QUOTES = "quotes"  # no usable quote; the notes' best-matching sentences instead
    REFUSED = "refused"  # no grounded answer and no evidence to quote


UNCALIBRATED_QUOTE_SIMILARITY = 0.45


@dataclass(frozen=True)
class AnswerSettings:
    max_answer_tokens: int = 256
    # None: the folder's own level (see quote_similarity_floor); a number overrides it.
    min_quote_similarity: float | None = None
    gates: GateSettings = field(default_factory=GateSettings)
    prompt_example: bool = True  # the worked example in the system prompt
    # Three passages cut to 600 characters halve the first-token time but answer twice as
    # many unanswerable questions (8 of 83 against 4), since the window centres on the
    # near-miss sentence (README, "Answering"), so five whole passages stay the default.
    window_chars: int = 0  # show each passage cut to this many characters (0: whole)
    prompt_passages: int = 5  # the best-ranked passages the model reads
    second_reading: bool = True  # ask again without a quote the checks refused as a bad pick

    @property
    def quote_similarity_floor(self) -> float:
        """The cosine a quote sharing no word with the question needs.

        A cosine means something only against its embedder and folder: unrelated French
        sentences score 0.80 with multilingual-e5 and 0.15 with MiniLM. The floor is the
        folder's answerable band (the median top cosine of the questions made from its own
        passages), which sits at 0.42 to 0.52 on MiniLM folders and 0.85 to 0.87 on e5 ones
        (bench/stray_quotes.py prints each folder's); an uncalibrated folder uses MiniLM's
        0.45.
        """
        if self.min_quote_similarity is not None:
            return self.min_quote_similarity
        calibration = self.gates.calibration
        if not calibration.probed:
            return UNCALIBRATED_QUOTE_SIMILARITY
        return calibration.bands["top_cosine"].hit

    @property
    def quote_similarity_floor_across(self) -> float | None:
        """The cosine a quote in another language than the question needs, or None where
        the folder's embedder reads one language only (its cosines across two say nothing).

        The same fact scores lower across languages than within one with multilingual-e5
        ("Who is our accountant?": 0.868 against "Helena Brás is our accountant", 0.851
        against "A Helena Brás é a nossa contabilista"), and a quote in another language
        rarely shares a word with the question, so the floor is the folder's off-topic
        band: what the best passage of a question the notes do not discuss scores. Halfway
        to the answerable band rejected 48 of 561 right answers' sentences on 16 folders of
        two languages, the off-topic band 36, and each 100 and 99 of 131 near-miss
        sentences (bench/near_miss_quotes.py); the other checks catch those.
        """
        if self.min_quote_similarity is not None:
            return self.min_quote_similarity
        calibration = self.gates.calibration
        embedder = str(calibration.provenance.get("embedder", ""))
        if not calibration.probed or not embedder.startswith(MULTILINGUAL_NAME):
            return None
        return calibration.bands["top_cosine"].miss


@dataclass(frozen=True)
class Timings:
    retrieval_s: float
    prompt_tokens: int
    first_token_s: float | None  # dominated by reading the prompt (prompt processing)
    first_visible_s: float | None  # when the first verified words reached the screen
    generation_s: float
    total_s: float


@dataclass(frozen=True)
class Answer:
    question: str
    kind: AnswerKind
    text: str  # the answer sentence, the quoted note, or the refusal
    refusal_check: str | None  # the check that failed, or None for an answer
    checks: tuple[Check, ...]
    proposal: Proposal | None
    quote: LocatedQuote | None
    retrieved: tuple[Passage, ...]
    prompt: Prompt | None
    citations: CitationReport | None
    quotes: tuple[QuotedSentence, ...]
    model: str
    timings: Timings
    verdict: Verdict
    flags: tuple[str, ...] = field(default=())
    language: str = "en"  # the question's, set on every reply the model gave: its quote line
    # is introduced in it (refusals carry their language in their sentence)

    @property
    def refused(self) -> bool:
        return self.kind in (AnswerKind.QUOTES, AnswerKind.REFUSED)

    @property
    def answered(self) -> bool:
        """The notes answered: a checked sentence, or a checked quote on its own."""
        return not self.refused

    @property
    def display(self) -> str:
        """Everything shown, in the order it streams: the quote line, then the sentence."""
        if self.kind is AnswerKind.GENERATED and self.quote is not None:
            return f"{quote_line(self.quote, self.language)}\n\n{self.text}"
        return self.text

    @property
    def cited(self) -> tuple[Passage, ...]:
        """Passages the answer (or the quotes shown instead) cite."""
        if self.prompt is None:
            return ()
        numbers: tuple[int, ...] = self.citations.cited if self.citations else ()
        if self.kind is AnswerKind.QUOTED and self.quote is not None:
            numbers = (self.quote.passage,)
        if self.kind is AnswerKind.QUOTES:
            numbers = tuple(dict.fromkeys(q.passage for q in self.quotes))
        return tuple(self.prompt.passages[n - 1] for n in numbers)

    @property
    def numbers(self) -> dict[str, int]:
        """Each passage's number as the model saw it (retrieval order when none was)."""
        return passage_numbers(self.prompt.passages if self.prompt else self.retrieved)

    @property
    def unused(self) -> tuple[Passage, ...]:
        cited = {p.text_hash for p in self.cited}
        return tuple(p for p in self.retrieved if p.text_hash not in cited)


def quote_line(quote: LocatedQuote, language: str = "en") -> str:
    return f'{quote_intro(language)}: "{quote.text}" [{quote.passage}]'
