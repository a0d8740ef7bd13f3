"""What a question asks for, and whether a sentence states it: the people case."""

from __future__ import annotations

import pytest

from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type
from app.core.verdict.capitalised_names import note_names_person
from app.core.verdict.stated_values import states


@pytest.mark.parametrize(
    ("sentence", "names_someone"),
    [
        ("The boiler was serviced by Marta Ruiz.", True),
        ("The plumber this year was Marco.", True),  # "marco" is also March, folded
        ("It was fixed by June and her brother.", True),  # a name, not a date here
        ("The exam is on 12 June in room B-204.", False),  # a date and a room code
        ("The bins go out on Sunday after dinner.", False),
        ("A prova é no dia 12 de junho, às 14h, na sala B-204.", False),
        ("Last checked on Fri 12 Jun by the landlord.", False),
        ("Debian 12 now; it replaced the Optiplex 7050 micro last spring.", False),  # products
        ("Checked in with Dr Patel 14:30, then Ana 07700 900123.", True),  # a time, a phone
    ],
)
def test_a_person_is_a_name_not_a_code_or_a_date(sentence: str, names_someone: bool) -> None:
    assert asked_type("Who fixed it?") is AnswerType.PERSON
    assert states(sentence, AnswerType.PERSON) is names_someone


@pytest.mark.parametrize(
    ("question", "sentence", "names_someone"),
    [
        # The question's own names are what is asked about, not who answers it.
        ("Who recommended The Overstory to me?", "- The Overstory", False),
        ("who won the fa cup final last year", "FA Cup final: kick-off 14:00.", False),
        ("Who recommended The Overstory to me?", "- The Overstory (Kasia)", True),
        ("Quem é o representante da Fisiomed?", "Fisiomed: Cláudio Reis", True),
    ],
)
def test_a_name_the_question_gives_is_not_the_person_asked_for(
    question: str, sentence: str, names_someone: bool
) -> None:
    assert states(sentence, AnswerType.PERSON, question) is names_someone


@pytest.mark.parametrize(
    ("question", "path", "names_someone"),
    [
        ("¿Quién tiene copia de las llaves?", "personas/Amparo (vecina).md", True),
        ("Who has the spare key?", "people/Dona Irene.md", True),
        ("Who has the spare key?", "home/Irene (neighbour).md", True),  # a role beside it
        # title-case notes that name no one
        ("Who has the spare key?", "reading/Reading list.md", False),
        ("Who has the spare key?", "home/Spare Keys.md", False),
        ("Who has the spare key?", "Car Insurance.md", False),
        ("Who has the spare key?", "home/Boiler (30i).md", False),
        # the question names her: she is not who is asked for
        ("¿Quién tiene copia de las llaves de Amparo?", "personas/Amparo (vecina).md", False),
    ],
)
def test_a_note_about_a_person(question: str, path: str, names_someone: bool) -> None:
    assert note_names_person(path, question) is names_someone


