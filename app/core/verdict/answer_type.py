"""What kind of value a question asks for, and whether a text states one.

"How much did the boiler service cost?" asks for a price; a note that discusses the boiler
but names no price cannot answer it, however well its words match. Both the verdict (do
the retrieved passages hold one?) and the answer checks (does the quote hold one?) use it.
"""

from __future__ import annotations

import enum
import re

from app.core.basics.dates import MONTHS, YEAR, dates
from app.core.basics.text import fold
from app.core.basics.values import (
    CURRENCIES,
    TIME_UNITS,
    UNITS,
    has_duration,
    has_money,
    quantities,
    times,
)
from app.core.basics.weekdays import WEEKDAYS, weekdays
from app.core.verdict.secrets import asks_for_secret, writes_secret


class AnswerType(enum.Enum):
    PRICE = "price"
    QUANTITY = "quantity"
    DURATION = "duration"
    TIME = "time"
    DATE = "date"
    WHEN = "date or time"
    PERSON = "person"
    PLACE = "place"
    PHONE = "phone number"
    CODE = "code"
    SECRET = "password"

    @property
    def described(self) -> str:
        return {
            AnswerType.PRICE: "a price or an amount of money",
            AnswerType.QUANTITY: "a number",
            AnswerType.DURATION: "a length of time",
            AnswerType.TIME: "a time of day",
            AnswerType.DATE: "a date or a day",
            AnswerType.WHEN: "a date, a day or a time",
            AnswerType.PERSON: "a person's name",
            AnswerType.PLACE: "a place",
            AnswerType.PHONE: "a phone number",
            AnswerType.CODE: "a number, version or code",
            AnswerType.SECRET: "a password written out",
        }[self]


_MONEY_WORDS = (
    r"cost|costs|costed|costing|price|prices|priced|pay|paid|pays|paying|charge|charged|"
    r"charges|charging|fee|fees|"
    r"spend|spent|worth|rent|salary|budget|bill|custa|custou|custam|custar|preco|pago|"
    r"paguei|pagar|valor|taxa|gastei|gasto|aluguel|salario|orcamento|"
    r"cuesta|cuestan|costo|costaron|costar|precio|pague|pagas|pagamos|coste|importe|cobra|"
    r"cobran|cobro|tarifa|cuota|gaste|gastamos|alquiler|sueldo|presupuesto|factura"
)
# Things a number or code identifies: asked for, the answer is that code, never a name.
_CODE_NAMES = (
    r"serial|flight|account|tracking|order|reference|booking|model|part|registration|"
    r"policy|membership|customer|invoice|ticket|licen[cs]e|sort|pin"
)
# "number", "no." or a final "no": "which part no longer fits?" asks for no number.
_NUMBER_WORD = r"(number|no\.|no\W*$|code)"
# A phone number: seven digits or more, grouped by spaces, dots, dashes or brackets.
_PHONE = re.compile(r"(?<![\w.])\+?\(?\d[\d ().-]{5,}\d(?!\w|\.\d)")
_NOT_PHONE = re.compile(r"\d{1,3}(\.\d{1,3}){3}|\d{4}-\d\d-\d\d")  # an IP address, a date
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

