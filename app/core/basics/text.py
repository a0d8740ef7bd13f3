"""Unicode normalisation and the lexical tokenizer shared by notes and questions.

Notes and questions must fold identically, or a note written "Café" never matches a
question typed "cafe"; so both pass through the same functions here.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from app.core.basics.date_tokens import date_in_words, day_month_tokens, season_tokens
from app.core.basics.language import DEFAULT_LANGUAGE, detect_language, stemmer_for, stopwords
from app.core.basics.value_words import UNITS

# A run of word characters joined by the punctuation that code and error codes use,
# with an optional leading dash for command-line flags (`-l`, `--force`).
TERM_PATTERN = re.compile(r"(?<![\w-])--?(?=[^\W\d])\w+(?:[-._/:]\w+)*|\w+(?:[-._/:]\w+)*")
_PART = re.compile(r"[^\W_]+")

# Bumped whenever lexical_tokens changes what it emits: stored tokens are then rebuilt.
# 10: a short Portuguese or Spanish plural is its singular ("ilhas"); 11: a number and its
# unit are also one token ("8 m", "8m"; "24 hours", "24h"); 12: German "viele", "hatten",
# "wurde" are stop words; 13: degrees written "°C" or "ºC" are one token with their number;
# 14: a day and month, in words or figures, are also one token ("12 Apr", "12/04": "12.04");
# 15: Italian "la", "le", "lo" and "qual" are stop words; 16: a list or table with few
# function words of one language is read in it (its stems and stop words); 17: a season
# ("2024/25", "2024-2025") is also one token and its second year; 18: not its second year;
# 19: a micron spelled out is the symbol "μm", and "12 miles" is also "12mile"; 20:
# Portuguese typed in a hurry ("qdo", "qto", "pq") is stop words; 21: Dutch is read as
# Dutch (its stems and stop words), not as the Spanish or French its "de" and "en" suggest;
# 22: Swedish is read as Swedish (its stems and stop words); 23: Swedish "många", "bara",
# "också" are stop words; 24: "2 år" is no longer "2year" ("är", is, folds to "ar" too);
# 25: Swedish definites are their word ("kartan", "priset"), "IOF:s" is "IOF"; 26: areas,
# volumes and energy are units ("12 m²", "3 kuub", "3.712 kWh"); 27: "kuub" is "m3", a
# kilowattuur "kwh"; 28: a game's coins are units ("50 gp", "8 sp")
TOKENIZER_VERSION = 28


def normalize_text(text: str) -> str:
    """Return `text` in NFC with Unix line endings, the form every stored chunk uses."""
    return unicodedata.normalize("NFC", text.replace("\r\n", "\n").replace("\r", "\n"))


def fold(text: str) -> str:
    """Fold case and strip accents so that "Café", "CAFE" and "cafe" compare equal."""
    return unaccented(text).casefold()


def unaccented(text: str) -> str:
    """Strip accents and keep case: "Éliza" is "Eliza", and still a name."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def opens_question(question: str, start: int) -> bool:
    """Whether the word at `start` is the question's first, with only marks before it
    ("¿Dónde…", "\"Who…"): a capital there is the sentence's, not a name's."""
    return not question[:start].strip(" ¿¡\"'(")


_NON_WORD = re.compile(r"[\W_]+")


def squash(text: str) -> str:
    """Fold case and accents, and treat every run of punctuation or space as one space:
    how a quote is found in a note whatever the model did to its spacing and marks."""
    return " ".join(_NON_WORD.sub(" ", fold(text)).split())


def holds_words(text: str, target: str) -> bool:
    """Whether `target`, already squashed, is in `text` as whole words: "p1" is not in
    "P10", so a quote of one table row is never placed in another."""
    return bool(target) and f" {target} " in f" {squash(text)} "


# Portuguese plurals the Snowball stemmer leaves apart once accents are folded:
# funcoes/funcao, equacoes/equacao, paes/pao.
_PT_PLURAL = re.compile(r"(?<=\w{2})(?:oes|aes)$")