def test_a_room_code_is_still_a_place() -> None:
    assert states("The exam is in room B-204.", AnswerType.PLACE)


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("What is the window cleaner's phone number?", AnswerType.PHONE),
        ("qual a data da hidrodilatação?", AnswerType.DATE),
        ("adresse mail du chef de fanfare", AnswerType.EMAIL),
        ("what's Priya's email?", AnswerType.EMAIL),
        ("dentist email", AnswerType.EMAIL),
        ("Qual o endereço de email do síndico?", AnswerType.EMAIL),
        ("what did the email say", None),  # what was written, not an address
        ("email from the council about bins", None),
        ("when did I email the landlord?", AnswerType.WHEN),
        ("¿Cuándo llegó el correo del banco?", AnswerType.WHEN),
        ("¿qué decía el correo del casero?", None),
        ("cual es el correo de la gestora", AnswerType.EMAIL),
        ("qual e la mail di Tom Hartley?", AnswerType.EMAIL),
        ("quel est le mail de Rachel ?", AnswerType.EMAIL),
        ("qual o e-mail do professor?", AnswerType.EMAIL),
        ("what is the email for bookings?", AnswerType.EMAIL),
        ("what email did I send to the landlord?", None),  # which message, not an address
        ("what is the email about the grant", None),
        ("¿Qué dosis de omeprazol toma mi papá?", AnswerType.QUANTITY),
        ("bar takings august 2025", AnswerType.PRICE),
        ("cual es la fecha de la boda", AnswerType.DATE),
        ("quelle est la date du concert", AnswerType.DATE),
        ("what is the date of the AGM", AnswerType.DATE),
        ("qual è la data della gita", AnswerType.DATE),
        ("qual é o horário da aula", AnswerType.TIME),
        ("what is the day of rest called", None),
        ("Qual o telefone da Marta?", AnswerType.PHONE),
        ("what's the new rent going to be from april", AnswerType.PRICE),
        ("What will be the monthly fee?", AnswerType.PRICE),
        ("What's the family membership fee for 2025?", AnswerType.PRICE),
        ("What was the total cloud cost for Payments Core in March?", AnswerType.PRICE),
        ("What's the excess on the home insurance?", AnswerType.PRICE),
        ("What is the accountant charging for the tax return?", AnswerType.PRICE),
        ("What did the kitchen reno end up costing?", AnswerType.PRICE),
        ("What is the fee structure for juniors?", None),
        ("What is the excess baggage allowance?", None),
        ("What is the formula I used to compute cost?", None),
        ("What will the choir subscription be for 2025-26?", AnswerType.PRICE),
        ("choir rehearsal night and times", AnswerType.TIME),
        ("opening hours bakery", AnswerType.TIME),
        ("cooking times for rice", AnswerType.DURATION),
        ("how much are the club dues this year", AnswerType.PRICE),
        # what someone earns is money, in every language; points earned are a count
        ("Quanto ganha a senhora da limpeza à hora?", AnswerType.PRICE),
        ("How much does the cleaner earn per hour?", AnswerType.PRICE),
        ("Combien gagne la femme de ménage ?", AnswerType.PRICE),
        ("Wie viel verdient die Putzfrau pro Stunde?", AnswerType.PRICE),
        ("Quanto guadagna la colf all'ora?", AnswerType.PRICE),
        ("how many points did she earn", AnswerType.QUANTITY),
        # any German "-nummer" names a code, but a phone's
        ("vertragsnummer strom", AnswerType.CODE),
        ("Policennummer Betriebshaftpflicht", AnswerType.CODE),
        ("Telefonnummer von Jonas", AnswerType.PHONE),
        ("what is the electricity contract number?", AnswerType.CODE),
        ("Quel est le numéro de contrat EDF ?", AnswerType.CODE),
        ("what is the annual premium", AnswerType.PRICE),
        ("What is the boiler's serial number?", AnswerType.CODE),
        ("Which version of Caddy did I install?", AnswerType.CODE),
        ("What IP address is the Pi-hole on?", AnswerType.CODE),
        ("Qual o número de série da caldeira?", AnswerType.CODE),
        ("How did I upgrade PostgreSQL to version 11?", None),  # the version is given
        ("Quanto vale Var(aX + b)?", None),  # an expression, not a number
        ("Quantos gramas de CO₂ saem?", AnswerType.QUANTITY),
        ("Which part no longer fits?", None),
        ("What changed in the new version?", None),
        ("What Python version does the CI use?", AnswerType.CODE),
        ("Qual o horário de atendimento por telefone?", AnswerType.TIME),  # hours, no phone
        ("Qual o modelo do celular da Ana?", None),
    ],
)
def test_codes_and_phone_numbers_are_asked_for(question: str, kind: AnswerType | None) -> None:
    assert asked_type(question) is kind


@pytest.mark.parametrize(
    ("sentence", "kind", "stated"),
    [
        ("- Phone: 07700 900412 (prefers WhatsApp).", AnswerType.PHONE, True),
        ("Ring +44 (0)117 496 0123 after six.", AnswerType.PHONE, True),
        ("Dev comes every 6 weeks, usually on a Thursday.", AnswerType.PHONE, False),
        ("The Pi-hole is on 192.168.20.53.", AnswerType.PHONE, False),
        ("The Pi-hole is on 192.168.20.53.", AnswerType.CODE, True),
        ("Pinned google-genai==2.22.0 in requirements.", AnswerType.CODE, True),
        ("Boiler is a Greenstar 30i, installed in 2019.", AnswerType.CODE, False),
        ("I installed it with brew install caddy.", AnswerType.CODE, False),
        ("| Física II | P1 | 22/04 (qua) | 8h |", AnswerType.DATE, True),
        ("Add 1/2 cup of sugar.", AnswerType.DATE, False),  # a fraction, not 1 February
        ("* 3oz pisco", AnswerType.QUANTITY, True),
        ("Staging: connect to db-staging:5433.", AnswerType.QUANTITY, True),  # a port in a host
        ("## Start (kl. 10.15–13.30)", AnswerType.PERSON, False),  # a heading's first word
        ("## Courses set by Maja Lund", AnswerType.PERSON, True),
        ("Flight BA 117 leaves at nine.", AnswerType.CODE, True),
        ("The exam is on 2024-04-22.", AnswerType.PHONE, False),
        ("Só vale para indeterminações 0/0 ou ∞/∞: lim f/g = lim f'/g'.", AnswerType.WHEN, True),
        ("The rule only applies to 0/0 and ∞/∞ forms.", AnswerType.WHEN, True),
        ("A regra de L'Hôpital vale muito na prova.", AnswerType.WHEN, False),
    ],
)
def test_what_a_sentence_states(sentence: str, kind: AnswerType, stated: bool) -> None:
    assert states(sentence, kind) is stated


def test_a_version_or_a_model_may_be_short() -> None:
    asked = "Which version of PostgreSQL do I run?"
    assert states("We run PostgreSQL 16.", AnswerType.CODE, asked)
    assert states("Greenstar 30i", AnswerType.CODE, "What is the boiler's model number?")
    assert not states("Greenstar 30i", AnswerType.CODE, "What is the boiler's serial number?")


