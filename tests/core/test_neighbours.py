"""A quote about the neighbour of the asked thing: another row, item, label or person."""

from __future__ import annotations

import pytest

from app.core.answer.neighbours import neighbour_of_asked

PROVAS = (
    "| disciplina | prova | data |\n| --- | --- | --- |\n"
    "| Cálculo II | P1 | 14/04 (ter) |\n| Química Geral | P1 | 30/04 (qui) |\n"
)
PROFESSORES = (
    "## Professores\n- Cálculo II: Prof.ª Helena Vasconcelos, atendimento às quartas, sala "
    "B-310\n- Física II: Prof. Ricardo Tanaka\n- Química Geral: Prof.ª Cecília Moura\n"
)
HELENA = "- Cálculo II: Prof.ª Helena Vasconcelos, atendimento às quartas, sala B-310"
OPTICA = (
    "## Refração\n- Índice de refração: n = c/v\n"
    "- Valores: ar ≈ 1,00; água 1,33; vidro comum ≈ 1,5; diamante 2,42\n"
)
OPERADORES = (
    "## Operadores\n- `/` divisão real (7 / 2 = 3.5)\n- `//` divisão inteira (7 // 2 = 3)\n"
    "- `%` resto (7 % 2 = 1)\n"
)
TAVARES = "O professor Ricardo Tavares disse que isso cai na segunda prova."
BACKUPS = (
    "Production database:\n\n- nightly base backup at 01:30 UTC\n"
    "- retention: 35 days, enforced by object lock\n"
)
CONTACTS = (
    "| Vendor | What for | Support phone | Owner |\n|---|---|---|---|\n"
    "| Basaltic DB | Managed Postgres | +1 415 555 0182 | Kwame Asante |\n"
    "| Nameplate DNS | DNS | +44 20 7946 0831 | Aiko Brandt |"
)
PEUGEOT = (
    "type:: bike\nbought:: 2026-01-24 from a seller in Whitby\n\n- parts needed\n"
    "\t- Simplex SJ rear mech — watching a few on eBay\n"
)
FEWO = (
    "Ferienwohnung in Göhren, 2 Zimmer, Balkon\n\nKosten:\n- 7 Nächte × 118 € = 826 €\n"
    "- Endreinigung 65 € → zusammen 891 €"
)
BAKERY = (
    "phone:: 01632 960418\ntags:: bakery\n\n- ## Equipment\n"
    "\t- walk-in fridge belongs to the landlord, see [[Dilys Armitage]]"
)
VAN = (
    "- reg: KX19 ABC\n- last service: Millbrook Motors, 2025-11-03, 68,420 miles\n"
    "- next MOT due: 2026-05-30\n"
)
ANALITICA = (
    "| prueba | valor | referencia |\n| --- | --- | --- |\n| Ferritina | 14 ng/mL | 15–150 |\n"
    "| Vitamina D | 19 ng/mL | 30–100 |\n"
)
FOUTCODES = (
    "> Eerst altijd\n> Machine 1 minuut uit, dan opnieuw starten.\n\n"
    "## E17 – geen watertoevoer\n- kraan dicht?\n\n## E21 – motor draait niet\n\n"
    "De trommel draait dan niet.\n\n1. Stroom eraf, achterwand los.\n2. Koolborstels eruit.\n"
)
SUBSTITUICOES = (
    "| expressão | substituição |\n| --- | --- |\n| √(a² − x²) | x = a·sen θ |\n"
    "| √(a² + x²) | x = a·tg θ |\n"
)