# French, German and Italian questions, checked first: their words are their own
# ("combien", "wie viel", "quanti"), and Italian "quanto costa" is a price before
# Portuguese "quanto" reads as a number.
_FRENCH_GERMAN_ITALIAN: tuple[tuple[AnswerType, str], ...] = (
    (AnswerType.PHONE, r"^\W*quel(le)? est (le |son |mon )?(numero de )?(telephone|portable)\b|"
                       r"\bnumero de (telephone|portable)\b|"
                       r"^\W*(le )?(telephone|portable|tel) (de|du)\b|"
                       r"\b(telefonnummer|handynummer|rufnummer)\b|"
                       r"^\W*qual (e )?il (numero di )?(telefono|cellulare)\b"),
    (AnswerType.CODE, r"\b(reference|code) de (reservation|confirmation)\b|"
                      r"^\W*quel(le)?\b.*\bnumero de (serie|vol|compte|commande|reservation|"
                      r"suivi|police|client|facture|billet|licence)\b|"
                      r"^\W*quelle (est la )?version\b|"
                      r"\b(seriennummer|flugnummer|kontonummer|bestellnummer|buchungsnummer|"
                      r"kundennummer|rechnungsnummer|sendungsnummer)\b|^\W*welche version\b|"
                      r"\bnumero di (serie|volo|conto|ordine|prenotazione|polizza|fattura|"
                      r"biglietto)\b|^\W*quale versione\b"),
    (AnswerType.PRICE, r"^\W*(le |la )?(montant|prix|cout|tarif|loyer)\b|"
                       r"\bcombien\b.*\b(coute|coutent|coutait|paye|payer|paie|prix|tarif|loyer|"
                       r"salaire|frais)\b|\bquel (est|etait) le (prix|cout|tarif|montant|loyer)\b|"
                       r"\bwie ?viel\b.*\b(kostet|kosten|kostete|bezahlt|zahle|zahlt|preis|miete|"
                       r"gehalt|gebuhr)\b|\bwas (kostet|kostete|kosten)\b|"
                       r"\bquanto\b.*\b(costa|costato|costano|pagato|prezzo|affitto|stipendio|"
                       r"preventivo|quota|rimborso|bolletta|rata|canone)\b|"
                       # "affitto via mascarella quanto?", "preventivo idraulico quant'è"
                       r"\b(affitto|prezzo|costo|preventivo|quota|rimborso|bolletta|rata|canone|"
                       r"stipendio|spesa)\b.*\bquant[oa]\b|"
                       r"\bqual (e|era) il (prezzo|costo)\b|"
                       # "was hat das Zugticket gekostet?", "was zahl ich an Miete"
                       r"^\W*was\b.*\b(gekostet|zahl|zahle|zahlt|zahlen|bezahlt|bezahle)\b"),
    (AnswerType.DURATION, r"\bcombien de (temps|minutes|heures|jours|semaines|mois|annees)\b|"
                          r"\bwie lange\b|\bwie viele (minuten|stunden|tage|wochen|monate|jahre)\b|"
                          r"\bquant[ie] (minuti|ore|giorni|settimane|mesi|anni)\b|\bquanto dura\b"),
    (AnswerType.WHEN, r"\btous les combien\b|\ba quelle frequence\b|\bwie oft\b|"
                      r"\bogni quanto\b|\bcon che frequenza\b"),
    (AnswerType.QUANTITY, r"^\W*quel(le)?( est| etait| sera)?( la| le| l'| les)? ?"
                          r"(surface|superficie|poids|temperature|pression|longueur|largeur|profondeur|hauteur|"
                          r"distance|capacite|dose|tension|vitesse|taille|volume|consommation)\b|"
                          r"^\W*wie (schwer|hoch|weit|gross|tief|breit|warm|heiss|kalt|schnell)\b|"
                          r"^\W*(welche[rs]?|wie hoch ist die|wie hoch ist der) (temperatur|druck|"
                          r"gewicht|dosis|spannung|geschwindigkeit|hohe|lange|breite|tiefe|"
                          r"leistung)\b|"
                          r"^\W*(che|quale|qual e (la|il)) (temperatura|pressione|peso|dose|"
                          r"dosaggio|tensione|velocita|altezza|lunghezza|larghezza|profondita|"
                          r"distanza|capacita)\b"),
    (AnswerType.TIME, r"\bquelle heure\b|\bum wie ?viel uhr\b|\bwelche uhrzeit\b|"
                      r"\bche ora\b|\bquale orario\b"),
    (AnswerType.QUANTITY, r"\bcombien\b|\bwie ?viele?\b|\b(quanti|quante)\b"),
    (AnswerType.DATE, r"\bquel(le)? (jour|date|annee)\b|\bquel mois\b|"
                      r"\ban welchem (tag|datum)\b|\bwelches datum\b|\bin welchem (jahr|monat)\b|"
                      r"\b(che|quale) (giorno|data|anno|mese)\b|\bin che (giorno|anno|mese)\b"),
    (AnswerType.WHEN, r"^\W*quand\b|\bquand (est|etait|sera|dois|commence|finit)\b|"
                      r"\bc'?\s?est quand\b|\bquand\W*$|"  # "c'est quand le rdv", "rdv quand ?"
                      r"^\W*wann\b|\b(bis|ab|seit) wann\b|\bwann\W*$"),
    (AnswerType.PERSON, r"^\W*(qui|avec qui|a qui|de qui|pour qui)\b|\bavec qui\b|"
                        r"^\W*(wer|wen|wem|wessen|mit wem|von wem|bei wem)\b|\bmit wem\b|"
                        r"^\W*(chi|con chi|di chi|a chi|per chi)\b|\bcon chi\b"),
    (AnswerType.PLACE, r"^\W*(ou|d'ou)\b|\bdans quelle (ville|boutique)\b|"
                       r"^\W*(wo|wohin|woher)\b|\bin welcher stadt\b|"
                       r"^\W*(dove|dov|da dove)\b|\bin quale (citta|negozio)\b"),
)  # fmt: skip

