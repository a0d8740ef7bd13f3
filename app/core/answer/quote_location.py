"""Where a model's quote is in the passages it read, as the note writes it: verbatim
(case, accents, markup and spacing tolerated), by its words when the model reworded a
line, or as the pieces of a quote stitched from lines the note keeps apart. The quote
checks then read what the note says there, never the model's copy of it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from app.core.answer.claims import CITATION, negated
from app.core.answer.evidence import is_row_or_item
from app.core.answer.quoted_items import row_cells, table_header
from app.core.basics.generic_words import generic_stems
from app.core.basics.language import detect_language
from app.core.basics.sentences import sentences
from app.core.basics.text import content_words, holds_words, squash


@dataclass(frozen=True)
class LocatedQuote:
    passage: int  # 1-based number in the prompt
    text: str  # the sentence as written in the note
    exact: bool  # false when matched by shared words rather than verbatim
    # The model joined this sentence to others of the passage that the note keeps apart
    # (see `_stitched_pieces`): this is one of its pieces, checked on its own.
    stitched: bool = False


def _windows(text: str, widest: int = 3) -> list[str]:
    """Runs of 1..`widest` consecutive sentences, shortest first: a quote may span a few.

    A window never runs into a new table row or list item, nor out of a table row: each
    states its own fact, and a quote matched across two rows ("P2" from one, the date from
    the next) or from a row into the paragraph under the table quotes neither. (A list
    item may run on into a sentence of its own text.)
    """
    parts = sentences(text)
    return [
        " ".join(parts[i : i + size])
        for size in range(1, widest + 1)
        for i in range(len(parts) - size + 1)
        if not any(is_row_or_item(part) for part in parts[i + 1 : i + size])
        and not any(_closes_row(part) for part in parts[i : i + size - 1])
    ]


def _closes_row(part: str) -> bool:
    """A sentence that ends a table row: a window may not run past it ("| MF 4417 |
    Leaves at 9:00. Arrives at 11:30. |" is one row of two sentences)."""
    return part.strip().endswith("|")


def locate_quote(quote: str, passages: Sequence[str], preferred: int) -> LocatedQuote | None:
    """Find the quote in the passages, tolerating case, accents, punctuation and spacing.

    The model's passage number is tried first but not trusted: small models often quote
    the right sentence under the wrong number. The located text is always the note's own
    wording, never the model's copy of it.
    """
    found = locate_quotes(quote, passages, preferred)
    return found[0] if found else None


def locate_quotes(
    quote: str, passages: Sequence[str], preferred: int, subjects: Sequence[str] = ()
) -> list[LocatedQuote]:
    """Every passage holding the quote verbatim, the model's passage first; else the one
    place it matches by shared words; else none.

    Chunks of one note overlap and a note may be copied into another, so a sentence can be
    in two passages, one of which cuts off the lines that belong to it. `subjects[i]` names
    what passage i is about (its heading path and file): a model that turns a note's
    `birthday:: 19 August` under "Farah Nadeem" into "Farah Nadeem's birthday is 19 August"
    has quoted that line.
    """
    quote = CITATION.sub(" ", quote)  # a model often cites inside its quote: "… [4]."
    # and may write a line twice ("## Chosen menu\n## Chosen menu\n- Starter: …"); the
    # note's once is in any text that holds it twice, so nothing is found that was not
    quote = _REPEATED_LINE.sub(r"\1", quote)
    target = squash(quote)
    if not target:
        return []
    order = list(range(1, len(passages) + 1))
    if 1 <= preferred <= len(passages):
        order.remove(preferred)
        order.insert(0, preferred)
    verbatim = [
        LocatedQuote(
            number,
            next((w for w in _windows(passages[number - 1]) if holds_words(w, target)), quote),
            True,
        )
        for number in order
        if holds_words(passages[number - 1], target)
    ]
    if verbatim:
        return verbatim
    cell = _locate_cell(quote, passages, order) or _locate_headed_row(quote, passages, order)
    if cell is not None:
        return [cell]
    loose = _locate_loosely(quote, passages, order, subjects)
    if loose is not None:
        return [loose]
    return _locate_stitched(target, passages, order)


_REPEATED_LINE = re.compile(r"(?m)^([^\n]*\S[^\n]*)(?:\n\1)+$")

# "Preço/noite: 75 €": a column's header, then a cell of that column
_HEADED_CELL = re.compile(r"\s*([^:|\n]{1,40}?)\s*:\s*([^:|\n]{1,60}?)\s*[.;]?\s*")


def _locate_cell(quote: str, passages: Sequence[str], order: list[int]) -> LocatedQuote | None:
    """The table row a quote names by its column's header and its cell, when one row of
    one table holds that cell in that column.

    A small model asked about one row of a price table writes the column it read and the
    value ("Preço/noite: 75 €" for the "Alta" row), perhaps with the row's key ("Séance
    matin [15/07 – 19/07] : 9h30 – 12h30") or without a colon ("Policen-Nr. BH-2023-448172"):
    no sentence of the note says that, but the row does, and it is the row that the checks
    must read.
    """
    written = _HEADED_CELL.fullmatch(quote)
    column, value = (squash(written.group(1)), squash(written.group(2))) if written else ("", "")
    whole = squash(quote)  # "Policen-Nr. BH-2023-448172": the header and cell, no colon
    for number in order:
        text = passages[number - 1]
        rows = [line.strip() for line in text.split("\n") if line.lstrip().startswith("|")]
        found: list[str] = []
        for row in rows:
            header = table_header(row, text)
            if header is None:
                continue
            cells = [squash(cell) for cell in row_cells(row)]
            if column and value:
                columns = [i for i, name in enumerate(header) if _names_column(column, name, row)]
                held = len(columns) == 1 and columns[0] < len(cells) and cells[columns[0]] == value
            else:
                held = any(
                    cell and f"{squash(name)} {cell}" == whole
                    for name, cell in zip(header, cells, strict=False)
                )
            if held:
                found.append(row)
        if len(found) == 1:
            return LocatedQuote(number, found[0], False)
    return None


def _locate_headed_row(
    quote: str, passages: Sequence[str], order: list[int]
) -> LocatedQuote | None:
    """The one table row whose cells a quote gives after some of its header's cells:
    "Lectura (m³) | Consumo mes (m³) | 01/08/2024 | 3.412 | 198" for the row of 1 August.
    A small model copies the columns' names it read above the row into the quote."""
    if "|" not in quote:
        return None
    written = [squash(cell) for cell in quote.strip().strip("|").split("|")]
    written = [cell for cell in written if cell]
    for number in order:
        text = passages[number - 1]
        found: list[str] = []
        for row in (line.strip() for line in text.split("\n")):
            header = table_header(row, text) if row.startswith("|") else None
            if header is None:
                continue
            names = {squash(name) for name in header}
            cells = {squash(cell) for cell in row_cells(row)}
            values = [cell for cell in written if cell not in names]
            if values and all(cell in cells for cell in values) and len(values) < len(written):
                found.append(row)
        if len(found) == 1:
            return LocatedQuote(number, found[0], False)
    return None


def _names_column(written: str, header: str, row: str) -> bool:
    """Whether the quote's label (squashed) names the column `header`, alone or with the
    row's key beside it ("Séance matin [15/07 – 19/07]" for the week's row)."""
    name = squash(header)
    if not name or f" {name} " not in f" {written} ":
        return False
    rest = f" {written} ".replace(f" {name} ", " ", 1).strip()
    return not rest or holds_words(row, rest)


MIN_PIECE_WORDS = 4  # shorter runs shared with a note are chance ("the", "of the", "is")
MAX_PIECES = 3
MIN_STITCHED_SHARE = 0.85  # of the quote's words, in its pieces; the rest is markup debris


def _locate_stitched(target: str, passages: Sequence[str], order: list[int]) -> list[LocatedQuote]:
    """The sentences of one passage that a quote is stitched from, each as written there.

    A small model copying a section often drops the lines between the ones it wants
    ("Restored latest nightly snapshot to tank/scratch." and, three list items down,
    "- started 10:14, done 12:01 → 1h 47m"), or a code block's output line. Each piece is
    the note's own words, so each is a quote the model could have given alone and is
    checked as one; the pieces must come from one passage and make up nearly all of it.
    """
    words = target.split()
    for number in order:
        text = passages[number - 1]
        pieces = _stitched_pieces(words, f" {squash(text)} ")
        if pieces is None:
            continue
        windows = _windows(text)
        located: list[LocatedQuote] = []
        for piece in pieces:
            window = next((w for w in windows if holds_words(w, piece)), None)
            found = [window] if window is not None else _whole_parts(piece, text)
            if not found:  # a run across part of a row or item quotes neither
                located = []
                break
            for part in found:
                if all(q.text != part for q in located):
                    located.append(LocatedQuote(number, part, True, stitched=True))
        # Pieces of one sentence are a misquote of it, which `_locate_loosely` judges.
        if len(located) >= 2:
            return located
    return []


def _whole_parts(piece: str, text: str) -> list[str]:
    """The consecutive sentences, rows and items of `text` that make up `piece` exactly
    ("Monthly cost (EUR)." with the table's header row under it), each a piece of its own;
    empty when the piece starts or ends inside one."""
    parts = [(part, squash(part)) for part in sentences(text)]
    parts = [(part, squashed) for part, squashed in parts if squashed]
    for start in range(len(parts)):
        taken: list[str] = []
        joined = ""
        for part, squashed in parts[start:]:
            joined = f"{joined} {squashed}".strip()
            if not f" {piece} ".startswith(f" {joined} "):
                break
            taken.append(part)
            if joined == piece:
                return taken if len(taken) >= 2 else []
    return []


def _stitched_pieces(words: list[str], padded: str) -> list[str] | None:
    """The runs of `words` (at least `MIN_PIECE_WORDS` each) found in `padded` (a squashed
    passage between spaces), longest first from the left; None unless two to `MAX_PIECES`
    runs cover `MIN_STITCHED_SHARE` of the words."""
    pieces: list[str] = []
    left_over: list[str] = []
    i = 0
    while i < len(words):
        end = i
        while end < len(words) and f" {' '.join(words[i : end + 1])} " in padded:
            end += 1
        if end - i >= MIN_PIECE_WORDS:
            pieces.append(" ".join(words[i:end]))
            i = end
        else:
            left_over.append(words[i])
            i += 1
    if not 2 <= len(pieces) <= MAX_PIECES:
        return None
    if len(left_over) > (1 - MIN_STITCHED_SHARE) * len(words):
        return None
    # The words between the pieces are the model's own: a number or a "not" there changes
    # what the note says ("2h 47m" for "1h 47m", "none match" for "all match").
    if any(any(c.isdigit() for c in w) for w in left_over) or negated(" ".join(left_over)):
        return None
    return pieces


def _locate_loosely(
    quote: str, passages: Sequence[str], order: list[int], subjects: Sequence[str]
) -> LocatedQuote | None:
    """The sentence window sharing most of the quote's content words, when it shares at
    least three quarters of them, or of those its passage's subject does not name (at
    least two), among the windows the quote adds no value to.

    A window that would share more but lacks one of the quote's values does not hide one
    that holds them all: "Korr rolled a 2 in session 14 (lost two fingers)" is a list's
    line, though the recap under the heading "Session 14" tells the same story without
    the "14"."""
    language = detect_language(" ".join([quote, *passages])[:4000])
    # Generic words ("uses", "about") are how a model paraphrases, not what it quotes.
    words = content_words(quote, language) - generic_stems(language)
    if len(words) < 2:
        return None
    best: tuple[float, int, str] | None = None
    for number in order:
        subject = subjects[number - 1] if number <= len(subjects) else ""
        rest = words - content_words(subject, language) if subject else words
        for window in _windows(passages[number - 1]):
            if _values_added(quote, window):
                continue
            said = content_words(window, language)
            shared = len(words & said) / len(words)
            if len(rest) >= 2:
                shared = max(shared, len(rest & said) / len(rest))
            if best is None or shared > best[0]:
                best = (shared, number, window)
    if best is not None and best[0] >= 0.75:
        return LocatedQuote(best[1], best[2], False)
    return None


# A list item's or a heading's number ("1. Clone the repository"): a label, not a value.
_ENUMERATOR = re.compile(r"(?m)^[ \t>*+-]*(?:#{1,6}[ \t]*)?\d{1,3}[.)](?=\s)")
_THOUSANDS = re.compile(r"(?<=\d)[,.\u00a0\u202f ](?=\d{3}(?!\d))")  # "1,000" is 1000


def _values_added(quote: str, window: str) -> bool:
    """Whether a loosely matched quote holds a number or code its sentence does not: the
    model changed a value while copying ("P2" where the note says "P1"), or wrote one of
    its own ("has 1 star" matched to "### 1. Clone the repository"). Numbers are whole:
    "1" is not in "2012"."""
    stated = _plain_numbers(window)
    tokens = set(stated.split())
    written = stated.replace(" ", "")  # "24h" is still in a note saying "24 h"
    return any(
        any(c.isdigit() for c in token)
        and token not in tokens
        and not re.search(rf"(?<![0-9]){re.escape(token)}(?![0-9])", written)
        for token in _plain_numbers(quote).split()
    )


def _plain_numbers(text: str) -> str:
    """`text` squashed, without list or heading numbers, thousands written together."""
    return squash(_THOUSANDS.sub("", _ENUMERATOR.sub(" ", text)))
