"""What a question's number measures or counts, and what a written unit measures:
"how many grams" is answered by "1 kg", not by "3 hours"; "what pressure" by bars, not by
a tyre's size; "how long is the ride?" by kilometres as well as by hours."""

from __future__ import annotations

import re

from app.core.basics.text import fold
from app.core.basics.value_words import CURRENCIES, TIME_UNITS, UNITS

# What a unit measures: "how many grams" is answered by "1 kg", not by "3 hours".
_DIMENSIONS = {
    **dict.fromkeys(TIME_UNITS, "time"),
    **dict.fromkeys(CURRENCIES, "money"),
    **dict.fromkeys(("g", "kg", "oz", "lb"), "mass"),
    "degree": "temperature",
    "pressure": "pressure",
    **dict.fromkeys(("ml", "l", "tsp", "tbsp"), "volume"),
    **dict.fromkeys(("mm", "cm", "m", "km", "mile"), "length"),
    **dict.fromkeys(("kb", "mb", "gb", "tb"), "data"),
    **dict.fromkeys(("m2", "km2", "ha"), "area"),
    "m3": "volume",
    **dict.fromkeys(("kwh", "mwh"), "energy"),
    "kw": "power",
}
# English asks a length and a length of time alike ("how long is the ride?"), unless a
# verb says which ("how long does the ride take?"); other languages have a word for each.
_LENGTH_OR_TIME = re.compile(
    r"\bhow long (?:is|was|are|were)\b(?!.*\b(?:take|takes|took|last|lasts|lasted|open|"
    r"valid|kept|stored|left)\b)"
)
_COUNTED = re.compile(
    r"\b(?:how many|quantos|quantas|cuantos|cuantas|quanti|quante|wie viele|combien d['’e]?|"
    r"hur manga)"
    r"((?:\s+|(?<=['’]))[^\W\d_]+(?:\s+[^\W\d_]+){0,2})"
)


_MONEY = frozenset({"argent", "dinheiro", "dinero", "soldi", "geld", "money"})


def dimension(unit: str | None) -> str | None:
    """What a unit measures ("kg": mass); None for no unit or one that measures nothing
    here."""
    return _DIMENSIONS.get(unit or "")


def counts(written: str | None, counted: str) -> bool:
    """Whether a number written with `written` (its unit, or None) counts what the
    question counts (`counted_unit`'s answer: a unit, or "" for things)."""
    if written is None:
        return True  # a bare number counts anything
    if counted:  # a unit is counted: one of its dimension
        return _DIMENSIONS.get(written, written) == _DIMENSIONS.get(counted, counted)
    # things are counted: no measure (of time, money, weight…) counts people, stars or
    # eggs ("120 g per hen per day" for "¿cuántos huevos ponen?")
    return _DIMENSIONS.get(written) is None


# A measure asked for by name, and the dimension of the units that state it: "what
# pressure" is not answered by a tyre's size "27 × 1¼", nor "what temperature" by a time.
_MEASURES = {
    **dict.fromkeys("temperature temperatura temperatur".split(), "temperature"),
    **dict.fromkeys("pressure pressao presion pression druck".split(), "pressure"),
    **dict.fromkeys(
        "weight weigh weighs peso poids gewicht pesaba pesa vikt vikten vager vagde".split(), "mass"
    ),
}


# A measure asked for by name whose units vary or are none (a salinity, a pH, an area).
_MEASURE_NAMED = re.compile(
    r"\b(salinity|humidity|altitude|elevation|concentration|conductivity|ph|area|volume|depth|"
    r"height|length|width|distance|speed|voltage|capacity|salinidade|salinidad|umidade|"
    r"humedad|altitud|concentracao|concentracion|profundidade|profundidad|altura|"
    r"comprimento|longitud|largura|anchura|distancia|velocidade|velocidad|capacidade|"
    r"capacidad|volumen|langd|langden|hojd|hojden|djup|djupet|bredd|bredden|yta|ytan|"
    r"hastighet|hastigheten)\b"
)


def measured(question: str) -> str | None:
    """The dimension of the first measure the question names, if any."""
    return next((_MEASURES[w] for w in re.findall(r"\w+", fold(question)) if w in _MEASURES), None)


def names_a_measure(question: str) -> bool:
    """Whether the question asks for a measure by a name whose units vary or are none."""
    return _MEASURE_NAMED.search(fold(question)) is not None


def asks_length_or_time(question: str) -> bool:
    """Whether an English "how long is …" question may ask a length as well as a time."""
    return _LENGTH_OR_TIME.search(fold(question)) is not None


