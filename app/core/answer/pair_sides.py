"""The two sides of a pair: the next service and the last, check-in and check-out, the
train there and the train back.

A note keeps both facts of one thing side by side ("last service … next MOT"); a quote of
one side does not answer a question about the other. The words are read in every language
asknotes reads, folded.
"""

from __future__ import annotations

import re

from app.core.basics.language import detect_language
from app.core.basics.stopwords import ALL_STOPWORDS
from app.core.basics.text import fold

# Words that also mean something else in another of these languages are left out ("sale"
# leaves in Spanish, "parte" is a part).
_SIDES: tuple[tuple[str, frozenset[str], str, frozenset[str]], ...] = tuple(
    (a, frozenset(left.split()), b, frozenset(right.split()))
    for a, left, b, right in (
        (
            "next",
            "next upcoming proxima proximo proximas proximos siguiente prochain prochaine "
            "naechste nachste nachsten prossimo prossima volgende komende nasta kommande",
            "last",
            "last previous latest ultima ultimo ultimas ultimos anterior dernier derniere "
            "precedent precedente letzte letzter letzten vorige vorherige scorso scorsa "
            "laatste senaste forra",
        ),
        ("check-in", "check-in checkin", "check-out", "check-out checkout"),
        (
            "buying",
            "buy bought buying purchase purchased compre compra comprado comprei achat "
            "achete gekauft gekocht aankoop kopte kopt",
            "selling",
            "sell sold selling vendi vendido venta venda vente vendu verkauft verkocht "
            "verkoop salde",
        ),
        ("primary", "primary primario primaria", "secondary",
         "secondary secundario secundaria secondaire"),
        ("staging", "staging", "production", "production prod produccion producao"),
        ("minimum", "minimum minimo minima", "maximum", "maximum maximo maxima"),
        ("upload", "upload subida", "download", "download descarga"),
        ("inbound", "inbound incoming", "outbound", "outbound outgoing"),
        # a trip's two legs; "por volta das 8h" (around eight) is taken out first
        (
            "outward leg",
            "outward outbound ida aller hinfahrt hinflug hinweg andata heenreis",
            "return leg",
            "return vuelta regreso volta retour ruckfahrt rueckfahrt ruckflug rueckflug "
            "ruckweg rueckweg ritorno terugreis",
        ),
        # "fecha" closes in Portuguese but is a date in Spanish: read in Portuguese only.
        (
            "opening",
            "open opens opening abre abrem abertura apertura ouvre ouverture offnet oeffnet "
            "apre opent",
            "closing",
            "close closes closing fecham fechamento cierra cierran cierre ferme fermeture "
            "schliesst chiude fecha sluit sluiting",
        ),
    )
)  # fmt: skip
_SIDE_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)?")


_CHECK_IN_OUT = re.compile(r"\bcheck\s+(in|out)\b")  # "check out of the flat" is check-out


_AROUND = re.compile(r"\bpor volta\b")


def _sides_named(text: str) -> set[str]:
    folded = _AROUND.sub(" ", _CHECK_IN_OUT.sub(r"check\1", fold(text)))
    words = set(_SIDE_WORD.findall(folded))
    for hyphened in [w for w in words if "-" in w]:  # "next-day", "check-in" as checkin
        words |= {hyphened.replace("-", ""), *hyphened.split("-")}
    named = set()
    for a, left, b, right in _SIDES:
        if words & left:
            named.add(a)
        if words & right:
            named.add(b)
    return named


# "08:00–14:00", "de 8h às 22h", "9am to 5pm": a range states the opening and the closing.
_TIME_RANGE = re.compile(
    r"\d{1,2}(?::\d\d|h\d*|\s*[ap]\.?m\.?)?\s*(?:[-–—]|to|until|till|a|as|às|hasta|à|bis)\s*"
    r"\d{1,2}(?::\d\d|h\d*|\s*[ap]\.?m\.?)?",
    re.IGNORECASE,
)


