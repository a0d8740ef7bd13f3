"""Answer-type patterns for Swedish questions.

`app.core.verdict.answer_type` checks them first, on the folded question ("när" is "nar",
"hur många" "hur manga"). Swedish "var" is both "where" and "was": it asks where unless
a pronoun follows it ("Var ligger…", "Var träffas vi…"; not "Var det…?", "Var vi där?").
"""

from __future__ import annotations

from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.question_openers import (
    QUESTION_OPENERS,
    SWEDISH_VERB_OPENERS,
    terse_query,
)

# Money words, folded: "hur mycket kostar", "medlemsavgift familj", "vad blev hyran".
# Not "stod" (a grant, "stöd", but also "stood": "vad stod det i mejlet").
_MONEY = (
    r"kostar|kostade|kosta|kostat|kostnad|kostnaden|kostnader|pris|priset|priser|avgift|"
    r"avgiften|avgifter|\w+avgift|\w+avgiften|betala|betalar|betalade|betalat|betalt|hyra|"
    r"hyran|arvode|arvodet|bidrag|bidraget|bidragen|lon|lonen|faktura|fakturan|belopp|"
    r"beloppet|kronor|ersattning|ersattningen|deposition|depositionen|tjanar|tjanade"
)
# A fee by name: a bare "pris" ("startpris" is left out: French "compris", "appris"), a
# definite "-priset", and compounds of the other words ("medlemsavgift", "lokalhyran").
_FEE = (
    r"(pris|priset|priser|\w+priset|"
    r"\w*(avgift|avgiften|kostnad|kostnaden|hyra|hyran|arvode|arvodet))"
)
# A terse query that opens with no question word of any language asknotes reads, nor
# a verb a Swedish yes/no question opens with ("medlemsavgift familj 2024?"; not "Ingår
# lunch i priset?" nor French "Qui a pris les clés ?").
_TERSE = terse_query(f"{QUESTION_OPENERS}|{SWEDISH_VERB_OPENERS}")
# What follows a Swedish "var" that asks yes or no ("Var det regn?", "Var vi där?"); any
# other word after it opens a question for a place ("Var träffas vi?", "Var ligger…").
_WAS = r"det|den|detta|dessa|han|hon|de|dom|vi|ni|du|jag|hela|alla|nagon|nagot|nagra|inte"

SWEDISH: tuple[tuple[AnswerType, str], ...] = (
    (AnswerType.EMAIL, r"\b(e-?post|mejl|mail)-?adress(en)?\b"),
    # a Swish number is written as a phone number ("123 456 78 90")
    (AnswerType.PHONE, r"\b(telefon|mobil|tel|swish)-?(nummer|numret|nr)\b|\bnumret till\b|"
                       r"^\W*vilket nummer har\b"),
    (AnswerType.CODE, r"^\W*vilken (version|kod)\b|\bvad (ar|var) (koden|pinkoden|portkoden|"
                      r"dorrkoden|larmkoden) (till|for|pa)\b|"
                      r"\b(bankgiro|plusgiro|organisationsnummer|orgnr)\b|"
                      rf"{_TERSE}\b\w*(kod|koden)\b"),
    (AnswerType.PRICE, rf"\bhur mycket\b.*\b({_MONEY})\b|\bvad (kostar|kostade|kostat)\b|"
                       rf"\b({_MONEY})\b.*\bhur mycket\b|"
                       rf"\bvad (ar|var|blir|blev) (den |det )?({_FEE})\b|"
                       rf"{_TERSE}\b{_FEE}\b"),
    (AnswerType.DURATION, r"\bhur (lang|langa) tid\b|\bhur lange\b|"
                          r"\bhur manga (sekunder|minuter|timmar|dagar|veckor|manader|ar)\b"),
    (AnswerType.WHEN, r"\bhur ofta\b"),
    # a race's result: "Vilken tid fick Erik på långa banan?", "Erik N:s tid på USM?"
    (AnswerType.DURATION, r"\bvilken tid (fick|sprang|gjorde|hade|tog|klarade)\b|"
                          rf"{_TERSE}\b\w+:s tid\b"),
    (AnswerType.TIME, r"\bvilken tid\b|\bhur dags\b|\bvilket klockslag\b|\bnar pa dagen\b"),
    # the plural too: "Hur långa dubbar ska juniorerna ha?"
    (AnswerType.QUANTITY, r"^\W*hur (lang|langt|langa|hog|hogt|hoga|stor|stort|stora|tung|"
                          r"tungt|tunga|djup|djupt|djupa|bred|brett|breda|snabb|snabba|fort|"
                          r"gammal|gamla|brant)\b|"
                          r"^\W*(vilken|vad (ar|var)) (temperatur|langd|langden|hojd|hojden|"
                          r"vikt|vikten|skala|skalan|ekvidistans|ekvidistansen|distans|"
                          r"distansen|storlek|storleken|stigning|stigningen)\b"),
    (AnswerType.QUANTITY, r"\bhur (manga|mycket)\b"),
    (AnswerType.DATE, r"\b(vilket|vilken) (datum|dag|veckodag|manad|ar|vecka)\b|"
                      r"\bvad (ar|var) datumet\b|"
                      rf"{_TERSE}\b(sista|senaste) \w*(dag|dagen|datum|datumet)\b"),
    (AnswerType.WHEN, r"^\W*nar\b|\bnar\W*$|\b(sedan|till|fran) nar\b|"
                      r"\bnar (ar|var|borjar|borjade|startar|startade|slutar|slutade|ska|skall|"
                      r"kommer|blir|blev|hade|har|gick|gar|hander|halls|holls|far|fick|kan)\b"),
    # "vem" opens the question or follows its preposition: Portuguese "vem" is "comes"
    # ("A Ana vem no sábado?", "Vem a Ana amanhã?")
    (AnswerType.PERSON, r"^\W*(och |men )?vems?\b(?!\s+(a|o|as|os|um|uma|ai|aqui|ca|hoje|"
                        r"amanha|alguem)\b)|\b(med|av|till|for|hos|om|fran|at) vem\b|"
                        r"^\W*vilka (tranar|leder|ledde|ansvarar|ritade|ritar|vann|sitter|"
                        r"jobbar|hjalper|kor|korde|akte|aker|kommer|deltog|springer|sprang)\b|"
                        r"^\W*vilken (person|tranare|ledare|medlem|kartritare|"
                        r"banlaggare|kassor|ordforande|sekreterare)\b"),
    (AnswerType.PLACE, rf"^\W*var\s+(?!({_WAS})\b)[^\W\d_]|^\W*(vart|varifran)\b|"
                       r"\b(i|pa) vilken (stad|ort|skog|by|kommun|lokal|sal|park|plats|"
                       r"adress|gata)\b"),
)  # fmt: skip
