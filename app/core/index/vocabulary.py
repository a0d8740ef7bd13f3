"""The words the notes hold: every text's, and every note's folders and file name.

A note filed as `house/boiler.md` whose text never writes "boiler" is still the boiler's
note: a question about the boiler must not be told that no note holds the word, and a
search for it must find the note. Path words are not in the BM25 tokens, which are stored
per text (a text keeps its tokens while its notes are renamed, and two notes may share
it): they are looked up at query time, from the paths the manifest holds now
(`PathField`), and scored as one more occurrence in each text of those notes. The
verdict's vocabulary counts a path word as held by as many texts as notes have it in
their path (`NotesVocabulary`). A path's date counts its month too (`path_month`): daily
notes are named by the day they were written.
"""

from __future__ import annotations

import re
import threading
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping

from app.core.basics.dates import MONTH_NAMES
from app.core.basics.text import lexical_tokens
from app.core.index.lexical import Bm25Index
from app.core.index.manifest import Manifest

# A date in a path: "journal/2025-01-14.md", "2025_01_14 standup.md", "log/2025/01.md".
_PATH_DATE = re.compile(r"(?<!\d)(?:19|20)\d\d[-_./]?(0[1-9]|1[0-2])(?:[-_./]?[0-3]\d)?(?!\d)")


def path_month(path: str, language: str) -> str:
    """The month a note's path dates it to, as a word of `language` ("journal/2025-01-14.md"
    is January's note, asked about as "the January windstorm"); "" when it names none."""
    found = _PATH_DATE.search(path)
    if found is None:
        return ""
    return MONTH_NAMES.get(language, MONTH_NAMES["en"])[int(found.group(1)) - 1]


def path_words(path: str) -> str:
    """A note's path as words: folders and file name, without the extension
    ("papa/cuidadora.md" → "papa cuidadora")."""
    folders, _, name = path.replace("\\", "/").rpartition("/")
    stem = name.rsplit(".", 1)[0] if "." in name.lstrip(".") else name
    return " ".join([*folders.split("/"), stem]).strip()


class PathWords:
    """Which notes have each token in their path (folders and file name)."""

    def __init__(self, paths: Iterable[tuple[str, str]], main_language: str | None = None) -> None:
        """`paths`: each note's relative path and the language its text is written in.

        A path is read in its note's language and, when they differ, in the folder's
        main one too: folder and file names are often in the owner's language whatever
        a note's text is written in (`papa/cuidadora.md` holding an English recipe), and
        a question is read in its own."""
        notes: defaultdict[str, list[str]] = defaultdict(list)
        for path, language in paths:
            words = path_words(path)
            tokens = lexical_tokens(f"{words} {path_month(path, language)}", language)
            if main_language is not None and main_language != language:
                tokens += lexical_tokens(
                    f"{words} {path_month(path, main_language)}", main_language
                )
            for token in dict.fromkeys(tokens):
                notes[token].append(path)
        self._notes = dict(notes)

    def count(self, token: str) -> int:
        return len(self._notes.get(token, ()))

    def notes_with(self, token: str) -> list[str]:
        return self._notes.get(token, [])


class PathField:
    """The texts each path word is held by, through their notes' paths, for one manifest
    version: what the lexical leg scores beside the texts' own tokens."""

    # A path word of more notes than this adds nothing a search could rank by (a folder
    # most notes sit in); looking up its texts would cost a large folder a long query.
    most_notes = 2000

    def __init__(self, words: PathWords, texts_of: Callable[[list[str]], set[str]]) -> None:
        self._words = words
        self._texts_of = texts_of
        self._held: dict[str, set[str]] = {}

    def holders(self, tokens: Iterable[str]) -> dict[str, set[str]]:
        """For each of `tokens` in some note's path, the texts of those notes."""
        found: dict[str, set[str]] = {}
        for token in dict.fromkeys(tokens):
            notes = self._words.notes_with(token)
            if not notes or len(notes) > self.most_notes:
                continue
            if token not in self._held:
                self._held[token] = self._texts_of(notes)
            found[token] = self._held[token]
        return found


class NotesVocabulary:
    """The lexical index's tokens and the notes' path words, behind the verdict's
    `Vocabulary` protocol. A token only in paths counts as held by as many texts as
    notes have it in their path; the BM25 ceiling counts path words as the search scores
    them."""

    def __init__(self, bm25: Bm25Index, paths: PathWords, field: PathField) -> None:
        self._bm25 = bm25
        self._paths = paths
        self._field = field

    def __contains__(self, token: object) -> bool:
        return isinstance(token, str) and self.doc_freq(token) > 0

    def doc_freq(self, token: str) -> int:
        return max(self._bm25.doc_freq(token), self._paths.count(token))

    def max_score(self, tokens: list[str]) -> float:
        return self._bm25.max_score(tokens, self._field.holders(tokens))

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
    and only tokenised again when they changed; the texts they lead to are looked up
    again for each version."""

    def __init__(self) -> None:
        self._version: tuple[str, int] | None = None
        self._paths: tuple[list[tuple[str, str]], str] | None = None  # and main language
        self._words: PathWords | None = None
        self._field: PathField | None = None
        self._lock = threading.Lock()  # the TUI's search workers would each count them

    def current(
        self, manifest: Manifest, generation: str, main_language: str
    ) -> tuple[PathWords, PathField]:
        version = (generation, manifest.index_version)
        with self._lock:
            if self._version != version or self._words is None or self._field is None:
                paths = (notes_paths(manifest.path_languages(), main_language), main_language)
                if self._words is None or self._paths != paths:
                    self._words = PathWords(*paths)
                self._paths = paths
                self._field = PathField(self._words, manifest.texts_of)
                self._version = version
            return self._words, self._field
