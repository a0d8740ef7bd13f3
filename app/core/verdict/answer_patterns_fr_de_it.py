"""Answer-type patterns for French, German and Italian questions.

`app.core.verdict.answer_type` checks them before its English, Portuguese and Spanish
patterns, on the folded question.
"""

from __future__ import annotations

from app.core.verdict.answer_kind import AnswerType

# French, German and Italian questions, checked first: their words are their own
# ("combien", "wie viel", "quanti"), and Italian "quanto costa" is a price before
# Portuguese "quanto" reads as a number.
FRENCH_GERMAN_ITALIAN: tuple[tuple[AnswerType, str], ...] = (
    # an extension is a number, often of three digits ("Durchwahl 205", "phone extension",
    # "extensión de teléfono"): no phone number
    (AnswerType.QUANTITY, r"\bdurchwahl\b|\b(phone|telephone|desk) extension\b|"
                          r"\bextension (de |del )?(telefono|telephone|tel)\b|"
                          r"\b(ramal|interno) (de |do |da |del |di )?(telefone|telefono)\b"),
    (AnswerType.PHONE, r"^\W*quel(le)? est (le |son |mon )?(numero de )?(telephone|portable)\b|"
                       r"\bnumero de (telephone|portable)\b|"
                       r"^\W*(le )?(telephone|portable|tel) (de|du)\b|"
                       r"\b(telefonnummer|handynummer|rufnummer|mobilnummer)\b|"
                       r"^\W*qual (e )?il (numero di )?(telefono|cellulare)\b"),
    (AnswerType.CODE, r"\b(reference|code) de (reservation|confirmation)\b|"
                      r"^\W*quel(le)?\b.*\bnumero de (serie|vol|compte|commande|reservation|"
                      r"suivi|police|client|facture|billet|licence|contrat)\b|"
                      r"^\W*quelle (est la )?version\b|"
                      # any German "-nummer" but a phone's (above): "Vertragsnummer strom"
                      r"\b\w{2,}nummer\b|^\W*welche version\b|"
                      r"\bnumero di (serie|volo|conto|ordine|prenotazione|polizza|fattura|"
                      r"biglietto|contratto)\b|^\W*quale versione\b"),
    (AnswerType.PRICE, r"^\W*(le |la )?(montant|prix|cout|tarif|loyer)\b|"
                       r"\bcombien\b.*\b(coute|coutent|coutait|paye|payer|paie|prix|tarif|loyer|"
                       r"salaire|frais|gagne|gagnent|gagnait)\b|"
                       r"\bquel (est|etait) le (prix|cout|tarif|montant|loyer)\b|"
                       r"\bwie ?viel\b.*\b(kostet|kosten|kostete|bezahlt|zahle|zahlt|preis|miete|"
                       r"gehalt|gebuhr|verdient|verdienen|verdiente)\b|"
                       r"\bwas (kostet|kostete|kosten)\b|"
                       r"\bquanto\b.*\b(costa|costato|costano|pagato|prezzo|affitto|stipendio|"
                       r"preventivo|quota|rimborso|bolletta|rata|canone|guadagna|guadagnano)\b|"
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
                      r"\b(che|quale|quali) (giorno|giorni|data|anno|mese)\b|"
                      r"\bin che (giorno|giorni|anno|mese)\b"),
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
