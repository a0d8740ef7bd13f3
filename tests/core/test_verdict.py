"""The verdict: hard gates, the scorecard's points and reasons, the folder calibration."""

from __future__ import annotations

import pytest

from app.core.evals.calibrate import Bands, SignalSpec, axis
from app.core.evals.refusals import load_refusals, record_refusal
from app.core.index.retrieve import SearchResult
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.gates import (
    ANSWER_TYPE,
    DISTANCE_FLOOR,
    LEXICAL_SUPPORT,
    NO_EVIDENCE,
    SCORE_SHAPE,
    THIN_CONTEXT,
    UNKNOWN_TERM,
    WEAK_MATCH,
    GateSettings,
    judge_retrieval,
)
from app.core.verdict.question_words import GENERIC_SALIENCE, QuestionTerm
from app.core.verdict.scorecard import UNCALIBRATED, Band, FolderCalibration, Weights
from app.core.verdict.signals import ScoreShape, Signals

# Round weights for testing the mechanism; the fitted ones are tested on real folders.
TEST_WEIGHTS = Weights(
    {"top_cosine": 2.0, "gap": 0.5, "bm25": 1.0, "coverage": 2.0, "unknown": -4.0,
     "unknown_word": -3.0, "exact": 1.0, "type_missing": -4.0},
    intercept=-2.0,
    threshold=0.0,
)  # fmt: skip
GOOD = [0.5, 0.32, 0.3, 0.3, 0.29, 0.28, 0.27, 0.26, 0.25, 0.25]
FLAT = [0.24, 0.235, 0.23, 0.23, 0.228, 0.226, 0.22, 0.22, 0.219, 0.218]


def GS(**kwargs: object) -> GateSettings:  # noqa: N802
    return GateSettings(**{"weights": TEST_WEIGHTS, **kwargs})  # type: ignore[arg-type]


def term(word: str, salience: float = 0.6, known: bool = True, found: bool = True) -> QuestionTerm:
    return QuestionTerm(word, word.lower(), salience, known, found and known, False)


def signals(
    similarities: list[float] = GOOD,
    terms: tuple[QuestionTerm, ...] = (term("snapshots"), term("monthly")),
    bm25: float = 0.6,
    asked: AnswerType | None = None,
    stated: bool = True,
) -> Signals:
    return Signals(
        ScoreShape(tuple(similarities)),
        terms,
        best_bm25=bm25 * 10,
        bm25_norm=bm25,
        passages=5 if similarities else 0,
        asked=asked,
        type_stated=stated,
    )


def result(passages: int) -> SearchResult:
    return SearchResult("q", [object()] * passages)  # type: ignore[list-item]


def test_score_shape_numbers() -> None:
    shape = ScoreShape((0.8, 0.5, 0.4, 0.3, 0.2))
    assert shape.top == 0.8 and shape.median == 0.4
    assert shape.gap == pytest.approx(0.4) and shape.ratio == pytest.approx(2.0)


@pytest.mark.parametrize(
    ("case", "passages", "settings", "expected"),
    [
        (signals(), 5, GS(), None),
        (signals([]), 0, GS(), NO_EVIDENCE),
        (signals(), 5, GS(min_cosine=0.7), DISTANCE_FLOOR),
        (signals([0.5, 0.1, 0.1]), 5, GS(min_cosine=0.3, min_passages=2), THIN_CONTEXT),
        # the old fixed gates fire only when a user sets them
        (signals(FLAT), 5, GS(min_top_gap=0.06), SCORE_SHAPE),
        (
            signals(terms=(term("dentist", found=False), term("teeth", found=False))),
            5,
            GS(min_lexical_overlap=0.5),
            LEXICAL_SUPPORT,
        ),
        # the scorecard: a naming word no note holds, and a price no passage states
        (
            signals(terms=(term("Plex", 0.9, known=False), term("port"))),
            5,
            GS(),
            UNKNOWN_TERM,
        ),
        (signals(asked=AnswerType.PRICE, stated=False), 5, GS(), ANSWER_TYPE),
        (
            signals(FLAT, bm25=0.1, terms=(term("tax"), term("deadline", found=False))),
            5,
            GS(),
            WEAK_MATCH,
        ),
    ],
)
def test_verdict_names_what_refused(case, passages, settings, expected) -> None:
    verdict = judge_retrieval(result(passages), case, settings)
    fired = verdict.fired
    assert (fired.name if fired else None) == expected, fired
    assert verdict.answerable is (expected is None)