@pytest.mark.parametrize(
    ("question", "sentence", "stated"),
    [
        ("How many people have watched the demo video?", "The clearest 20 seconds.", False),
        ("How many people came?", "About 40 people came.", True),
        ("How many hours did the backfill take?", "It took 41 hours.", True),
        ("How many hours did the backfill take?", "It wrote 3 GB.", False),
        ("Quantos gramas de CO₂ saem?", "Saem 44 g de CO₂.", True),
        ("How many of the tests passed?", "95% of them passed.", True),
        ("How many total hours did I log?", "I logged 41 hours.", True),
        ("How many grams of flour?", "Use 1 kg of flour.", True),  # a mass, in other units
        # Italian, French and German counts read their unit too
        ("Quanti gradi deve tenere il frigo?", "tenerli 20 minuti nel secchiello", False),
        ("Quanti gradi deve tenere il frigo?", "| Frigo banco | 8 °C |", True),
        ("Combien d'heures dure le trajet ?", "Le billet coûte 31 €.", False),
        ("Wie viele Flaschen sind gekommen?", "Es kamen 40 Flaschen.", True),
        ("Wie viele Flaschen sind gekommen?", "Die Lieferung kam um 9 Uhr.", False),
        # a weight counts no eggs
        ("¿Cuántos huevos ponen las gallinas al día?", "Pienso: 120 g por gallina.", False),
        ("¿Cuántos huevos ponen las gallinas al día?", "Ponen unos 10 huevos al día.", True),
        # "combien d'argent" is how much money, not how many things
        ("combien d'argent avait-il sur lui ?", "| In possession of $50? | yes, $62 |", True),
    ],
)
def test_a_count_is_of_what_the_question_counts(question: str, sentence: str, stated: bool) -> None:
    assert asked_type(question) is AnswerType.QUANTITY
    assert states(sentence, AnswerType.QUANTITY, question) is stated


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        # a price asked without "how much"
        ("What did the Dawes Galaxy sell for?", AnswerType.PRICE),
        ("What did I pay for the bike?", AnswerType.PRICE),
        ("what did we pay the plumber", AnswerType.PRICE),
        ("What did the boiler cost?", AnswerType.PRICE),
        ("What's the price of the studio?", AnswerType.PRICE),
        ("price of the hotel in Bodø", AnswerType.PRICE),
        ("cost of the new boiler", AnswerType.PRICE),
        ("what did I pay attention to", None),
        ("How much is the hotel in Bodø?", AnswerType.PRICE),
        ("How much is Marta charging for the boiler service?", AnswerType.PRICE),
        ("How much is left on my mortgage?", AnswerType.QUANTITY),
        ("how much is the daily dose", AnswerType.QUANTITY),
        # a terse birthday asks for its date; a longer question about one may not
        ("cumple de bea", AnswerType.DATE),
        ("Farah's birthday", AnswerType.DATE),
        ("aniversário da Ana", AnswerType.DATE),
        ("What did I get Bea for her birthday?", None),
        ("birthday party ideas for Bea", None),
        # French terse questions, and a terse English limit
        ("numéro de téléphone de Mme Giraud", AnswerType.PHONE),
        ("téléphone du plombier", AnswerType.PHONE),
        ("montant du dépôt de garantie du studio", AnswerType.PRICE),
        ("prix du carénage", AnswerType.PRICE),
        ("max attachment upload size", AnswerType.QUANTITY),
        ("increase the upload size limit in nginx", None),
        # a score or a grade
        ("What score did I get in the ham radio exam?", AnswerType.QUANTITY),
        ("¿Qué nota saqué en la parte oral?", AnswerType.QUANTITY),
        ("Que nota eu tirei no relatório?", AnswerType.QUANTITY),
        ("What does the script do?", None),
        # a measurement
        ("What temperature do I bake focaccia at?", AnswerType.QUANTITY),
        ("What pressure should the rear tyre be?", AnswerType.QUANTITY),
        ("What is the tyre pressure on the Raleigh?", AnswerType.QUANTITY),
        ("How heavy is the boat?", AnswerType.QUANTITY),
        ("how far is the marina", AnswerType.QUANTITY),
        ("What is the capacity planning doc?", None),  # a compound, no measure asked
        ("what weight classes are there", None),
        ("What speed dial is mum?", None),
        ("What was the salinity at station CF1-12?", AnswerType.QUANTITY),
        ("what was the pH of the sample", AnswerType.QUANTITY),
        ("what is the floor area of the loft?", AnswerType.QUANTITY),
        ("what area of the house is the boiler in", None),  # which area, not how large
        ("qual era a salinidade na estação CF1-12?", AnswerType.QUANTITY),
        ("qual a profundidade do poço", AnswerType.QUANTITY),
        ("Qual é a potência do aparelho de ultrassom?", AnswerType.QUANTITY),
        ("¿Cuál es la temperatura del horno?", AnswerType.QUANTITY),
        ("que área da clínica atende convênio?", None),
        # a measure by its preposition, or named among other words
        ("At what temperature does the glaze set?", AnswerType.QUANTITY),
        ("a que temperatura tiene que estar la vitrina", AnswerType.QUANTITY),
        ("Above what wind speed are sessions cancelled?", AnswerType.QUANTITY),
        ("What p99 latency did the failover cause?", AnswerType.QUANTITY),
        ("What ABV was the old v2 of the IPA?", AnswerType.QUANTITY),
        ("Which port does the Plex server listen on?", AnswerType.QUANTITY),
        ("staging db port", AnswerType.QUANTITY),
        ("Which port did we sail from on the second day?", None),  # a port of call
        ("max participants schnupperkurs", AnswerType.QUANTITY),
        ("prod redis maxmemory", AnswerType.QUANTITY),
        ("whats the max dissolved oxygen allowed in our cans?", AnswerType.QUANTITY),
        ("Max phone number", AnswerType.PHONE),
        ("max email", AnswerType.EMAIL),
        ("newsletter subscriber count in May", AnswerType.QUANTITY),
        ("What did the gas meter say at the start of March?", AnswerType.QUANTITY),
        ("lettura contatore gas febbraio", AnswerType.QUANTITY),
        ("mileage reimbursement rate", None),  # not a meter's reading
        ("On what date was sector 6 increased to 40 minutes?", AnswerType.DATE),
        # a person by role, asked for by name; a place by its kind; an address
        ("name of the EHO who did the june inspection", AnswerType.PERSON),
        ("pest control tech name", AnswerType.PERSON),
        ("come si chiama il mio commercialista", AnswerType.PERSON),
        ("Wie heißt der Hausmeister der Grundschule?", AnswerType.PERSON),
        ("name of the file with the budget", None),
        ("wifi network name", None),
        ("which hotel are we staying at in angouleme", AnswerType.PLACE),
        ("Which room was the planning session held in?", AnswerType.PLACE),
        ("em q hotel a gente ficou em buenos aires", AnswerType.PLACE),
        ("Dans quelle salle j'ai HGGSP ?", AnswerType.PLACE),
        ("which room number is Priya in", None),
        ("What's the address of the surf shop?", AnswerType.PLACE),
        ("Wat is het adres van het Onderdelenhuis?", AnswerType.PLACE),
        ("How do I make an HTTP request to an IPv6 address?", None),
        ("What is the capital of Australia?", AnswerType.PLACE),
        # times of day, dates and lengths of time by name
        ("check out time", AnswerType.TIME),
        ("market trading hours", AnswerType.TIME),
        ("What hours does Mei work?", AnswerType.TIME),
        ("How early in the day can I ring Grandma?", AnswerType.TIME),
        ("horario da turma H do pilates", AnswerType.TIME),
        ("até quando vale meu visto atual?", AnswerType.WHEN),
        ("jusqu'à quand le lave-linge est garanti", AnswerType.WHEN),
        ("whens the mot due", AnswerType.WHEN),
        ("What are Julien's contract dates?", AnswerType.DATE),
        ("grape harvest 2024 dates", AnswerType.DATE),
        ("last day for xmas orders this yr?", AnswerType.DATE),
        ("What's the last day to send the lease notice?", AnswerType.DATE),
        ("what did we do on the last day of the trip", None),
        ("what is the accountant's name", AnswerType.PERSON),
        ("vol 3 release notes", None),
        # an access code asked in full
        ("what's the gate code for the observing field", AnswerType.CODE),
        ("what's the code for the key box at the club hut?", AnswerType.CODE),
        ("cest quoi le code du portail du jardin", AnswerType.CODE),
        # "how much to <do something>" asks what it costs, unless it is an amount to use
        ("how much to hire the 10 inch dob for a month?", AnswerType.PRICE),
        ("how much to join the society", AnswerType.PRICE),
        ("how much to feed the starter", AnswerType.QUANTITY),
        ("In che giorni resta chiusa l'enoteca?", AnswerType.DATE),
        ("croissant proof time", AnswerType.DURATION),
        ("warranty period of the boiler", AnswerType.DURATION),
        ("Qual a meia vida do carbono 14?", AnswerType.DURATION),
        ("Como tiro a meia-vida a partir do λ?", None),
        ("What was the winning time on leg 3?", AnswerType.DURATION),
        ("Erik N:s tid på USM-sprinten?", AnswerType.DURATION),
        # a physical or a course's number, a rate, a score, a terse measure
        ("Qual o pKa do ácido acético?", AnswerType.QUANTITY),
        ("qual a chance de estar doente se o teste deu positivo?", AnswerType.QUANTITY),
        ("Qual a resolução em frequência de uma FFT?", None),  # an expression
        ("What is the boiling point of ethanol?", AnswerType.QUANTITY),
        ("What was the open rate of the March newsletter?", AnswerType.QUANTITY),
        ("What was my actual score out of 50?", AnswerType.QUANTITY),
        ("sourdough hydr?", AnswerType.QUANTITY),
        ("seating capacity teatro san procolo", AnswerType.QUANTITY),
        ("capacity planning doc", None),
        ("chandler boss hp", AnswerType.QUANTITY),
        ("What tyre pressures do I run on the road bike?", AnswerType.QUANTITY),
        # a deposit is money
        ("fianza por barril de 20 litros?", AnswerType.PRICE),
        ("What is the deposit for the flat?", AnswerType.PRICE),
        ("how much deposit did we pay on the van", AnswerType.PRICE),
        ("¿Cuál es la fianza del piso?", AnswerType.PRICE),
        ("Flaschenpfand pro Kiste", AnswerType.PRICE),
        ("kaution betrag", AnswerType.PRICE),
        ("where do I deposit the cheques?", AnswerType.PLACE),
    ],
)
def test_prices_and_measurements_asked_in_other_words(
    question: str, kind: AnswerType | None
) -> None:
    assert asked_type(question) is kind


