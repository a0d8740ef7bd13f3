"""Whether a text states a value of the kind a question asks for.

Both the verdict (do the retrieved passages hold one?) and the answer checks (does the
quote hold one?) ask it; a note about the boiler that names no price does not state the
boiler service's price.
"""

from __future__ import annotations

import re

from app.core.basics.dates import YEAR, dates
from app.core.basics.durations import has_duration
from app.core.basics.language import detect_language
from app.core.basics.text import content_words, fold
from app.core.basics.value_words import UNITS
from app.core.basics.values import (
    Quantity,
    has_money,
    quantities,
    times,
)
from app.core.basics.weekdays import weekdays
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.capitalised_names import FULL_MONTHS, FULL_WEEKDAYS, has_name, question_words
from app.core.verdict.measures import (
    asks_age,
    asks_length_or_time,
    asks_result,
    counted_and_rest,
    counted_unit,
    counts,
    dimension,
    measured,
    names_a_measure,
)
from app.core.verdict.person_names import german_names
from app.core.verdict.rate_periods import names_period
from app.core.verdict.secrets import writes_secret

# A phone number: seven digits or more, grouped by spaces, dots, dashes or brackets.
_PHONE = re.compile(r"(?<![\w.])\+?\(?\d[\d ().-]{5,}\d(?!\w|\.\d)")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(\.[\w-]+)+")
_NOT_PHONE = re.compile(r"\d{1,3}(\.\d{1,3}){3}|\d{4}-\d\d-\d\d")  # an IP address, a date


def _phone_sized(match: re.Match[str]) -> bool:
    """A `_PHONE` match holds the seven digits or more of a phone number."""
    return sum(c.isdigit() for c in match.group(0)) >= 7


# A code a serial, flight or policy number is: four characters or more holding a digit
# ("EZY8123", "192.168.20.53") or capitals and digits ("BA 117"); a bare year is a date,
# and "£212" a price.
_CODE_TOKEN = re.compile(
    r"(?<![\w.-])(?=[\w.-]*\d)\w[\w.-]{2,}\w(?!\w)|\b[A-Z]{1,3} \d{2,5}\b"  # or "BA 117"
)
# A version or a model may be short: "PostgreSQL 16", "v2", "3.9", "Greenstar 30i".
_SHORT_CODE = re.compile(r"(?<![\w.])(?=[\w.-]*\d)[\w.-]*\w(?![\w])")
_LENIENT = re.compile(r"\b(version|versao|model)\b")
_BOOKING = re.compile(r"\b(booking|reservation|confirmation|localizador|reserva)\b")
_FLIGHT = re.compile(r"[A-Z]{2,3}\s?\d{2,4}")
_LETTER_CODE = re.compile(r"(?<![\w-])[A-Z]{5,8}(?![\w-])")

# A result written like a clock: "14:38", "1:52:10", "12:51.4".
_CLOCK_RESULT = re.compile(r"(?<![\d:.])\d{1,2}:\d\d(:\d\d)?([.,]\d)?(?![\d:])")
_PLACE_HINT = re.compile(
    r"\b(in|at|on|under|near|inside|outside|behind|beside|next to|opposite|above|below|"
    r"upstairs|downstairs|street|road|avenue|floor|room|shelf|"
    r"drawer|cupboard|garage|folder|directory|em|no|na|nos|nas|perto|ao lado|rua|avenida|"
    r"sala|andar|gaveta|armario|pasta|en|calle|plaza|piso|planta|cajon|carpeta|estante|"
    # Dutch, German, French, Italian, Swedish: "naast de voordeur", "neben der Tür"
    r"naast|bij|onder|boven|achter|tegenover|buiten|binnen|op|neben|hinter|unter|uber|im|"
    r"am|beim|auf|dans|sous|sur|derriere|devant|pres|nel|nella|sotto|sopra|dietro|accanto|"
    r"vicino|pa|bakom|bredvid|vid|ovanfor)\b|"
    r"[/\\~]\w|https?://"
)


# A question for the day itself, which a month or a year does not answer.
_DAY_ASKED = re.compile(
    r"\b(which day|what day|on what day|quel jour|an welchem tag|welcher tag|que dia|qual dia|"
    r"che giorno|quale giorno|in che giorno|welke dag|op welke dag|vilken dag|vilket datum)\b"
)

