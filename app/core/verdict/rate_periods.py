"""The period a sum is asked for ("day rate", "for a month", "per night"), and whether a
text names it: "£22.50 per evening session" is no monthly hire."""

from __future__ import annotations

import re

from app.core.basics.text import fold

# A rate asked by its period ("day rate", "hourly rate") is stated with that period: "£380
# per exterior perspective" is no day rate. Folded words; a period's words in a quote.
# A sum asked for a period ("how much to hire the 10 inch dob for a month?", "cost per
# night") is stated with it too; not a day pass nor a week's trip.
_RATE_ASKED = re.compile(
    r"\b(day|daily|hourly|weekly|nightly|monthly)\s+rates?\b|"
    r"\b(?:per|a|an|each|every|for a|for one) (month|week|day|night|hour)"
    r"(?=\W*$|\s+(?:in|at|on|of|for|from|during|with|if|when|and|or)\b)"
)
_PERIOD_SAID = {
    "day": re.compile(r"\b(day|days|daily|per diem|pd|p/d|diaria|dia|giorno|jour|tag|dag)\b"),
    "hour": re.compile(r"\b(hour|hours|hourly|hr|hrs|h|ph|p/h|hora|ora|oraria|orario|heure|"
                       r"horaire|stunde|uur|timme)\b"),
    "week": re.compile(r"\b(week|weeks|weekly|wk|pw|p/w|semana|semanal|settimana|semaine|woche|"
                       r"vecka)\b"),
    "night": re.compile(r"\b(night|nights|nightly|pn|p/n|noite|noche|notte|nuit|nuitee|nacht|"
                        r"natt)\b"),
    "month": re.compile(r"\b(month|months|monthly|pcm|p/m|mes|mensal|mensual|mensile|mensuel|"
                        r"mensuelle|monat|monatlich|maand|maandelijks|manad|manadsvis)\b"),
}  # fmt: skip
_PERIOD_OF = {
    "day": "day", "daily": "day", "hour": "hour", "hourly": "hour", "week": "week",
    "weekly": "week", "night": "night", "nightly": "night", "month": "month",
    "monthly": "month",
}  # fmt: skip


def names_period(text: str, question: str) -> bool:
    """Whether `text` names the period the question asks a sum for; True when it asks for
    none ("how much was the day pass?")."""
    asked = _RATE_ASKED.search(fold(question))
    if asked is None:
        return True
    period = _PERIOD_OF[asked.group(1) or asked.group(2)]
    return bool(_PERIOD_SAID[period].search(fold(text)))
