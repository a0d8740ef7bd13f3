"""A quote sharing no word with the question needs a cosine that means "related" for the
folder's own embedder: unrelated French sentences score about 0.80 with multilingual-e5,
so MiniLM's 0.45 would pass every one of them."""

from __future__ import annotations

from app.core.answer.grounding import topic_check
from app.core.answer.result import UNCALIBRATED_QUOTE_SIMILARITY, AnswerSettings
from app.core.models.e5_embedder import NAME as MULTILINGUAL_NAME
from app.core.verdict.gates import GateSettings
from app.core.verdict.scorecard import DEFAULT_BANDS, Band, FolderCalibration

E5_LIKE = FolderCalibration(
    {**DEFAULT_BANDS, "top_cosine": Band(0.785, 0.858)}, None, {"source": "probes"}
)
E5 = FolderCalibration(
    {**DEFAULT_BANDS, "top_cosine": Band(0.7966, 0.8648)},
    None,
    {"source": "probes", "embedder": f"{MULTILINGUAL_NAME} (q4)"},
)
MINILM = FolderCalibration(
    {**DEFAULT_BANDS, "top_cosine": Band(0.25, 0.47)},
    None,
    {"source": "probes", "embedder": "all-MiniLM-L6-v2 (ab12)"},
)
QUESTION = "Comment nettoyer mon trombone à fond ?"
STRAY = "Sortir le kit déversement, baliser la zone."


def settings(calibration: FolderCalibration, floor: float | None = None) -> AnswerSettings:
    return AnswerSettings(min_quote_similarity=floor, gates=GateSettings(calibration=calibration))


def test_the_floor_is_the_folders_answerable_band() -> None:
    assert settings(E5_LIKE).quote_similarity_floor == 0.858


def test_a_floor_the_user_set_wins() -> None:
    assert settings(E5_LIKE, floor=0.6).quote_similarity_floor == 0.6


def test_an_unprobed_folder_uses_minilms_floor() -> None:
    unprobed = FolderCalibration(dict(DEFAULT_BANDS))
    assert settings(unprobed).quote_similarity_floor == UNCALIBRATED_QUOTE_SIMILARITY == 0.45


def test_an_unrelated_sentence_at_e5s_usual_cosine_is_off_topic() -> None:
    def e5_cosine(a: str, b: str) -> float:
        return 0.81  # the median cosine of unrelated sentences on e5 folders

    floor = settings(E5_LIKE).quote_similarity_floor
    assert not topic_check(QUESTION, STRAY, "Déversement accidentel", e5_cosine, floor).passed
    assert topic_check(QUESTION, STRAY, "Déversement accidentel", e5_cosine, 0.45).passed


def test_a_quote_in_another_language_needs_the_off_topic_band_on_e5() -> None:
    assert settings(E5).quote_similarity_floor_across == 0.7966
    assert settings(E5, floor=0.6).quote_similarity_floor_across == 0.6


def test_an_english_only_embedder_has_no_floor_across_languages() -> None:
    assert settings(MINILM).quote_similarity_floor_across is None
    assert settings(FolderCalibration(dict(DEFAULT_BANDS))).quote_similarity_floor_across is None


def test_the_floor_across_languages_applies_only_to_a_quote_in_another_language() -> None:
    def cosine(a: str, b: str) -> float:
        return 0.84  # "Who is our accountant?" against its Portuguese answer, on e5

    floors = (settings(E5).quote_similarity_floor, settings(E5).quote_similarity_floor_across)
    question = "Who is our accountant?"
    portuguese = "Dra. Helena Brás — contabilista certificada, escritório na Rua do Norte em Mafra."
    english = "Paid by bank transfer from the UK, and the fees were too high again."
    across = topic_check(question, portuguese, "Contabilista", cosine, *floors)
    assert across.passed
    assert "English question, Portuguese quote" in across.detail
    assert not topic_check(question, english, "Payments", cosine, *floors).passed
    assert not topic_check(question, portuguese, "Contabilista", cosine, floors[0]).passed


def test_a_right_quote_across_languages_scores_near_the_off_topic_band() -> None:
    """ "when was the septic tank last emptied" against the Italian line that answers it
    scored 0.798 on e5, under halfway between the folder's bands (0.83) and over its
    off-topic band."""

    def cosine(a: str, b: str) -> float:
        return 0.798

    floors = (settings(E5).quote_similarity_floor, settings(E5).quote_similarity_floor_across)
    question = "when was the septic tank last emptied"
    italian = "La fossa Imhoff del lato camere è stata svuotata il 03/04/2025 da Ecospurghi Nera."
    assert topic_check(question, italian, "Fossa biologica", cosine, *floors).passed
    assert not topic_check(question, italian, "Fossa biologica", cosine, floors[0]).passed