# A race's or a test's result, asked in each language asknotes reads: it is written like
# a clock ("14:38", "1:52:10"), and is a time something took.
_RESULT = re.compile(
    r"\b(winning|finish|finishing|chip|gun|lap|split|race|result) times?\b|\bpersonal best\b|"
    r"\bwhat did \w+( \w+)? run\b|\b\w+:s tid\b|\bvilken tid (fick|sprang|gjorde|hade|"
    r"klarade)\b|\b(segertid|sluttid|tempo finale|tempo de prova|tiempo final|endzeit|"
    r"laufzeit|siegerzeit|temps final)\b"
)


def asks_result(question: str) -> bool:
    """Whether the question asks the time a race, a run or a test took ("What was the
    winning time on leg 3?", "Erik N:s tid på USM-sprinten?")."""
    return _RESULT.search(fold(question)) is not None


# A person's or a thing's age, in each language asknotes reads, and an age limit
# ("quantos anos durou o curso" asks a length of time: a count of years is an age only
# with "have" or "turn", and not of a course, a warranty or a loan).
_AGE = re.compile(
    r"\b(how old|what age|quel age|wie alt|welches alter|in welchem alter|hoe oud|"
    r"welke leeftijd|hur (gammal|gammalt|gamla)|vilken alder|hur manga ar fyller|che eta|"
    r"quale eta|que edad|que idade|qual (e |era |a )?(a )?idade|age limit|altersgrenze|"
    r"leeftijdsgrens|aldersgrans|aldersgransen|"
    r"(quanti anni (ha|aveva|hai|avevo|avevi|avra|compie|compiva|compira)|"
    r"cuantos anos (tiene|tenia|tengo|tienes|tenias|cumple|cumplio|cumplira|tendra)|"
    r"quantos anos (tem|tinha|tenho|tens|tinhas|faz|fez|fara|completa|completou|tera))"
    r"(?!\s+((o|a|el|la|il|lo|sua|su)\s+)?(de|que|curso|carrera|corso|garantia|garanzia|"
    r"hipoteca|mutuo|contrato|contratto|seguro|prestamo|prestito|emprestimo|licencia|"
    r"licenca|licenza)\b))\b"
)


def asks_age(question: str) -> bool:
    """Whether the question asks how old someone or something is: a number of years
    answers it, and so does a birth date or a year it was made."""
    return _AGE.search(fold(question)) is not None


# "how much" asks an amount, which names its unit when it asks one ("hoeveel kilo
# asperges", "wie viel kWh"); without a unit ("how much water") it may be any measure.
_AMOUNT = re.compile(
    r"\b(?:how much|hoeveel|wie ?viel|hur mycket|quanto|quanta|cuanto|cuanta|combien de)"
    r"\s+([^\W_]+(?:\s+[^\W\d_]+)?)"
)
# an area asked by its unit's name: "how many square metres", "hoeveel vierkante meter"
_AREA_ASKED = re.compile(
    r"\b(square|vierkante|quadrat|kvadrat)\w*\s*(metres?|meters?|metern?)\b|"
    r"\b(metros?|metri|metres?)\s+(quadrados|cuadrados|quadri|carres)\b|\bquadratmeter\b"
)


def counted_unit(question: str) -> str | None:
    """What a "how many" question counts, as a unit when it counts one ("how many total
    hours" counts hours, "hoeveel kilo" kilograms); "" when it counts things that are no
    unit ("how many people")."""
    folded = fold(question)
    match = _COUNTED.search(folded) or _AMOUNT.search(folded)
    if match is None:
        return None
    if _AREA_ASKED.search(folded, match.start()):
        return "m2"
    words = match.group(1).split()
    if match.re is _AMOUNT:  # an amount names a unit, or may be of any measure
        return next((UNITS[w] for w in words if w in UNITS), None)
    if words[0] in ("of", "de", "do", "da", "dos", "das"):
        return None  # "how many of the tests": a share may answer it
    if words[0] in _MONEY:
        return None  # "combien d'argent" is how much money: "$62" is no count of things
    return next((UNITS[w] for w in words if w in UNITS), "")


def counted_and_rest(question: str) -> tuple[str, str] | None:
    """A "how many" question's counted words and the words after them, folded ("how many
    people sleep in one of the bell tents": "people sleep in", "one of the bell tents");
    None for another question."""
    folded = fold(question)
    match = _COUNTED.search(folded)
    if match is None:
        return None
    return match.group(1).strip(), folded[match.end() :]