@pytest.mark.parametrize(
    ("question", "sentence", "stated"),
    [
        ("What's the booking reference for the Girona flight?", "Booking ref: QXR7TL", True),
        ("What's the booking reference for the Girona flight?", "Booking ref: KXQTLM", True),
        ("What's the booking reference for the Girona flight?", "Ryanair, 07:10", False),
        ("¿Cuál es el localizador del vuelo a Lisboa?", "Localizador: K7QX3M.", True),
        ("Qual o localizador do voo?", "Voo às 7:10 de Lisboa.", False),
        ("¿Cuál es el localizador del vuelo a México?", "Vuelo Madrid → México IB 6403.", False),
        ("What's the booking reference?", "Flight EZY8123, booking 4123556789", True),
        ("quelle est la référence de réservation du ferry", "Réf. : CORSICA 88412", True),
        ("What is the serial number?", "Serial: KXQTLM", False),  # letters only: a booking's
    ],
)
def test_a_booking_code_is_asked_for(question: str, sentence: str, stated: bool) -> None:
    assert asked_type(question) is AnswerType.CODE
    assert states(sentence, AnswerType.CODE, question) is stated


@pytest.mark.parametrize(
    ("sentence", "stated"),
    [
        ("Hertz at Bodø airport, NOK 9,840 for the week", True),
        ("Ferry 12.50 CHF each way", True),
        ("Cabin 9 840 kr", True),
        ("- 18 June: back in Bodø, Scandic Havet", False),
        ("A hub with 40 USB ports", False),
    ],
)
def test_an_amount_in_a_currency_code_is_a_price(sentence: str, stated: bool) -> None:
    assert states(sentence, AnswerType.PRICE, "How much is the hire car?") is stated