# A query of a few words that opens with no question word (any language asknotes reads;
# "was" is English and German).
_TERSE = (
    r"^\W*(?!(what|how|why|where|who|whom|when|which|is|are|was|were|do|does|did|can|could|"
    r"should|will|would|have|has|o|a|e|que|qual|quais|como|onde|quem|quando|por|porque|cual|"
    r"cuales|donde|quien|cuando|quel|quelle|comment|ou|qui|quand|pourquoi|est|wie|wo|wer|"
    r"wann|warum|welche|welcher|welches|ist|sind|kann|gibt|darf|soll|muss|combien|quoi|"
    r"faut|dois|peut|come|cosa|che|quale|quali|quanto|quanti|quante|chi|dove|perche|posso|"
    r"devo)\b)"
    r"(?=(\S+\s+){0,9}\S+\W*$).*"
)

# Checked in order: the first pattern that matches the folded question decides its type.
_PATTERNS: tuple[tuple[AnswerType, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern))
    for kind, pattern in (
        *_FRENCH_GERMAN_ITALIAN,
        (AnswerType.PHONE, rf"^\W*(what|which)\b.*\b(phone|mobile|telephone) {_NUMBER_WORD}|"
                           r"^\W*qual (e )?(o )?(numero (de|do) )?(telefone|celular|whatsapp)\b|"
                           r"^\W*((cual|que) es )?(el |su |mi )?(numero de )?"
                           r"(telefono|movil|celular|whatsapp)\b"),
        (AnswerType.CODE, rf"^\W*(what|which)\b.*\b({_CODE_NAMES}) {_NUMBER_WORD}(?!\s*\d)|"
                          r"^\W*(what|which)( \S+)? (version|postcode|zip code|ip address)"
                          r"\b(?!\s*\d)|\bversion of\b|"
                          r"^\W*(qual|quais)\b.*\b(numero|codigo) (de|do|da) "
                          r"(serie|voo|conta|pedido|matricula|rastreio)\b|"
                          r"^\W*qual (e )?(a )?(versao|o cep|o endereco ip)\b|"
                          r"^\W*(cual|que)\b.*\b(numero|codigo) de (serie|vuelo|cuenta|pedido|"
                          r"reserva|referencia|poliza|socio|cliente|factura|seguimiento|"
                          r"matricula|billete|licencia)\b|"
                          r"^\W*(cual|que) (es )?(la )?(version|el codigo postal|la ip)\b|"
                          # a booking's code: "booking reference", "localizador"
                          r"\b(booking|confirmation|reservation) (reference|ref|code)\b|"
                          r"\b(localizador|codigo de (reserva|confirmacion))\b"),
        (AnswerType.PRICE, rf"\bhow much\b.*\b({_MONEY_WORDS})\b"),
        # "How much is a croissant now?": a price; "how much is left" is not.
        (AnswerType.PRICE, r"\bhow much (is|was|are|were) (a|an|the|my|our|one|\d)\b"
                           r"(?!\s*(\S+\s+)?(dose|dosage|weight|temperature|pressure|distance|"
                           r"volume|capacity|water|flour|milk|sugar|salt|memory|ram|storage|"
                           r"space|time|data)\b)"),
        (AnswerType.PRICE, rf"\b({_MONEY_WORDS})\b.*\bhow much\b"),
        (AnswerType.PRICE, rf"\bquanto\b.*\b({_MONEY_WORDS})\b|\bquanto (custa|custou)\b"),
        # "what's the new rent going to be", "what is the current fee"
        (AnswerType.PRICE, r"\b(what|which)( i|')?s (is |was )?the (new |current |old |monthly |"
                           r"annual |yearly |weekly )?(price|cost|fee|rent)\b|"
                           r"\b(what|which) (is|was|will be) the (new |current |old |monthly |"
                           r"annual |yearly |weekly )?(price|cost|fee|rent)\b"),
        # "What did the Dawes sell for?", "what did I pay for it", "what does it cost"
        (AnswerType.PRICE, r"^\W*what (did|does|do|will|would)\b.*\b(cost|sell for|sold for|"
                           r"go for|pay(?! attention)|paid(?! attention)|charge)\b|"
                           r"^\W*(the )?(price|cost|fee|rent) (of|for)\b"),
        (AnswerType.PRICE, r"\b(what|which) (salary|price|cost|fee|rent|wage|budget)\b"),
        (AnswerType.PRICE, r"\bqual (e|foi|era) o (preco|valor|custo)\b"),
        (AnswerType.PRICE, rf"\bcuanto\b.*\b({_MONEY_WORDS})\b|\bcuanto (cuesta|cuestan|costo)\b"),
        (AnswerType.PRICE, r"\b(cual|que) (es|fue|era) (el|la) (precio|coste|costo|importe|"
                           r"tarifa|cuota)\b|\bque precio\b"),
        (AnswerType.DURATION, r"\bhow long\b|\bfor how (many|much) (time|hours|days|minutes)\b"),
        (AnswerType.DURATION, r"\b(quanto tempo|por quanto tempo|quantos (minutos|horas|dias|"
                              r"meses|anos|semanas)|quantas (horas|semanas))\b"),
        (AnswerType.DURATION, r"\b(cuanto tiempo|por cuanto tiempo|cuantos (minutos|horas|dias|"
                              r"meses|anos|segundos)|cuantas (horas|semanas)|"
                              r"cuanto (dura|duro|duran|tarda|tardo|tardan|tardamos))\b"),
        # "¿Cada cuánto?" asks how often, before "cuánto" reads as a number.
        (AnswerType.WHEN, r"\bcada cuanto\b|\bcon que frecuencia\b"),
        (AnswerType.QUANTITY, r"\bhow (many|much)\b|\bwhat (number|percentage|size)\b"),
        # a terse "max attachment upload size": a number
        (AnswerType.QUANTITY, r"^\W*(?!(what|how|why|where|who|when|which|is|are|do|does|can)\b)"
                              r"(\S+\s+){0,4}(size|limit|timeout)\W*$"),
        # a score or a grade: "What score did I get", "¿Qué nota saqué?", "Que nota eu tirei"
        (AnswerType.QUANTITY, r"^\W*what (score|grade|mark)\b|^\W*(que|qual|cual) (a |la )?nota\b"),
        # A measurement: "what temperature do I bake it at", "what is the tyre pressure".
        (AnswerType.QUANTITY, r"^\W*(what|which)('s| is| was| should| does)?( \S+){0,3} "
                              r"(temperature|pressure|weight|voltage|wattage|speed|dose|dosage|"
                              r"height|length|width|depth|distance|capacity)"
                              # the measure asked, not a compound ("capacity planning doc")
                              r"(?=\W*$|\s+(of|for|on|at|in|is|are|was|were|should|does|do|"
                              r"did|to|will|would|can|must|setting)\b)|"
                              r"^\W*how (heavy|far|tall|big|fast|hot|cold|high|deep|wide)\b"),
        # "Quanto vale Var(aX + b)?" asks for an expression, not a number.
        (AnswerType.QUANTITY, r"\b(quantos|quantas|quanto(?! vale)|qual o numero)\b"),
        (AnswerType.QUANTITY, r"\b(cuantos|cuantas|cuanto(?! vale)|cuanta)\b"),
        (AnswerType.TIME, r"\b(what|which) time\b|\bat what time\b|\bwhat hour\b"),
        (AnswerType.TIME, r"\b(que|a que|qual) hora(s|rio)?\b"),
        (AnswerType.DATE, r"\b(what|which) (date|day|year|month|weekday)\b|\bon what day\b"),
        (AnswerType.DATE, r"\b(que|qual) (dia|data|ano|mes)\b|\bem que (dia|data|ano|mes)\b"),
        (AnswerType.DATE, r"\b(que|cual|en que) (fecha|dia)\b|\ben que (ano|mes)\b"),
        (AnswerType.WHEN, r"^\W*when\b|\bwhen (is|was|do|does|did|will|are|were|should)\b"),
        (AnswerType.WHEN, r"\bhow often\b|\bcom que frequencia\b"),
        (AnswerType.WHEN, r"^\W*quando\b|\bquando (e|foi|sera|devo|vou|comeca|termina)\b"),
        (AnswerType.WHEN, r"^\W*cuando\b|\bcuando (es|fue|sera|debo|tengo|voy|empieza|"
                          r"termina|vence|toca)\b"),
        (AnswerType.PERSON, r"^\W*(who|whom|whose)\b|\b(with|by|to|from) whom\b|"
                            r"\bwhich (person|doctor|dentist|plumber|friend|colleague)\b"),
        (AnswerType.PERSON, r"^\W*(quem|com quem|de quem|para quem)\b|\bcom quem\b"),
        (AnswerType.PERSON, r"^\W*(quien|quienes|con quien|de quien|para quien|a quien)\b|"
                            r"\bcon quien\b|\bque (persona|medico|medica|dentista|fontanero|"
                            r"amigo|amiga|companero|companera)\b"),
        (AnswerType.PLACE, r"^\W*where\b|\bin which (city|town|country|place|shop|store)\b"),
        (AnswerType.PLACE, r"^\W*(onde|aonde|em que (cidade|lugar|pais|loja))\b"),
        (AnswerType.PLACE, r"^\W*((de |a )?donde|adonde|"
                           r"en que (ciudad|lugar|pais|tienda|calle))\b"),
        # A terse "cumple de bea", "Farah's birthday": its date ("what did I get Bea for
        # her birthday?" asks for something else, and is longer).
        (AnswerType.DATE, r"^\W*(\S+\s+){0,2}(birthday|bday|cumple|cumpleanos|aniversario|"
                          r"anniversaire|geburtstag|compleanno)\b(\s+\S+){0,2}\W*$"),
        # Terse queries, typed without a question word ("phone number for Mrs Deverell",
        # "hotel cost utrecht conf", "annealing temp for the eel assay", "Regatta 2026
        # datum"): the noun names the kind of value wanted.
        (AnswerType.PHONE, rf"{_TERSE}\b(phone|mobile|telephone|tel|handy|telefon) "
                           r"(number|no|nr|nummer)\b|"
                           rf"{_TERSE}\b(telefono|telephone|telefone) (de|of|for)\b"),
        (AnswerType.PHONE, rf"{_TERSE}^\W*(numero di |numero de )?(telefono|cellulare|"
                           r"telephone|portable)\b"),
        # "code du portail", "code hallentor", "digicode immeuble", "codice lucchetto"
        (AnswerType.CODE, rf"{_TERSE}^\W*(digicode|codice)\b|"
                          rf"{_TERSE}^\W*(code|pin) (du|de|des|vom|von|der|\w*(tor|tur|tuer))\b"),
        (AnswerType.CODE, rf"{_TERSE}\b(gate|door|alarm|lock|keysafe|key safe|entry|access|"
                          r"tor|tur) ?(code|pin)\b"),
        (AnswerType.PRICE, rf"{_TERSE}\b(cost|costs|price|fee|fees|rent|charge|preis|kosten|"
                           r"gebuhr|miete|prix|cout|tarif|precio|coste|preco|custo|taxe|impot|"
                           r"impots|loyer|cotisation|salaire|montant|prezzo|costo|affitto|"
                           r"bolletta|rata|canone|stipendio|tariffa|tassa|beitrag|gehalt|"
                           # German compounds: "Stundenlohn", "Kaltmiete", "Ticketpreis"
                           r"\w+(preis|kosten|gebuhr|miete|lohn|gehalt|beitrag))\b"
                           r"(?!\s+(centre|center|code|category|model)\b)"),
        (AnswerType.QUANTITY, rf"{_TERSE}\b(temp|temperature|pressure|weight|voltage|dose|"
                              r"dosage|conductivity|concentration|ph|temperatur|druck|"
                              r"gewicht|temperatura|pression|poids|pressione|peso|dosaggio|conso|consommation|"
                              # "Reifendruck", "Förderhöhe", "Dachlast", "Schaufelwinkel"
                              r"\w+(druck|gewicht|temperatur|hohe|last|winkel|leistung|"
                              r"verbrauch))\b(?!\s+(log|logger|sensor|probe|meter)\b)"),
        (AnswerType.DATE, rf"{_TERSE}\b(date|datum|fecha|termin)\W*$"),
        (AnswerType.DATE, rf"{_TERSE}(^\W*(la )?date (de|du|d')|\b(termin|frist|scadenza)\b|"
                          r"\w+(datum|termin|frist)\b|\bdata di\b|"
                          r"\bdate de (peremption|validite|naissance)\b|"
                          r"\bdate d'(expiration|echeance)\b)"),
        (AnswerType.TIME, rf"{_TERSE}\b(uhrzeit|\w*o?e?ffnungszeiten?|horaires?|orari|orario)\b"),
        (AnswerType.PERSON, rf"{_TERSE}\b\w*(ansprechpartner|ansprechpartnerin|kontaktperson)\b"),
        (AnswerType.DURATION, rf"{_TERSE}\b\w*(kochzeit|backzeit|garzeit|fahrzeit|dauer|"
                              r"laufzeit)\b"),
    )
)  # fmt: skip

