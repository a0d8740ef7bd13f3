"""The code decides what the model proposed: is the quote real, on topic, and does it
support the answer? Each decision is a named check with the evidence behind it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pydantic_core import from_json

from app.core.answer.claims import CITATION, unsupported_claims
from app.core.answer.written_forms import (
    code_written_apart,
    demonym_of,
    is_framed_code,
    is_lettered_code,
)
from app.core.basics.dates import MONTHS
from app.core.basics.generic_words import generic_stems
from app.core.basics.language import NAMES, clearly_in_another, detect_language
from app.core.basics.text import (
    MIN_COMPOUND_PART,
    content_words,
    fold,
    is_compound,
    lexical_tokens,
    stated_apart,
)
from app.core.basics.weekdays import day_numbers, is_day_word
from app.core.verdict.kind_nouns import kind_stems

_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,:]\d+)*(?:\.\d+)?")
_INLINE_CODE = re.compile(r"`([^`\n]+)`")
_QUOTED = re.compile(r"[\"“]([^\"”\n]{2,})[\"”]")
# Any script's capitals: "Química", "Ørsted" and "Łódź" are names as much as "Plex".
# A sentence's first word is capitalised for being first, also after Spanish "¿" or "¡".
_CAPITALISED = re.compile(r"(?<![.!?]\s)(?<![¿¡])(?<!^)\b[^\W\d_][^\W\d_]{2,}\b")

Similarity = Callable[[str, str], float]
"""Cosine similarity of two texts under the index's embedder."""


@dataclass(frozen=True)
class Proposal:
    """What the model returned, parsed; `valid` is false when it was not the schema's JSON."""

    found: bool
    quote: str
    passage: int
    answer: str
    raw: str
    valid: bool


def parse_proposal(raw: str, *, partial: bool = False) -> Proposal:
    """Read the model's JSON reply; `partial` reads the fields complete so far."""
    if partial:
        try:
            data = from_json(raw, allow_partial=True)
        except ValueError:
            data = {}
        if not isinstance(data, dict):
            data = {}
        try:
            passage = int(data.get("passage") or 0)
        except (TypeError, ValueError):
            passage = 0
        return Proposal(
            bool(data.get("found", False)),
            str(data.get("quote") or "").strip(),
            passage,
            str(data.get("answer") or "").strip(),
            raw,
            False,
        )
    try:
        data = json.loads(raw)
        return Proposal(
            bool(data["found"]),
            str(data["quote"]).strip(),
            int(data["passage"]),
            str(data["answer"]).strip(),
            raw,
            True,
        )
    except (ValueError, KeyError, TypeError):
        return Proposal(False, "", 0, "", raw, False)


@dataclass(frozen=True)
class Check:
    """One decision on the model's proposal: its name, outcome and the evidence."""

    name: str
    passed: bool
    detail: str
    # Refused because the quote says the asked value is not known yet: the notes were
    # read and lack it, so a second reading would only find another line.
    not_known_yet: bool = False


def question_codes(question: str) -> list[str]:
    """The question's codes, identifiers and formula symbols, as searched ("err_socket_1006",
    "e21", "σ2")."""
    return [
        t
        for t in lexical_tokens(question)
        if (is_compound(t) and any(c.isdigit() for c in t))
        or t.startswith("_")
        or _greek(t, question)
        or is_lettered_code(t)
        or is_framed_code(t)
    ]


def identifiers_missing(question: str, passage: str) -> list[str]:
    """Codes, identifiers, formula symbols and names the question asks about that the
    passage never states.

    A passage about ERR-1001 does not answer a question about ERR-7001, and a passage
    about Jellyfin's port does not answer a question about Plex's, however well the rest
    of the words match. Names are capitalised words after the question's first word.
    """
    codes = question_codes(question)
    present = set(lexical_tokens(passage))
    german: bool | None = None  # detected only when a name or code is not found as written

    def is_german() -> bool:
        nonlocal german
        if german is None:
            german = detect_language(f"{question}\n{passage}"[:4000]) == "de"
        return german

    across: bool | None = None  # a German question over a passage in another language

    def german_across() -> bool:
        nonlocal across
        if across is None:
            across = detect_language(question, default="") == "de" and clearly_in_another(
                passage, "de"
            )
        return across

    folded = fold(passage)
    missing = {
        _as_written(t, question)
        for t in codes
        if t not in present
        and not _spelled_apart(t, question, passage)
        and not code_written_apart(t, passage, folded)
        and not (_code_of_a_noun(t, present) and is_german())
    }
    written = (folded, _umlauts_spelled_out(folded))
    opened = question.strip().lstrip("¿¡\"'“(")
    names = [
        m.group(0) + _hyphened_name_rest(opened, m.end())
        for m in _CAPITALISED.finditer(opened)
        if m.group(0)[0].isupper() and not _ends_hyphen_compound(opened, m.start())
    ]
    for name in names:
        folded_name = fold(name)
        if _after_german_determiner(name, opened) and german_across():
            continue  # a noun, which the other language writes in its own words
        if "-" in folded_name:  # "Port-Blanc" is not the "Port de Kerlaouen"
            if any(form in folded for form in _hyphen_forms(folded_name)):
                continue
            if is_german() and _parts_present(folded_name, written):
                continue  # "Varroa-Winterbehandlung": "Varroa-Behandlung", "Winterbehandlung"
            missing.add(name)
            continue
        # A month or a day is a date, checked as one ("in March" is not a name to find).
        if folded_name in MONTHS or is_day_word(name):
            continue
        # (a short name read so, "Zoe" as "zo", would be found inside other words)
        spelled_out = _umlauts_spelled_out(folded_name)
        forms = {folded_name} | ({spelled_out} if len(spelled_out) >= 6 else set())
        if any(form in text for form in forms for text in written):
            continue
        if any(_possessive_of(form, text) for form in forms for text in written):
            continue
        if demonym_of(name, passage, folded):
            continue  # "parti au Canada" of the page titled "the Canadian branch"
        if is_german() and (
            any(_compound_in(form, text) for form in forms for text in written)
            or content_words(name, "de") <= generic_stems("de")  # "Anfang", "Ende"
        ):
            continue
        missing.add(name)
    return sorted(missing)