@pytest.mark.parametrize(
    ("question", "quote", "passage", "where", "neighbour"),
    [
        # a numbered label given with another number
        ("Qual a data da P2 de Química Geral?", "| Química Geral | P1 | 30/04 (qui) |", PROVAS,
         "", "P2"),
        ("Qual a data da P1 de Química Geral?", "| Química Geral | P1 | 30/04 (qui) |", PROVAS,
         "", None),
        ("Qual foi o rendimento da prática 4?", "Prática 2 (12/03): rendimento de 71%.",
         "Prática 2 (12/03): rendimento de 71%.", "", "prática 4"),
        ("How long does it take about 5 minutes?", "It takes about 3 minutes.",
         "It takes about 3 minutes.", "", None),  # "about 5" measures, it labels nothing
        ("Which shop opens before 9?", "The bakery opens before 8.",
         "The bakery opens before 8.", "", None),  # "before 9" measures, it labels nothing
        ("Is the train on platform 4?", "It leaves from platform 6.",
         "It leaves from platform 6.", "", None),  # a yes/no question: "no" is the answer
        ("When is P2?", "P02: 24/06", "P02: 24/06", "", None),
        # a label followed by a word that is no unit: "chapter 3 due"
        ("When is the draft of chapter 3 due to Rui?", "- Full draft chapter 2 → Rui by 30 June.",
         "- Full draft chapter 2 → Rui by 30 June.", "", "chapter 3"),
        ("When is the draft of chapter 2 due?", "- Full draft chapter 2 → Rui by 30 June.",
         "- Full draft chapter 2 → Rui by 30 June.", "", None),
        ("How long do I boil it for about 5 minutes more?", "Boil for about 10 minutes.",
         "Boil for about 10 minutes.", "", None),
        # an identifier of the same family, not the one asked
        ("What worker_processes value does the config use?",
         "events { worker_connections 1024; }", "events { worker_connections 1024; }", "",
         "worker_connections"),
        ("What does gemini-3.6-flash charge?", "gemini-3.5-flash costs $0.40 per million.",
         "gemini-3.5-flash costs $0.40 per million.", "", "gemini-3.5-flash"),
        ("How do I write a fixture with pytest-asyncio?", "A fixture with pytest-asyncio.",
         "A fixture with pytest-asyncio.", "", None),
        ("When is the next follow-up?", "Follow-ups are every 6 weeks.",
         "Follow-ups are every 6 weeks.", "", None),  # a hyphenated word, no identifier
        ("What worker_processes value?", "worker_processes:auto", "worker_processes:auto", "",
         None),
        # a keyed item beside the one the question names
        ("Onde o professor de Física II atende os alunos?", HELENA, PROFESSORES, "", "Física II"),
        ("Onde a professora de Cálculo II atende?", HELENA, PROFESSORES, "", None),
        ("Qual o índice de refração do diamante?", OPTICA.split("\n")[2], OPTICA, "", None),
        ("Que substituição usar para raiz de a² + x²?", "| √(a² + x²) | x = a·tg θ |",
         SUBSTITUICOES, "", None),
        ("Qual a nota da prova 2 de Física II?", "| 3 | Física II | prova 2 | 8,5 |",
         "| n | disciplina | prova | nota |\n| --- | --- | --- | --- |\n"
         "| 3 | Física II | prova 2 | 8,5 |\n| 4 | Cálculo II | prova 2 | 7,0 |", "", None),
        ("Which room is next to Room 12?", "- Room 14: next to Room 12",
         "- Room 12: the lab\n- Room 14: next to Room 12", "", None),
        ("What happens after the 10:30 call?", "- 11:00 lunch", "- 10:30 call\n- 11:00 lunch",
         "", None),
        # a sibling item that goes on as the question does
        ("Qual operador faz divisão inteira em Python?", "- `/` divisão real (7 / 2 = 3.5)",
         OPERADORES, "", "divisão inteira"),
        ("Qual operador faz divisão inteira em Python?", "- `//` divisão inteira (7 // 2 = 3)",
         OPERADORES, "", None),
        ("How do I pay the heating engineer?", "- Bank transfer only, invoices by email",
         "- Heating engineer: Dev\n- Bank transfer only, invoices by email", "", None),
        ("Com que ângulo eu consigo o maior alcance num lançamento?",
         "- Alcance: R = v₀²·sen(2θ)/g → o alcance é máximo em θ = 45°",
         "- Alcance: R = v₀²·sen(2θ)/g → o alcance é máximo em θ = 45°\n"
         "- Ângulos complementares (30° e 60°) dão o mesmo alcance.", "", None),
        # an owner the quoted passage never names
        ("What is the window cleaner's phone number?", "- Phone: 07700 900412",
         "# Marta Ruiz\n- Phone: 07700 900412", "people/Marta Ruiz.md", "window cleaner"),
        ("What is Marta's phone number?", "- Phone: 07700 900412",
         "- Phone: 07700 900412", "people/Marta Ruiz.md", None),  # named by the note's path
        ("What is the new landlord's phone number?", "Landlord: 0117 496 0123",
         "Landlord: 0117 496 0123", "", None),  # the head noun, not its adjective
        ("What time is Monday's standup?", "Standup: Mon 9:30", "Standup: Mon 9:30", "", None),
        ("What is on today's menu?", "Soup and bread.", "## Menu\nSoup and bread.", "", None),
        ("What time's the ferry?", "The ferry leaves at 15:00.", "The ferry leaves at 15:00.",
         "", None),  # 's is "is" here
        ("What's the boiler's pressure when cold?", "Between 1.0 and 1.5 bar.",
         "## Boiler\nBetween 1.0 and 1.5 bar.", "", None),
        ("What's Dilys's phone number?", "phone:: 01632 960418", BAKERY, "pages/Bakery.md",
         "never names Dilys"),  # a page's own phone, Dilys named further down
        ("What's Dilys's phone number?", "- Dilys Armitage (landlord): 01632 960555",
         f"{BAKERY}\n- Dilys Armitage (landlord): 01632 960555", "pages/Bakery.md", None),
        ("What's Dilys's phone number?", "phone:: 01632 960555", "phone:: 01632 960555",
         "pages/Dilys Armitage.md", None),  # her own page
        ("When is the cat's booster due?", "> Booster due 2 June 2026.",
         "# Miso, our cat\n\n> Booster due 2 June 2026.", "", None),  # a thing, not a name
        # a name the passage states elsewhere, not where the quote stands
        ("When did I buy the Simplex SJ rear mech for the Peugeot?",
         "bought:: 2026-01-24 from a seller in Whitby", PEUGEOT, "pages/Peugeot PX-10.md",
         "Simplex"),
        ("When did I buy the Peugeot?", "bought:: 2026-01-24 from a seller in Whitby", PEUGEOT,
         "pages/Peugeot PX-10.md", None),
        ("How do I fit the Simplex SJ rear mech?", "bought:: 2026-01-24 from a seller in Whitby",
         PEUGEOT, "pages/Peugeot PX-10.md", None),  # no value asked: read around
        # no value asked, but a code: the advice that opens a list of error codes is not E21's
        ("wat betekent e21 op een bosch wasmachine", "Machine 1 minuut uit, dan opnieuw starten.",
         FOUTCODES, "how-to/Wasmachine foutcodes.md", "e21"),
        ("wat betekent e21 op een bosch wasmachine", "De trommel draait dan niet.", FOUTCODES,
         "how-to/Wasmachine foutcodes.md", None),  # the heading above names E21
        ("hoe vervang ik de koolborstels bij e21", "1. Stroom eraf, achterwand los.", FOUTCODES,
         "how-to/Wasmachine foutcodes.md", None),
        # the quoted block's own heading is its section's, not the one above it
        ("wat betekent e17 op een bosch wasmachine", "1. Stroom eraf, achterwand los.",
         "## E17 – geen watertoevoer\n1. Kraan dicht?\n\n## E21 – motor draait niet\n"
         "1. Stroom eraf, achterwand los.", "how-to/Wasmachine foutcodes.md", "e17"),
        # a tag line is no heading
        ("wat betekent e21 op een bosch wasmachine", "Machine 1 minuut uit, dan opnieuw starten.",
         f"#wasmachine #e21\n\n{FOUTCODES}", "how-to/Wasmachine foutcodes.md", "e21"),
        ("godot no export template found 4.3.stable fix", "wget https://example.invalid/4.3/t.tpz",
         "Error: no export template at templates/4.3.stable/\n\n```sh\n"
         "wget https://example.invalid/4.3/t.tpz\n```", "tech/Export template error fix.md",
         None),  # a version, not an error code: the fix may write it otherwise
        # German capitalises its nouns: a noun named elsewhere is no name, a code still is
        ("Was hat die Ferienwohnung mit Endreinigung gekostet?",
         "- Endreinigung 65 € → zusammen 891 €", FEWO, "Reisen/Rügen.md", None),
        ("Was hat der Service für KP-40 gekostet?", "- Endreinigung 65 € → zusammen 891 €",
         f"KP-40 Prüfstand, Service extra\n\n{FEWO}", "Reisen/Rügen.md", "KP-40"),
        # the subject a person's role is of, in a question for a person
        ("Quem é o professor de estatística?", TAVARES, f"## Efeito Doppler\n{TAVARES}",
         "estudos/fisica-ondas.md Física II — ondas", "professor of estatística"),
        ("Quem é o professor de Física II?", TAVARES, f"## Efeito Doppler\n{TAVARES}",
         "estudos/fisica-ondas.md Física II — ondas", None),
        ("Who is the coach of the under-12s?", "Sam coaches on Saturdays.",
         "Sam coaches on Saturdays.", "football.md", "coach of under-12s"),
        ("Who is the coach of the under-12s?", "Sam coaches the under-12s on Saturdays.",
         "Sam coaches the under-12s on Saturdays.", "", None),
        ("Qual o comprimento de onda de uma rádio FM?", "λ = v / f, com f a frequência.",
         "λ = v / f, com f a frequência.", "", None),  # not a person: "de" is no owner
        ("Who did I meet at the end of March?", "2024-03-28: met Ana.", "2024-03-28: met Ana.",
         "", None),  # a time, not a role
        ("Who drove on the first day of the trip?", "Ana drove.", "Ana drove.", "", None),
        ("Who is the coach of The under-12s?", "Sam coaches.", "Sam coaches.", "",
         "coach of under-12s"),
        # the other side of a pair the question takes one side of
        ("when is the van next due for a service?",
         "last service: Millbrook Motors, 2025-11-03", VAN, "",
         "next; the quote is about the last"),
        ("When was the van last serviced?", "last service: Millbrook Motors, 2025-11-03",
         VAN, "", None),
        ("When is the next MOT?", "- next MOT due: 2026-05-30", VAN, "", None),
        ("¿Cuándo es la próxima revisión?", "Última revisión: 3 de marzo.",
         "Última revisión: 3 de marzo.", "", "next; the quote is about the last"),
        ("Quand est le prochain carénage ?", "Dernier carénage : avril 2025.",
         "Dernier carénage : avril 2025.", "", "next"),
        ("What time do we have to check out of the Girona flat?", "- check-in from 15:00",
         "- check-in from 15:00\n- wifi: Girona5G", "",
         "check-out; the quote is about the check-in"),
        ("What time is check-in?", "- check-in from 15:00, check-out by 11:00",
         "- check-in from 15:00, check-out by 11:00", "", None),  # both sides stated
        ("What port does staging Postgres listen on?", "| production | db-1 | 5432 |",
         "| env | host | port |\n| --- | --- | --- |\n| production | db-1 | 5432 |", "",
         "staging"),
        ("Who is the primary on-call this week?", "Secondary: Priya", "Secondary: Priya", "",
         "primary"),
        ("How long does the next step last?", "The last step takes 5 minutes.",
         "The last step takes 5 minutes.", "", None),  # both sides asked: none is judged
        ("How long does the bake last?", "The bake takes 40 minutes.",
         "The bake takes 40 minutes.", "", None),  # "last" on one side only: no pair
        ("Que horas a biblioteca abre de manhã?",
         "- Biblioteca central: fecha às 22h de segunda a sexta",
         "- Biblioteca central: fecha às 22h de segunda a sexta", "", "opening"),
        ("What time does the bakery close on Saturdays?", "- Sat 08:00–14:00",
         "- Sat 08:00–14:00", "", None),  # a range states both
        ("When does the pool open?", "The pool closes at 9pm.", "The pool closes at 9pm.", "",
         "opening; the quote is about the closing"),
        ("¿Cuándo abre la piscina de verano?", "- Fecha: 3 de junio de 2025.",
         "- Fecha: 3 de junio de 2025.", "", None),  # Spanish "fecha" is a date
        ("¿A qué hora sale el tren de vuelta de Asturias?", "- Salida 8:05, llegada 12:27.",
         "### Ida\n- Tren Madrid → Oviedo.\n- Salida 8:05, llegada 12:27.",
         "Viaje a Asturias > Transporte > Ida", "return leg; the quote is about the outward"),
        ("¿A qué hora sale el tren de ida?", "- Salida 8:05, llegada 12:27.",
         "- Salida 8:05, llegada 12:27.", "Viaje a Asturias > Transporte > Ida", None),
        ("What time is the return flight?", "Outbound flight TP1234 leaves at 07:10.",
         "Outbound flight TP1234 leaves at 07:10.", "", "return leg"),
        ("A que horas é o voo de ida?", "Chegada por volta das 8h.", "Chegada por volta das 8h.",
         "", None),  # "por volta das 8h" is around eight, not the way back
        ("how much was my tax return", "Refund: 612 €", "Refund: 612 €", "IRS 2024", None),
        # a trip to the place the question leaves from, or from where it goes to
        ("what time is the train home from angouleme",
         "- Paris Montparnasse → Angoulême, TGV INOUI 15:52, arr 18:06",
         "- Paris Montparnasse → Angoulême, TGV INOUI 15:52, arr 18:06", "",
         "leaving angouleme; the quote goes to it"),
        ("¿A qué hora sale el tren a Madrid?", "- Tren Madrid-Chamartín → Oviedo, 8:05",
         "- Tren Madrid-Chamartín → Oviedo, 8:05", "", "going to Madrid; the quote leaves it"),
        ("what time is the train from Paris",
         "- Paris Montparnasse → Angoulême, TGV INOUI 15:52",
         "- Paris Montparnasse → Angoulême, TGV INOUI 15:52", "", None),
        ("hora de salida del tren a Oviedo", "- Tren Madrid-Chamartín → Oviedo, 8:05",
         "- Tren Madrid-Chamartín → Oviedo, 8:05", "", None),  # "de salida" names no place
        ("when is the ferry from Oban", "Oban → Mull → Oban, 10:00", "Oban → Mull → Oban, 10:00",
         "", None),  # there and back
        # a table of one record's fields: every value is the named record's
        ("combien d'argent avait pierre le goff sur lui", "| In possession of $50? | yes, $62 |",
         "| Field | Entry |\n|---|---|\n| Family name, given name | LE GOFF, Pierre |\n"
         "| Age | 23 |\n| In possession of $50? | yes, $62 |", "", None),
        ("Who wrote The Hobbit?", "| 1977 | The Silmarillion | Christopher Tolkien |",
         "| Year | Title | Author |\n|---|---|---|\n| Nombre de livres | 2 | |\n"
         "| 1937 | The Hobbit | J. R. R. Tolkien |\n"
         "| 1977 | The Silmarillion | Christopher Tolkien |", "", "The Hobbit"),  # no record
        ("Who wrote The Hobbit?", "| 1977 | The Silmarillion | Christopher Tolkien |",
         "| Year | Title | Author |\n|---|---|---|\n| 1937 | The Hobbit | J. R. R. Tolkien |\n"
         "| 1977 | The Silmarillion | Christopher Tolkien |", "", "The Hobbit"),
        # an arrow to another note is no trip ("de Jean-Marie": the son of, not from)
        ("En quelle année est mort le fils de Jean-Marie ?",
         "| 4 | Jean-Marie | 1860 | 1934 | meunier à Landudec → jean-marie-le-bihan-1860 |",
         "| 4 | Jean-Marie | 1860 | 1934 | meunier à Landudec → jean-marie-le-bihan-1860 |", "",
         None),
        ("when is the train from saint-malo", "- rennes → saint-malo 18:05",
         "- rennes → saint-malo 18:05", "", "leaving saint"),  # a place written lower case
        # an arrow-led item follows on from the one above it: one thing, not two siblings
        ("Did the client sign off the brick sample panel for the canteen?",
         "- → DF approved the brick sample on site, mortar grey 2",
         "- brick sample panel for the canteen facade built\n- DF came at 11:00\n"
         "- → DF approved the brick sample on site, mortar grey 2", "", None),
        ("Quantos gramas de CO₂ saem de 16 g de CH₄?", "CH₄ + 2 O₂ → CO₂ + 2 H₂O",
         "CH₄ + 2 O₂ → CO₂ + 2 H₂O", "", None),  # a reaction, not a trip
        ("wann kommt jemand von der Hausverwaltung", "- Dichtung porös → gemeldet am 02.06.",
         "- Dichtung porös → gemeldet am 02.06.", "", None),
        ("how long are staging database backups retained",
         "- retention: 35 days, enforced by object lock", BACKUPS, "Backups",
         "staging; the quote is about the production"),  # the list's lead-in names it
        ("how long are production database backups retained",
         "- retention: 35 days, enforced by object lock", BACKUPS, "Backups", None),
        ("What is the support phone number for our managed Postgres provider?",
         CONTACTS.split("\n")[2], CONTACTS, "", None),  # a header row is no sibling
        # a row keyed by another member of the family the question names
        ("¿Cómo salió la vitamina B12 en la analítica?", "| Vitamina D | 19 ng/mL | 30–100 |",
         ANALITICA, "", "Vitamina D"),
        ("¿Cómo salió la vitamina D en la analítica?", "| Vitamina D | 19 ng/mL | 30–100 |",
         ANALITICA, "", None),
        ("qual a sala da prova de calculo 2?", "| Cálculo II | P1 | 14/04 (ter) |", PROVAS, "",
         None),  # II is 2
        ("Qual a data da prova de Cálculo III?", "| Cálculo II | P1 | 14/04 (ter) |", PROVAS,
         "", "Cálculo II"),
        ("What's the ferritin value?", "| Ferritina | 14 ng/mL | 15–150 |", ANALITICA, "",
         None),  # a key with nothing after the shared word
        # a year after the shared word asks for the year's table, not a member of it
        ("cotisation famille 2024", "| Famille (2 adultes + enfants) | 110 € |",
         "| Formule | Montant |\n|---|---|\n| Individuelle adulte | 60 € |\n"
         "| Famille (2 adultes + enfants) | 110 € |", "Cotisations 2024", None),
        ("Budget famille 2024", "| Famille 2023 | 100 € |",
         "| Formule | Montant |\n|---|---|\n| Famille 2023 | 100 € |\n| Solo 2023 | 50 € |",
         "", "Famille 2023"),
    ],
)  # fmt: skip
def test_a_neighbour_of_the_asked_thing(
    question: str, quote: str, passage: str, where: str, neighbour: str | None
) -> None:
    found = neighbour_of_asked(question, quote, passage, where)
    if neighbour is None:
        assert found is None, found.detail if found else ""
    else:
        assert found is not None
        assert neighbour in found.detail