# A day of the month without its month: "dia 12" (a card's due day), "the 12th".
_DAY_OF_MONTH = re.compile(
    r"\b(dia|day|jour|le|el|am|il|giorno|tag)\s+\d{1,2}(st|nd|rd|th|o|º)?\b(?![.,:]?\d|\s*h\b)|"
    r"\b\d{1,2}(st|nd|rd|th)\b"
)


# The end of a period asked ("when does Tomasz come back from leave?", "¿cuándo vuelve?")
# and only its start stated ("Parental leave will start on 4 August 2025").
_END_ASKED = re.compile(
    r"\b(come back|comes back|coming back|back from|back at work|return|returns|returning|"
    r"ends?|ending|finish|finishes|until when|vuelve|vuelven|volver|regresa|regreso|termina|"
    r"acaba|volta|voltar|revient|rentre|retour|finit|zuruck|endet|torna|ritorno|"
    r"finisce|terug|eindigt|afgelopen|tillbaka|slutar|slutade|tar slut)\b"
)
_START_STATED = re.compile(
    r"\b(start|starts|started|starting|begin|begins|began|beginning|from|empieza|empezo|"
    r"comienza|comenzo|desde|inicio|commence|debut|beginnt|inizia|comeca|comecou|begint|"
    r"vanaf|borjar|borjade|startar|startade|fran)\b"
)
_END_STATED = re.compile(
    r"\b(end|ends|ended|ending|until|till|to|through|back|return|returns|returning|hasta|"
    r"vuelve|vuelta|regresa|regreso|termina|fin|ate|volta|retour|jusqu|bis|fino|tot|"
    r"eindigt|terug|slutar|tillbaka)\b|[–→]"
)


def _only_its_start(text: str, question: str) -> bool:
    """The question asks when something ends or someone is back, and `text` gives only
    when it starts: one date, a start word, and no end word or range."""
    folded_text = fold(text)
    return (
        _END_ASKED.search(fold(question)) is not None
        and _START_STATED.search(folded_text) is not None
        and _END_STATED.search(folded_text) is None
        and len(dates(text)) <= 1
    )


def _dates_something(text: str, question: str) -> bool:
    """Whether `text` gives a date, a weekday or a year, but a year the question gives
    itself: "in 2024" dates nothing asked "When did Korrigan go back in the water in 2024?"."""
    given = set(YEAR.findall(question))
    return bool(dates(text) or weekdays(text) or _WEEK_NUMBER.search(fold(text))) or any(
        year not in given for year in YEAR.findall(text)
    )


# A week by its number, as Swedish and German calendars give it: "vecka 12", "KW 7",
# "O-Ringen v. 30", and "v 30" where it opens a line, a cell or a bracket or follows "i",
# "under", "från", "till" ("Python v 3", "Team A v 2" are no weeks; "V30" is a model).
_WEEK_NUMBER = re.compile(
    r"(?:\b(?:vecka|veckan|week|kw)\s?|(?<![\w.])v\.\s?|(?:^|[|(\-–,;]\s*|\b(?:i|under|fran|"
    r"till|tom|ab|bis|in|vom|fom)\s+)v\s)([1-9]|[1-4]\d|5[0-3])\b(?![.,:]\d)",
    re.MULTILINE,
)


_HOW_EARLY = re.compile(r"^\W*how (early|late)\b")
_EXTENSION_ASKED = re.compile(r"\b(durchwahl|extension|ext|ramal)\b")