def test_points_add_up_to_the_total_and_the_threshold_decides() -> None:
    verdict = judge_retrieval(result(5), signals(), GS())
    card = verdict.scorecard
    assert card is not None and card.answerable
    assert card.total == pytest.approx(card.intercept + sum(f.points for f in card.features))
    strict = judge_retrieval(result(5), signals(), GS(threshold=card.total + 0.01))
    assert not strict.answerable
    folder = FolderCalibration(UNCALIBRATED.bands, card.total + 0.01, {})
    assert not judge_retrieval(result(5), signals(), GS(calibration=folder)).answerable
    # a setting beats the folder's own threshold
    both = GS(calibration=folder, threshold=card.total - 0.01)
    assert judge_retrieval(result(5), signals(), both).answerable


def test_a_refusal_explains_itself_in_the_users_words() -> None:
    case = signals(terms=(term("pizza", 0.6, known=False), term("dough")))
    fired = judge_retrieval(result(5), case, GS()).fired
    assert fired is not None and fired.name == UNKNOWN_TERM
    assert "`pizza` occurs in no note" in fired.detail and "needs" in fired.detail
    priced = judge_retrieval(result(5), signals(asked=AnswerType.PRICE, stated=False), GS())
    assert priced.fired is not None and "asks for a price" in priced.fired.detail


def test_a_generic_unknown_word_costs_little() -> None:
    generic = signals(terms=(term("many", 0.15, known=False), term("snapshots"), term("monthly")))
    naming = signals(terms=(term("Plex", 0.9, known=False), term("snapshots"), term("monthly")))
    generic_total = judge_retrieval(result(5), generic, GS()).scorecard
    naming_total = judge_retrieval(result(5), naming, GS()).scorecard
    assert generic_total is not None and naming_total is not None
    assert generic_total.total > naming_total.total
    assert generic_total.answerable


def test_the_same_cosine_means_different_things_in_different_folders() -> None:
    weak_folder = FolderCalibration({**UNCALIBRATED.bands, "top_cosine": Band(0.15, 0.35)})
    strong_folder = FolderCalibration({**UNCALIBRATED.bands, "top_cosine": Band(0.4, 0.7)})
    case = signals([0.4, 0.2, 0.18, 0.17, 0.16, 0.15, 0.15, 0.14, 0.14, 0.13])
    weak = judge_retrieval(result(5), case, GS(calibration=weak_folder)).scorecard
    strong = judge_retrieval(result(5), case, GS(calibration=strong_folder)).scorecard
    assert weak is not None and strong is not None
    assert weak.feature("top_cosine").value > 1.0 > 0.0 == strong.feature("top_cosine").value


@pytest.mark.parametrize(
    ("band", "value", "expected"),
    [(Band(0.2, 0.6), 0.2, 0.0), (Band(0.2, 0.6), 0.6, 1.0), (Band(0.2, 0.6), 5.0, 3.0),
     (Band(0.2, 0.6), -5.0, -2.0), (Band(0.3, 0.3), 0.9, 0.0)],
)  # fmt: skip
def test_band_normalises(band: Band, value: float, expected: float) -> None:
    assert band.normalise(value) == pytest.approx(expected)


def test_folder_calibration_round_trips_through_json() -> None:
    folder = FolderCalibration(
        {"top_cosine": Band(0.2, 0.5), "gap": Band(0.01, 0.1), "bm25": Band(0.1, 0.7)},
        -0.4,
        {"source": "probes", "answerable_probes": 60},
    )
    again = FolderCalibration.from_json(folder.to_json())
    assert again == folder and again.probed


SPEC = SignalSpec("top cosine", lambda s, c: s.shape.top)


