"""Lines that say a value is not known yet: "time and room TBC", "invoice to follow",
"Check-out: non c'è scritto nella conferma", "noch kein Termin", "datum nog niet bekend".

Notes record what is still open as often as what is settled. Such a line is on the asked
topic and may stand beside a value of the asked kind (check-in's time above check-out's
"not in the confirmation"), so a check that reads the lines around a quote finds a value
there; but the quote itself says the notes do not have it.
"""

from __future__ import annotations

import re

from app.core.basics.text import fold

# Folded (no accents, lower case). Kept to phrases that say "not known / not settled yet",
# not to bare negations: "no dogs allowed" states a fact.
_PENDING = re.compile(
    r"\b("
    # English
    r"tbc|tbd|tba|to be (confirmed|decided|announced|agreed|arranged|set|discussed|"
    r"negotiated|worked out|fixed)|to follow|"
    # "Subs for 2025-26: to be discussed at the AGM. Nothing agreed."
    r"nothing (agreed|decided|settled|fixed|confirmed)|no decision|not settled|"
    r"not (yet|written|known|set|decided|confirmed|agreed|announced|booked|stated|given|in the|"
    r"published|fixed)|no (date|time|price|quote|name|number|figure)s? (yet|for|set)|"
    # "reply by email, no ticket number": a code that was never given
    r"no (ticket|reference|ref|tracking|case|order|booking|confirmation|invoice) "
    r"(number|no|ref|id|code)|"
    r"(didn'?t|did not|never) (catch|get) (his|her|their|the) name|"
    # a value the writer did not write down, or forgot
    r"(didn'?t|did not|never) (note|write down|write it down|jot down)|"
    r"(forgot|forget|can'?t remember) (the|his|her|their|its) (name|number|price|date|time|"
    r"code|amount|dose)|"
    r"nao anotei|esqueci (o|a) (nome|numero|valor|preco|horario|data|dia|dose)|"
    r"no (anote|apunte)|olvide (el|la) (nombre|numero|precio|hora|fecha|dosis)|"
    r"non (ho|l'ho) (segnato|annotato|scritto)|ho dimenticato (il|la) (nome|numero|prezzo)|"
    r"(j'ai )?oublie (le|la) (nom|numero|prix|date)|"
    r"(haven'?t|hasn'?t|have not|has not) (published|confirmed|set|decided|agreed|sent|quoted)|"
    r"still (not|no|waiting|to come)|awaiting|waiting for|no date yet|not here|unknown|"
    # "December's bill isn't out yet", "the invoice hasn't come in"
    r"(isn['’]?t|aren['’]?t|wasn['’]?t|is not|are not) (out|in|here|back|ready|available) yet|"
    r"(hasn['’]?t|haven['’]?t|has not|have not) (come|arrived|come in|come through)|"
    r"(invoice|price|quote|date|time) (pending|to come)|"
    # Italian
    r"non c'?\s?e scritto|non (e )?scritto|da (decidere|confermare|definire|fissare|"
    r"concordare|stabilire|ridiscutere|rivedere)|non( \w+){0,3} ancora|"
    r"ancora (niente|nessun[oa]?|da)|in arrivo|"
    r"quando arriva|non (lo )?so|non qui|non pervenut[oa]|"
    # French
    r"pas encore|a (confirmer|definir|fixer|preciser|venir)|en attente|pas (ecrit|note|indique)|"
    r"non (communique|precise|indique)|inconnue?s?|"
    # German
    r"noch (kein|keine|keinen|nicht|offen|unklar)|steht noch aus|unbekannt|folgt noch|"
    r"(termin|datum|preis|betrag|kosten|uhrzeit|ort|hohe):? (ist |bleibt )?offen|"
    r"wird noch|nicht (bekannt|notiert|angegeben)|"
    # a value the writer does not know or forgot
    r"weiss ich nicht|(habe?|hab ich) (\w+ )?vergessen|"
    r"nicht (mehr )?(gewusst|aufgeschrieben)|"
    # Dutch
    r"nog niet (bekend|besloten|bevestigd|vastgesteld|gepland|duidelijk|ontvangen|binnen)|"
    r"(nog )?onbekend|nog (te bepalen|open|onduidelijk|geen (datum|prijs|offerte|reactie))|"
    r"n\.t\.b|volgt (nog|later)|wordt nog|staat nog open|"
    r"weet ik niet( meer)?|(ben|heb) (ik )?(\w+ )?vergeten|niet (genoteerd|opgeschreven)|"
    r"wachten op|in afwachting|"
    # Swedish
    r"(ej|inte) (klart?|bestamd|bestamt|bekraftad|bekraftat|spikad|spikat|bokad|bokat|"
    r"faststalld|faststallt)( (an|annu))?\b|oklart?|okand|okant|inget beslut|"
    r"(an|annu) (inte|ej) (klart?|bestamd|bestamt|bekraftad|bekraftat|spikad|spikat|bokad|"
    r"bokat)|aterkommer (om|med)|bestams (pa|vid)|"
    r"meddelas (senare|inom kort)|vantar pa (svar|besked|offert)|invantar|"
    r"vet (inte|ej)( langre)?|(har )?glomt|(inte|ej) (antecknat|noterat|nedskrivet)|"
    # Spanish and Portuguese
    r"todavia no|aun no|por (confirmar|definir|decidir)|pendiente|sin fecha|"
    r"ainda (nao|sem)|a (confirmar|definir|combinar)|pendente|sem data|"
    r"sin (numero de )?(referencia|ticket|incidencia)|sem (numero de )?(protocolo|ticket)|"
    r"sin (precio|hora|nombre)|sem (valor|preco|horario|local|nome)|"
    r"esperando (respuesta|presupuesto)|aguardando|"
    r"falta (mandar|enviar|confirmar|definir|marcar|agendar)|"
    # a value given as where to find it: "Matrícula: ver DUA no porta-luvas", "PIN: see card"
    r"(?<=\w)(?::\**|\**:) ?(see|ver|veja|siehe|voir|vedi|vease|"
    # Dutch "Borg: zie [[Borg en tarieven]]"; not Italian "Ospiti: zie e zii" (aunts)
    r"zie(?=\s+(\[\[|[^\W\d_]))(?!\s+(e|ed)\b))"
    r")\b"
)