_FULL_WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
_CAPITAL = re.compile(r"\b[A-ZÀ-Ý][\w'’-]+")
_SENTENCE_START = re.compile(r"(^|[.!?:]\s+|\n\s*(?:[-*+>]\s+|\d+[.)]\s+|#+\s+)?)[¿¡]?$")
_PLACE_HINT = re.compile(
    r"\b(in|at|on|under|near|inside|behind|beside|street|road|avenue|floor|room|shelf|"
    r"drawer|cupboard|garage|folder|directory|em|no|na|nos|nas|perto|ao lado|rua|avenida|"
    r"sala|andar|gaveta|armario|pasta|en|calle|plaza|piso|planta|cajon|carpeta|estante)\b|"
    r"[/\\~]\w|https?://"
)


def asked_type(question: str) -> AnswerType | None:
    """The kind of value the question asks for; None for what/how/why/yes-no questions."""
    folded = fold(question)
    if asks_for_secret(folded):
        return AnswerType.SECRET
    for kind, pattern in _PATTERNS:
        if pattern.search(folded):
            return kind
    return None


def _not_a_person(text: str, start: int, end: int) -> bool:
    """A capitalised word that names no one: a code ("room B-204"), a weekday, or a month
    written as part of a date ("12 June", "Fri 12 Jun"; June and Marco may be people)."""
    word = fold(text[start:end])
    if any(c.isdigit() for c in word) or word in _FULL_WEEKDAYS:
        return True
    dated = bool(re.search(r"\d", text[max(0, start - 6) : end + 6]))
    return dated and (word in MONTHS or word in WEEKDAYS)


