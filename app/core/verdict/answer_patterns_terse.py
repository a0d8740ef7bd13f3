"""Answer-type patterns for terse queries, in every language asknotes reads: typed
without a question word ("phone number for Mrs Deverell", "hotel cost utrecht conf",
"annealing temp for the eel assay", "Regatta 2026 datum"), the noun names the kind of
value wanted.

`app.core.verdict.answer_type` checks them after the patterns of questions that open with
a question word, on the folded question.
"""

from __future__ import annotations

from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.asked_nouns import CODE_NAMES
from app.core.verdict.question_openers import terse_query

_TERSE = terse_query()
# What a code opens, in Dutch and English, as a terse query names it ("code schuur?",
# "hekcode", "shed code")
_LOCKED = (
    r"schuur|hek|poort|deur|kluis|kluisje|sleutelkast|sleutelkastje|sleutelkluis|"
    r"sleutelkluisje|hangslot|cijferslot|slot|berging|fietsenhok|fietsenstalling|"
    r"toegangshek|gereedschapsschuur|shed|padlock|lockbox|keybox|garage"
)

TERSE_QUERIES: tuple[tuple[AnswerType, str], ...] = (
    (AnswerType.PHONE, rf"{_TERSE}\b(phone|mobile|telephone|tel|handy|telefon) "
                       r"(number|no|nr|nummer)\b|"
                       rf"{_TERSE}\b(telefono|telephone|telefone) (de|of|for)\b"),
    (AnswerType.PHONE, rf"{_TERSE}^\W*(numero di |numero de )?(telefono|cellulare|"
                       r"telephone|portable)\b"),
    # "code du portail", "code hallentor", "digicode immeuble", "codice lucchetto"
    (AnswerType.CODE, rf"{_TERSE}^\W*(digicode|codice)\b|"
                      rf"{_TERSE}^\W*(code|pin) (du|de|des|vom|von|der|\w*(tor|tur|tuer))\b"),
    (AnswerType.CODE, rf"{_TERSE}\b(gate|door|alarm|lock|keysafe|key safe|entry|access|"
                      rf"tor|tur|{_LOCKED}) ?(code|pin|pincode)\b|"
                      # "code schuur?", "pincode van het hek", "code shed"
                      rf"{_TERSE}^\W*(code|pin|pincode|cijfercode|toegangscode) "
                      rf"((van|voor|for|of) )?((de|het|the) )?(\w+ )?({_LOCKED})\b|"
                      # asked in full: "what's the gate code for the observing field",
                      # "what's the code for the key box at the club hut?", "cest quoi
                      # le code du portail du jardin"
                      r"\b(gate|door|alarm|lock|lockbox|lock box|keysafe|key safe|key box|"
                      r"keybox|padlock|keypad|garage|shed) (code|pin|combination)\b|"
                      r"\bcode (for|to|of|on) the (\w+ )?(gate|door|key ?box|lockbox|"
                      r"lock box|keysafe|key safe|padlock|alarm|garage|shed|safe)\b|"
                      r"\bcode (du |de la |des |de l')?(portail|porte|boite a cles|cadenas|"
                      r"garage|alarme|immeuble)\b|\bcode boite a cles\b"),
    # "ticket number for the duplicate invoice", "order no for the tyres", "pi5 ip?",
    # "what's the static ip of the pi": a code or an address, never a sentence about it
    (AnswerType.CODE, rf"{_TERSE}\b({CODE_NAMES}) (number|no|nr|ref|id)\b(?!\s+of\b)|"
                      # "serial number of the cintiq": opening the query, not a count
                      # ("order number of the steps" is their sequence)
                      rf"{_TERSE}^\W*(the )?(?!order|sort|pin)({CODE_NAMES}) "
                      r"(number|no|nr|ref|id) of\b|"
                      rf"{_TERSE}\b(ip|ipv4|ip address|mac address)\b"
                      r"(?!\s+(range|camera|cam|phone|block|plan|conflict)s?\b)|"
                      r"^\W*(what|which)\b.*\b(ip|ipv4|ip address|mac address)\b"
                      r"(?=\W*$|\s+(of|for|does|do|did|is|was|has|have|on)\b)"),
    (AnswerType.PRICE, rf"{_TERSE}\b(cost|costs|price|fee|fees|rent|charge|preis|kosten|"
                       r"takings|revenue|turnover|earnings|"
                       r"gebuhr|miete|prix|cout|tarif|precio|coste|preco|custo|taxe|impot|"
                       r"impots|loyer|cotisation|salaire|montant|prezzo|costo|affitto|"
                       r"bolletta|rata|canone|stipendio|tariffa|tassa|beitrag|gehalt|"
                       # a deposit: "fianza por barril", "keg deposit?", "Pfand pro Kiste"
                       r"deposit|fianza|caucao|kaution|cauzione|pfand|"
                       # Dutch ("borg" is also BorgBackup: only in a Dutch question)
                       r"prijs|huur|boete|contributie|"
                       # German compounds: "Stundenlohn", "Kaltmiete", "Ticketpreis"
                       r"\w+(preis|kosten|gebuhr|miete|lohn|gehalt|beitrag|pfand))\b"
                       r"(?!\s+(centre|center|code|category|model)\b)|"
                       # "december electric bill amount", "refund amount"
                       rf"{_TERSE}\b(bill|invoice|payment|refund|deposit|statement) amount\b"),
    (AnswerType.QUANTITY, rf"{_TERSE}\b(temp|temperature|pressure|weight|voltage|dose|"
                          r"dosage|conductivity|concentration|ph|temperatur|druck|"
                          r"gewicht|temperatura|pression|poids|pressione|peso|dosaggio|conso|consommation|"
                          # "Reifendruck", "Förderhöhe", "Dachlast", "Schaufelwinkel"
                          r"\w+(druck|gewicht|temperatur|hohe|last|winkel|leistung|"
                          r"verbrauch))\b(?!\s+(log|logger|sensor|probe|meter)\b)"),
    (AnswerType.DATE, rf"{_TERSE}\b(date|datum|fecha|termin)( (19|20)\d\d)?\W*$"),
    # "ILL4010 resit marking deadline?", "prazo do IR", "passport expiry", "what's the
    # deadline for the essay" (not a "deadline extension policy")
    (AnswerType.DATE, rf"{_TERSE}\b(deadline|due date|expiry|expiry date|expiration date|"
                      r"prazo|plazo|vencimento|vencimiento)\W*$|"
                      rf"{_TERSE}^\W*(the )?(deadline|due date|expiry date|prazo|plazo|"
                      r"vencimento|vencimiento) (for|of|do|da|de|del|dos|das)\b|"
                      r"^\W*what('s| is| was)? the (\w+ )?(deadline|due date|expiry date)\b|"
                      # "Qual é o prazo para entregar os documentos?" (not a lead time:
                      # "o prazo de entrega dos fatos" is three weeks)
                      r"^\W*(qual|cual|quale|quel|quelle)( (e|es|sera|era|foi|fue|est))? "
                      r"(o |el |la |il |le )?(prazo|plazo|scadenza|date limite|data limite|"
                      r"fecha limite)\b(?! de (entrega|envio|execucao|garantia|consegna))"),
    (AnswerType.DATE, rf"{_TERSE}(^\W*(la )?date (de|du|d')|\b(termin|frist|scadenza)\b|"
                      r"\w+(datum|termin|frist)\b|\bdata di\b|"
                      r"\bdate de (peremption|validite|naissance)\b|"
                      r"\bdate d'(expiration|echeance)\b)"),
    (AnswerType.TIME, rf"{_TERSE}\b(uhrzeit|\w*o?e?ffnungszeiten?|horaires?|orari|orario|"
                      r"horario|horarios|sprechzeiten?|\w*startzeit|abfahrtszeit|"
                      r"ankunftszeit)\b|{_TERSE}^\W*(l')?heure (de|du|d'|des)\b|"
                      # "rehearsal times", "opening hours": a clock time, where "cooking
                      # time" would be a duration
                      rf"{_TERSE}\b(opening|closing|rehearsal|practice|class|lesson|"
                      r"service|bus|train|ferry|collection|visiting|office|surgery) "
                      r"(times|hours)\b|"
                      rf"{_TERSE}\b(day|days|night|nights) and times?\b"),
    (AnswerType.PERSON, rf"{_TERSE}\b\w*(ansprechpartner|ansprechpartnerin|kontaktperson)\b"),
    (AnswerType.DURATION, rf"{_TERSE}\b\w*(kochzeit|backzeit|garzeit|fahrzeit|dauer|"
                          r"laufzeit)\b"),
)  # fmt: skip