def states(text: str, kind: AnswerType, question: str = "", context: str = "") -> bool:
    """Whether `text` states a value of the asked kind (a number, a date, a name…).

    `context` is the passage `text` stands in: a German surname it introduces ("M.
    Weidlich") names that person where `text` uses it alone.

    With the question, a count must be of what it counts: "how many people" is not
    answered by "20 seconds", nor "how many hours" by "3 GB".
    """
    if kind is AnswerType.QUANTITY and question and asks_age(question):
        # "how old is Erik?": "född 2011" answers it as well as "14 år"; "in 1914" of
        # "how old was Yves in 1914?" is what is asked about, not his age, and "070-123 45
        # 67" is no age
        given = {v for q in quantities(question) for v in q.values}
        unphoned = _PHONE.sub(lambda m: " " if _phone_sized(m) else m.group(0), text)
        return bool(dates(text)) or any(
            (
                q.year
                or YEAR.fullmatch(q.text)
                or q.unit == "year"
                or (q.unit is None and max(q.values) <= 120)
            )
            and q.values - given
            for q in quantities(unphoned)
        )
    if kind is AnswerType.QUANTITY and question:
        # A number the question gives names what is asked about ("semester 2", "the
        # 2025/26 renewal"), as its names do; the count asked for is another.
        given = {v for q in quantities(question) for v in q.values}
        # a year ("comprei em 2019", "read: 2025-04-05") counts nothing asked
        counted = [q for q in quantities(text) if q.values - given and not q.year]
        if _EXTENSION_ASKED.search(fold(question)):
            # an extension is a bare number: "3DS2 … above 85%" gives none
            return any(q.unit is None for q in counted)
        unit = counted_unit(question)
        if unit is not None:
            if unit == "":  # things, not a unit: "8 bell tents" counts no people
                counted = _not_of_the_subject(counted, text, question)
            return any(_counts_asked(q, unit, text, context) for q in counted)
        measure = measured(question)
        if measure is not None:
            return any(dimension(q.unit) == measure for q in counted)
        if names_a_measure(question):
            # "the salinity at station CF1-12" is not "the 2nd attempt"
            return any(not q.ordinal for q in counted)
        return bool(counted)
    if kind in (AnswerType.DATE, AnswerType.WHEN) and question and _only_its_start(text, question):
        return False
    if kind is AnswerType.PRICE:
        # the period may be the table's or the section's ("| Baixa | 70 € |" under "€ por
        # noite")
        return has_money(text) and names_period(f"{context}\n{text}", question)
    if kind is AnswerType.SECRET:
        return writes_secret(text)
    if kind is AnswerType.EMAIL:
        return _EMAIL.search(text) is not None
    if kind is AnswerType.QUANTITY:
        return bool(quantities(text))
    if kind is AnswerType.DURATION:
        if question and asks_result(question) and _CLOCK_RESULT.search(text):
            return True
        if question and asks_length_or_time(question):
            # "how long is Rosa's Sunday ride?": "87 km" answers it as well as "4 hours"
            return has_duration(text) or any(
                dimension(q.unit) == "length" for q in quantities(text)
            )
        return has_duration(text)
    if kind is AnswerType.TIME:
        # "How early should the lead planner be on site?": "3 hours before the ceremony"
        # answers it as well as "by 08:00"
        ahead = bool(question) and _HOW_EARLY.search(fold(question)) is not None
        return bool(times(text)) or (ahead and has_duration(text))
    if kind is AnswerType.DATE:
        if question and _DAY_ASKED.search(fold(question)):
            # "quel jour commencent les travaux ?": "en octobre probablement" names no day
            return (
                any(day is not None for _y, _m, day in dates(text))
                or bool(weekdays(text))
                or _DAY_OF_MONTH.search(fold(text)) is not None
            )
        return _dates_something(text, question)
    if kind is AnswerType.WHEN:
        return (
            _dates_something(text, question)
            or states(text, AnswerType.TIME)
            or bool(
                re.search(
                    r"\b(morning|evening|night|afternoon|daily|weekly|monthly|yearly|every|"
                    r"before|after|during|spring|summer|autumn|fall|winter|weekend|month-end|year-end|"
                    r"end of|start of|manha|tarde|noite|fim de|inicio de|"
                    # "When does a matrix have an inverse?" asks for a condition.
                    r"if|when|whenever|once|unless|only if|se|quando|sempre que|caso|"
                    # "Só vale para indeterminações 0/0": a rule's condition, for "quando
                    # posso usar l'Hôpital?"
                    r"only (?:for|with|works|applies)|so (?:vale|funciona|serve) (?:para|com|se)|"
                    r"antes|depois|durante|todo|toda|primavera|verao|outono|inverno|"
                    # how often, in the other languages: "a cada 12 meses", "alle 2 Jahre"
                    r"(?:cada|alle|tous les|toutes les|ogni)\s+(?:\d+|dos|tres|due|tre|zwei|"
                    r"drei|deux|trois|dia|dias|semana|semanas|mes|meses|ano|anos|jahr|jahre|"
                    r"monat|monate|woche|wochen|tag|tage|jour|jours|semaine|semaines|mois|an|"
                    r"ans|giorno|giorni|settimana|settimane|mese|mesi|anno|anni)|"
                    r"anual|anualmente|mensal|mensalmente|"
                    r"semanal|semanalmente|diariamente|jahrlich|monatlich|wochentlich|taglich|"
                    r"annuel|annuelle|mensuel|mensuelle|hebdomadaire|quotidien|annuale|mensile|"
                    r"settimanale|"
                    # Swedish
                    r"varje|varannan|dagligen|veckovis|manadsvis|arligen|kvall|kvallen|"
                    r"kvallar|eftermiddag|eftermiddagen|sommaren|vintern|hosten|fore|innan)\b",
                    fold(text),
                )
            )
        )
    if kind is AnswerType.PERSON:
        known = None
        if detect_language(f"{question}\n{text}") == "de":
            known = german_names(context) | german_names(text)
        return has_name(text, person=True, asked=question_words(question), known=known)
    if kind is AnswerType.PHONE:
        return any(
            _phone_sized(m) and not _NOT_PHONE.fullmatch(m.group(0)) for m in _PHONE.finditer(text)
        )
    if kind is AnswerType.CODE:
        codes = _SHORT_CODE if _LENIENT.search(fold(question)) else _CODE_TOKEN
        found = [m.group(0) for m in codes.finditer(text) if not YEAR.fullmatch(m.group(0))]
        if not _BOOKING.search(fold(question)):
            return bool(found)
        # A booking's code is not its flight's number ("IB 6403"), and may be letters only
        # ("KXQTLM"), written in capitals.
        return any(not _FLIGHT.fullmatch(c) for c in found) or bool(_LETTER_CODE.search(text))
    # a day or a month is no place: "General meetings: first Thursday of the month"
    not_places = question_words(question) | FULL_WEEKDAYS | FULL_MONTHS
    return has_name(text, asked=not_places, place=True) or bool(_PLACE_HINT.search(fold(text)))


