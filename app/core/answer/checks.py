"""The quote checks that decide what the model proposed, each named with its evidence.

Quote checks run as soon as the model has written its quote: is it a real statement from
a passage (not one word, not text addressed to an assistant, not the prompt's example),
about the question, naming what the question names, and stating the kind of value asked
for? Only then may the quote appear on screen. The sentence checks on the finished answer
are in `sentence_checks`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.core.answer.claims import unsupported_claims
from app.core.answer.codes_above import codes_above
from app.core.answer.evidence import evidence_window, innermost_item, own_item
from app.core.answer.former_values import replaced_elsewhere
from app.core.answer.grounding import Check, Similarity, identifiers_missing, topic_check
from app.core.answer.json_stream import strip_citations
from app.core.answer.neighbours import neighbour_of_asked
from app.core.answer.numbered_things import numbered_elsewhere
from app.core.answer.pending_values import (
    open_asked_cell,
    pending_for_question,
    pending_for_unknown_kind,
)
from app.core.answer.phrases import REFUSALS
from app.core.answer.prompt import EXAMPLE_MARKER, Prompt
from app.core.answer.quote_location import LocatedQuote, locate_quotes
from app.core.answer.quote_statements import statement_problem
from app.core.answer.quoted_items import row_with_header_units, table_header
from app.core.answer.sibling_notes import owner_elsewhere, sibling_note
from app.core.answer.title_aliases import called_by_first_name, led_elsewhere, titled_elsewhere
from app.core.answer.typed_names import mistyped
from app.core.basics.language import detect_language
from app.core.basics.text import fold
from app.core.index.retrieve import Passage
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type
from app.core.verdict.capitalised_names import note_names_person
from app.core.verdict.stated_values import states
from app.core.verdict.yes_no import is_yes_no


@dataclass(frozen=True)
class QuoteDecision:
    """The quote checks' outcome: the located quote and the evidence it brings."""

    checks: tuple[Check, ...]
    quote: LocatedQuote | None
    evidence: str  # the quote's block and what belongs to it, with the heading
    # Whether the quote (its own list item or row) states the asked value; False when the
    # value stands only in the lines around it ("£65 per tuning" in the list under "The
    # choir's tuner is Morag"), so the quote shown alone would not answer the question.
    states_alone: bool = True

    @property
    def passed(self) -> bool:
        return bool(self.checks) and all(c.passed for c in self.checks)

    @property
    def failed(self) -> Check | None:
        return next((c for c in self.checks if not c.passed), None)


NOT_KNOWN_YET = "not known yet"


def refused_as_not_known_yet(check: Check) -> bool:
    """Whether `check` refused a quote for saying the asked value is not known yet."""
    return check.name == "answer_type" and not check.passed and check.not_known_yet


def is_refusal_text(answer: str) -> bool:
    """Whether the model's answer is the refusal sentence, in any language asknotes reads."""
    said = fold(strip_citations(answer)).strip().rstrip(".")
    return any(said == fold(sentence).rstrip(".") for sentence in REFUSALS.values())


def check_quote(
    question: str,
    found: bool,
    quote_text: str,
    preferred: int,
    prompt: Prompt,
    similarity: Similarity | None,
    min_similarity: float,
    answer: str = "",
    across_languages: float | None = None,
) -> QuoteDecision:
    """Run the quote checks in order, stopping at the first that fails (`min_similarity`
    and `across_languages` are `topic_check`'s floors)."""
    checks: list[Check] = []
    declined = not found or is_refusal_text(answer)
    checks.append(
        Check(
            "model_answered",
            not declined,
            "the model said the passages do not answer the question"
            if declined
            else f"the model answered from passage [{preferred}]",
        )
    )
    texts = [p.text for p in prompt.passages]
    subjects = [f"{p.heading}\n" + "\n".join(s.file for s in p.sources) for p in prompt.passages]
    places = locate_quotes(quote_text, texts, preferred, subjects) if quote_text else []
    if declined:
        return QuoteDecision(tuple(checks), places[0] if places else None, "")
    copied = EXAMPLE_MARKER in fold(quote_text) or EXAMPLE_MARKER in fold(answer)
    checks.append(
        Check(
            "not_the_example",
            not copied,
            "the model copied the prompt's worked example instead of reading the passages"
            if copied
            else "the quote is not the prompt's example",
        )
    )
    if copied:
        return QuoteDecision(tuple(checks), None, "")
    if not places:
        checks.append(
            Check(
                "quote_located",
                False,
                f"the model's quote ({len(quote_text.split())} words) is in no passage",
            )
        )
        return QuoteDecision(tuple(checks), None, "")
    if places[0].stitched:
        pending = _pending_piece(question, places)
        if pending is not None:
            checks.append(Check("quote_located", True, "found in pieces, verbatim"))
            checks.append(pending)
            return QuoteDecision(tuple(checks), places[0], "")
        if answer:
            # The piece holding what the answer says is the one the model meant to quote.
            places = sorted(places, key=lambda q: len(unsupported_claims(answer, [q.text])))
    # A quote found in several passages is checked in each, the model's first: the same
    # sentence may be cut off from the lines that belong to it in one and whole in another.
    decisions = [
        _checks_at(
            located,
            question,
            quote_text,
            preferred,
            prompt,
            similarity,
            (min_similarity, across_languages),
        )
        for located in places
    ]
    chosen = next((d for d in decisions if all(c.passed for c in d.checks)), decisions[0])
    evidence = chosen.evidence
    if chosen.quote is not None and chosen.quote.stitched:
        # The lines around a piece are ones the model skipped: the answer must be in the
        # piece itself.
        evidence = chosen.quote.text
    return QuoteDecision(tuple(checks) + chosen.checks, chosen.quote, evidence, chosen.states_alone)


