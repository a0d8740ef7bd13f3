"""The nouns that name a kind of value ("price", "data", "Uhrzeit"): a question's word for
what it asks, which is not what it asks about."""

from __future__ import annotations

from app.core.basics.text import content_words
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type

# The nouns that name a kind of value, folded, in the languages the notes are read in: a
# note writes "start date TBC", "nome ancora da confermare"; a question "guest wifi
# password", "flapjack oven temp", words the notes need not hold when they state the value.
KIND_NOUNS: dict[AnswerType, frozenset[str]] = {
    AnswerType.DATE: frozenset(
        "date dates day days data giorno jour datum termin tag fecha dia".split()
    ),
    AnswerType.TIME: frozenset(
        "time times hour hours ora orario heure heures uhrzeit zeit hora horario".split()
    ),
    AnswerType.PRICE: frozenset(
        "price cost fee amount prezzo costo importo prix cout montant tarif preis kosten "
        "betrag precio coste importe preco custo valor".split()
    ),
    AnswerType.PERSON: frozenset("name who nome chi nom qui wer nombre quien quem".split()),
    AnswerType.PLACE: frozenset(
        "venue place room address where luogo sala indirizzo dove lieu salle adresse ort "
        "raum wo lugar direccion donde local endereco onde".split()
    ),
    AnswerType.PHONE: frozenset("phone number telefono numero telephone nummer".split()),
    AnswerType.EMAIL: frozenset("email mail correo courriel adresse address".split()),
    AnswerType.SECRET: frozenset("password passwort senha contrasena passcode pw pwd".split()),
    AnswerType.QUANTITY: frozenset(
        "temp temperature weight dose dosage pressure quantity temperatura peso dosis "
        "quantidade cantidad quantita menge anzahl".split()
    ),
    AnswerType.DURATION: frozenset("duration length dauer duracao duracion durata".split()),
    AnswerType.CODE: frozenset(
        "number no id ref reference code ticket numero nummer codice codigo protocolo".split()
    ),
}
KIND_NOUNS[AnswerType.WHEN] = KIND_NOUNS[AnswerType.DATE] | KIND_NOUNS[AnswerType.TIME]


def kind_stems(question: str, language: str) -> set[str]:
    """The stems of the words that name the kind of value `question` asks for ("cost" in
    "What did the service cost?"), in `language`: sharing them is sharing no topic."""
    asked = asked_type(question)
    if asked is None:
        return set()
    return content_words(" ".join(KIND_NOUNS.get(asked, ())), language)
