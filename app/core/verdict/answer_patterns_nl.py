"""Answer-type patterns for Dutch questions.

`app.core.verdict.answer_type` checks them first, on the folded question: a Dutch
"telefoonnummer" is a phone number before the German patterns read any "-nummer" as a
code. Dutch shares "wie" with German, where it asks how ("Wie heißt…", "Wie lange…"): a
Dutch "wie" asks who only before a Dutch verb, none of them German.
"""

from __future__ import annotations

from app.core.verdict.answer_kind import AnswerType

# Verbs a Dutch "wie" (who) opens a question with, none of them German.
_WHO_VERBS = (
    r"is|was|zijn|waren|heeft|had|hebben|doet|deed|moet|mag|kan|kon|zal|zou|gaat|ging|"
    r"regelt|regelde|beheert|maakt|maakte|leidt|coordineert|organiseert|betaalt|houdt|komt|"
    r"kwam|won|wint|werd|wordt|belt|repareert|repareerde|opent|sluit|gaf|geeft|heb|zit|"
    r"staat|neemt|nam|brengt|haalt|draait|doen|deden|kreeg|krijgt|vervangt|verving"
)
# Money words: "hoeveel kost de borg", "prijs huur zaal".
_MONEY = (
    r"kost|kosten|kostte|kostten|betaal|betaalt|betalen|betaald|betaalden|prijs|huur|borg|"
    r"boete|contributie|tarief|bedrag|vergoeding|subsidie|verdient|verdien|verdienen|"
    r"rekening|factuur|uurloon|salaris|lidmaatschap|entree|toegang|geld"
)

DUTCH: tuple[tuple[AnswerType, str], ...] = (
    (AnswerType.EMAIL, r"\be-?mail-?adres\b|\bmailadres\b"),
    (AnswerType.PHONE, r"\b(telefoon|mobiel|gsm|06)-?nummer\b|^\W*wat is het nummer van\b"),
    # a version or a number written apart ("ID nummer"); joined ones ("klantnummer") are
    # read by the German "-nummer" pattern after these
    (AnswerType.CODE, r"^\W*welke (\w+-)?versie\b|^\W*wat is (de|het) (code|pincode) (van|voor)\b|"
                      r"\b(id|serie|klant|artikel|order|factuur|lid|polis|kenteken)[ -]?nummer\b"),
    (AnswerType.PRICE, rf"\bhoeveel\b.*\b({_MONEY})\b|\bwat (kost|kosten|kostte|kostten)\b|"
                       # a compound ("zaalhuur", "uurprijs", "reiskosten") or a budget
                       r"\b(hoeveel|wat)\b.*\b(\w+(prijs|huur|kosten|tarief|loon|geld)|begroot|"
                       r"begroting|budget)\b|\bwelk bedrag\b|"
                       # not "borg" (BorgBackup) alone: "de borg", "hoeveel borg"
                       r"^\W*(de |het )?(prijs|kosten|huur|boete|contributie|tarief)\b|"
                       r"^\W*(de|het) borg\b|"
                       r"\bwat (is|was|wordt) (de|het) (nieuwe |huidige |oude )?"
                       r"(prijs|tarief|bedrag|huur|borg|boete|contributie|vergoeding)\b|"
                       rf"\b({_MONEY})\b.*\bhoeveel\b|"
                       # "wat rekent de vereniging per kuub water", "wat rekenen we voor een tosti"
                       r"^\W*wat (rekent|rekenen|rekende|rekenden|berekent|berekenen)\b"
                       r"(?!.*\buit\b).*\b(per|voor)\b"),
    (AnswerType.DURATION, r"\bhoe ?lang\b|\bhoeveel (seconden|minuten|uur|uren|dagen|weken|"
                          r"maanden|jaar|jaren)\b"),
    (AnswerType.WHEN, r"\bhoe (vaak|dikwijls)\b"),
    (AnswerType.QUANTITY, r"^\W*hoe (zwaar|hoog|breed|diep|groot|warm|heet|koud|snel|ver|oud)\b|"
                          r"\bwelke leeftijd\b|^\W*wat (is|was) (het|de) \w*percentage\b|"
                          r"^\W*(welke|wat is de|wat was de) (temperatuur|druk|spanning|"
                          r"gewicht|dosis|snelheid|hoogte|lengte|breedte|diepte|afstand|"
                          r"capaciteit|vermogen|maat)\b"),
    (AnswerType.TIME, r"\b(om )?hoe ?laat\b|\bwelke tijd\b|\bhoe vroeg\b"),
    (AnswerType.QUANTITY, r"\bhoeveel\b"),
    (AnswerType.DATE, r"\b(welke|op welke) (datum|dag|maand)\b|\b(in )?welk jaar\b|"
                      r"\bwat (is|was) de datum\b"),
    (AnswerType.WHEN, r"^\W*wanneer\b|\b(sinds|tot|vanaf) wanneer\b|\bwanneer\W*$|"
                      r"\bwanneer (is|was|zijn|waren|moet|moeten|begint|start|stopt|komt|"
                      r"gaat|wordt|werd|kan|mag)\b"),
    (AnswerType.PERSON, rf"^\W*wie ({_WHO_VERBS})\b|^\W*(met|van|aan|bij|voor|door) wie\b|"
                        r"\bmet wie\b|^\W*welke (vrijwilliger|persoon|monteur)\b"),
    (AnswerType.PLACE, r"^\W*(waar|waarheen|waarvandaan|waar naartoe)\b|"
                       r"\bin welke (stad|plaats|ruimte|zaal|winkel|straat|wijk)\b"),
)  # fmt: skip