# What stands before a German common noun and before no name: an article, a possessive,
# a quantifier, a preposition merged with its article ("im Volk", "das Hornissennest",
# "unsere Ansprechpartnerin", "welche Boote").
_GERMAN_DETERMINER = re.compile(
    r"(?i)\b(der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines|im|am|beim|vom|zum|"
    r"zur|ins|ans|mein|meine|meinen|meinem|meiner|unser|unsere|unseren|unserem|unserer|"
    r"dein|deine|kein|keine|dieser|diese|dieses|diesen|jede|jeder|jedes|welche|welcher|"
    r"welches|welchen|viele|vielen|wenige|einige|alle|mehrere)\s+$"
)


def _after_german_determiner(name: str, question: str) -> bool:
    """Whether a capitalised word of the question follows an article or the like: in a
    German question a noun, which a passage in another language writes in its own words
    ("im Volk" for an English note's "stays in the hive"); a name is written alike in
    both."""
    at = question.find(name)
    return at > 0 and _GERMAN_DETERMINER.search(question[:at]) is not None


def _parts_present(folded_name: str, written: tuple[str, ...]) -> bool:
    """Whether every part of a German hyphened compound is in the text: a note files the
    "Varroa-Winterbehandlung" as "## Winterbehandlung" under "Varroa-Behandlung 2024"."""
    parts = [part for part in folded_name.split("-") if part]
    return len(parts) > 1 and all(
        any(re.search(rf"\b{re.escape(part)}", text) for text in written) for part in parts
    )


def _code_of_a_noun(token: str, present: set[str]) -> bool:
    """A German compound of a code and the noun it is a code of ("F28-Fehler", "U9-Termin"),
    whose code the text holds: German joins them with a hyphen where a note writes the
    code alone ("Display zeigt F28")."""
    *codes, noun = token.split("-")
    return (
        bool(codes)
        and noun.isalpha()
        and len(noun) >= MIN_COMPOUND_PART
        and all(code in present for code in codes)
    )


# "-Blanc" of "Port-Blanc", "-Malo" of "Saint-Malo": a name's capitalised parts
_NAME_REST = re.compile(r"(?:-[^\W\d_a-z][^\W\d_]+)+")


def _hyphened_name_rest(text: str, end: int) -> str:
    """The rest of a name whose capitalised parts are joined by hyphens, or ""."""
    rest = _NAME_REST.match(text, end)
    return rest.group(0) if rest is not None and rest.group(0)[1].isupper() else ""


def _hyphen_forms(folded: str) -> tuple[str, ...]:
    """How a note may write a hyphened name: "port-blanc", "port blanc", "portblanc", and
    "st-malo" or "st malo" for "saint-malo"."""
    short = re.sub(r"\bsaint(e?)-", r"st\1-", folded)
    return tuple(
        name.replace("-", joint)
        for name in dict.fromkeys((folded, short))
        for joint in ("-", " ", "", "–", "—")  # "Stefan–Boltzmann" with an en dash
    )


def _ends_hyphen_compound(text: str, start: int) -> bool:
    """Whether the word at `start` ends a compound joined by a hyphen ("Fehler" in
    "F28-Fehler"): the compound's other parts are what names it."""
    return start > 1 and text[start - 1] == "-" and text[start - 2].isalnum()


def _possessive_of(form: str, text: str) -> bool:
    """ "Milas" is Mila's (German writes the genitive without an apostrophe)."""
    return (
        len(form) >= 4
        and form.endswith("s")
        and re.search(rf"\b{re.escape(form[:-1])}\b", text) is not None
    )


def _compound_in(form: str, text: str) -> bool:
    """A German compound noun ("Zahnarzttermin") whose two parts the text writes apart or
    in other compounds ("Zahnarztpraxis", "Termin")."""
    if len(form) < 2 * MIN_COMPOUND_PART + 2 or not form.isalpha():
        return False
    return any(
        form[:cut] in text and form[cut:] in text
        for cut in range(MIN_COMPOUND_PART, len(form) - MIN_COMPOUND_PART + 1)
    )


