"""Unicode normalisation and the lexical tokenizer shared by notes and questions.

Notes and questions must fold identically, or a note written "Café" never matches a
question typed "cafe"; so both pass through the same functions here.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from app.core.basics.stopwords import ENGLISH_STOPWORDS

# A run of word characters joined by the punctuation that code and error codes use,
# with an optional leading dash for command-line flags (`-l`, `--force`).
_TERM = re.compile(r"(?<![\w-])--?(?=[^\W\d])\w+(?:[-._/:]\w+)*|\w+(?:[-._/:]\w+)*")
_PART = re.compile(r"[^\W_]+")


def normalize_text(text: str) -> str:
    """Return `text` in NFC with Unix line endings, the form every stored chunk uses."""
    return unicodedata.normalize("NFC", text.replace("\r\n", "\n").replace("\r", "\n"))


def fold(text: str) -> str:
    """Fold case and strip accents so that "Café", "CAFE" and "cafe" compare equal."""
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return stripped.casefold()


@lru_cache(maxsize=1)
def _stemmer():  # type: ignore[no-untyped-def]
    import Stemmer  # PyStemmer: the Snowball stemmers compiled, a small well-kept package

    return Stemmer.Stemmer("english")


@lru_cache(maxsize=200_000)
def _stem(word: str) -> str:
    return str(_stemmer().stemWord(word))


def is_compound(term: str) -> bool:
    """A term holding punctuation (`err-4012`, `_csv.error`, `-l`), kept whole by BM25."""
    return _is_compound(term) or "_" in term


def _is_compound(term: str) -> bool:
    return not term.replace("_", "").isalnum()


def lexical_tokens(text: str) -> list[str]:
    """Tokens for BM25: stemmed content words, plus compound terms kept whole.

    A compound term (`ERR-4012`, `_csv.Error`, `-l`, `snake_case`) is emitted whole, so an
    exact identifier matches exactly, and also as its stemmed parts, so prose about it still
    matches.
    """
    tokens: list[str] = []
    for match in _TERM.finditer(fold(text)):
        term = match.group(0)
        if _is_compound(term) or "_" in term:
            tokens.append(term)
            tokens.extend(_content_words(_PART.findall(term)))
        else:
            tokens.extend(_content_words((term,)))
    return tokens


def _content_words(words: Iterable[str]) -> list[str]:
    return [
        _stem(word)
        for word in words
        # single letters are noise in English but symbols in Greek or maths (σ, λ, μ)
        if word not in ENGLISH_STOPWORDS and (len(word) > 1 or word.isdigit() or not word.isascii())
    ]


def content_words(text: str) -> set[str]:
    """The set of stemmed content words in `text`, for overlap checks between texts."""
    return {t for t in lexical_tokens(text) if not _is_compound(t) and "_" not in t}