@lru_cache(maxsize=200_000)
def _stem(word: str, language: str = DEFAULT_LANGUAGE) -> str:
    if language == "pt":
        word = _PT_PLURAL.sub("ao", word)
    stem = str(stemmer_for(language).stemWord(word))
    if language == "sv":
        return _swedish_definite(stem)
    if language in _PLURAL_S and stem == word and _BARE_PLURAL.fullmatch(word):
        # Snowball leaves a short plural whole ("ilhas", "dias", "islas") while it
        # leaves the singular whole too ("ilha", "dia"): the plural is read as one.
        return str(stemmer_for(language).stemWord(word[:-1]))
    return stem


def _swedish_definite(stem: str) -> str:
    """Snowball leaves Swedish singular definites whole: "kartan" (the map) beside "karta"
    and "kartor", "priset" (the price) beside "pris"; they are read as their word."""
    if len(stem) >= 5 and stem.endswith("an"):
        stem = str(stemmer_for("sv").stemWord(stem[:-1]))
    while len(stem) >= 5 and stem.endswith("et"):
        stem = stem[:-2]
    return stem


# A Swedish suffix after an abbreviation's colon: "IOF:s regler", "SM:et", "14:e mars".
_SWEDISH_COLON_SUFFIX = re.compile(r"(?<=[^\W_]):(?:s|n|en|et|ens|ets|na|or|orna|ar|arna|e|a)\b")


def swedish_colon_suffixes(text: str) -> str:
    """`text` without the suffixes Swedish writes after a colon ("Erik N:s tid" is "Erik
    N tid"); a clock time ("18:30") has digits after its colon, not letters."""
    return _SWEDISH_COLON_SUFFIX.sub("", text)


_PLURAL_S = frozenset({"pt", "es"})
_BARE_PLURAL = re.compile(r"[^\W\d_]{2,}[^s\W\d_]s")


# German joins nouns into one word ("Zahnarzttermin") that notes often write apart or in
# another compound ("Zahnarzt", "Termin"); each part a compound is read as is this long.
MIN_COMPOUND_PART = 4


def is_compound(term: str) -> bool:
    """A term holding punctuation (`err-4012`, `_csv.error`, `-l`), kept whole by BM25."""
    return _is_compound(term) or "_" in term


def _is_compound(term: str) -> bool:
    return not term.replace("_", "").isalnum()


def lexical_tokens(text: str, language: str = DEFAULT_LANGUAGE) -> list[str]:
    """Tokens for BM25: stemmed content words, plus compound terms kept whole.

    A compound term (`ERR-4012`, `_csv.Error`, `-l`, `snake_case`) is emitted whole, so an
    exact identifier matches exactly, and also as its stemmed parts, so prose about it still
    matches.
    """
    tokens: list[str] = []
    folded = fold(swedish_colon_suffixes(text) if language == "sv" else text)
    number: re.Match[str] | None = None  # the last term, when it was a number
    before: tuple[str, str] = ("", "")  # the two terms before this one, in one phrase
    last_end = 0
    for match in TERM_PATTERN.finditer(folded):
        term = match.group(0)
        # "8 m" is also "8m"; "4 °C" is "4degree" as "4 ºC" ("4 oc" folded) is
        if number is not None and not folded[number.end() : match.start()].strip(" °"):
            tokens.extend(_with_unit(number.group(0), term))
        tokens.extend(_term_tokens(term, language))
        if folded[last_end : match.start()].strip(" ."):  # a comma or a cell's bar parts them
            before = ("", "")
        tokens.extend(date_in_words(*before, term, language))
        whole = _NUMBER.fullmatch(term) and not _DECIMAL_BEFORE.search(folded, 0, match.start())
        number = match if whole else None
        before, last_end = (before[1], term), match.end()
    return tokens


_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_DECIMAL_BEFORE = re.compile(r"\d[.,]$")  # "5" of "1,5 h" is no number of hours