MEETS = (
    "| Date | Meet | Location |\n|---|---|---|\n"
    "| Sat Nov 16, 2024 | Fall Dual vs. Eastside | Eastside YMCA |\n"
    "| Sat Feb 22, 2025 | Lilac Invitational | Northside Aquatic Center |\n"
    "| TBA | Regionals | TBA |"
)
LILAC = "| Sat Feb 22, 2025 | Lilac Invitational | Northside Aquatic Center |"


def test_a_table_row_is_keyed_by_any_column() -> None:
    """The date column comes first, the meet names the row: the Lilac Invitational's row
    is no answer about Regionals, whose own row is there."""
    found = neighbour_of_asked("regionals meet date 2025", LILAC, MEETS)
    assert found is not None and "Regionals" in found.detail
    assert neighbour_of_asked("lilac invitational date", LILAC, MEETS) is None
    assert neighbour_of_asked("when is the home meet", LILAC, MEETS) is None


def test_a_passage_in_another_language_names_the_owner_in_its_own_words() -> None:
    """ "The delivery van" is the Spanish note's "Furgoneta reparto": that it never says
    "van" is no sign its inspection date is another vehicle's. In English it would be."""
    question = "When is the delivery van's next ITV inspection due?"
    quote = "**Próxima ITV: 17/11/2024.**"
    spanish = (
        "Furgoneta de reparto – Citroën Berlingo, la que usamos para las cestas\n"
        "- ITV: pasada el 17/11/2023 (favorable)\n" + quote
    )
    assert neighbour_of_asked(question, quote, spanish) is None
    english = (
        "The car – a Renault Clio, the one we use for the school run\n"
        "- ITV: passed on 17/11/2023\n**Next ITV: 17/11/2024.**"
    )
    found = neighbour_of_asked(question, "**Next ITV: 17/11/2024.**", english)
    assert found is not None and "delivery van" in found.detail