@pytest.mark.parametrize(
    ("answerable", "unanswerable", "suggested", "margin"),
    [
        ((0.5, 0.6, 0.8), (0.2, 0.3), 0.4, 0.2),
        ((0.3, 0.6), (0.2, 0.45), None, -0.15),  # overlap: no invented threshold
    ],
)
def test_bands(answerable, unanswerable, suggested, margin) -> None:
    bands = Bands(SPEC, answerable, unanswerable)
    assert bands.margin == pytest.approx(margin)
    assert bands.suggested == (None if suggested is None else pytest.approx(suggested))


def test_axis_marks_both_groups_and_the_threshold() -> None:
    line = axis(Bands(SPEC, (0.6, 0.8), (0.1, 0.2)), width=20)
    assert line.count("a") == 2 and line.count("u") == 2 and "|" in line


def test_refusals_are_appended_and_survive_a_torn_line(tmp_path) -> None:
    verdict = judge_retrieval(result(0), signals([]), GS())
    record_refusal(tmp_path, "first?", verdict, settings={"k": 5}, index_version=3)
    record_refusal(tmp_path, "second?", verdict, settings={"k": 5}, index_version=3)
    with (tmp_path / "refused.jsonl").open("a") as f:
        f.write('{"question": "torn')
    record_refusal(tmp_path, "third?", verdict, settings={"k": 5}, index_version=4)
    entries = load_refusals(tmp_path)
    assert [e["question"] for e in entries] == ["first?", "second?", "third?"]
    assert entries[0]["verdict"] == NO_EVIDENCE and entries[0]["index_version"] == 3
    assert {g["name"] for g in entries[0]["gate_values"]} >= {NO_EVIDENCE, DISTANCE_FLOOR}


def test_strip_plot_draws_each_band_and_the_suggestion(tmp_path) -> None:
    from PIL import Image

    from app.core.evals.plot import BLUE, GREEN, RED, ROW, WIDTH, plot_bands

    bands = [Bands(SPEC, (0.6, 0.8), (0.1, 0.2)), Bands(SPEC, (0.3,), (0.35,))]
    target = tmp_path / "bands.png"
    plot_bands(bands, target)
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(target).convert("RGB")
    assert image.size == (WIDTH, ROW * 2 + 12)
    first, second = image.crop((0, 0, WIDTH, ROW)), image.crop((0, ROW, WIDTH, 2 * ROW))
    colours = {c for _, c in first.getcolors(WIDTH * ROW) or []}
    assert {GREEN, RED, BLUE} <= colours  # the first signal separates: a suggestion line
    colours = {c for _, c in second.getcolors(WIDTH * ROW) or []}
    assert {GREEN, RED} <= colours and BLUE not in colours  # overlapping bands: none


class _Vocabulary:
    def __init__(self, tokens: set[str]) -> None:
        self.tokens = tokens

    def __contains__(self, token: object) -> bool:
        return token in self.tokens

    def doc_freq(self, token: str) -> int:
        return 5 if token in self.tokens else 0

    def max_score(self, tokens: list[str]) -> float:
        return 1.0

    @property
    def n_docs(self) -> int:
        return 100


@pytest.mark.parametrize(
    ("question", "note"),
    [
        ("Por que a variância amostral divide por n-1?", "s² = Σ(xᵢ − x̄)²/(n − 1)"),
        ("Quanto vale R em atm.L/mol.K?", "R = 0,082 atm·L/(mol·K)"),
        ("What did the 23-turn session cost?", "Across 23 turns the session cost $0.01."),
        ("visitor mooring fee july boat under 8m", "| < 8 m | 14 € | 19 € |"),
        # a span of months or days, which notes write with a dash
        ("how much vat did we pay for jan-mar 2025", "| Q1 2025 | Jan–Mar 2025 | £5,319.25 |"),
        ("studio hours mon-fri", "Open Mon – Fri, 9 to 5"),
    ],
)
def test_a_count_or_unit_written_apart_in_the_notes_is_known(question: str, note: str) -> None:
    from app.core.basics.text import lexical_tokens
    from app.core.verdict.question_words import question_terms

    vocabulary = _Vocabulary(set(lexical_tokens(note, "pt")) | set(lexical_tokens(note)))
    terms = question_terms(question, vocabulary, note)
    joined = next(t for t in terms if any(c in t.word for c in "-/") or t.word == "8m")
    assert joined.known and joined.in_passages