def other_side(question: str, quoted: str, context: str = "") -> str | None:
    """Why `quoted` is about the other side of a pair the question takes one side of
    ("when is the van next due" answered by "last service: 2025-11-03"), if it is.
    `context` (the heading, a list's lead-in line: "Production database:" above
    "- retention: 35 days") speaks for a quote that names neither side."""
    asked, said = _sides_named(question), _sides_named(quoted) or _sides_named(context)
    if _TIME_RANGE.search(quoted):
        asked -= {"opening", "closing"}
    if (
        "fecha" in _SIDE_WORD.findall(fold(f"{question} {quoted}"))
        and detect_language(f"{question} {quoted}") != "pt"
    ):
        asked -= {"opening", "closing"}
    for a, _left, b, _right in _SIDES:
        for mine, other in ((a, b), (b, a)):
            if mine in asked and other not in asked and other in said and mine not in said:
                return f"the question asks about the {mine}; the quote is about the {other}"
    return None


# "Paris Montparnasse → Angoulême": the words on each side of an arrow, up to a separator.
_ARROW = re.compile(r"→|⟶|(?<=\s)(?:->|=>)(?=\s)")
_PLACE_WORD = re.compile(r"[^\W\d_]{3,}")
# what an arrow points to when it points to another note: a file name's slug with a
# number in it, or a file name ("saint-malo" is a place written lower case)
_POINTER = re.compile(r"\s*(?:[a-z0-9]+(?:-[a-z0-9]+)*-\d[a-z0-9-]*|[\w-]+\.md)(?![\w-])")
_SIDE_STOP = re.compile(r"[,;:()|\[\]]|\s[-–—]\s")
# "from Angoulême", "desde Oviedo", "von Leipzig"; "de", "da", "a", "au" only before a
# capital, so that "hora de salida" and "a las 8" name no place.
_FROM = re.compile(r"\b(?:from|desde|depuis|von|dal|dalla|dallo|ab)\s+([^\W\d_]{3,})", re.I)
_FROM_NAME = re.compile(r"\b(?:de|da|do|di)\s+([^\W\d_a-z][^\W\d_]{2,})")
_TO = re.compile(r"\b(?:to|towards|hacia|nach|vers|verso|para|pra)\s+([^\W\d_]{3,})", re.I)
_TO_NAME = re.compile(r"(?<!\w)(?:a|à|al|ao|au)\s+([^\W\d_a-z][^\W\d_]{2,})")


def other_direction(question: str, quoted: str) -> str | None:
    """Why `quoted` goes the other way ("Paris → Angoulême, TGV 15:52" for the train home
    from Angoulême), if it does: a place the question leaves from stands only after the
    quote's arrows, or a place it goes to stands only before them."""
    if not _ARROW.search(quoted):
        return None
    before: set[str] = set()
    after: set[str] = set()
    pieces = _ARROW.split(quoted)
    for n in range(len(pieces) - 1):
        left = _SIDE_STOP.split(pieces[n])[-1]
        right = _SIDE_STOP.split(pieces[n + 1])[0]
        if _POINTER.match(pieces[n + 1]):
            continue  # "meunier à Landudec → jean-marie-le-bihan-1860" points to a note
        before |= {fold(w) for w in _PLACE_WORD.findall(left)}
        after |= {fold(w) for w in _PLACE_WORD.findall(right)}
    origins = _places(_FROM.findall(question) + _FROM_NAME.findall(question))
    destinations = _places(_TO.findall(question) + _TO_NAME.findall(question))
    for place, written in origins.items():
        if place in after and place not in before:
            return f"the question asks about leaving {written}; the quote goes to it"
    for place, written in destinations.items():
        if place in before and place not in after:
            return f"the question asks about going to {written}; the quote leaves it"
    return None


def _places(words: list[str]) -> dict[str, str]:
    """Folded to as written, leaving out function words ("from the", "to our") and
    formulas."""
    # "CO₂" of "de CO₂" is a formula, which a reaction's arrow turns into another
    return {fold(w): w for w in words if w.isalpha() and fold(w) not in ALL_STOPWORDS}
