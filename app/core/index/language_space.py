"""Where each language's notes sit among the vectors, so a question can also be asked as
another language's notes are written.

A multilingual embedder still puts a question nearer the notes of its own language: in a
folder of Spanish and English notes, an English question's answer in a Spanish note
ranks below English passages that only share its topic. Each language's texts have a
mean vector; the question's vector minus its language's mean plus another language's
sits where that language's notes about the same thing sit (`bench/language_shift.py`
measures it). The means are measured once per index version, from a sample of each
language's texts, and only for languages with enough texts to have one.

Only an embedder that reads both languages places their notes together: the means of a
folder's languages then have a cosine of 0.94 to 0.98 (multilingual e5 on five bilingual
folders), against 0.28 to 0.65 with the English MiniLM, whose moved question lands among
texts it cannot read. A language whose mean is further from the folder's largest
language's than `ALIGNED` is left out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from app.core.models.embedder import Vectors

MIN_TEXTS = 20  # fewer texts than this give a mean that is mostly their topics
SAMPLE = 2_000  # texts read per language: the mean of a random sample is close enough
ALIGNED = 0.9  # least cosine between two languages' means for a question to move between
# How far toward the other language's mean the question moves. The difference of two
# means is language and topic both: in a folder whose languages also split its topics
# (home notes in English, the farm's in Spanish) a whole move lands among the other
# language's topics and pushed two of twenty answers down or out of the top 5
# (tests/fixtures/bilingual); half of it kept all twenty and still brought 3 more
# answers into the top 5 on five bilingual bench folders (whole: 5).
MOVED_BY = 0.5

FetchVectors = Callable[[Sequence[str]], dict[str, npt.NDArray[np.float32]]]


@dataclass(frozen=True)
class LanguageSpace:
    """Each language's mean vector and its texts, for the languages that have a mean."""

    means: Mapping[str, npt.NDArray[np.float32]]
    texts: Mapping[str, frozenset[str]]

    def moved(self, vector: Vectors, asked: str) -> dict[str, npt.NDArray[np.float32]]:
        """The question's vector moved `MOVED_BY` of the way from its language's mean
        toward each other language's, unit length; empty when the question's language
        has no mean."""
        own = self.means.get(asked)
        if own is None:
            return {}
        query = np.asarray(vector, dtype=np.float32).reshape(-1)
        found: dict[str, npt.NDArray[np.float32]] = {}
        for language, mean in self.means.items():
            if language == asked:
                continue
            shifted = query + MOVED_BY * (mean - own)
            norm = float(np.linalg.norm(shifted))
            if norm > 0:
                found[language] = (shifted / norm).astype(np.float32)
        return found

    def nearest(self, vector: Vectors) -> str:
        """The language whose mean the vector is nearest (by cosine)."""
        query = np.asarray(vector, dtype=np.float32).reshape(-1)
        return max(sorted(self.means), key=lambda language: _cosine(query, self.means[language]))


def measure_space(
    language_texts: Mapping[str, set[str]], fetch: FetchVectors
) -> LanguageSpace | None:
    """The means of the languages with `MIN_TEXTS` texts or more; None unless two have
    one (a folder in one language has nothing to move between).

    A text held by notes of two languages belongs to neither's mean and to both lists.
    """
    counted = {lang: texts for lang, texts in language_texts.items() if len(texts) >= MIN_TEXTS}
    if len(counted) < 2:
        return None
    shared = _shared(counted)
    means: dict[str, npt.NDArray[np.float32]] = {}
    for language, texts in counted.items():
        # Hashes are uniform, so the first ones in order are a fixed random sample.
        sample = sorted(texts - shared)[:SAMPLE]
        vectors = list(fetch(sample).values())
        if len(vectors) >= MIN_TEXTS:
            means[language] = np.mean(np.stack(vectors), axis=0).astype(np.float32)
    if len(means) < 2:
        return None
    largest = max(means, key=lambda lang: (len(counted[lang]), lang))
    means = {lang: mean for lang, mean in means.items() if _cosine(mean, means[largest]) >= ALIGNED}
    if len(means) < 2:
        return None
    return LanguageSpace(means, {lang: frozenset(counted[lang]) for lang in means})


def _cosine(a: npt.NDArray[np.float32], b: npt.NDArray[np.float32]) -> float:
    norms = float(np.linalg.norm(a) * np.linalg.norm(b))
    return float(a @ b) / norms if norms > 0 else 0.0


def _shared(counted: Mapping[str, set[str]]) -> set[str]:
    seen: set[str] = set()
    shared: set[str] = set()
    for texts in counted.values():
        shared |= seen & texts
        seen |= texts
    return shared