@pytest.mark.parametrize(
    ("question", "sentence", "stated"),
    [
        ("What pressure should the rear tyre be?", "- rear 36 psi, 41 psi loaded", True),
        ("What pressure should the rear tyre be?", "- tyres: Panaracer Pasela 27 × 1¼", False),
        ("What temperature do I bake focaccia at?", "Bake at 230 °C for 22 min.", True),
        ("What temperature do I bake focaccia at?", "Bake for 22 min.", False),
        ("What temperature setting does the tool send?", '{"top_k": 40, "seed": 7}', False),
        ("¿Cuánto pesaba Mandarina?", "- Peso: 4,3 kg (septiembre de 2024).", True),
        ("How many cats do we have?", "Two cats, 4,3 kg and 5 kg.", True),  # a count: no measure
    ],
)
def test_a_measure_asked_by_name_is_stated_in_its_units(
    question: str, sentence: str, stated: bool
) -> None:
    assert asked_type(question) is AnswerType.QUANTITY
    assert states(sentence, AnswerType.QUANTITY, question) is stated


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("qto custa a sessao avulsa agora?", AnswerType.PRICE),
        # "quanto ficou" is a price as often as a score or a grade: a number
        ("quanto ficou a nota da prova", AnswerType.QUANTITY),
        ("qtas gotas de dipirona eu dou pra ela?", AnswerType.QUANTITY),
        ("qdo começam minhas férias", AnswerType.WHEN),
        ("qto tempo deixo a carne dessalgando", AnswerType.DURATION),
        ("o que é uma quitanda?", None),  # "q" words that are no shorthand stay as they are
    ],
)
def test_portuguese_typed_in_a_hurry(question: str, kind: AnswerType | None) -> None:
    assert asked_type(question) is kind


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("turnaround time for sanger sequencing", AnswerType.DURATION),
        ("What's the travel time from the office to Jork?", AnswerType.DURATION),
        ("screed drying time", AnswerType.DURATION),
        ("What time is the flight to Bergen?", AnswerType.TIME),  # a time of day
        ("what time did the ship leave port", AnswerType.TIME),
        # how long before something: "at least 15 minutes before"
        (
            "How early do hosts need to be at the studio before their show starts?",
            AnswerType.DURATION,
        ),
        ("how soon before the flight should we leave", AnswerType.DURATION),
        ("Com quanta antecedência se marca o estúdio?", AnswerType.DURATION),
        ("¿Con cuánta antelación hay que reservar la sala?", AnswerType.DURATION),
    ],
)
def test_a_time_something_takes_is_a_duration(question: str, kind: AnswerType | None) -> None:
    assert asked_type(question) is kind


