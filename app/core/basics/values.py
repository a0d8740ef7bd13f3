"""Checkable values in text: numbers with their units, clock times and money.

An answer's numbers are where a small model invents most convincingly, so they are read
as values, not substrings: "812" is not "8123", "1,000" is "1000", "24 h" is "24 hours".
English, Portuguese and Spanish forms are understood, and French, German, Italian, Dutch
and Swedish number words and units. Dates are read by `dates`, days of the week by `weekdays`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from app.core.basics.dates import ISO_DATE, YEAR
from app.core.basics.text import fold
from app.core.basics.value_words import CURRENCIES, NUMBER_WORDS, UNITS

# A number as written: thousands groups (1,000 / 1.000 / 1 000), decimals (3.5 / 3,5).
_NUMBER = re.compile(
    r"(?<![\w.,/-])[-−]?(?:\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)"
    r"(?![\d])(?![.,]\d)"
)
_GLUED = re.compile(r"[a-z%°º$€£]+")  # letters written straight after a number: 24h, 3rd, 2x
_ORDINAL = frozenset({"st", "nd", "rd", "th", "o", "a", "º", "ª"})
_DIGITS = re.compile(r"\d+")

_GERMAN_UM = re.compile(
    r"\s+(?:\d|(?:halb|viertel|mitternacht|mittag|die|den|das|der|dem|ein|eine|einen|zu|"
    r"so|wie|sich|es|mich|dich|uns|ihn|sie|jeden|etwa|ca|kurz)\b)"
)
_CURRENCY_BEFORE = re.compile(r"(r\$|€|\$|£)\s?$")
# "12 m²" folds to "12 m2": an area, not a length
_UNIT_AFTER = re.compile(r"^\s?(°c|ºc|r\$|[a-z%°º$€£]+(?:[23](?!\d))?)")

_TIME = re.compile(
    # "9:30", "21h15", French "16 h 30" (not "2 h 40 min", a duration)
    r"(?<!\d)([01]?\d|2[0-3])(?:[:.]|h|\sh\s)([0-5]\d)(?!\d|\s?min)\s*(am|pm|a\.m\.|p\.m\.)?"
    r"|(?<!\d)(1[0-2]|0?\d)\s*(am|pm|a\.m\.|p\.m\.)"
    # a bare "21h" or "9 h" after "at", "à", "às", "a las", "de", "vers", or opening a range
    r"|(?:(?<=\b(?:as|at|de) )|(?<=\ba )|(?<=\b(?:las|des|ate) )|(?<=\bvers )|(?<=\bhasta )"
    r"|(?<=\buntil )|(?<=\bfrom ))([01]?\d|2[0-3]) ?h(?![a-z\d])"
    r"|(?<!\d)([01]?\d|2[0-3]) ?h(?= ?[-–] ?\d{1,2} ?h)"
    r"|\b(noon|midnight|meio-dia|meia-noite|mediodia|medianoche)\b"
    r"|(?<![\d:.,])([01]?\d|2[0-3]) ?uhr\b"  # German "um 16 Uhr"
    # Dutch "om 10 uur", "tot 16 uur" ("2 uur" alone is a duration)
    r"|(?:(?<=\bom )|(?<=\b(?:tot|van) )|(?<=\bvanaf ))([01]?\d|2[0-3]) uur\b"
    # Swedish "kl. 18", "klockan 9" (with minutes, "kl. 18.30" is read above)
    r"|(?:(?<=\bkl )|(?<=\bkl\.)|(?<=\bkl\. )|(?<=\bklockan ))([01]?\d|2[0-3])(?![\d:.,]\d|\d)"
)
_FORMAT_SPEC_BEFORE = re.compile(r"(?:(?<![\d%])%[-+#0]*|\{[^{}\s]*:[<>^=+ #0-]*\.?)$")


@dataclass(frozen=True)
class Quantity:
    """A number as written, the values it can mean, and the unit that follows it."""

    text: str
    values: frozenset[float]
    unit: str | None
    written: str = ""  # the number with its unit as written ("5 minutes")
    ordinal: bool = False  # "2nd", "3º": a place in an order, never a measure
    year: bool = False  # "in 2019", "2025-04-05": a year, never a count

    def matches(self, other: Quantity) -> bool:
        """Same number (either reading of 1,000 or 3,5) and no conflicting units."""
        if not self.values & other.values:
            return False
        return self.unit is None or other.unit is None or self.unit == other.unit


def _readings(token: str) -> frozenset[float]:
    """The values a written number can mean: "1,000" is 1000 (or 1.0 with a decimal comma)."""
    raw = token.replace("−", "-").replace("\u00a0", " ").replace("\u202f", " ")
    sign = -1.0 if raw.startswith("-") else 1.0
    raw = raw.lstrip("-+")
    readings: set[float] = set()
    digits_only = re.sub(r"[,. ]", "", raw)
    groups = re.split(r"[,. ]", raw)
    if len(groups) > 1 and all(len(g) == 3 for g in groups[1:]):
        readings.add(float(digits_only))  # thousands separators
    if raw.count(",") + raw.count(".") == 1 and " " not in raw:
        readings.add(float(raw.replace(",", ".")))  # a decimal point or decimal comma
    if not readings:
        try:
            readings.add(float(raw.replace(" ", "")))
        except ValueError:
            readings.add(float(digits_only or 0))
    return frozenset(sign * r for r in readings)


# The word a year follows: "bought in 2019", "comprei em 2019", "desde 2019", "seit 2019".
_YEAR_BEFORE = re.compile(
    r"\b(?:in|since|from|until|till|by|of|em|desde|ate|de|en|hasta|depuis|seit|im|ab|bis|"
    r"nel|dal|fino|year|ano|ano de|anno|jahr|annee)\s+$"
)


# Written before folding: Swedish "år" (years) folds to "ar", which "är" (is) folds to as
# well ("Bana 3 är 5,2 km"); "SEK" in capitals is the crown, not German "Sek." (seconds).
_SWEDISH_YEARS = re.compile(
    r"(\d|\b(?:två|tre|fyra|fem|sex|sju|åtta|nio|tio|elva|tolv|tretton|fjorton|femton|"
    r"sexton|sjutton|arton|nitton|tjugo|trettio|fyrtio|femtio|hundra))(\s?)[åÅ][rR]\b",
    re.IGNORECASE,
)
_CROWNS = re.compile(r"(?<=\d)(\s?)SEK\b")


def quantities(text: str) -> list[Quantity]:
    """Every number in `text` (digits or number words) with the unit written beside it.

    Clock times and ISO dates are read by `times` and `dates`, not as loose numbers.
    """
    # most lines hold neither, and this runs on every line a check reads
    if "å" in text or "Å" in text:
        text = _SWEDISH_YEARS.sub(r"\1\2yr", text)
    if "SEK" in text:
        text = _CROWNS.sub(r"\1kr ", text)
    iso_years = {m.start() for m in ISO_DATE.finditer(fold(text))}
    dated = ISO_DATE.sub(lambda m: m.group(1) + " " * (len(m.group(0)) - 4), fold(text))
    folded = _TIME.sub(
        lambda m: " " * len(m.group(0)) if _is_clock_time(m, dated) else m.group(0), dated
    )
    found: list[Quantity] = []
    for match in _NUMBER.finditer(folded):
        token = match.group(0)
        before = folded[max(0, match.start() - 3) : match.start()]
        after = folded[match.end() : match.end() + 12]
        glued = _GLUED.match(after)
        if glued and glued.group(0) not in UNITS and glued.group(0) not in _ORDINAL:
            continue  # part of an identifier (2x4, 3des), not a quantity
        if glued and _FORMAT_SPEC_BEFORE.search(folded[max(0, match.start() - 40) : match.start()]):
            continue  # a format spec ("{count:06d}", "%5d"), not 6 days or 5 days
        unit = None
        written = token
        currency = _CURRENCY_BEFORE.search(before)
        if currency:
            unit = UNITS.get(currency.group(1))
            written = currency.group(1) + " " + token
        else:
            word = _UNIT_AFTER.match(after)
            if word and word.group(1) in UNITS:
                unit = UNITS[word.group(1)]
                written = f"{token} {word.group(1)}"
        ordinal = glued is not None and glued.group(0) in _ORDINAL
        year = (
            unit is None
            and YEAR.fullmatch(token) is not None
            and (
                match.start() in iso_years
                or _YEAR_BEFORE.search(folded[: match.start()]) is not None
            )
        )
        found.append(Quantity(token, _readings(token), unit, written, ordinal, year))
    for match in re.finditer(r"[^\W\d_]+", folded):
        name = match.group(0)
        if name == "um" and _GERMAN_UM.match(dated, match.end()):
            continue  # German "um 16 Uhr", "um die Ecke": "at", "around", not Portuguese "one"
        if name == "once" and _CONJUNCTION_AFTER_ONCE.match(folded, match.end()):
            continue  # "once the slot is sorted": when, not how many times
        if name in NUMBER_WORDS:
            rest = folded[match.end() : match.end() + 12]
            unit_word = _UNIT_AFTER.match(rest)
            unit = UNITS.get(unit_word.group(1)) if unit_word else None
            written = f"{name} {unit_word.group(1)}" if unit_word and unit else name
            found.append(Quantity(name, frozenset({NUMBER_WORDS[name]}), unit, written))
    return found


_CONJUNCTION_AFTER_ONCE = re.compile(
    r"\s+(the|i|we|you|he|she|it|they|this|that|these|those|my|our|your|his|her|their|"
    r"its|there|everything|all|done|finished|ready|paid|signed|confirmed)\b"
)


def _hour(h: int, suffix: str | None) -> int:
    if suffix and suffix.startswith("p") and h < 12:
        return h + 12
    if suffix and suffix.startswith("a") and h == 12:
        return 0
    return h


def _is_clock_time(m: re.Match[str], folded: str) -> bool:
    """Whether a `_TIME` match in `folded` is a clock time: a dotted "2.50" is an amount
    in "$2.50", a measure in "2.50 m" or "1.25%", and part of a longer number in "1.2.30"."""
    if m.group(1) is None or "." not in m.group(0) or m.group(3):
        return True
    after = folded[m.end() : m.end() + 12]
    unit = _UNIT_AFTER.match(after)
    before = folded[max(0, m.start() - 3) : m.start()]
    return not (
        _CURRENCY_BEFORE.search(before)
        or re.search(r"\d[.,]$", before)
        or re.match(r"[.,]\d", after)
        # "14.30 uur" is Dutch for half past two, not 14.3 hours
        or (unit and unit.group(1) in UNITS and unit.group(1) != "uur")
    )


def times(text: str) -> set[tuple[int, int]]:
    """Clock times as (hour, minute): 9:30, 9.30 am, 21h, 9h30, 5 pm, noon, om 10 uur,
    kl. 18."""
    found: set[tuple[int, int]] = set()
    folded = fold(text)
    for m in _TIME.finditer(folded):
        if not _is_clock_time(m, folded):
            continue
        if m.group(1) is not None:
            found.add((_hour(int(m.group(1)), m.group(3)), int(m.group(2))))
        elif m.group(4) is not None:
            found.add((_hour(int(m.group(4)), m.group(5)), 0))
        elif m.group(6) is not None:
            found.add((int(m.group(6)), 0))
        elif m.group(7) is not None:
            found.add((int(m.group(7)), 0))
        elif m.group(8) is not None:
            found.add((12, 0) if m.group(8) in ("noon", "meio-dia", "mediodia") else (0, 0))
        elif m.group(9) is not None:
            found.add((int(m.group(9)), 0))
        elif m.group(10) is not None:
            found.add((int(m.group(10)), 0))
        elif m.group(11) is not None:
            found.add((int(m.group(11)), 0))
    return found


# An amount in any currency written by its ISO code ("NOK 9,840", "12.50 CHF"), "kr" or
# "kronor", or the Swedish "350:-".
_ISO_CODES = (
    "USD|EUR|GBP|NOK|SEK|DKK|ISK|CHF|JPY|CAD|AUD|NZD|BRL|MXN|ARS|CLP|COP|PEN|PLN|CZK|HUF|RON|"
    "TRY|INR|CNY|HKD|SGD|ZAR"
)
_CURRENCY_CODE = re.compile(
    rf"\b(?:{_ISO_CODES})\s?\d|\d\s?(?:{_ISO_CODES}|kr|kronor)\b|(?<![\w${{:-])\d+:-(?![\w$(-])"
)


def has_money(text: str) -> bool:
    return (
        any(q.unit in CURRENCIES for q in quantities(text))
        or bool(_CURRENCY_CODE.search(text))
        or bool(
            re.search(
                r"\b(free|gratis|de graca|no charge|sem custo|sin coste|sin costo)\b", fold(text)
            )
        )
    )


@lru_cache(maxsize=4096)
def digit_runs(text: str) -> frozenset[str]:
    """Every run of digits, for identifiers that embed a number (ERR-4012, v2, port:8123)."""
    return frozenset(_DIGITS.findall(text))