def _asked_before(passage_text: str, quote: str) -> str:
    """The question a list item asks before the quote answers it ("- [x] Is my shed
    insured through the club? → No! Need to sort my own."): what that answer is about.
    Empty when the quote stands in no list item, or none asks first."""
    item = own_item(passage_text, quote)
    if item is None:
        return ""
    at = item.find(quote.strip()[:20])
    asked = item[:at] if at > 0 else ""
    return asked if "?" in asked else ""


def _pending_piece(question: str, places: Sequence[LocatedQuote]) -> Check | None:
    """A failed `answer_type` when a piece of a stitched quote says the asked value is not
    known yet: the model joined the line that says so to a line that does not."""
    asked = asked_type(question)
    for place in places:
        if asked is None and _pending_unknown_kind(place.text, question):
            said = "a piece of the quote says what the question asks is"
        elif asked is not None and pending_for_question(place.text, asked, question):
            said = f"the question asks for {asked.described}; a piece of the quote says it is"
        else:
            continue
        detail = f"{said} {NOT_KNOWN_YET}: {place.text!r}"
        return _not_known_yet(detail)
    return None


def _checks_at(
    located: LocatedQuote,
    question: str,
    quote_text: str,
    preferred: int,
    prompt: Prompt,
    similarity: Similarity | None,
    floors: tuple[float, float | None],
) -> QuoteDecision:
    """The quote checks from `quote_located` on, with the quote read where `located` is."""
    checks: list[Check] = []
    how = "verbatim" if located.exact else "by shared words"
    if located.stitched:
        how += ", one piece of a quote the model joined from lines the note keeps apart,"
    moved = f" (the model said [{preferred}])" if located.passage != preferred else ""
    checks.append(
        Check("quote_located", True, f"found {how} in passage [{located.passage}]{moved}")
    )
    not_a_statement = statement_problem(quote_text, located)
    checks.append(
        Check(
            "quote_is_statement",
            not_a_statement is None,
            not_a_statement or "the quote is a statement from the notes",
        )
    )
    if not_a_statement is not None:
        return QuoteDecision(tuple(checks), located, "")
    passage = prompt.passages[located.passage - 1]
    heading = passage.heading
    # what names the quote's subject: its heading path, its note's lead, aliases, folders
    # and file name ("Installed: 14 Nov 2019" in house/boiler.md is about the boiler)
    named_by = " ".join([heading, passage.note_lead, *passage.note_aliases, passage.paths_in_words])
    if is_yes_no(question):
        # a yes or a no says nothing itself: the quote it rests on must be about the
        # question, not only stand under a heading that is ("For internationals (Erasmus
        # students…)" under "Intro to bouldering" for "can kids under 14 boulder alone?")
        named_by = _asked_before(passage.text, located.text)
    # "how did we fix ERR_SOCKET_1006?": the fix's own section logs the error above it
    named_by = " ".join([named_by, *codes_above(question, passage.text, located.text)])
    topic = topic_check(question, located.text, named_by, similarity, *floors)
    checks.append(topic)
    if not topic.passed:
        return QuoteDecision(tuple(checks), located, "")
    absent = [
        name
        for name in names_missing(question, passage)
        if not titled_elsewhere(name, passage, prompt.passages)
        and not led_elsewhere(name, passage, prompt.passages)
        and not called_by_first_name(name, question, passage, prompt.passages)
        and not mistyped(name, passage, prompt.passages)
    ]
    checks.append(
        Check(
            "question_terms_present",
            not absent,
            f"the question names {', '.join(absent)}, which the quoted passage never mentions"
            if absent
            else "every code or name the question names is in the quoted passage",
        )
    )
    if absent:
        return QuoteDecision(tuple(checks), located, "")
    neighbour = neighbour_of_asked(
        question, located.text, passage.text, passage.surroundings, passage.titles
    )
    sibling = (
        None
        if neighbour
        else sibling_note(question, located.text, passage, prompt.passages)
        or owner_elsewhere(question, passage, prompt.passages)
        or numbered_elsewhere(question, passage.titles)
    )
    detail = neighbour.detail if neighbour else sibling
    checks.append(
        Check(
            "not_a_neighbour",
            detail is None,
            detail or "the quote is about what the question names",
        )
    )
    if detail is not None:
        return QuoteDecision(tuple(checks), located, "")
    evidence = evidence_window(passage.text, located.text, heading)
    open_column = _open_column(passage.text, located.text, question)
    if open_column is not None:  # the asked column's cell says "?" or "not known yet"
        checks.append(
            _not_known_yet(f"the quoted row leaves its {open_column} open: {NOT_KNOWN_YET}")
        )
        return QuoteDecision(tuple(checks), located, evidence)
    asked = asked_type(question)
    if asked is not None:
        # The heading names the topic; the asked value must be in what the note says.
        item = own_item(passage.text, located.text)
        if item is not None:  # "| groceries | 720 |" under "| item | £/month |" is £720
            item = row_with_header_units(item, passage.text, passage.heading)
        # names the note's opening introduces count ("Teilnehmer: M. Weidlich")
        context = f"{passage.note_opening}\n{passage.text}"
        stated = states(
            item or evidence_window(passage.text, located.text), asked, question, context
        )
        named_by_note = False
        if asked is AnswerType.PERSON and not stated:
            # "Tiene una copia de las llaves" in "personas/Amparo (vecina).md": a note
            # about a person states what she does without naming her.
            source = passage.primary
            title = source.heading_path[0] if source.heading_path else ""
            stated = named_by_note = note_names_person(source.file, question, title)
        # "Check-out: not in the confirmation" beside check-in's time: the value around
        # the quote is another thing's, and the quote itself says the notes lack it.
        pending = pending_for_question(located.text, asked, question)
        # the quote's own item states it: a row the header gives units to, or a nested
        # item, not its parent's other children ("- coach" over "Silverline – £538" and
        # the quoted "costs split w/ physics budget")
        inner = innermost_item(passage.text, located.text)
        if inner is not None:
            inner = row_with_header_units(inner, passage.text, passage.heading)
        alone = stated and (
            named_by_note
            or states(located.text, asked, question, context)
            or (inner is not None and states(inner, asked, question, context))
        )
        checks.append(
            Check(
                "answer_type",
                stated and not pending,
                f"the question asks for {asked.described}; the quote says it is {NOT_KNOWN_YET}"
                if pending
                else f"the question asks for {asked.described} and the quote states one"
                if stated
                else f"the question asks for {asked.described}; the quote states none",
                not_known_yet=pending,
            )
        )
        if stated and not pending:
            others = [p.text for p in prompt.passages if p is not passage]
            replaced = replaced_elsewhere(question, located.text, others)
            checks.append(
                Check(
                    "quote_is_current",
                    replaced is None,
                    f'another passage says the quoted value was replaced: "{replaced}"'
                    if replaced is not None
                    else "no passage says the quoted value was replaced",
                )
            )
        return QuoteDecision(tuple(checks), located, evidence, alone)
    if _pending_unknown_kind(located.text, question):
        checks.append(_not_known_yet(f"the quote says what the question asks is {NOT_KNOWN_YET}"))
    return QuoteDecision(tuple(checks), located, evidence)


def _not_known_yet(detail: str) -> Check:
    """`answer_type` failed because the notes say the asked value is not known yet."""
    return Check("answer_type", False, detail, not_known_yet=True)


def _open_column(passage_text: str, quote: str, question: str) -> str | None:
    """The header of the quoted table row's column that the question asks about, when
    the row leaves that cell open; None otherwise (see `open_asked_cell`)."""
    row = own_item(passage_text, quote)
    header = table_header(row, passage_text) if row is not None else None
    if row is None or header is None:
        return None
    return open_asked_cell(row, header, question, detect_language(f"{question}\n{row}"))


def _pending_unknown_kind(text: str, question: str) -> bool:
    """A question of no known kind ("in quale chiesa cantiamo?") quoted a line that says
    what it names is not known yet; a yes/no question is answered by that line."""
    if is_yes_no(question):
        return False
    return pending_for_unknown_kind(text, question, detect_language(f"{question}\n{text}"))


def names_missing(question: str, passage: Passage) -> list[str]:
    """The names and codes of the question that `passage` never states, read with its
    heading path, its note's opening lines and its notes' paths."""
    return identifiers_missing(question, f"{passage.surroundings}\n{passage.text}")