def test_a_turnaround_is_stated_in_days_not_in_euros() -> None:
    question = "turnaround time for sanger sequencing"
    assert states("- Sanger: 2–3 working days from receipt.", AnswerType.DURATION, question)
    assert not states("- Sanger: 3.90 € per reaction.", AnswerType.DURATION, question)
    # a range, or a qualified unit, is a span as much as "3 days"
    for span in ("3 business days", "2-3 days", "Lieferzeit 4 bis 6 Wochen", "de 2 a 3 dias"):
        assert states(span, AnswerType.DURATION, question), span


def test_how_long_something_stays_is_no_price() -> None:
    assert asked_type("quanto fica o bolo no forno?") is not AnswerType.PRICE


def test_a_number_the_question_gives_is_not_the_count_asked_for() -> None:
    question = "qto vai ficar a renovação do seguro do carro 2025/26"
    assert not states("Renovação 2025/26: a cotação vem depois", AnswerType.QUANTITY, question)
    assert states("Renovação 2025/26: R$ 2.380", AnswerType.QUANTITY, question)


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("ILL4010 resit marking deadline?", AnswerType.DATE),
        ("passport expiry", AnswerType.DATE),
        ("prazo do imposto de renda", AnswerType.DATE),
        ("what is the deadline for the essay?", AnswerType.DATE),
        ("deadline extension policy", None),  # about the policy, not a date
        ("Qual é o prazo para entregar os documentos da licença?", AnswerType.DATE),
        ("¿Cuál es el plazo para pagar el IBI?", AnswerType.DATE),
        ("Qual è la scadenza del bollo?", AnswerType.DATE),
        ("Quelle est la date limite pour le dossier ?", AnswerType.DATE),
        ("Qual é o prazo de entrega dos fatos?", None),  # a lead time, weeks not a date
        ("moorland brewing day rate", AnswerType.PRICE),
        ("what's my hourly rate at the uni?", AnswerType.PRICE),
        ("what day rate did we agree with Pemberton?", AnswerType.PRICE),  # not a day
        ("what day is bin collection?", AnswerType.DATE),
        ("how much was invoice INV-052 for", AnswerType.PRICE),
    ],
)
def test_deadlines_and_rates(question: str, kind: AnswerType | None) -> None:
    assert asked_type(question) is kind


@pytest.mark.parametrize(
    ("sentence", "stated"),
    [
        ("Day rate: £320", True),
        ("£300/day for anything else", True),
        ("- £380 per exterior perspective (A3, ink + flat colour)", False),
        ("- Rate: £42.18 per hour", False),  # an hourly rate is no day rate
    ],
)
def test_a_rate_asked_by_its_period_is_stated_with_it(sentence: str, stated: bool) -> None:
    assert states(sentence, AnswerType.PRICE, "what day rate did we agree?") is stated


@pytest.mark.parametrize(
    ("sentence", "names_someone"),
    [
        ("- Spare key: Doreen has one (on her hook in the hall)", True),
        ("**Owner:** Kasia", True),
        ("Status: Done", False),  # a label's common word is no name
        ("Note: The boiler was serviced.", False),
    ],
)
def test_a_name_after_a_label(sentence: str, names_someone: bool) -> None:
    assert states(sentence, AnswerType.PERSON, "who has my spare key") is names_someone


def test_a_count_the_question_gives_in_a_unit_is_not_the_count_asked_for() -> None:
    question = "how many teaching hours do I have in semester 2?"
    assert not states("- Semester 2 hours: to follow from Ottilie", AnswerType.QUANTITY, question)
    assert states("- Semester 1: 66 contact hours", AnswerType.QUANTITY, question)


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("serial number of the cintiq", AnswerType.CODE),
        ("policy number of the car insurance", AnswerType.CODE),
        ("order number of the steps for a restore", None),  # their sequence
        ("the number of orders this month", None),  # a count, asked in other words
    ],
)
def test_a_code_named_first_in_a_terse_query(question: str, kind: AnswerType | None) -> None:
    assert asked_type(question) is kind


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("a cuanto daba tapatia la harina panificable antes de que subiera?", AnswerType.PRICE),
        ("¿a cuánto está el kilo de tortilla?", AnswerType.PRICE),
        ("cuanto da de resultado la suma", AnswerType.QUANTITY),  # not "a cuánto"
        ("¿A cuánto se le paga la hora a Marc?", AnswerType.PRICE),  # what someone is paid
        ("¿Cuándo se paga la cuota?", AnswerType.WHEN),
        # a noun phrase of more than ten words still opens with what it asks
        ("price per kilo of tomatoes at the Saturday market this year", AnswerType.PRICE),
    ],
)
def test_what_a_seller_charges_asked_in_mexican_spanish(
    question: str, kind: AnswerType | None
) -> None:
    assert asked_type(question) is kind


def test_a_note_titled_with_a_role_beside_a_name_in_its_heading() -> None:
    question = "¿Quién tiene copia de la llave de mi casa?"
    assert note_names_person("casa/vecina.md", question, "Doña Carmen (vecina del 214)")
    assert not note_names_person("casa/gas.md", question, "Gas")