def _has_name(text: str, person: bool = False) -> bool:
    """A capitalised word that is not only there because a sentence starts with it, or an
    acronym; for a person, one that can be a name (see `_not_a_person`)."""
    for match in _CAPITAL.finditer(text):
        word = match.group(0)
        if person and _not_a_person(text, match.start(), match.end()):
            continue
        if len(word) >= 2 and word.isupper():
            return True
        if not _SENTENCE_START.search(text[: match.start()]):
            return True
    return False


# What a unit measures: "how many grams" is answered by "1 kg", not by "3 hours".
_DIMENSIONS = {
    **dict.fromkeys(TIME_UNITS, "time"),
    **dict.fromkeys(CURRENCIES, "money"),
    **dict.fromkeys(("g", "kg", "oz", "lb"), "mass"),
    "degree": "temperature",
    "pressure": "pressure",
    **dict.fromkeys(("ml", "l", "tsp", "tbsp"), "volume"),
    **dict.fromkeys(("mm", "cm", "m", "km"), "length"),
    **dict.fromkeys(("kb", "mb", "gb", "tb"), "data"),
}
_COUNTED = re.compile(r"\b(?:how many|quantos|quantas|cuantos|cuantas)((?:\s+[^\W\d_]+){1,3})")


def _counts(written: str | None, counted: str) -> bool:
    if written is None:
        return True  # a bare number counts anything
    if counted:  # a unit is counted: one of its dimension
        return _DIMENSIONS.get(written, written) == _DIMENSIONS.get(counted, counted)
    # things are counted: no measure of time or money counts people or stars
    return _DIMENSIONS.get(written) not in ("time", "money")