def _with_unit(number: str, unit: str) -> list[str]:
    """The one token of a number and the unit written after it, the unit as `UNITS` names
    it ("24 hours", "24 h" and "24h" are all "24hour"); empty when `unit` is none."""
    return [f"{number}{UNITS[unit]}"] if unit.isalpha() and unit in UNITS else []


# A number glued to its unit: notes write "8h", "5km", "20min" where questions say "8",
# "5 km", "20 minutes" (and the other way round).
_GLUED_UNIT = re.compile(r"(\d+)([^\W\d_]{1,4})")


def _term_tokens(term: str, language: str = DEFAULT_LANGUAGE) -> list[str]:
    """A folded term's tokens: a compound whole, then its parts, then its parts joined
    ("wi-fi" also gives "wifi", so `Wi-Fi`, `wifi` and `wi fi` find each other), and a
    date's day and month."""
    if not (_is_compound(term) or "_" in term):
        glued = _GLUED_UNIT.fullmatch(term)
        if glued is not None:  # "8h", "5km": also the number and the unit, as if apart
            number, unit = glued.groups()
            return [term, *_content_words(glued.groups(), language), *_with_unit(number, unit)]
        return _content_words((term,), language)
    parts = _PART.findall(term)
    tokens = [term, *_content_words(parts, language), *day_month_tokens(term)]
    tokens += season_tokens(term)  # never the term itself, nor one of its parts
    if len(parts) > 1 and all(p.isalpha() for p in parts) and len("".join(parts)) <= 24:
        tokens.extend(_content_words(("".join(parts),), language))
    return tokens


def term_variants(word: str, language: str = DEFAULT_LANGUAGE) -> list[str]:
    """The tokens that stand for one word of a question: its whole form, then its joined
    form for a compound; empty for a stop word."""
    term = fold(word).strip()
    if not (_is_compound(term) or "_" in term):
        glued = _GLUED_UNIT.fullmatch(term)
        with_unit = _with_unit(*glued.groups()) if glued is not None else []
        return list(dict.fromkeys([*_content_words((term,), language), *with_unit]))
    parts = _PART.findall(term)
    variants = [term, *day_month_tokens(term)]  # "28.3." for a note's "28.03.2025"
    variants += season_tokens(term)  # "2024-2025" for a note's "2024/25"
    if len(parts) > 1 and all(p.isalpha() for p in parts) and len("".join(parts)) <= 24:
        variants.extend(_content_words(("".join(parts),), language))
    return variants


# A count joined to what it counts ("23-turn", "5-minute"), an expression ("n-1") or a unit
# ("atm.L/mol.K", "km/h"): notes write them apart ("23 turns", "n − 1", "atm·L/(mol·K)")
# and still state them. A code is none of these: "B-12", "F-16" and "ERR-7001" are whole.
_COUNT_OF = re.compile(r"\d+(?:[.,]\d+)?-[^\W\d_]{2,}")
_LETTER_MINUS = re.compile(r"[a-z]-\d+")
_UNIT = re.compile(r"[^\W\d_]{1,4}(?:[.·][^\W\d_]{1,4})*/[^\W\d_]{1,4}(?:[.·][^\W\d_]{1,4})*")


def written_apart(word: str) -> list[str] | None:
    """The parts of a count, expression or unit as the user typed it, which notes may
    write apart; None for any other word."""
    if _COUNT_OF.fullmatch(word) or _LETTER_MINUS.fullmatch(word) or _UNIT.fullmatch(word):
        return [part for part in re.split(r"[-./·]", word) if part]
    return None


def unit_glued(word: str) -> list[str] | None:
    """A number and the unit the user typed straight after it ("8m" for a note's "< 8 m");
    None for any other word, a code too ("2fa", "4k")."""
    glued = _GLUED_UNIT.fullmatch(fold(word))
    return list(glued.groups()) if glued is not None and _with_unit(*glued.groups()) else None