def test_an_email_address_is_stated_only_by_an_address() -> None:
    from app.core.verdict.stated_values import states

    asked = "adresse mail du chef de fanfare"
    assert not states(
        "Chef : Bruno Albertini — 06 14 78 22 05 (SMS plutôt)", AnswerType.EMAIL, asked
    )
    assert states("Chef : Bruno Albertini, bruno.a@example.fr", AnswerType.EMAIL, asked)


@pytest.mark.parametrize(
    "question",
    [
        "quel jour commencent les travaux de toiture du gite ?",
        "Elternabend Kita Füchse – an welchem Tag genau?",
        "which day is the plumber coming",
    ],
)
def test_a_question_for_the_day_needs_a_day(question: str) -> None:
    """A month or a year does not say which day: "en octobre probablement"."""
    assert asked_type(question) is AnswerType.DATE
    assert not states(
        "en octobre probablement, Zeitraum April–August 2026", AnswerType.DATE, question
    )
    assert states("le mardi 14 octobre", AnswerType.DATE, question)
    assert states("am 14.10.", AnswerType.DATE, question)
    assert states("| Fatura cartão | dia 12 |", AnswerType.DATE, question)
    assert states("en octobre", AnswerType.DATE, "quand commencent les travaux")


@pytest.mark.parametrize(
    "question",
    [
        "¿Cuál es la extensión de teléfono de Kenji Watanabe?",
        "What is Owen Price's phone extension?",
        "grace okafor desk extension",
        "qual o ramal do telefone da recepção?",
    ],
)
def test_a_phone_extension_is_asked_as_a_number(question: str) -> None:
    """ "Extension: 5521" answers it; a whole phone number is not needed, and a note that
    only says how to reach the person ("Slack or email only") does not answer it."""
    assert asked_type(question) is AnswerType.QUANTITY
    assert states("- Extension: 5521", AnswerType.QUANTITY, question)
    assert not states("Does not use the desk phone at all; Slack or email only.",
                      AnswerType.QUANTITY, question)  # fmt: skip
    assert not states("- Pushing for 3DS2 frictionless rate above 85% this year.",
                      AnswerType.QUANTITY, question)  # fmt: skip


def test_a_deadline_extension_is_no_phone_extension() -> None:
    assert asked_type("When does the essay deadline extension end?") is AnswerType.WHEN


@pytest.mark.parametrize(
    ("question", "start_only", "end_given", "start_asked"),
    [
        (
            "When does Tomasz come back from parental leave?",
            "- Parental leave will start on 4 August 2025.",
            "- Back at work on 3 November 2025.",
            "When does Tomasz's parental leave start?",
        ),
        (
            "¿Cuándo vuelve Marta de la baja?",
            "La baja empieza el 2 de junio.",
            "Baja del 2 de junio hasta el 30 de septiembre.",
            "¿Cuándo empieza la baja de Marta?",
        ),
        (
            "when does the deploy freeze end",
            "- Freeze starts 15 December.",
            "- Freeze from 15 December – 7 January.",
            "when does the deploy freeze start",
        ),
    ],
)
def test_the_start_of_a_period_does_not_say_when_it_ends(
    question: str, start_only: str, end_given: str, start_asked: str
) -> None:
    kind = asked_type(question)
    assert kind in (AnswerType.WHEN, AnswerType.DATE)
    assert not states(start_only, kind, question)
    assert states(end_given, kind, question)
    # asked when it starts, the start answers
    assert states(start_only, asked_type(start_asked) or kind, start_asked)


@pytest.mark.parametrize(
    ("sentence", "stated"),
    [
        ("- CF1-12 box core 01:50: the first core was disturbed, 2nd attempt ok.", False),
        ("| CF1-12 | 19/10 | 01:50 | 1250 | 35.6 | Box corer |", True),
        ("Salinity 35.6 at CF1-12.", True),
    ],
)
def test_a_place_in_an_order_is_no_measure(sentence: str, stated: bool) -> None:
    question = "What was the salinity at station CF1-12?"
    assert states(sentence, AnswerType.QUANTITY, question) is stated


@pytest.mark.parametrize(
    ("question", "sentence", "stated"),
    [
        ("com quantos km o Fit estava quando eu comprei",
         "Honda Fit 2016, prata. Comprei em 2019, de um colega do meu pai.", False),
        ("com quantos km o Fit estava quando eu comprei", "Quilometragem na compra: 87.400 km",
         True),
        ("com quantos km o Fit estava quando eu comprei", "| Fit | 87400 |", True),
        ("How many participants were included in the BFR paper?", "read: 2025-04-05", False),
        ("How many participants were in the trial?", "Recruited in 2019: 48 participants.",
         True),
    ],
)  # fmt: skip
def test_a_year_counts_nothing(question: str, sentence: str, stated: bool) -> None:
    assert states(sentence, AnswerType.QUANTITY, question) is stated


