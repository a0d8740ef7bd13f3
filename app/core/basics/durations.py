"""Lengths of time stated in a text: "3 days", "took 3h40", "2–3 working days", "a few
weeks", in the languages asknotes reads."""

from __future__ import annotations

import re

from app.core.basics.text import fold
from app.core.basics.value_words import TIME_UNITS
from app.core.basics.values import quantities

# "3h40", "2h30m", "1h 30": hours and minutes run together. Written alone ("14h30",
# "Horário: 9h30") that is a time of day; it is a length after a word that says so ("took
# 3h40", "Drive: 3h40", "durou 1h30") or with its minutes marked ("2h30m"), never in a
# range ("9h30-11h00").
_HOURS_MINUTES = re.compile(
    r"(?<![\w:])\d{1,2}\s?h\s?[0-5]\d(?P<marked>\s?(?:m|min|mins)\b)?(?![\w:]|\s?[-–]\s?\d)"
)
_LENGTH_WORDS = frozenset(
    "took take takes taking drive drove journey flight trip ride walk run runs duration "
    "lasted lasts last in about around approx duree dure dura durou duro durata leva levou "
    "levei tarda tardo tardamos demora demorou demoro dauer dauerte fahrt fahrzeit duur "
    "duurt duurde tog tar varade varar tid "
    # "Aulas mais curtas: 1h30", "longer sessions: 2h15": a length compared
    "shorter longer curta curtas curto curtos longa longas longo longos corta cortas "
    "kurzer langer courte courtes longue longues".split()
)
# "1h30 cada", "2h15 each": a length given per item
# ("9h30 cada dia" is a time every day)
_EACH_AFTER = re.compile(
    r"\W{0,3}\s*(?:each|cada|chacun|chacune|jeweils|ciascuna|ciascuno)\s*(?:[.,;:()\[\]]|$)"
)


def _hours_minutes(folded: str) -> bool:
    for m in _HOURS_MINUTES.finditer(folded):
        if m.group("marked"):
            return True
        before = re.findall(r"[^\W\d_]+", folded[max(0, m.start() - 24) : m.start()])
        if before and before[-1] in _LENGTH_WORDS or _EACH_AFTER.match(folded, m.end()):
            return True
    return False


_SPAN_UNITS = (
    r"(?:days?|weeks?|months?|years?|hours?|minutes?|mins?|hrs?|dias?|semanas?|meses|mes|"
    r"anos?|horas?|minutos?|jours?|semaines?|mois|ans|heures?|tage?|wochen|monate?|jahre?|"
    r"stunden?|minuten?|werktage?|arbeitstage?|giorni|settimane|mesi|anni|ore|minuti|"
    r"dagen|werkdagen|weken|maanden|jaren|jaar|uur|uren|dagar|veckor|manader|timmar|minuter)"
)
# "2–3 working days", "3 business days", "4 bis 6 Wochen": a span whose number is a range
# or whose unit is qualified, which a plain "number unit" reading misses
_SPAN = re.compile(
    r"(?<![\w.,])\d+(?:[.,]\d+)?\s*(?:[-–—]|to|a|bis|tot|till)\s*\d+(?:[.,]\d+)?\s+"
    rf"(?:(?:working|business|calendar|full|whole)\s+)?{_SPAN_UNITS}\b"
    rf"|(?<![\w.,])\d+(?:[.,]\d+)?\s+(?:working|business|calendar|full|whole)\s+{_SPAN_UNITS}\b"
)


# a length said in words: "overnight", "a week", "a few days", "alguns meses"
_FEW = re.compile(
    r"\b(overnight|all day|a day|an hour|a week|a month|a year|um dia|uma hora|"
    r"uma semana|um mes|um ano|un dia|una hora|una semana|un mes|un ano|"
    # "a few days", "several weeks", "alguns meses": a length, if not a number
    r"(a few|a couple of|several|many|some|alguns|algumas|poucos|poucas|varios|varias|"
    r"algunos|algunas|unos|unas)"
    r" (seconds|minutes|hours|days|weeks|months|years|segundos|minutos|horas|dias|"
    r"semanas|meses|anos)|"
    # Swedish: "en vecka", "ett par dagar", "några timmar"
    r"en (timme|vecka|manad)|ett dygn|(ett par|nagra) (minuter|timmar|dagar|veckor|manader))\b"
)


# A setting whose key names its unit: "intervalo_segundos: 120", "timeout_ms = 500",
# "retry-delay-minutes: 5", "RETRY_HOURS=6"
_KEYED = re.compile(
    r"(?<![\w-])(?:[^\W\d_][\w-]*?[_-])?(?:seconds|secs?|ms|millis|minutes|mins?|hours|hrs?|days|weeks|"
    r"segundos|minutos|horas|dias|semanas|sekunden|minuten|stunden|tage|secondes|heures|"
    r"jours|secondi|minuti|ore|giorni)[\"']?\s*[:=]\s*\d"
)


def has_duration(text: str) -> bool:
    """Whether `text` states a length of time ("3 days", "took 3h40", "2–3 working days",
    "a few weeks", "intervalo_segundos: 120")."""
    folded = fold(text)
    if _hours_minutes(folded) or _SPAN.search(folded) or _KEYED.search(folded):
        return True
    return any(q.unit in TIME_UNITS for q in quantities(text)) or bool(_FEW.search(folded))