def stated_apart(word: str, text: str) -> bool:
    """Whether `text` writes the question's count, expression or unit apart, its parts in
    order ("23 turns" for "23-turn", "n − 1" for "n-1", "8 m" for "8m")."""
    parts = written_apart(word) or unit_glued(word)
    if parts is None:
        return False
    words = " ".join(squash(part) for part in parts)
    return re.search(rf" {re.escape(words)}\w* ", f" {squash(text)} ") is not None


def content_word_spans(text: str, language: str = DEFAULT_LANGUAGE) -> list[str]:
    """The text's content words as written, in order (stop words left out)."""
    return [
        m.group(0)
        for m in TERM_PATTERN.finditer(text)
        if _content_words((fold(m.group(0)),), language) or _is_compound(fold(m.group(0)))
    ]


# A Greek letter spelled out is the letter: "quanto vale gama" finds "γ = Cp/Cv", "sigma"
# finds "σ". Names that are also everyday words or units (eta/ETA, psi, nu, capa, and chi,
# Italian for "who") are left.
GREEK_NAMES: dict[str, str] = {
    **dict.fromkeys(("alpha", "alfa"), "α"),
    "beta": "β",
    **dict.fromkeys(("gamma", "gama"), "γ"),
    "delta": "δ",
    "epsilon": "ε",
    "zeta": "ζ",
    **dict.fromkeys(("theta", "teta"), "θ"),
    "kappa": "κ",
    **dict.fromkeys(("lambda", "lamda"), "λ"),
    "mu": "μ",
    "pi": "π",
    "rho": "ρ",
    "sigma": "σ",
    "tau": "τ",
    "phi": "φ",
    "omega": "ω",
}


def _unit_names() -> dict[str, str]:
    spelled = {
        "km": "kilometre kilometer quilometro kilometro",
        "cm": "centimetre centimeter centimetro",
        "mm": "millimetre millimeter milimetro",
        "\u03bcm": "micron micrometre micrometer micra micrometro",
        "kg": "kilogram kilogramme quilograma kilogramo",
        "mg": "milligram milligramme miligrama",
        "ml": "millilitre milliliter mililitro",
        "kw": "kilowatt quilowatt",
        "kwh": "kilowattuur kilowattstunde kilowattstunden",
        "m3": "kuub",
        "hz": "hertz",
        "khz": "kilohertz quilohertz",
        "mhz": "megahertz",
        "ghz": "gigahertz",
        "db": "decibel decibeis decibelio",
        "hp": "horsepower",
        "cv": "cavalovapor cavalosvapor",
        "kpa": "kilopascal quilopascal",
        "kcal": "kilocalorie quilocaloria kilocaloria",
        "kb": "kilobyte",
        "mb": "megabyte",
        "gb": "gigabyte",
    }
    names: dict[str, str] = {}
    for symbol, words in spelled.items():
        for word in words.split():
            names[word] = names[f"{word}s"] = symbol
    return names


# A unit spelled out is its symbol: "quantos watts tem um cavalo-vapor?" finds "1 cv ≈
# 735,5 W", "decibéis" finds "dB". Symbols of one letter (m, g, W) are not terms at all.
UNIT_NAMES: dict[str, str] = _unit_names()


def _content_words(words: Iterable[str], language: str = DEFAULT_LANGUAGE) -> list[str]:
    stops = stopwords(language)
    return [
        GREEK_NAMES.get(word) or UNIT_NAMES.get(word) or _stem(word, language)
        for word in words
        # single letters are noise in prose but symbols in Greek or maths (σ, λ, μ)
        if word not in stops and (len(word) > 1 or word.isdigit() or not word.isascii())
    ]


def content_words(text: str, language: str | None = None) -> set[str]:
    """The set of stemmed content words in `text`, for overlap checks between texts.

    Two texts compared must be read in one language; with none given, it is detected.
    """
    language = language or detect_language(text)
    return {t for t in lexical_tokens(text, language) if not _is_compound(t) and "_" not in t}