BOUNDARIES = "- grade boundaries (both papers, /200): 4 = 82, 5 = 104, 7 = 139"


@pytest.mark.parametrize(
    ("question", "quote", "neighbour"),
    [
        ("what's the grade 9 boundary for the mocks", BOUNDARIES, "grade 4, grade 5, grade 7"),
        ("grade 5 boundary for the mocks", BOUNDARIES, None),
        ("what room is group 3 in", "groups: 1 = lab 2; 2 = lab 4", "group 1, group 2"),
        # clock times and ranges key nothing
        ("when does slot 2 start", "slot times: 9:30, 10:30, 11:30", None),
        ("who leads group 4", "groups: 1-3 with Sam, 5-7 with Ana", None),
        # an ordinal names no label: "the 7th" is not "the 7"
        ("what's the 7th month called", "the 21 days of Frostmere", None),
        # one keyed element among words is no keyed enumeration
        ("price for size 4", "sizes: small, medium, 3 = £6", None),
    ],
)  # fmt: skip
def test_bare_numbers_keying_an_enumeration_the_asked_word_heads(
    question: str, quote: str, neighbour: str | None
) -> None:
    """ "Grade boundaries: 4 = 82, 5 = 104, 7 = 139" gives grades 4, 5 and 7: asked about
    grade 9, a model quoting it gives another grade's boundary."""
    found = neighbour_of_asked(question, quote, quote)
    if neighbour is None:
        assert found is None, found.detail if found else ""
    else:
        assert found is not None and neighbour in found.detail
