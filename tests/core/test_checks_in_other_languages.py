"""The answer checks read Spanish as they read English and Portuguese: the kind of value a
question asks for, dates, days, times, units and negation, with scripted model replies;
and French, German and Italian questions' asked kind of value, dates, days, number words,
units and negation."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.core.answer.claims import negated, unsupported_claims
from app.core.answer.grounding import identifiers_missing
from app.core.basics.dates import dates
from app.core.basics.durations import has_duration
from app.core.basics.values import quantities, times
from app.core.basics.weekdays import weekdays
from app.core.index.store import NoteIndex
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type
from tests.core.scripted_cases import Case, G, Q, R, case_id, check_case, notes_index


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("¿Cuánto costó el sofá?", AnswerType.PRICE),
        ("¿Cuánto pago de alquiler?", AnswerType.PRICE),
        ("¿Cuál es el precio del seguro del coche?", AnswerType.PRICE),
        ("¿Cuánto tiempo hay que hornear el bizcocho?", AnswerType.DURATION),
        ("cuanto tarda el tren a madrid", AnswerType.DURATION),
        ("¿Cuántos gramos de harina lleva?", AnswerType.QUANTITY),
        ("¿A qué hora abre la farmacia?", AnswerType.TIME),
        ("¿En qué fecha caduca el pasaporte?", AnswerType.DATE),
        ("¿Cuándo es la cita con la dermatóloga?", AnswerType.WHEN),
        ("¿Cada cuánto cambio la cadena de la bici?", AnswerType.WHEN),
        ("¿Quién me arregló la caldera?", AnswerType.PERSON),
        ("¿Con quién fui al concierto?", AnswerType.PERSON),
        ("¿Dónde guardo las llaves del trastero?", AnswerType.PLACE),
        ("¿En qué ciudad vive mi prima?", AnswerType.PLACE),
        ("¿Cuál es el teléfono del taller?", AnswerType.PHONE),
        ("telefono de la clinica dental", AnswerType.PHONE),
        ("¿Cuál es el número de reserva del hotel?", AnswerType.CODE),
        ("¿Qué versión de Python usa el servidor?", AnswerType.CODE),
        ("¿Cómo configuro la VPN?", None),
        ("¿Por qué cambié de banco?", None),
    ],
)
def test_what_a_spanish_question_asks_for(question: str, kind: AnswerType | None) -> None:
    assert asked_type(question) is kind


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Combien coûte le loyer ?", AnswerType.PRICE),
        ("Combien de temps faut-il cuire le pain ?", AnswerType.DURATION),
        ("À quelle heure ouvre la pharmacie ?", AnswerType.TIME),
        ("Quand est le contrôle technique ?", AnswerType.WHEN),
        ("Qui a réparé la chaudière ?", AnswerType.PERSON),
        ("Où sont les clés de la cave ?", AnswerType.PLACE),
        ("Quel est le numéro de téléphone du garage ?", AnswerType.PHONE),
        ("Comment configurer le VPN ?", None),
        ("Wie viel kostet die Miete?", AnswerType.PRICE),
        ("Wie lange dauert der Flug?", AnswerType.DURATION),
        ("Um wie viel Uhr beginnt der Kurs?", AnswerType.TIME),
        ("Wie viele Eier kommen in den Teig?", AnswerType.QUANTITY),
        ("Wer hat die Heizung repariert?", AnswerType.PERSON),
        ("Wie lautet die Telefonnummer der Werkstatt?", AnswerType.PHONE),
        ("Quanto costa il biglietto?", AnswerType.PRICE),
        ("Quanti grammi di farina servono?", AnswerType.QUANTITY),
        ("A che ora apre la farmacia?", AnswerType.TIME),
        ("Chi ha riparato la caldaia?", AnswerType.PERSON),
        ("Dove sono le chiavi?", AnswerType.PLACE),
        ("Quanto custou a revisão do carro?", AnswerType.PRICE),  # Portuguese, as before
        # colloquial and terse, as typed
        ("c'est quand le contrôle technique ?", AnswerType.WHEN),
        ("rdv dentiste quand ?", AnswerType.WHEN),
        ("Quelle est la pression des pneus ?", AnswerType.QUANTITY),
        ("taxe d'habitation 2024", AnswerType.PRICE),
        ("date de péremption du vaccin", AnswerType.DATE),
        ("horaires de la déchetterie", AnswerType.TIME),
        ("digicode de l'immeuble", AnswerType.CODE),
        ("conso du chauffe-eau", AnswerType.QUANTITY),
        ("Was hat der Kühlschrank gekostet?", AnswerType.PRICE),
        ("was zahle ich an Strom", AnswerType.PRICE),
        ("bis wann muss die Steuererklärung raus", AnswerType.WHEN),
        ("Nettokaltmiete Wohnung", AnswerType.PRICE),
        ("Reifendruck vorne", AnswerType.QUANTITY),
        ("Wie schwer ist das Paket?", AnswerType.QUANTITY),
        ("Backzeit Stollen", AnswerType.DURATION),
        ("Öffnungszeiten Bürgeramt", AnswerType.TIME),
        ("Abgabetermin Projektbericht", AnswerType.DATE),
        ("code garagentor", AnswerType.CODE),
        ("Ansprechpartnerin Personalabteilung", AnswerType.PERSON),
        ("wie melde ich mich krank", None),
        ("Che temperatura per il forno?", AnswerType.QUANTITY),
        ("Dov'è il contatore del gas?", AnswerType.PLACE),
        ("telefono pediatra", AnswerType.PHONE),
        ("codice lucchetto bici", AnswerType.CODE),
        ("scadenza bollo auto", AnswerType.DATE),
        ("orari piscina", AnswerType.TIME),
        ("affitto cantina", AnswerType.PRICE),
        ("come si cambia la pressione delle gomme", None),
        # an amount named before "quanto" is still a price
        ("preventivo idraulico quanto è?", AnswerType.PRICE),
        ("affitto garage da gennaio quanto sarà", AnswerType.PRICE),
    ],
)
def test_what_a_french_german_or_italian_question_asks_for(
    question: str, kind: AnswerType | None
) -> None:
    assert asked_type(question) is kind


def test_italian_chi_asks_who_and_names_no_greek_letter() -> None:
    passage = "Pediatra di Luca: Dott.ssa Laura Gandolfi, studio in via Massarenti."
    assert identifiers_missing("chi è il pediatra di luca", passage) == []


def test_french_german_and_italian_dates_and_days() -> None:
    assert dates("le 14 juillet 2026") == {(2026, 7, 14)}
    assert dates("am 3. März 2026") == {(2026, 3, 3)}
    assert dates("il 25 dicembre") == {(None, 12, 25)}
    assert dates("Mars is the red planet") == set()
    assert dates("Nächster Termin: 18.11.2025 um 15:20 Uhr") == {(2025, 11, 18)}
    assert dates("Abrechnung bis 30.04. abgeben") == {(None, 4, 30)}
    assert dates("scade il 12.03.2025.") == {(2025, 3, 12)}
    # no dates: a decimal, versions, an IP address, an amount
    assert dates("ratio 1.5. Python 3.12.10, then 3.12. Host 10.20.3.31, $1.10.") == set()
    assert weekdays("mardi et jeudi") == {"mardi", "jeudi"}
    assert weekdays("Termin am Montag") == {"montag"}
    assert weekdays("giovedì sera") == {"giovedi"}


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("Compter deux heures de route, trois fois par an.", ["deux heures", "trois"]),
        ("500 grammes de farine, cuire à 180 degrés", ["500 grammes", "180 degres"]),
        ("Zwei Stunden Fahrt, dreißig Minuten Pause", ["zwei stunden", "dreissig minuten"]),
        ("Eine halbe Stunde, 250 Gramm Mehl", ["250 gramm", "halbe stunde"]),
        (
            "Cuocere a 180 gradi per tre quarti d'ora, 500 grammi",
            ["180 gradi", "500 grammi", "tre"],
        ),
        (
            "mezzo litro di latte, dodici uova, quindici minuti",
            ["mezzo litro", "dodici", "quindici minuti"],
        ),
    ],
)
def test_french_german_and_italian_number_words_and_units(text: str, written: list[str]) -> None:
    assert [q.written for q in quantities(text)] == written


@pytest.mark.parametrize(
    "text",
    [
        "Un plombier est venu, une facture est arrivée.",  # articles, not "one"
        "Ein Termin, eine Rechnung.",
        "Il vélo neuf coûte cher; rendez-vous le 3 sept.",  # "neuf" is new, "sept" September
        "Il saldo è due il 5 maggio; sei sicura?",  # "due" and "sei" are words too
        "Otto hat angerufen, um halb acht.",  # a name; "halb acht" is a time, not 0.5 and 8
        "Treffen um 16 Uhr, um die Ecke.",  # German "um" is "at", not Portuguese "one"
    ],
)
def test_words_that_only_look_like_numbers(text: str) -> None:
    values = {v for q in quantities(text) for v in q.values}
    assert values <= {3.0, 5.0, 8.0}


@pytest.mark.parametrize(
    ("answer", "quote", "supported"),
    [
        ("Deux heures [1].", "Compter 2 h de route.", True),
        ("Trois heures [1].", "Compter 2 h de route.", False),
        ("Zwei Stunden [1].", "Die Fahrt dauert 2 Stunden.", True),
        ("Drei Tage [1].", "Die Lieferung dauert 2 Tage.", False),
        ("Dieci minuti [1].", "Cuocere per 10 minuti.", True),
        ("Quindici minuti [1].", "Cuocere per 10 minuti.", False),
        ("Um 16 Uhr [1].", "Die Kita ist freitags bis 16 Uhr offen.", True),
        ("Um dia [1].", "Leva 2 dias.", False),
    ],
)
def test_a_number_written_as_a_word_is_checked_as_its_value(
    answer: str, quote: str, supported: bool
) -> None:
    assert (unsupported_claims(answer, [quote]) == []) is supported


def test_spanish_dates_days_times_and_units_are_values() -> None:
    assert dates("La cita es el 14 de mayo de 2026.") == {(2026, 5, 14)}
    assert dates("Vuelo de vuelta: 3 ene") == {(None, 1, 3)}
    assert dates("el diccionario (dic) no es una fecha") == set()
    assert weekdays("Yoga los martes y jueves") == {"martes", "jueves"}
    assert weekdays("Lun/Mié/Vie 19:00") == {"lun", "mie", "vie"}
    assert weekdays("no la vie desde el verano") == set()  # "vie", of "ver", is no day
    assert times("Abre a las 17:30 y cierra a medianoche.") == {(17, 30), (0, 0)}
    written = [q.written for q in quantities("500 gramos, 12 kilómetros a 180 grados, cuatro")]
    assert written == ["500 gramos", "12 kilometros", "180 grados", "cuatro"]
    assert has_duration("Tarda unos días en llegar.")


def test_spanish_negation_and_the_sine() -> None:
    assert negated("No hay red de invitados.")
    assert negated("El bizcocho va sin azúcar.")
    assert negated("No lo encontré por ninguna parte.")
    assert not negated("sin(x) vale 0 en x = 0")
    assert not negated("La red de invitados se llama Casa-Invitados.")


@pytest.mark.parametrize(
    "text",
    [
        "Il n'y a pas de réseau invité.",
        "Le moteur ne démarre plus après l'hivernage.",
        "Studio au 3e étage sans ascenseur.",
        "Aucune franchise sur la casse.",
        "Es gibt kein Gäste-WLAN.",
        "Das Boot nicht mehr benutzen.",
        "Rechtsschutz haben wir keine.",
        "Non c'è rete per gli ospiti.",
        "La colazione è senza glutine.",
    ],
)
def test_french_german_and_italian_negation(text: str) -> None:
    assert negated(text)


@pytest.mark.parametrize(
    "text",
    [
        "Die Kita ist freitags bis 16 Uhr offen.",
        "Le rendez-vous est le 3 mai à 10 h.",  # "mai" is May here, "never" in Italian
        "Am 3. Mai um 10 Uhr.",
        "font-family: sans-serif",
        "the non-streaming variant",
        "La rete ospiti si chiama Casa-Ospiti.",
    ],
)
def test_words_that_only_look_negative(text: str) -> None:
    assert not negated(text)


NOTES = {
    "casa/Aire acondicionado.md": (
        "# Aire acondicionado\n\n## Instalación\n\nEl aire acondicionado del salón se instaló "
        "el 12 de junio de 2025.\n"
    ),
    "salud/Dentista.md": (
        "# Dentista\n\n## Clínica\n\nLa clínica dental está en la calle Colón 12, segundo piso.\n"
    ),
    "salud/Dermatóloga.md": (
        "# Dermatóloga\n\n## Cita\n\nLa cita con la dermatóloga es el 14 de mayo a las 9:30.\n"
    ),
    "deporte/Gimnasio.md": (
        "# Gimnasio\n\n## Cuota\n\nLa cuota del gimnasio cuesta 35 € al mes.\n\n## Yoga\n\n"
        "La clase de yoga es los martes con Irene.\n"
    ),
    "casa/Wifi.md": "# Wifi\n\n## Invitados\n\nNo hay red de invitados en casa.\n",
    "bici/Frenos.md": "# Frenos\n\n## Cambio\n\nLos frenos se cambiaron en marzo de 2026.\n",
}

AIRE = "El aire acondicionado del salón se instaló el 12 de junio de 2025."
CLINICA = "La clínica dental está en la calle Colón 12, segundo piso."
CITA = "La cita con la dermatóloga es el 14 de mayo a las 9:30."
CUOTA = "La cuota del gimnasio cuesta 35 € al mes."
YOGA = "La clase de yoga es los martes con Irene."
WIFI = "No hay red de invitados en casa."
FRENOS = "Los frenos se cambiaron en marzo de 2026."


# question, quote, answer, outcome, the check that decides it, text that must never show
CASES: list[Case] = [
    # near-misses: the quote is on topic but does not state the asked value
    ("¿Cuánto costó el aire acondicionado del salón?", AIRE, "Costó 900 € [1].", R,
     "answer_type", "900"),
    ("¿Cuál es el teléfono de la clínica dental?", CLINICA, "El 963 12 34 56 [1].", R,
     "answer_type", "963"),
    ("¿A qué hora es la clase de yoga?", YOGA, "A las 19:00 [1].", R, "answer_type", "19:00"),
    ("¿Quién me cambió los frenos de la bici?", FRENOS, "Pablo [1].", R, "answer_type",
     "Pablo"),
    # values as values
    ("¿Cuánto cuesta la cuota del gimnasio?", CUOTA, "35 € al mes [1].", G, None, None),
    ("¿Cuánto cuesta la cuota del gimnasio?", CUOTA, "3 € al mes.", Q, "answer_supported",
     "3 € al mes"),
    ("¿Cuándo es la cita con la dermatóloga?", CITA, "El 14 de mayo a las 9:30 [1].", G, None,
     None),
    ("¿Cuándo es la cita con la dermatóloga?", CITA, "El 15 de mayo.", Q, "answer_supported",
     "15 de mayo"),
    ("¿Cuándo es la cita con la dermatóloga?", CITA, "El 14 de junio.", Q, "answer_supported",
     "junio"),
    ("¿Qué día es la clase de yoga?", YOGA, "Los martes [1].", G, None, None),
    ("¿Qué día es la clase de yoga?", YOGA, "Los jueves.", Q, "answer_supported", "jueves"),
    # polarity
    ("¿Hay red de invitados en casa?", WIFI, "Sí, hay red de invitados.", Q, "same_polarity",
     "Sí, hay"),
    ("¿Hay red de invitados en casa?", WIFI, "No, no hay red de invitados [1].", G, None, None),
]  # fmt: skip


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[NoteIndex]:
    yield from notes_index(tmp_path_factory, "spanish", NOTES)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_spanish_reply(index: NoteIndex, case: Case) -> None:
    check_case(index, case, k=6)


def test_hours_and_minutes_compared_or_given_each_are_a_length() -> None:
    """ "1h30" alone is a time of day in Portuguese notes; "mais curtas: 1h30" and "1h30
    cada" say how long each lesson lasts."""
    assert has_duration("Aulas mais curtas: **1h30** cada (a malta gela).")
    assert has_duration("Winter sessions are shorter: 1h30.")
    assert has_duration("Two sessions, 1h15 each.")
    assert not has_duration("Horário: 9h30")
    assert not has_duration("Aula às 9h30 cada dia.")  # every day at half past nine
