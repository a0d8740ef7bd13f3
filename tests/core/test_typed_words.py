"""A question word the notes lack may still be theirs: typed with a slip ("kaltmite"),
or, in German, joined into a compound the notes write apart ("Zahnarzttermin"). Neither
is an unknown name, and neither should count as a word the notes are missing."""

from __future__ import annotations

import pytest

from app.core.basics.text import lexical_tokens
from app.core.verdict.question_words import QuestionTerm, question_terms, typo_of
from tests.core.test_verdict import _Vocabulary

GERMAN_NOTE = (
    "## Kinderzahnärztin\nDr. Sommer, nächster Termin beim Zahnarzt: 14.05.\n"
    "| Kaltmiete | 645,00 € | 698,00 € |"
)


def vocabulary(note: str, language: str) -> _Vocabulary:
    return _Vocabulary(set(lexical_tokens(note, language)))


def term(question: str, word: str, note: str, language: str) -> QuestionTerm:
    terms = question_terms(question, vocabulary(note, language), note, language)
    return next(t for t in terms if t.word == word)


def test_a_slip_of_one_letter_is_the_notes_word() -> None:
    words = vocabulary("Reagents: manganese sulfate. Template volume 3 µL.", "en")
    assert typo_of("reagnet", words) == "reagent"  # two letters swapped
    assert typo_of("templt", words) == "templat"  # one dropped (the stems)
    kaltmite = term("was zahl ich an kaltmite", "kaltmite", GERMAN_NOTE, "de")
    assert kaltmite.known and kaltmite.in_passages


def test_short_or_far_words_are_not_slips() -> None:
    words = vocabulary("Reagents for the Winkler titration.", "en")
    assert typo_of("reag", words) is None  # too short to tell
    assert typo_of("rgnts", words) is None  # two slips away
    assert typo_of("pennock", words) is None


def test_a_german_compound_of_two_known_words_is_known() -> None:
    compound = term("Wann ist der nächste Zahnarzttermin?", "Zahnarzttermin", GERMAN_NOTE, "de")
    assert compound.known and compound.in_passages
    # a capitalised German noun is not a name
    assert compound.salience < 0.9


def test_a_word_the_passages_write_inside_a_compound_is_in_them() -> None:
    # German and Dutch write the question's word as a compound's head or tail
    contract = term("Wann endet der Vertrag?", "Vertrag", "Mietvertrag bis 31.12.2026", "de")
    assert contract.in_passages
    note = "# Oprichtingsvergadering 5 september 2023\n## Bestuur\n- Voorzitter: Marieke"
    founding = term("Wie werd bij de oprichting voorzitter?", "oprichting", note, "nl")
    assert founding.known and founding.in_passages
    assert founding.token != "opzicht"  # not read as a slip of another word
    # a short word is no compound's part: "rate" is not in "Kuratorium"
    rate = term("What is the rate?", "rate", "Kuratorium tagte", "de")
    assert not rate.in_passages


def test_compounds_are_split_only_in_german() -> None:
    note = "The river path floods in winter; the side gate is locked."
    riverside = term("Where is Riverside Lodge?", "Riverside", note, "en")
    assert not riverside.known  # an English name made of two common words stays a name
    assert riverside.salience == 0.9


def test_a_word_in_the_passages_is_never_rewritten_as_a_slip() -> None:
    """An English question over French notes: the French stemmer cuts "rclone" to "rclon",
    which is one letter from the English token; the passages hold the word as asked."""
    note = "Le mot de passe rclone crypt est dans le coffre."
    words = _Vocabulary(set(lexical_tokens(note, "fr")))
    rclone = next(
        t
        for t in question_terms("where is the rclone password", words, note, "en")
        if t.word == "rclone"
    )
    assert rclone.in_passages and rclone.token == "rclone"


def test_spanish_verbs_any_question_uses_name_nothing() -> None:
    note = "## Medicamentos de papá\n- ibuprofeno: solo si el doctor lo indica"
    question = "¿Mi papá puede tomar ibuprofeno?"
    assert term(question, "puede", note, "es").kind == "generic word"
    assert term(question, "tomar", note, "es").kind == "generic word"
    assert term(question, "ibuprofeno", note, "es").kind != "generic word"


