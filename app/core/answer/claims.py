"""Every checkable claim of an answer, and whether the evidence states it.

A claim is a number (with its unit), a clock time, a date or weekday, a proper name or an
identifier wherever it stands in the sentence, inline code, or a quoted string. Each must
be stated by the evidence the answer used. Words the answer adds beyond the evidence, and
a negation the evidence does not share, make the sentence unverified.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from app.core.answer.quoted_items import row_cells
from app.core.basics.dates import MONTHS, Date, dates, dates_match
from app.core.basics.language import detect_language
from app.core.basics.sentences import sentences
from app.core.basics.stopwords import ALL_STOPWORDS
from app.core.basics.text import content_words, fold, is_compound, lexical_tokens, squash
from app.core.basics.value_words import NUMBER_WORDS
from app.core.basics.values import Quantity, quantities, times
from app.core.basics.weekdays import day_numbers, day_of, is_day_word, weekdays

CITATION = re.compile(r"\[(\d{1,3})\]")
_INLINE_CODE = re.compile(r"`([^`\n]+)`")
_QUOTED = re.compile(r"[\"“«]([^\"”»\n]{2,})[\"”»]")
_CAPITALISED = re.compile(r"\b[A-ZÀ-ÝΑ-Ω][\w'’-]*")
_IDENTIFIER = re.compile(r"(?<![\w-])--?[^\W\d][\w-]*|[\w$]+(?:[-._/:@#][\w$]+)+|\w*\d\w*")
_NEGATION = re.compile(
    r"\b(no|not|never|none|nothing|nobody|nowhere|neither|nor|cannot|without|nao|nunca|"
    r"nenhum|nenhuma|nada|ninguem|jamais|sem|nem|ningun|ninguno|ninguna|nadie|jamas|ni|"
    r"tampoco|"
    r"pas|aucun|aucune|rien|"  # French ("ne … plus" below; "personne" is a person too)
    r"nicht|kein|keine|keinen|keinem|keiner|keines|nie|niemals|nichts|niemand|ohne|weder|"
    r"nessuno|nessuna|niente|nulla|senza|"  # Italian "mai" is also May in French
    r"niet|geen|nooit|niets|niks|nergens|zonder|"  # Dutch
    r"inte|icke|aldrig|ingen|inget|inga|ingenting|ingenstans|utan|varken)\b"  # Swedish
    r"|\bej\b(?![.:])"  # Swedish "ej", not Spanish "Ej.:" (for example)
    r"|\b(?:non|sans)\b(?!-)"  # Italian "non", French "sans"; not "non-streaming", "sans-serif"
    r"|n['’]t\b|\bn['’](?=[aeiouyh])"  # English "don't"; French "n'est", "n'y"
    r"|\bne\s+\S+\s+plus\b"  # French "ne fonctionne plus"
    r"|\bsin\b(?!\s*(?:\(|\d|[^\W\d_]\b))"  # Spanish "sin", not the sine: "sin(x)", "sin θ"
)
# Spanish "sí" only with its accent: "si" is "if".
_YES_NO = re.compile(r"^\s*(yes|no|sim|nao|sí)\b[\s,.;:!-]*", re.IGNORECASE)

# Words an answer sentence uses around the facts it restates; they claim nothing.
GENERIC_WORDS = frozenset(
    """
    answer answers take takes taken took use uses used using need needs needed keep keeps
    kept set sets run runs ran go goes went get gets got make makes made done do does did
    also just approximately roughly around about usually typically normally always every
    per according notes note say says said mention mentions mentioned state states stated
    yes flag flags option options command commands value setting
    sim use usar usa usado precisa precisam manter mantem fazer faz feito segundo
    conforme nota notas diz dizem aproximadamente cerca sempre cada
    segun dice dicen siempre necesita necesitas hacer hace hecho mantener
    """.split()
)

# Capitalised words that open answer sentences without naming anything.
OPENERS = frozenset(
    """
    yes no it its they there this that these those the a an in on at by for from with to
    use run set keep add open check install type press go see try start stop make put
    take call ask after before during when where what which who how about around every
    each both only just also then first second third next last once sim nao e o a os as
    um uma no na nos nas em de do da dos das para com por use usar abra execute rode veja
    el la los las un una unos unas del al en con sin si es son hay tu tus su sus
    mi mis segun usa ejecuta abre mira
    """.split()
)


@dataclass(frozen=True)
class Claim:
    """One checkable statement of an answer: its kind and the words that state it."""

    kind: str  # number, time, date, weekday, name, identifier, code, quoted
    text: str
    date: Date | None = field(default=None, compare=False)  # a date claim's parts

    def __str__(self) -> str:
        return self.text


def _strip(answer: str) -> str:
    return CITATION.sub(" ", answer)


def extract_claims(answer: str) -> list[Claim]:
    """Every checkable claim of `answer`, in order, without repeats."""
    text = _strip(answer)
    found: list[Claim] = []
    found += [Claim("code", c) for c in _INLINE_CODE.findall(text)]
    found += [Claim("quoted", q) for q in _QUOTED.findall(text)]
    plain = _INLINE_CODE.sub(" ", text)
    stated_dates = dates(plain)
    # A day or year written in a date is checked as the date, not as a loose number.
    in_dates = {float(v) for y, _m, d in stated_dates for v in (y, d) if v is not None}
    found += [
        Claim("number", q.written or q.text)
        for q in quantities(plain)
        if q.unit is not None or not q.values <= in_dates
    ]
    found += [Claim("time", f"{h:02d}:{m:02d}") for h, m in sorted(times(plain))]
    for year, month, day in sorted(stated_dates, key=str):
        found.append(Claim("date", _date_text(year, month, day), (year, month, day)))
    found += [Claim("weekday", w) for w in sorted(weekdays(plain))]
    for token in _IDENTIFIER.findall(plain):
        if all(is_day_word(part) or fold(part).startswith("feira") for part in token.split("-")):
            continue  # "quarta-feira", "Mon-Fri": days, claimed as days above; "MON-1234" is a code
        if (is_compound(token) or any(c.isdigit() for c in token)) and any(
            c.isalpha() for c in token
        ):
            found.append(Claim("identifier", token))
    for word in _CAPITALISED.findall(plain):
        folded = fold(word).strip("'’-")
        if any(c.isdigit() for c in word):
            continue  # an identifier (ERR-4012), claimed as one above
        acronym = len(word) >= 2 and word.isupper() and folded not in ("ok", "am", "pm")
        if not acronym and (
            folded in OPENERS
            or folded in ALL_STOPWORDS
            or folded in MONTHS
            or folded in NUMBER_WORDS
            or is_day_word(folded)
            or any(c.isdigit() for c in word)
        ):
            continue
        found.append(Claim("name", word.rstrip("'’-").removesuffix("'s").removesuffix("’s")))
    unique: dict[tuple[str, str], Claim] = {}
    for claim in found:
        unique.setdefault((claim.kind, fold(claim.text)), claim)
    return list(unique.values())


def _date_text(year: int | None, month: int, day: int | None) -> str:
    parts = [str(year) if year else "", f"{month:02d}", f"{day:02d}" if day else ""]
    return "-".join(p for p in parts if p)


def _words(text: str) -> set[str]:
    return set(squash(text).split())


@dataclass(frozen=True)
class Evidence:
    """The text an answer may draw on, read once into the forms the checks compare."""

    text: str

    @property
    def squashed(self) -> str:
        return squash(self.text)

    def states(self, claim: Claim) -> bool:
        if claim.kind in ("code", "quoted"):
            return squash(claim.text) in self.squashed
        if claim.kind == "number":
            claimed = quantities(claim.text)
            stated = self._quantities()
            return all(any(c.matches(s) for s in stated) for c in claimed)
        if claim.kind == "time":
            hour, minute = (int(p) for p in claim.text.split(":"))
            if (hour, minute) in times(self.text):
                return True
            # "2 h 40" said of a quote's "2 h 40 min": the same length of time
            lengths = {(q.unit, v) for q in self._quantities() for v in q.values}
            return ("hour", hour) in lengths and ("minute", minute) in lengths
        if claim.kind == "date":
            return claim.date is not None and dates_match(claim.date, dates(self.text))
        if claim.kind == "weekday":
            # "Wed", "Wednesdays" and "quarta" are one day; "weekend" is only itself.
            named = weekdays(self.text)
            return claim.text in named or day_of(claim.text) in day_numbers(self.text)
        if claim.kind == "identifier":
            token = fold(claim.text)
            return token in set(lexical_tokens(self.text)) or squash(token) in self.squashed
        words = _words(claim.text)
        return bool(words) and words <= _words(self.text)

    def _quantities(self) -> list[Quantity]:
        return quantities(self.text)


def unsupported_claims(answer: str, evidence: Iterable[str]) -> list[Claim]:
    """The claims of `answer` that none of the evidence texts states."""
    sources = [Evidence(e) for e in evidence]
    return [c for c in extract_claims(answer) if not any(s.states(c) for s in sources)]


def states_claim(text: str, claim: Claim) -> bool:
    """Whether `text` states `claim`, compared as the claim it is: a date's text ("03-31"
    for "31 de março") read again would be two numbers."""
    return Evidence(text).states(claim)


def added_words(answer: str, evidence: str, question: str) -> list[str]:
    """Content words the answer adds beyond the evidence and the question.

    A sentence that restates its quote uses the quote's words; a word from nowhere
    ("the password is purple") is a claim the code cannot verify.
    """
    language = detect_language(f"{question} {evidence}")
    allowed = content_words(evidence, language) | content_words(question, language)
    generic = content_words(" ".join(GENERIC_WORDS), language)
    text = _INLINE_CODE.sub(" ", _strip(answer))
    return sorted(
        w
        for w in content_words(text, language)
        if w not in allowed
        and w not in generic
        and w not in NUMBER_WORDS
        and not any(c.isdigit() for c in w)
    )


def negated(text: str) -> bool:
    return bool(_NEGATION.search(fold(text)))


def polarity_differs(answer: str, quote: str) -> bool:
    """The answer negates what its quote states, or states what its quote negates.

    A leading "Yes,"/"No," answers the question, not the quote, so it is set aside.
    """
    clause = _YES_NO.sub("", _strip(answer)).strip()
    if len(clause.split()) < 2:
        return False
    # "The school's tuner is Alasdair Kerr. Books in with the office, not with me": the
    # negation is another sentence's; the answer is weighed against the sentences it
    # shares words with (the whole quote when it shares none).
    language = detect_language(f"{answer} {quote}")
    said = content_words(clause, language)
    # its sentences ("Dr." ends none) and the clauses a ";" joins
    parts = [_cells_said(c, said, language) for s in sentences(_strip(quote)) for c in s.split(";")]
    sharing = [c for c in parts if said & content_words(c, language)]
    return all(negated(clause) != negated(s) for s in sharing or [quote])


def _cells_said(part: str, said: set[str], language: str) -> str:
    """A table row as the cells the answer shares words with: "auto-fallback to the
    Compatibility renderer" speaks of the row's workaround cell, not of its "Vulkan not
    supported"; "Dogs are allowed" of both "| Dogs | not allowed |"'s cells."""
    cells = row_cells(part)
    if len(cells) < 2:
        return part
    shared = [c for c in cells if said & content_words(c, language)]
    return " | ".join(shared) if shared else part
