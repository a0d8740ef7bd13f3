"""A question's naming words read against the notes: how much each names something
(its salience), whether some note holds it, and whether the retrieved passages do,
whatever spelling, compound, typo or language the question wrote it in."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from app.core.basics.dates import MONTHS
from app.core.basics.generic_words import GENERIC_WORDS
from app.core.basics.language import DEFAULT_LANGUAGE
from app.core.basics.names_across import name_tokens
from app.core.basics.text import (
    MIN_COMPOUND_PART,
    TERM_PATTERN,
    fold,
    is_compound,
    lexical_tokens,
    opens_question,
    swedish_colon_suffixes,
    term_variants,
    written_apart,
)
from app.core.basics.weekdays import WEEKDAYS
from app.core.verdict.answer_type import asked_type
from app.core.verdict.kind_nouns import KIND_NOUNS
from app.core.verdict.person_names import names_a_person


class Vocabulary(Protocol):
    """What the signals need from the lexical index."""

    def __contains__(self, token: object) -> bool: ...

    def doc_freq(self, token: str) -> int: ...

    def max_score(self, tokens: list[str]) -> float: ...

    @property
    def n_docs(self) -> int: ...


@dataclass(frozen=True)
class QuestionTerm:
    """One naming word of the question, as the user typed it."""

    word: str  # the user's own spelling
    token: str  # its lexical token (stemmed, folded)
    salience: float  # 0..1: how much it names something (identifier 1.0, generic 0.15)
    known: bool  # some note contains it
    in_passages: bool  # a retrieved passage contains it
    rare: bool  # known, and in few notes: an exact term

    @property
    def kind(self) -> str:
        if self.salience >= 1.0:
            return "identifier"
        if self.salience >= 0.9:
            return "name"
        if self.salience <= GENERIC_SALIENCE:
            return "generic word"
        return "word"


GENERIC_SALIENCE = 0.15
NAME_SALIENCE = 0.9  # names, codes and identifiers; ordinary words sit at 0.4..0.6


# A French question puts its subject pronoun after the verb, joined by a hyphen.
_FRENCH_INVERSION = re.compile(
    r"(?<=\w)-(?:t-)?(?:il|elle|on|ils|elles|je|tu|nous|vous|ce)$", re.IGNORECASE
)
_WORDS_JOINED = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)+")
# An age or a distance joined to its number ("19-åring", "19-year-old", "ein 19-Jähriger",
# "3k"): the number is the question's term, not a name no note writes.
_NUMBER_JOINED = re.compile(
    r"(\d{1,3}(?:[.,]\d+)?)(?:-?(?:aring|aringar|aringen|arig|ariga|arige|year-olds?|"
    r"years?-old|yr-old|jahrige[rnms]?|jarige|enne|enni)|k)",
    re.IGNORECASE,
)


# Particles that make a phrasal word of the word they follow ("burn-in", "check-out").
_PARTICLES = frozenset("in up on off out over down back by away".split())


def _phrasal_head(folded: str) -> str | None:
    """The word a particle is hyphened to ("burn-in" → "burn"), or None."""
    parts = folded.split("-")
    if len(parts) != 2 or not all(p.isalpha() for p in parts) or parts[1] not in _PARTICLES:
        return None
    return parts[0] if len(parts[0]) >= 3 else None


def _phrasal_noun(word: str, following: str) -> str:
    """ "check-out" for "check" followed by "out", or "" when the next word is no particle."""
    return f"{word}-{following}" if fold(following) in _PARTICLES and word.isalpha() else ""


def _salience(word: str, first: bool, language: str = DEFAULT_LANGUAGE) -> float:
    folded = fold(word)
    head = _phrasal_head(folded)
    if head is not None and not word[:1].isupper():
        return GENERIC_SALIENCE if head in GENERIC_WORDS else 0.6
    if _WORDS_JOINED.fullmatch(folded) and all(part in GENERIC_WORDS for part in folded.split("-")):
        # "one-to-ones", "follow-up", "check-in": everyday words joined, not a name
        return GENERIC_SALIENCE
    if is_compound(folded) or any(c.isdigit() for c in word) or word.startswith("-"):
        return 1.0
    # German capitalises every noun: a capital there names nothing in particular.
    capital_names = word[:1].isupper() and not first and language != "de"
    if capital_names or (len(word) >= 2 and word.isupper()):
        return 0.9
    if folded in GENERIC_WORDS:
        return GENERIC_SALIENCE
    return 0.4 if len(folded) <= 3 else 0.6


def question_terms(
    question: str,
    vocabulary: Vocabulary,
    passages_text: str,
    language: str = DEFAULT_LANGUAGE,
    others: Sequence[str] = (),
) -> list[QuestionTerm]:
    """The question's naming words with their salience and whether the notes hold them.

    Hyphen and space variants count as one word: a question typed "wi fi" finds a note
    that writes "Wi-Fi" or "wifi", because the tokenizer also joins a compound's parts.
    """
    seen_passages = set(lexical_tokens(passages_text, language))
    compounding = language in _COMPOUNDING
    seen_across = {t for lang in others for t in lexical_tokens(passages_text, lang)}
    rare_limit = max(3, vocabulary.n_docs // 100)
    # "guest wifi password", "flapjack oven temp": the word names the kind of value asked,
    # which a note states without naming ("guest key: pebble-harbour-42", "Oven 180C");
    # whether a passage states one is the `type_missing` signal's to weigh.
    asked = asked_type(question)
    kind_words = KIND_NOUNS.get(asked, frozenset()) if asked is not None else frozenset()
    matches = list(TERM_PATTERN.finditer(question))
    terms: list[QuestionTerm] = []
    skip_next = False
    for i, match in enumerate(matches):
        if skip_next:
            skip_next = False
            continue
        word = match.group(0)
        if language == "fr":  # "prenait-il", "appelle-t-il", "est-ce": the verb alone
            word = _FRENCH_INVERSION.sub("", word)
        elif language == "sv":  # "Erik N:s tid", "IOF:s regler": the name alone
            word = swedish_colon_suffixes(word)
        if (joined_number := _NUMBER_JOINED.fullmatch(fold(word))) is not None:
            word = joined_number.group(1)
        variants = term_variants(word, language)
        if not variants:
            continue  # a stop word
        token = next((v for v in variants if v in vocabulary), variants[0])
        across = name_tokens(word, language, others) if others else []
        if token not in vocabulary:  # a name or a month as a note of another language writes it
            token = next((v for v in across if v in vocabulary), token)
        known = token in vocabulary
        phrasal = _phrasal_noun(word, matches[i + 1].group(0) if i + 1 < len(matches) else "")
        joined_phrasal = (
            next((v for v in term_variants(phrasal, language) if v in vocabulary), None)
            if phrasal
            else None
        )
        if joined_phrasal is not None:  # "check out" for a note's "Check-out" or "checkout"
            token, known, skip_next = joined_phrasal, True, True
            word = f"{word} {matches[i + 1].group(0)}"
        elif not known and i + 1 < len(matches):
            joined = term_variants(word + matches[i + 1].group(0), language)
            if joined and joined[0] in vocabulary:  # "wi fi" for a note's "wifi"
                token, known, skip_next = joined[0], True, True
                word = f"{word} {matches[i + 1].group(0)}"
        first = opens_question(question, match.start())
        # A word both languages stem alike ("coordina", a note's "coordinator": `coordin`)
        # is found in a passage of the folder's other language.
        in_passages = (
            token in seen_passages or token in seen_across or any(v in seen_across for v in across)
        )
        if not known:
            parts = _known_parts(word, vocabulary, language)
            if parts:  # "n-1" where the notes write "n − 1", "atm.L/mol.K" for "atm·L/(mol·K)"
                known, in_passages = True, all(t in seen_passages for t in parts)
        if not known and not in_passages:  # (in the passages: only the stemmers differ)
            parts = _compound_parts(word, vocabulary, language)
            if parts:  # "Zahnarzttermin" where the notes write "Zahnarzt" and "Termin"
                known, in_passages = True, all(t in seen_passages for t in parts)
            elif compounding and _in_a_compound(token, seen_passages):
                # "oprichting" where the notes only write "Oprichtingsvergadering" (not
                # a typo of "opzicht")
                known, in_passages = True, True
            elif (meant := typo_of(token, vocabulary)) is not None:
                token, known, in_passages = meant, True, meant in seen_passages
        if known and not in_passages and compounding:  # "Vertrag" in a passage's "Mietvertrag"
            # (an unknown word was looked for in the compounds above)
            in_passages = _in_a_compound(token, seen_passages)
        rare = known and vocabulary.doc_freq(token) <= rare_limit
        # A phrasal noun the notes write as one word names a thing ("check-out", "log-in"),
        # though its verb alone is an everyday word.
        salience = 0.6 if joined_phrasal is not None else _salience(word, first, language)
        if fold(word) in kind_words:
            salience = min(salience, GENERIC_SALIENCE)
        elif not known and names_a_person(word, question, language):
            # a person no note names: the question is about someone the notes never met
            salience = max(salience, NAME_SALIENCE)
        terms.append(QuestionTerm(word, token, salience, known, in_passages, rare))
    unique: dict[str, QuestionTerm] = {}
    for term in terms:
        unique.setdefault(term.token, term)
    return list(unique.values())


_LINKS = ("", "s", "n", "en", "e", "es")  # "Arbeitszeit" is "Arbeit" + s + "Zeit"
# Languages that write a compound as one word ("Arbeitszeit", "gereedschapskist",
# "medlemsavgift"), or hyphen it ("WLAN-Passwort", "APK-keuring", "H21-banan").
_COMPOUNDING = frozenset({"de", "nl", "sv"})


def _compound_parts(word: str, vocabulary: Vocabulary, language: str) -> list[str]:
    """The known tokens a compound unknown to the notes is made of: its hyphened parts
    (in any language when they are capitalised words: "Stefan-Boltzmann" where a note
    writes "Stefan–Boltzmann"), a German or Dutch compound's two words (the split with the
    longest head); empty when no split is known."""
    folded = fold(word)
    if (content := _phrasal_head(folded)) is not None:  # "burn-in" where a note has "burn"
        token = term_variants(content, language)
        return token[:1] if token and token[0] in vocabulary else []
    if "-" in folded:
        # Outside German and Dutch only a name's capitalised words are read apart
        # ("Stefan-Boltzmann"); a code ("gemini-3.5-flash", "F28-error") or a service
        # ("billing-sync") is whole.
        parts = [part for part in word.split("-") if part]
        if language not in _COMPOUNDING and not all(p.isalpha() and p[0].isupper() for p in parts):
            return []
        return _hyphen_parts(folded, vocabulary, language)
    if language not in _COMPOUNDING:
        return []
    if not folded.isalpha() or len(folded) < 2 * MIN_COMPOUND_PART:
        return []
    for cut in range(len(folded) - MIN_COMPOUND_PART, MIN_COMPOUND_PART - 1, -1):
        tail = term_variants(folded[cut:], language)
        # a tail that names nothing ("Swishnummer", "Abholdatum") leaves the head to name it
        generic_tail = folded[cut:] in GENERIC_WORDS
        if not tail or (tail[0] not in vocabulary and not generic_tail):
            continue
        for link in _LINKS:
            head_word = folded[:cut]
            if link and not head_word.endswith(link):
                continue
            head_word = head_word[: len(head_word) - len(link)]
            if len(head_word) < MIN_COMPOUND_PART:
                continue
            head = term_variants(head_word, language)
            if head and head[0] in vocabulary:
                return [head[0], tail[0]] if tail[0] in vocabulary else [head[0]]
    return []


# A compound's head or tail stands for the word only when its stem is that long:
# "Vertrag" is in "Mietvertrag", but "Rat" is not in "Beirat" nor "rate" in "Kuratorium".
_COMPOUND_PART_STEM = 6


def _in_a_compound(token: str, tokens: set[str]) -> bool:
    """Whether a German or Dutch word is the head or tail of a compound among `tokens`."""
    if len(token) < _COMPOUND_PART_STEM or not token.isalpha():
        return False
    return any(
        len(t) >= len(token) + MIN_COMPOUND_PART and (t.startswith(token) or t.endswith(token))
        for t in tokens
    )


def _hyphen_parts(folded: str, vocabulary: Vocabulary, language: str) -> list[str]:
    """The known tokens of a compound joined by hyphens and ending in a word
    ("F28-Fehler", "WLAN-Passwort", "TÜV-Termin", which notes write "F28" … "Fehler";
    "Stefan-Boltzmann"): every part must be known. A code ending in a number or a short
    part ("ERR-7001", "Wi-Fi") is whole, and left to the caller."""
    parts = [part for part in folded.split("-") if part]
    if len(parts) < 2 or not parts[-1].isalpha() or len(parts[-1]) < MIN_COMPOUND_PART:
        return []
    tokens = [v[0] for v in (term_variants(part, language) for part in parts) if v]
    return tokens if len(tokens) == len(parts) and all(t in vocabulary for t in tokens) else []


_MIN_TYPO_LENGTH = 5  # shorter words are one letter from too many others
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def typo_of(token: str, vocabulary: Vocabulary) -> str | None:
    """The token of the notes one typing slip from `token` (a letter dropped, added,
    changed or two swapped: "kaltmite" for "Kaltmiete", "reagnets" for "reagents"), the
    most widespread when several are; None for a short, numbered or unslipped token."""
    if len(token) < _MIN_TYPO_LENGTH or not token.isalpha() or not token.isascii():
        return None
    splits = [(token[:i], token[i:]) for i in range(len(token) + 1)]
    candidates = {a + b[1:] for a, b in splits if b}
    candidates |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    candidates |= {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
    candidates |= {a + c + b for a, b in splits for c in _LETTERS}
    candidates.discard(token)
    known = [c for c in candidates if len(c) >= _MIN_TYPO_LENGTH and c in vocabulary]
    return max(known, key=lambda c: (vocabulary.doc_freq(c), c)) if known else None


def _known_parts(word: str, vocabulary: Vocabulary, language: str) -> list[str]:
    """The tokens of a count, expression, unit or span of months or days whose every
    naming part some note holds (empty when the word is not one, or a part is unknown)."""
    parts = written_apart(word) or _calendar_range(word)
    if parts is None:
        return []
    tokens = [v[0] for v in (term_variants(p, language) for p in parts) if v]
    return tokens if tokens and all(t in vocabulary for t in tokens) else []


def _calendar_range(word: str) -> list[str] | None:
    """The ends of a span of months or weekdays typed with a hyphen ("jan-mar",
    "mon-fri"), which notes write with a dash ("Jan–Mar") or apart; None otherwise."""
    parts = fold(word).split("-")
    if len(parts) != 2:  # a span has two ends
        return None
    if all(p in MONTHS for p in parts) or all(p in WEEKDAYS for p in parts):
        return parts
    return None