def test_a_german_hyphenated_compound_of_known_parts_is_known() -> None:
    note = "## Störung Januar 2025 – F28\nDisplay zeigt F28. Fehler quittiert, Therme läuft."
    f28 = term("Wann war der Techniker wegen dem F28-Fehler da?", "F28-Fehler", note, "de")
    assert f28.known and f28.in_passages
    # a part the notes lack keeps the compound unknown, and a code stays whole
    assert not term("Was heißt der F31-Fehler?", "F31-Fehler", note, "de").known
    assert not term("Was heißt ERR-7001?", "ERR-7001", "ERR-7002 und ERR", "de").known
    # outside German, a hyphenated identifier is whole ("gemini-3.5-flash")
    assert not term("what does F28-error mean?", "F28-error", "F28 error", "en").known
    # words joined by a hyphen where the note joins them by a dash, in any language
    law = "## Stefan–Boltzmann\nj = σT⁴, with σ = 5.670 × 10⁻⁸ W m⁻² K⁻⁴"
    stefan = term("What is σ in the Stefan-Boltzmann law?", "Stefan-Boltzmann", law, "en")
    assert stefan.known and stefan.in_passages
    assert not term("What is the Stefan-Planck law?", "Stefan-Planck", law, "en").known
    # a service named by known words is still a name of its own
    sync = "Billing runs nightly; the sync job retries."
    assert not term("how do i restart billing-sync", "billing-sync", sync, "en").known


def test_a_day_and_month_find_the_date_written_with_its_year() -> None:
    note = "# Mitgliederversammlung 28.03.2025\nBeginn: 19:00 Uhr"
    for written in ("28.03.", "28.3."):
        date = term(f"Wann beginnt die Versammlung am {written}?", written[:-1], note, "de")
        assert date.known and date.in_passages
    assert not term("Was war am 29.03.?", "29.03", note, "de").known


FRENCH_NOTE = (
    "## Traitement\nLasilix 40 mg le matin jusqu'à la consultation du 3 mars, puis 20 mg.\n"
    "## Clio\nContrôle technique : deux défauts mineurs (pneus, feu arrière)."
)


def test_a_french_verb_and_its_pronoun_are_the_verb() -> None:
    """ "prenait-il", "avait-elle": French puts the subject after its verb; the pair is
    no identifier the notes lack."""
    question = "Combien de Lasilix papa prenait-il avant la consultation du 3 mars ?"
    words = [t.word for t in question_terms(question, vocabulary(FRENCH_NOTE, "fr"), "", "fr")]
    assert "prenait" in words and "prenait-il" not in words
    clio = "La Clio avait-elle des défauts au dernier contrôle technique ?"
    terms = question_terms(clio, vocabulary(FRENCH_NOTE, "fr"), FRENCH_NOTE, "fr")
    assert all(t.kind != "identifier" for t in terms)
    # in English a hyphenated word keeps its parts: "add-on" is a thing
    add_on = question_terms("which add-on broke", vocabulary("the add-on", "en"), "", "en")
    assert "add-on" in [t.word for t in add_on]


def test_french_and_italian_everyday_words_are_generic() -> None:
    terms = question_terms(
        "code P0300 clio ça veut dire quoi", vocabulary(FRENCH_NOTE, "fr"), "", "fr"
    )
    generic = {t.word for t in terms if t.kind == "generic word"}
    assert {"ça", "veut", "dire", "quoi"} <= generic
    italian = question_terms("cosa significa il codice E4", vocabulary("E4", "it"), "", "it")
    assert {t.word for t in italian if t.kind == "generic word"} >= {"significa"}


def test_going_to_is_no_word_of_the_topic() -> None:
    """ "vamos visitar", "voy a pagar": the verb of going makes a future, it names nothing."""
    terms = question_terms(
        "que ilhas vamos visitar nos açores",
        vocabulary("Açores: a ilha das Flores", "pt"),
        "",
        "pt",
    )
    generic = {t.word for t in terms if t.kind == "generic word"}
    assert "vamos" in generic and "ilhas" not in generic


PORTUGUESE_TRIP = "## Voos\n- Ida: sáb. 14/06, Lisboa 07:05 → Ponta Delgada 08:30. Férias de junho."


def test_a_name_in_a_note_of_another_language_is_known() -> None:
    """The Portuguese note's stemmer reads "Ponta Delgada" as `pont delg` and its month
    as "junho": an English question naming the place and "June" asks about that note."""
    words = vocabulary(PORTUGUESE_TRIP, "pt")
    question = "What flight are we taking to Ponta Delgada in June?"
    alone = {t.word: t for t in question_terms(question, words, PORTUGUESE_TRIP, "en")}
    assert not alone["Ponta"].known  # read in English only, the name is missing
    terms = question_terms(question, words, PORTUGUESE_TRIP, "en", ("pt",))
    named = {t.word: t for t in terms}
    for word in ("Ponta", "Delgada", "June"):
        assert named[word].known and named[word].in_passages, word
    assert {t.word for t in terms if not t.known} <= {"flight", "taking"}