def test_a_span_is_unknown_when_the_notes_lack_one_of_its_ends() -> None:
    from app.core.basics.text import lexical_tokens
    from app.core.verdict.question_words import question_terms

    note = "| Q1 2025 | Jan–Feb 2025 | £5,319.25 |"
    terms = question_terms("vat for jan-mar", _Vocabulary(set(lexical_tokens(note))), note)
    assert not next(t for t in terms if t.word == "jan-mar").known


def test_a_number_glued_to_a_unit_is_read_apart_but_a_code_is_not() -> None:
    from app.core.basics.text import unit_glued

    assert unit_glued("8m") == ["8", "m"]
    assert unit_glued("20min") == ["20", "min"]
    assert unit_glued("2fa") is None  # no unit: a code
    assert unit_glued("4k") is None


def test_a_glued_unit_is_known_only_where_a_passage_writes_its_number_and_unit() -> None:
    from app.core.basics.text import lexical_tokens
    from app.core.verdict.question_words import question_terms

    note = "Theo went 31.40 in the 50 free. 100 entries this season."
    vocabulary = _Vocabulary(set(lexical_tokens(note)))
    terms = question_terms("world record for the 100m freestyle", vocabulary, note)
    assert not next(t for t in terms if t.word == "100m").known


def test_a_code_whose_parts_the_notes_hold_is_still_unknown() -> None:
    from app.core.basics.text import lexical_tokens
    from app.core.verdict.question_words import question_terms

    note = "gemini 3.5 flash is cheap; flash 3.6 is new; B-7 and 12 are gates."
    vocabulary = _Vocabulary(set(lexical_tokens(note)))
    terms = question_terms("Is gemini-3.6-flash at gate B-12?", vocabulary, note)
    assert {t.word for t in terms if not t.known} == {"gemini-3.6-flash", "B-12"}


@pytest.mark.parametrize(
    ("word", "kind"),
    [("one-to-ones", "generic word"), ("follow-up", "generic word"), ("check-in", "generic word"),
     ("Wi-Fi", "identifier"), ("flash-lite", "identifier"), ("ERR-4012", "identifier")],
)  # fmt: skip
def test_everyday_words_joined_by_hyphens_name_nothing(word: str, kind: str) -> None:
    """ "When are my one-to-ones?" over notes that write "1:1s" is no question about a
    name the notes lack; "Wi-Fi" or "flash-lite" still are names."""
    from app.core.verdict.question_words import question_terms

    terms = question_terms(f"When is the {word} with Owen?", _Vocabulary({"owen"}), "")
    assert next(t for t in terms if t.word == word).kind == kind


@pytest.mark.parametrize(
    ("question", "note", "kind_word"),
    [
        ("guest wifi password", "Guest wifi key: pebble-harbour-42", "password"),
        ("flapjack oven temp", "Flapjack: oven 180C / 160 fan, 25 minutes", "temp"),
        ("what's the price of the patio door", "Patio door: £1,240 fitted", "price"),
    ],
)
def test_a_word_naming_the_kind_of_value_asked_is_generic(
    question: str, note: str, kind_word: str
) -> None:
    """The note states the value without naming its kind; the kind word costs nothing
    (`type_missing` weighs whether a passage states a value of that kind)."""
    from app.core.basics.text import lexical_tokens
    from app.core.verdict.question_words import question_terms

    terms = question_terms(question, _Vocabulary(set(lexical_tokens(note))), note)
    kind = next(t for t in terms if t.word == kind_word)
    assert kind.salience == GENERIC_SALIENCE
    assert all(t.salience > GENERIC_SALIENCE for t in terms if t.word != kind_word)


def test_a_kind_word_of_another_kind_still_names_the_topic() -> None:
    from app.core.verdict.question_words import question_terms

    # "price" is no kind word of a question for a date: the date of the price review
    terms = question_terms("when is the price review", _Vocabulary(set()), "")
    assert next(t for t in terms if t.word == "price").salience > GENERIC_SALIENCE
