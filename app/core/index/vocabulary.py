"""The words the notes hold, as the verdict counts them: every text's, and every note's
folders and file name.

A note filed as `papa/cuidadora.md` whose text never writes "cuidadora" is still the
caregiver's note: a question about the caregiver must not be told that no note holds the
word. Path words count as known (and as held by the passages of that note); they are not
in the BM25 tokens, which are stored per text: a text keeps its tokens while its notes are
renamed, so a path word stored with it would outlive the path.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from app.core.basics.text import lexical_tokens
from app.core.index.lexical import Bm25Index
from app.core.index.manifest import Manifest


def path_words(path: str) -> str:
    """A note's path as words: folders and file name, without the extension
    ("papa/cuidadora.md" → "papa cuidadora")."""
    folders, _, name = path.replace("\\", "/").rpartition("/")
    stem = name.rsplit(".", 1)[0] if "." in name.lstrip(".") else name
    return " ".join([*folders.split("/"), stem]).strip()


class PathWords:
    """How many notes have each token in their path (folders and file name)."""

    def __init__(self, paths: Iterable[tuple[str, str]]) -> None:
        """`paths`: each note's relative path and the language its text is written in."""
        counts: Counter[str] = Counter()
        for path, language in paths:
            counts.update(set(lexical_tokens(path_words(path), language)))
        self._counts = counts

    def count(self, token: str) -> int:
        return self._counts.get(token, 0)


class NotesVocabulary:
    """The lexical index's tokens and the notes' path words, behind the verdict's
    `Vocabulary` protocol. A token only in paths counts as held by as many texts as
    notes have it in their path, and adds nothing to the BM25 ceiling (no text scores
    on it)."""

    def __init__(self, bm25: Bm25Index, paths: PathWords) -> None:
        self._bm25 = bm25
        self._paths = paths

    def __contains__(self, token: object) -> bool:
        return isinstance(token, str) and self.doc_freq(token) > 0

    def doc_freq(self, token: str) -> int:
        return max(self._bm25.doc_freq(token), self._paths.count(token))

    def max_score(self, tokens: list[str]) -> float:
        return self._bm25.max_score(tokens)

    @property
    def n_docs(self) -> int:
        return self._bm25.n_docs


def notes_paths(files: Mapping[str, str], fallback_language: str) -> list[tuple[str, str]]:
    """Each note's path with its language (the folder's main one when not detected), in
    path order."""
    return sorted((path, language or fallback_language) for path, language in files.items())


class PathWordsCache:
    """The path words for a manifest version, counted once per version and process. An
    edit moves the version but rarely a path: the paths are read again (one cheap query)
    and only tokenised again when they changed."""

    def __init__(self) -> None:
        self._cached: tuple[tuple[str, int], list[tuple[str, str]], PathWords] | None = None

    def current(self, manifest: Manifest, generation: str, main_language: str) -> PathWords:
        version = (generation, manifest.index_version)
        cached = self._cached
        if cached is None or cached[0] != version:
            paths = notes_paths(manifest.path_languages(), main_language)
            words = cached[2] if cached is not None and cached[1] == paths else PathWords(paths)
            cached = (version, paths, words)
            self._cached = cached
        return cached[2]