def test_a_word_with_a_particle_is_its_word() -> None:
    """ "burn-in" where the script writes `burn = 200000`: an ordinary word, no code."""
    note = "run <- list(chainLength = 300000, burn = 200000, thin = 100)"
    terms = question_terms(
        "What chain length and burn-in did I use?", vocabulary(note, "en"), note, "en"
    )
    burn = next(t for t in terms if t.word == "burn-in")
    assert burn.known and burn.in_passages and burn.salience < 0.9
    # a code joined by hyphens stays whole
    code = question_terms("billing-sync logs", vocabulary("billing and sync", "en"), "", "en")
    assert not next(t for t in code if t.word == "billing-sync").known


def test_a_verb_and_its_particle_are_the_noun_the_notes_write_as_one_word() -> None:
    """ "check out" asked, "**Check-out** by 11:00" noted: the thing the question names,
    not the everyday verb "check" (which a sentence with a time must then hold)."""
    note = "2. **Check-out** by **11:00**. Leave your bags in the shed."
    terms = question_terms("What time do guests have to check out?", vocabulary(note, "en"), note)
    checkout = next(t for t in terms if t.word == "check out")
    assert checkout.token in lexical_tokens(note) and checkout.in_passages
    assert checkout.salience == 0.6
    # with no such noun in the notes, the verb stays the everyday word it is
    note = "Check the fees before you pay the bill."
    plain = question_terms("how do I check out the fees", vocabulary(note, "en"), note)
    assert "check" in [t.word for t in plain] and "check out" not in [t.word for t in plain]


def test_a_word_stemmed_alike_in_the_notes_other_language_is_in_their_passages() -> None:
    """ "¿Quién coordina el grupo?" over an English note's "coordinator: Hannah": both
    stemmers read `coordin`, so the word is found, not missing."""
    note = "group: English-speaking subscribers\ncoordinator: Hannah Whitfield"
    words = vocabulary(note, "en")
    question = "¿Quién coordina el grupo?"
    found = question_terms(question, words, note, "es", others=("en",))
    assert next(t for t in found if t.word == "coordina").in_passages
    alone = question_terms(question, words, note, "es")  # a folder in one language
    assert not next(t for t in alone if t.word == "coordina").in_passages


def test_a_season_is_known_however_the_notes_write_it() -> None:
    note = "# Schwarmtelefon 2024/2025\n| Buchenbach | Bernd | 07661 55 02 18 |"
    assert term("swarm phone rota 2024/25", "2024/25", note, "en").known
    # the notes' other seasons and years do not make another season known
    assert not term("swarm phone rota 2023/24", "2023/24", note, "en").known


SWEDISH_NOTE = (
    "## Klubbussen\nFörare minst 21 år. **Swish:** 123 456 78 90.\n"
    "| Erik | 14:38 |\nIOF:s regler gäller på USM-sprinten."
)


@pytest.mark.parametrize(
    ("question", "word", "language"),
    [
        # an age or a distance joined to its number is the number, not a name
        ("Får en 19-åring köra klubbussen?", "19", "sv"),
        ("Can a 21-year-old drive the club van?", "21", "en"),
        ("What did Linnea run in the 3k test?", "3", "en"),
        # a Swedish genitive after an abbreviation's colon: "Erik N:s", "IOF:s"
        ("Vad säger IOF:s regler om USM-sprinten?", "IOF", "sv"),
    ],
)
def test_words_joined_to_a_number_or_a_suffix_are_read_alone(
    question: str, word: str, language: str
) -> None:
    terms = question_terms(question, vocabulary(SWEDISH_NOTE, language), SWEDISH_NOTE, language)
    words = [t.word for t in terms]
    assert word in words
    assert not [w for w in words if w != word and w.startswith(word)]  # "19-åring", "IOF:s"


def test_a_compound_whose_tail_names_nothing_is_its_head() -> None:
    # "Swishnummer" where the note writes "Swish": "-nummer" names no thing
    [swish] = question_terms(
        "Vad är klubbens swishnummer?", vocabulary(SWEDISH_NOTE, "sv"), SWEDISH_NOTE, "sv"
    )[-1:]
    assert swish.known and swish.in_passages