def _compound_heads(question: str, text: str) -> list[str]:
    """German words of `text` that end a compound of the question: "Termin" is what a
    "Zahnarzttermin" is (a German compound's last part names what it is)."""
    said = content_words(text, "de") - generic_stems("de")
    return sorted(
        f"{head} (in {word})"
        for word in content_words(question, "de")
        for head in said
        if len(head) >= MIN_COMPOUND_PART and len(word) > len(head) + 2 and word.endswith(head)
    )


def _umlauts_spelled_out(folded: str) -> str:
    """A folded German word as typed without umlauts, "oeffnungszeiten", read like the
    folded "Öffnungszeiten": each ae, oe and ue is its vowel (the German stemmer reads
    them the same way)."""
    return re.sub(r"(?<!q)([aou])e", r"\1", folded)


def _as_written(token: str, question: str) -> str:
    """The question's own spelling of a searched token ("σ²" for "σ2", "ERR-7001")."""
    for word in question.split():
        word = word.strip(".,;:!?()[]{}\"'`")
        if token in lexical_tokens(word):
            return word
    return token


def _spelled_apart(token: str, question: str, passage: str) -> bool:
    """A count, expression or unit of the question written apart in the passage."""
    return stated_apart(_as_written(token, question), passage)


# Units written with Greek letters are units, not symbols of a formula: "250 µs" may be
# "250 microseconds" in the note, "10 kΩ" "10 kilohms" (a lower-case ω stays a symbol).
_MICRO_UNIT = re.compile(r"\d*[μµ](?:s|m|g|l|f|a|v|w)")


def _greek(token: str, question: str) -> bool:
    """A symbol of a formula ("σ2", "δx", "λ"): a passage without it states another one."""
    if not any("\u0370" <= c <= "\u03ff" or "\u1f00" <= c <= "\u1fff" for c in token):
        return False
    return not (
        _MICRO_UNIT.fullmatch(token) or any(c in "ΩΩ" for c in _as_written(token, question))
    )


def topic_words(question: str, language: str) -> set[str]:
    """The question's words for what it asks about: not generic ("say", "use"), not the
    kind of value it asks for ("cost", "phone")."""
    return (
        content_words(question, language) - generic_stems(language) - kind_stems(question, language)
    )


def topic_check(
    question: str,
    quote: str,
    heading: str,
    similarity: Similarity | None,
    min_similarity: float,
    across_languages: float | None = None,
) -> Check:
    """Whether the quote is about the question: a shared topic word, or a cosine at the
    folder's floor (`across_languages` for a quote in another language, when the embedder
    reads both)."""
    language = detect_language(f"{question} {quote}")  # both read as one language
    # "What did my mentor say?" and "The teacher would not say 42." share only "say"; "the
    # last calibration's cost" and "Cost of the last service: R$ 280" only what is asked.
    shared = sorted(topic_words(question, language) & content_words(f"{heading} {quote}", language))
    if day_numbers(question) & day_numbers(f"{heading} {quote}"):
        shared.append("the same weekday")  # "Wednesday" asked, "Wed" in the meal plan
    if language == "de" and not shared:
        shared.extend(_compound_heads(question, f"{heading} {quote}"))
    cosine = similarity(question, quote) if similarity is not None else None
    floor, across = min_similarity, ""
    if across_languages is not None and not shared:
        asked_in = detect_language(question, language)
        # a short quote ("- Consigna: **4 °C**") is read with its heading
        quoted_in = detect_language(quote, detect_language(f"{heading} {quote}", language))
        if asked_in != quoted_in:
            floor = across_languages
            across = f", {NAMES[asked_in]} question, {NAMES[quoted_in]} quote"
    passed = bool(shared) or (cosine is not None and cosine >= floor)
    cos_text = "n/a" if cosine is None else f"{cosine:.3f}"
    detail = (
        f"shared content words: {', '.join(shared) or 'none'}; "
        f"cosine(question, quote) {cos_text} (needs a shared word or ≥ {floor:.2f}{across})"
    )
    return Check("quote_on_topic", passed, detail)


@dataclass(frozen=True)
class CitationReport:
    """Which passages an answer cites and which of its claims no cited passage holds."""

    cited: tuple[int, ...]
    invalid: tuple[int, ...]  # [n] with no passage n
    unsupported: tuple[str, ...]

    @property
    def uncited(self) -> bool:
        return not self.cited


def check_citations(answer: str, passages: Sequence[str], question: str = "") -> CitationReport:
    numbers = [int(n) for n in CITATION.findall(answer)]
    cited = tuple(dict.fromkeys(n for n in numbers if 1 <= n <= len(passages)))
    invalid = tuple(dict.fromkeys(n for n in numbers if not 1 <= n <= len(passages)))
    evidence = [passages[n - 1] for n in cited]
    unsupported = tuple(str(c) for c in unsupported_claims(answer, evidence)) if cited else ()
    return CitationReport(cited, invalid, unsupported)
