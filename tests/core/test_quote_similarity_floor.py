"""A quote sharing no word with the question needs a cosine that means "related" for the
folder's own embedder: unrelated French sentences score about 0.80 with multilingual-e5,
so MiniLM's 0.45 would pass every one of them."""

from __future__ import annotations

from app.core.answer.grounding import topic_check
from app.core.answer.result import UNCALIBRATED_QUOTE_SIMILARITY, AnswerSettings
from app.core.verdict.gates import GateSettings
from app.core.verdict.scorecard import DEFAULT_BANDS, Band, FolderCalibration

E5_LIKE = FolderCalibration(
    {**DEFAULT_BANDS, "top_cosine": Band(0.785, 0.858)}, None, {"source": "probes"}
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