def _counts_asked(q: Quantity, unit: str, text: str, context: str) -> bool:
    """Whether `q` counts what the question counts (`counted_unit`'s `unit`).

    "How many km": "um colega" (an article) and "Honda Fit 2016" (a model year) count no
    kilometres. Another bare figure counts them under a column or beside a text naming
    the unit, or standing alone ("12,5"); "2 planten is genoeg" and "tuin 9" count no
    kilos and no kWh.
    """
    if not counts(q.unit, unit):
        return False
    if not unit or q.unit is not None:
        return True
    if q.text.isalpha() or YEAR.fullmatch(q.text):
        return False
    around = fold(f"{context}\n{text}")
    named = any(counts(UNITS[w], unit) for w in re.findall(r"[^\W\d_]+[23]?", around) if w in UNITS)
    return named or "|" in text or len(text.split()) <= _ALONE_WORDS


_ALONE_WORDS = 3  # "12,5 [1]", "about 40": a figure with nothing beside it to count


def _not_of_the_subject(counted: list[Quantity], text: str, question: str) -> list[Quantity]:
    """The quantities that do not count what the question asks about rather than what it
    counts: asked "how many people sleep in one of the bell tents", "8 bell tents" counts
    the tents. The word after such a number is one the question names after its counted
    words, and none of those."""
    found = counted_and_rest(question)
    if found is None:
        return counted
    language = detect_language(question)
    counted_words, rest = (content_words(part, language) for part in found)

    def of_the_subject(q: Quantity) -> bool:
        after = re.search(rf"(?<![\w.,]){re.escape(q.text)}\s+([^\W\d_]+)", text)
        word = content_words(after.group(1), language) if after is not None else set()
        return bool(word & rest) and not word & counted_words

    return [q for q in counted if not of_the_subject(q)]
