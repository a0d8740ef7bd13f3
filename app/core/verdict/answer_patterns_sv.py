"""Answer-type patterns for Swedish questions.

`app.core.verdict.answer_type` checks them first, on the folded question ("när" is "nar",
"hur många" "hur manga"). Swedish "var" is both "where" and "was": it asks where only
before a verb that places something ("Var ligger…", "Var förvaras…"), never in "Var det…?".
"""

from __future__ import annotations

from app.core.verdict.answer_kind import AnswerType

# Money words, folded: "hur mycket kostar", "medlemsavgift familj", "vad blev hyran".
# Not "stod" (a grant, "stöd", but also "stood": "vad stod det i mejlet").
_MONEY = (
    r"kostar|kostade|kosta|kostat|kostnad|kostnaden|kostnader|pris|priset|priser|avgift|"
    r"avgiften|avgifter|\w+avgift|\w+avgiften|betala|betalar|betalade|betalat|betalt|hyra|"
    r"hyran|arvode|arvodet|bidrag|bidraget|bidragen|lon|lonen|faktura|fakturan|belopp|"
    r"beloppet|kronor|ersattning|ersattningen|deposition|depositionen|tjanar|tjanade"
)
_FEE = r"\w*(avgift|avgiften|pris|priset|kostnad|kostnaden|hyra|hyran|arvode|arvodet)"
# A terse query that opens with no Swedish question word ("medlemsavgift familj 2024?").
_TERSE = (
    r"^\W*(?!(vad|hur|varfor|var|vart|vem|vems|nar|vilken|vilket|vilka|finns|far|kan|ska|"
    r"maste|ar|har|behover|blir|fick|hade|gick)\b)(?=(\S+\s+){0,9}\S+\W*$).*"
)
# Verbs a Swedish "var" (where) opens a question with; "var det", "var han" ask yes or no.
_PLACED = (
    r"ligger|ligg|finns|fanns|ar|hittar|hittade|hittas|forvaras|forvarar|star|stod|bor|"
    r"halls|holls|samlas|samlades|parkerar|koper|kopte|kops|bestaller|bestallde|ska|skall|"
    r"lamnar|lamnade|hamtar|hamtade|sparas|sparade|startar|startade|borjar|borjade|gar|"
    r"gick|trycks|trycktes|ritades|ritas|springer|sprang|var"
)

SWEDISH: tuple[tuple[AnswerType, str], ...] = (
    (AnswerType.EMAIL, r"\b(e-?post|mejl|mail)-?adress(en)?\b"),
    (AnswerType.PHONE, r"\b(telefon|mobil|tel)-?(nummer|numret|nr)\b|\bnumret till\b"),
    (AnswerType.CODE, r"^\W*vilken (version|kod)\b|\bvad (ar|var) (koden|pinkoden|portkoden|"
                      r"dorrkoden|larmkoden) (till|for|pa)\b"),
    (AnswerType.PRICE, rf"\bhur mycket\b.*\b({_MONEY})\b|\bvad (kostar|kostade|kostat)\b|"
                       rf"\b({_MONEY})\b.*\bhur mycket\b|"
                       rf"\bvad (ar|var|blir|blev) (den |det )?({_FEE})\b|"
                       rf"{_TERSE}\b{_FEE}\b"),
    (AnswerType.DURATION, r"\bhur (lang|langa) tid\b|\bhur lange\b|"
                          r"\bhur manga (sekunder|minuter|timmar|dagar|veckor|manader|ar)\b"),
    (AnswerType.WHEN, r"\bhur ofta\b"),
    (AnswerType.TIME, r"\bvilken tid\b|\bhur dags\b|\bvilket klockslag\b|\bnar pa dagen\b"),
    (AnswerType.QUANTITY, r"^\W*hur (lang|langt|hog|hogt|stor|stort|tung|tungt|djup|bred|"
                          r"snabb|fort|gammal|gamla|brant)\b|"
                          r"^\W*(vilken|vad (ar|var)) (temperatur|langd|langden|hojd|hojden|"
                          r"vikt|vikten|skala|skalan|ekvidistans|ekvidistansen|distans|"
                          r"distansen|storlek|storleken|stigning|stigningen)\b"),
    (AnswerType.QUANTITY, r"\bhur (manga|mycket)\b"),
    (AnswerType.DATE, r"\b(vilket|vilken) (datum|dag|veckodag|manad|ar|vecka)\b|"
                      r"\bvad (ar|var) datumet\b"),
    (AnswerType.WHEN, r"^\W*nar\b|\bnar\W*$|\b(sedan|till|fran) nar\b|"
                      r"\bnar (ar|var|borjar|borjade|startar|startade|slutar|slutade|ska|skall|"
                      r"kommer|blir|blev|hade|har|gick|gar|hander|halls|holls|far|fick|kan)\b"),
    # "vem" opens the question or follows its preposition: Portuguese "vem" is "comes"
    (AnswerType.PERSON, r"^\W*(och |men )?vems?\b|\b(med|av|till|for|hos|om|fran|at) vem\b|"
                        r"^\W*vilken (person|tranare|ledare|medlem|kartritare|"
                        r"banlaggare|kassor|ordforande|sekreterare)\b"),
    (AnswerType.PLACE, rf"^\W*(var|vart|varifran)\s+({_PLACED})\b|"
                       r"\b(i|pa) vilken (stad|ort|skog|by|kommun|lokal|sal|park|plats|"
                       r"adress|gata)\b"),
)  # fmt: skip