# "Dan will send the quote", "a Patrícia vai mandar a cotação": the value is someone
# else's to give, later. ("I will send the form" is the writer's own errand.) The one who
# will send it may be what a question asks for: "who sends the invoice?"
_PROMISED = re.compile(
    r"\b("
    r"(?<!\bi )(?<!\bwe )will (send|confirm|let (me|us) know)|"
    r"(va|van) a (mandar|enviar|confirmar|avisar)|(vai|vao) (mandar|enviar|confirmar|avisar|"
    r"informar)"
    r")\b"
)


def says_pending(text: str, *, promised: bool = True, asked: str = "") -> bool:
    """Whether `text` says that something is not known, written or settled yet; with
    `promised`, also that someone will send or confirm it later. A phrase the question
    `asked` writes itself is what it asks about, not the note's word on it: the error
    "Unknown identifier in expression" pasted into a question and found in a log."""
    folded = fold(text)
    given = fold(asked)
    patterns = (_PENDING, _PROMISED) if promised else (_PENDING,)
    return any(
        not (given and re.search(rf"\b{re.escape(m.group(0))}\b", given))
        for p in patterns
        for m in p.finditer(folded)
    )


def opens_pending(text: str) -> bool:
    """Whether `text` begins by saying something is not known yet ("to be set at the
    September meeting", "TBC — Steve still collating")."""
    return _PENDING.match(fold(text).lstrip()) is not None