# A measure asked for by name, and the dimension of the units that state it: "what
# pressure" is not answered by a tyre's size "27 × 1¼", nor "what temperature" by a time.
_MEASURES = {
    **dict.fromkeys("temperature temperatura temperatur".split(), "temperature"),
    **dict.fromkeys("pressure pressao presion pression druck".split(), "pressure"),
    **dict.fromkeys("weight weigh weighs peso poids gewicht pesaba pesa".split(), "mass"),
}


def _measured(question: str) -> str | None:
    """The dimension of the first measure the question names, if any."""
    return next((_MEASURES[w] for w in re.findall(r"\w+", fold(question)) if w in _MEASURES), None)


def counted_unit(question: str) -> str | None:
    """What a "how many" question counts, as a unit when it counts one ("how many total
    hours" counts hours); "" when it counts things that are no unit ("how many people")."""
    match = _COUNTED.search(fold(question))
    if match is None:
        return None
    words = match.group(1).split()
    if words[0] in ("of", "de", "do", "da", "dos", "das"):
        return None  # "how many of the tests": a share may answer it
    return next((UNITS[w] for w in words if w in UNITS), "")


def states(text: str, kind: AnswerType, question: str = "") -> bool:
    """Whether `text` states a value of the asked kind (a number, a date, a name…).

    With the question, a count must be of what it counts: "how many people" is not
    answered by "20 seconds", nor "how many hours" by "3 GB".
    """
    if kind is AnswerType.QUANTITY and question:
        unit = counted_unit(question)
        if unit is not None:
            return any(_counts(q.unit, unit) for q in quantities(text))
        measured = _measured(question)
        if measured is not None:
            return any(_DIMENSIONS.get(q.unit or "") == measured for q in quantities(text))
    if kind is AnswerType.PRICE:
        return has_money(text)
    if kind is AnswerType.SECRET:
        return writes_secret(text)
    if kind is AnswerType.QUANTITY:
        return bool(quantities(text))
    if kind is AnswerType.DURATION:
        return has_duration(text)
    if kind is AnswerType.TIME:
        return bool(times(text))
    if kind is AnswerType.DATE:
        return bool(dates(text) or weekdays(text) or YEAR.search(text))
    if kind is AnswerType.WHEN:
        return (
            states(text, AnswerType.DATE)
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
                    r"antes|depois|durante|todo|toda|primavera|verao|outono|inverno)\b",
                    fold(text),
                )
            )
        )
    if kind is AnswerType.PERSON:
        return _has_name(text, person=True)
    if kind is AnswerType.PHONE:
        return any(
            sum(c.isdigit() for c in m.group(0)) >= 7 and not _NOT_PHONE.fullmatch(m.group(0))
            for m in _PHONE.finditer(text)
        )
    if kind is AnswerType.CODE:
        codes = _SHORT_CODE if _LENIENT.search(fold(question)) else _CODE_TOKEN
        found = [m.group(0) for m in codes.finditer(text) if not YEAR.fullmatch(m.group(0))]
        if not _BOOKING.search(fold(question)):
            return bool(found)
        # A booking's code is not its flight's number ("IB 6403"), and may be letters only
        # ("KXQTLM"), written in capitals.
        return any(not _FLIGHT.fullmatch(c) for c in found) or bool(_LETTER_CODE.search(text))
    return _has_name(text) or bool(_PLACE_HINT.search(fold(text)))