@pytest.mark.parametrize(
    ("sentence", "stated"),
    [
        ("Korrigan went back in the water in 2024 [5].", False),  # the question's own year
        ("On 18 April 2024.", True),
        ("In 2023.", True),  # another year is a date, if a poor one
        ("Termin 2026 steht noch nicht fest.", False),
    ],
)
def test_the_year_the_question_gives_dates_nothing(sentence: str, stated: bool) -> None:
    for question in ("When did Korrigan go back in the water in 2024?", "Regatta 2026 datum"):
        if ("2026" in sentence) == ("2026" in question):
            kind = asked_type(question)
            assert kind is not None and states(sentence, kind, question) is stated


def test_how_early_before_is_answered_by_a_length_of_time_not_a_floor() -> None:
    question = "How early do hosts need to be at the studio before their show starts?"
    kind = asked_type(question)
    assert kind is not None
    stated = "Os apresentadores chegam pelo menos 15 minutos antes do início do programa."
    assert states(stated, kind, question, stated)
    assert not states("The studio is on the 1st floor.", kind, question, "")


@pytest.mark.parametrize(
    ("question", "sentence", "stated"),
    [
        # English asks a length and a length of time alike
        (
            "how long is Rosa's Sunday bike ride?",
            "Vuelta al Puerto: 87 km, 1.150 m de desnivel.",
            True,
        ),
        ("How long was the coastal hike?", "The loop is 12 miles.", True),
        ("how long is the diacetyl rest?", "Hold for 48 hours at 18 °C.", True),
        # unless a verb says which
        ("how long does Rosa's Sunday ride take?", "Vuelta al Puerto: 87 km.", False),
        ("How long is the taproom open on Sundays?", "The terrace is 40 m long.", False),
    ],
)
def test_how_long_is_a_length_or_a_length_of_time(
    question: str, sentence: str, stated: bool
) -> None:
    assert asked_type(question) is AnswerType.DURATION
    assert states(sentence, AnswerType.DURATION, question) is stated


@pytest.mark.parametrize(
    ("question", "sentence", "stated"),
    [
        ("Erik N:s tid på USM-sprinten?", "- Erik: **14:38**, plac 27.", True),
        ("What was the winning time on leg 3?", "Leg 3 was won in 1:52:10.", True),
        ("How long is the bus ride to the start?", "The bus leaves at 14:38.", False),
    ],
)
def test_a_race_result_is_written_like_a_clock(question: str, sentence: str, stated: bool) -> None:
    assert states(sentence, AnswerType.DURATION, question) is stated


@pytest.mark.parametrize(
    ("question", "sentence", "stated"),
    [
        # a sum asked for a period is stated with it, in the line or around it
        ("how much to hire the 10 inch dob for a month?", "£22.50 per evening session", False),
        ("how much to hire the 10 inch dob for a month?", "£15 a month, £40 deposit", True),
        ("how much is the tourist tax per night", "€ 1,50 a persona a notte", True),
        ("how much was the day pass?", "£12", True),  # a day pass is no rate
    ],
)
def test_a_sum_asked_for_a_period(question: str, sentence: str, stated: bool) -> None:
    assert states(sentence, AnswerType.PRICE, question) is stated


def test_a_rate_s_period_may_be_the_table_s() -> None:
    header = "| Época | Preço/noite |\n|---|---|"
    question = "How much is the sea-view room per night in low season?"
    assert not states("| Baixa (nov–mar) | 55 € |", AnswerType.PRICE, question)
    assert states("| Baixa (nov–mar) | 55 € |", AnswerType.PRICE, question, header)


def test_a_day_or_a_month_is_no_place() -> None:
    question = "where are the monthly general meetings held"
    assert not states("- General meetings: first Thursday of the month", AnswerType.PLACE, question)
    assert states("- General meetings: the Cross Keys, Sowerby", AnswerType.PLACE, question)


def test_how_early_is_answered_by_a_time_or_a_lead() -> None:
    """ "How early should the lead planner be on site?" is answered by "3 hours before
    the ceremony" as by "by 08:00"; a time of day asked for is not."""
    question = "how early should the lead planner be on site for an outdoor ceremony"
    assert asked_type(question) is AnswerType.TIME
    lead = "Lead planner on site 3 hours before the ceremony (4 hours for outdoor ceremonies)."
    assert states(lead, AnswerType.TIME, question)
    assert not states("Lead planner on site early, walk the venue.", AnswerType.TIME, question)
    assert not states(lead, AnswerType.TIME, "what time is the lead planner on site")


def test_a_count_of_what_is_asked_about_is_no_count_of_what_is_counted() -> None:
    """Asked how many people sleep in one bell tent, "8 bell tents" counts the tents."""
    question = "how many people sleep in one of the cleeve hill bell tents"
    assert not states(
        "- 8 bell tents on site, £120 per tent per night", AnswerType.QUANTITY, question
    )
    assert states("- each bell tent sleeps 4 people", AnswerType.QUANTITY, question)
    assert states("- sleeps 4", AnswerType.QUANTITY, question)
    guests = "how many guests at the harbourside wedding"
    assert states("Harbourside wedding: 120 guests", AnswerType.QUANTITY, guests)
