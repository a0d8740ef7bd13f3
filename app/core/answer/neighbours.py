"""Is the quote about the thing asked, or about its neighbour?

Notes keep like facts side by side: one table row per exam, one list item per teacher, one
person's phone number in their own note. A small model asked for the P2 of one course
quotes that course's P1 row; asked for the window cleaner's phone number, it quotes a
friend's. Every word of such a quote is real and on topic, so the other checks pass it.
These checks catch the shapes measured in labelled question sets:
- a numbered label of the question (`P2`, "prática 4", "turn 23") that the quote gives
  with another number and never with the asked one;
- an identifier of the question (`worker_processes`) whose sibling the quote names
  instead (`worker_connections`);
- a list item or table row keyed by something else ("Cálculo II: …") while a sibling
  item of the same list is keyed by what the question names ("Física II: …");
- a list item or table row that turns away from the question where a sibling goes on
  with it ("`/` divisão real" quoted for "divisão inteira" beside "`//` divisão inteira");
- an owner the question names ("the window cleaner's phone number") that the quoted
  passage, its heading and its note's path never mention; in a question for a person, the
  subject a role is of ("o professor de estatística", "the coach of the under-12s");
- the other side of a pair the question takes one side of: the last service quoted for
  the next one, check-in for check-out, staging for production, the outward train for
  the return, a trip to a place ("Paris → Angoulême") for one from it;
- a table row or list item keyed by another member of the family the question names
  ("| Vitamina D | 19 ng/mL |" for "vitamina B12"), with no sibling about the asked one;
- in a question for a value, the element beside the asked thing in an enumeration ("340
  gp" over "[[Cloak of the Fen]]" in a list of loot), where the asked thing's own element
  gives no value;
- in a question for a value, a name the passage states elsewhere but not where the quote
  stands (the bike's purchase date for a part listed further down);
- another month or year than the asked one (`another_period`), or another colour
  (`colours`).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from app.core.answer.another_period import another_period
from app.core.answer.colours import other_colour
from app.core.answer.evidence import own_item
from app.core.answer.numbered_things import numbered_keys
from app.core.answer.other_event import other_event
from app.core.answer.owners import named_elsewhere, owner_missing
from app.core.answer.pair_sides import other_direction, other_side
from app.core.answer.quoted_items import (
    heading_above,
    item_key,
    keyed_item,
    lead_in,
    quoted_block,
    quoted_item,
    row_cells,
    siblings,
)
from app.core.answer.sibling_values import value_of_sibling
from app.core.basics.dates import YEAR
from app.core.basics.generic_words import GENERIC_WORDS
from app.core.basics.language import detect_language, written_in_another
from app.core.basics.text import (
    TERM_PATTERN,
    content_words,
    fold,
    holds_words,
    squash,
)
from app.core.basics.value_words import UNITS
from app.core.verdict.yes_no import is_yes_no

# A short code with its number ("P2", "Q3"), or a word and its number ("prática 4",
# "turn 23", "lab 5") that ends the phrase: "about 5 minutes" measures, it labels nothing.
_CODE = re.compile(r"(?<![\w-])([^\W\d_]{1,2})(\d{1,2})(?![\w-])")
_LABEL = re.compile(
    r"(?<![\w-])([^\W\d_]{3,})\s+(?:n[oº°]\.?\s*|#)?(\d{1,3})"
    # "chapter 3 due", "prática 4 de química"; not an ordinal ("the 7th month")
    r"(?![^\W\d_])(?=\s*(?:$|[?!.,;:)]|[^\W\d_]))"
    rf"(?!\s*(?:{'|'.join(sorted(map(re.escape, UNITS), key=len, reverse=True))})(?!\w))"
)
# An identifier's family: the name before its first separator ("worker_", "gemini-").
_FAMILY = re.compile(r"[^\W\d_]{3,}[-_.]")
_QUOTE_LABEL = r"(?<![\w-]){word}\s+(?:n[oº°]\.?\s*|#)?(\d+)"
_QUOTE_CODE = r"(?<![\w-]){prefix}(\d+)(?![\w-])"

# Words that take a number without naming a thing ("every 3", "top 5", "before 9").
_NOT_LABELS = frozenset(
    "about around over under than every each top last first next only just some page "
    "before after until since by aged age cerca mais menos que todo toda cada entre ate "
    "sobre antes depois desde mas hasta despues unos unas".split()
)


@dataclass(frozen=True)
class Neighbour:
    """Why the quote is about a neighbour of the asked thing, in the user's words."""

    detail: str


def neighbour_of_asked(
    question: str, quote: str, passage_text: str, where: str = "", titles: str = ""
) -> Neighbour | None:
    """How the quote is about a neighbour of what the question asks about, if it is.

    `quote` is the note's own sentence the model quoted, `passage_text` its passage, and
    `where` the passage's surroundings: heading path, note lead and note paths (an owner
    named there counts); `titles` its heading path and note paths alone.
    """
    # where the quote stands: its paragraph or list, read with its heading, lead and paths
    block = quoted_block(quote, passage_text)
    where_quoted = f"{where}\n{block or passage_text}"
    # a code the quote's own section heading names is named where the quote stands
    under = f"{where_quoted}\n{heading_above(block, passage_text)}" if block else where_quoted
    return (
        _label_conflict(question, quote)
        or _sibling_item(question, quote, passage_text)
        or _fuller_sibling(question, quote, passage_text)
        or _wrapped(value_of_sibling(question, quote, passage_text))
        or _wrapped(_owner_missing(question, f"{where}\n{passage_text}", where_quoted))
        or _other_side(question, quote, passage_text, where)
        or _other_member(question, quote, passage_text)
        or _wrapped(another_period(question, quote, passage_text, where, titles))
        or _wrapped(named_elsewhere(question, under, f"{where}\n{passage_text}"))
        or _wrapped(other_colour(question, quote, passage_text, where))
        or _wrapped(other_event(question, quote, passage_text))
    )


def _owner_missing(question: str, passage: str, where_quoted: str) -> str | None:
    """`owner_missing`, but for a passage in another language, which names the owner in
    its own words ("Furgoneta reparto" for "the delivery van")."""
    return (
        None
        if written_in_another(question, passage)
        else owner_missing(question, passage, where_quoted)
    )


def _wrapped(detail: str | None) -> Neighbour | None:
    return None if detail is None else Neighbour(detail)


def _label_conflict(question: str, quote: str) -> Neighbour | None:
    folded_quote = fold(quote)
    folded_question = fold(question)
    if is_yes_no(folded_question):
        return _sibling_identifier(folded_question, folded_quote)
    for match in _CODE.finditer(question):
        prefix, number = fold(match.group(1)), match.group(2)
        given = re.findall(_QUOTE_CODE.format(prefix=re.escape(prefix)), folded_quote)
        if given and number.lstrip("0") not in {g.lstrip("0") for g in given}:
            return Neighbour(
                f"the question asks about {match.group(0)}; the quote gives "
                f"{', '.join(prefix.upper() + n for n in sorted(set(given)))} instead"
            )
    for match in _LABEL.finditer(folded_question):
        word, number = match.group(1), match.group(2)
        if word in _NOT_LABELS:
            continue
        given = re.findall(_QUOTE_LABEL.format(word=re.escape(word)), folded_quote)
        given = given or numbered_keys(word, folded_quote)
        if given and not any(g.lstrip("0") == number.lstrip("0") for g in given):
            written = question[match.start(1) : match.end(1)]  # the user's own spelling
            return Neighbour(
                f"the question asks about {written} {number}; the quote is about "
                f"{', '.join(f'{written} {g}' for g in sorted(set(given)))}"
            )
    return _sibling_identifier(folded_question, folded_quote)


def _sibling_identifier(question: str, quote: str) -> Neighbour | None:
    """`worker_processes` asked, `worker_connections` quoted; `gemini-3.6-flash` asked,
    `gemini-3.5-flash` quoted: an identifier of the same family, not the one asked."""
    quoted = {m.group(0) for m in TERM_PATTERN.finditer(quote)}
    for match in TERM_PATTERN.finditer(question):
        asked = match.group(0).strip("-")
        head = _FAMILY.match(asked)
        # A hyphenated word ("follow-up") is no identifier; "worker_processes:auto" and
        # "follow-ups" still name the asked term.
        if head is None or not ("_" in asked or any(c.isdigit() for c in asked)):
            continue
        if any(t.startswith(asked) for t in quoted):
            continue
        kin = sorted(t for t in quoted if t.startswith(head.group(0)))
        if kin:
            return Neighbour(f"the question asks about {asked}; the quote is about {kin[0]}")
    return None


def _sibling_item(question: str, quote: str, passage_text: str) -> Neighbour | None:
    """A keyed list item or table row about something else, beside one about the asked
    thing: the model read the wrong line of the right list."""
    found = keyed_item(quote, passage_text)
    if found is None:
        return None
    block, line, items, quoted = found
    language = detect_language(f"{question} {block}")
    asked = content_words(question, language)
    if not line.strip().startswith("|"):
        keys = [item_key(item) for item in items]
        return _keyed_sibling(keys, quoted, line, asked, language)
    # A table is keyed by any of its columns: "| Sat Feb 22, 2025 | Lilac Invitational |"
    # beside "| TBA | Regionals |" is the wrong meet, whatever the date column says.
    rows = [row_cells(item) for item in items]
    own = row_cells(line)
    # "| Family name, given name | LE GOFF, Pierre |" above "| Age | 23 |": a table of one
    # record's fields, whose values are all about the thing its name row names
    record = len(own) == 2 and any(
        len(cells) == 2 and _NAME_FIELD.search(fold(cells[0])) for cells in rows
    )
    for column in range(1 if record else len(own)):
        keys = [cells[column] if column < len(cells) else "" for cells in rows]
        found_here = _keyed_sibling(keys, own[column], line, asked, language, table=True)
        if found_here is not None:
            return found_here
    return None


_NAME_FIELD = re.compile(r"^(?:\w+ )?(?:name|names|nom|noms|naam|nome|vorname|nachname)\b")


def _keyed_sibling(
    keys: list[str], quoted: str, line: str, asked: set[str], language: str, table: bool = False
) -> Neighbour | None:
    """A key among `keys` that names what is asked, where the quoted item's key
    (`quoted`, of `line`) does not. A table's cell names a thing by one capitalised word
    too ("Regionals"), as a list item's key does not ("Valores:")."""

    def names(key: str) -> bool:
        return _names_something(key) or (
            table and any(w[:1].isupper() and fold(w) not in GENERIC_WORDS for w in key.split())
        )

    # A word several keys share ("II" of "Cálculo II" and "Física II") tells none apart.
    counts = Counter(w for key in set(keys) for w in content_words(key, language))
    if {w for w in content_words(quoted, language) if counts[w] == 1} & asked:
        return None
    if not names(quoted):
        return None
    line_words = content_words(line, language)
    for key in keys:
        words = content_words(key, language) if key else set()
        own = {w for w in words if counts[w] == 1}
        # "Room 14: next to Room 12" names the asked Room 12 itself.
        if key and own and words <= asked and names(key) and not own <= line_words:
            return Neighbour(f"the quote is about {quoted!r}; the question asks about {key!r}")
    return None


def _fuller_sibling(question: str, quote: str, passage_text: str) -> Neighbour | None:
    """A sibling of the quoted list item or row goes on where the quoted one turns away:
    "`/` divisão real" quoted for "divisão inteira" beside "`//` divisão inteira". Both
    items share a word of the question; the word after it is the question's in the
    sibling and another in the quoted item."""
    found = quoted_item(quote, passage_text)
    if found is None:
        return None
    block, line, items = found
    items = siblings(items, line)
    language = detect_language(f"{question} {block}")
    asked = content_words(question, language)
    quoted = _stems_in_order(line, language)
    led = _continues(line, items)
    for item in items:
        if item in led:
            continue
        sibling = _stems_in_order(item, language)
        for stem, word in quoted:
            if stem not in asked:
                continue
            turned, went_on = _after(quoted, stem), _after(sibling, stem)
            if turned and went_on and turned[0] not in asked and went_on[0] in asked:
                return Neighbour(
                    f"the quote says {word} {turned[1]}; the item {item.strip()[:60]!r} "
                    f"beside it says {word} {went_on[1]}, as the question does"
                )
    return None


_ARROW_LED = re.compile(r"\s*(?:[-*+]|\d+[.)])?\s*(?:→|->|=>|⇒)")


def _continues(line: str, items: list[str]) -> list[str]:
    """The items an arrow-led item follows on from ("- brick sample panel built" above
    "- → DF approved the brick sample"): it concludes them, it is no sibling of theirs."""
    if not _ARROW_LED.match(line) or line not in items:
        return []
    return items[: items.index(line)]


def _stems_in_order(text: str, language: str) -> list[tuple[str, str]]:
    """The content words of `text` in order, each as (stem, word as written)."""
    found = []
    for match in TERM_PATTERN.finditer(text):
        stems = content_words(match.group(0), language)
        if len(stems) == 1 and _PLAIN_WORD.fullmatch(match.group(0)):
            found.append((next(iter(stems)), match.group(0)))
    return found


_PLAIN_WORD = re.compile(r"[a-zA-ZÀ-ÿ]{3,}")  # a word, not a symbol of a formula ("x²", "θ")


def _after(words: list[tuple[str, str]], stem: str) -> tuple[str, str] | None:
    """The content word right after the first `stem` in `words`, if any."""
    for i, (each, _word) in enumerate(words[:-1]):
        if each == stem:
            return words[i + 1]
    return None


def _names_something(key: str) -> bool:
    """Whether a key names a thing of its own ("Física II", "Química Geral", "CO₂", "P1")
    rather than an aspect of the note's topic ("Valores", "Exemplo"): a capitalised word
    after its first, or a word holding a digit; a bare number ("3", a row's count) names
    nothing."""
    words = key.split()
    if all(not any(c.isalpha() for c in w) for w in words):
        return False
    return any(any(c.isdigit() for c in w) for w in words) or any(
        w[:1].isupper() for w in words[1:]
    )


def _other_side(question: str, quote: str, passage_text: str, where: str) -> Neighbour | None:
    """The quote (its whole list item or row) names only the other side of a pair the
    question takes one side of; read with its heading and its list's lead-in line when it
    names neither."""
    item = own_item(passage_text, quote) or quote
    detail = other_side(
        question, item, f"{where.split(chr(10), 1)[0]}\n{lead_in(quote, passage_text)}"
    ) or other_direction(question, item)
    return None if detail is None else Neighbour(detail)


_TOKEN = re.compile(r"[^\W_][\w-]*")


def _other_member(question: str, quote: str, passage_text: str) -> Neighbour | None:
    """The quoted row or item is keyed by another member of a family the question names:
    "| Vitamina D | 19 ng/mL |" quoted for "vitamina B12". The word the key and question
    share is followed, in each, by a word that names a member (a digit or a capital in it)
    and the two differ; the asked member is not in the quoted line."""
    found = keyed_item(quote, passage_text)
    if found is None:
        return None
    _block, line, _items, key = found
    language = detect_language(f"{question} {line}")
    key_tokens, question_tokens = _TOKEN.findall(key), _TOKEN.findall(question)
    for i, word in enumerate(key_tokens[:-1]):
        stem = content_words(word, language)
        if not stem:
            continue
        for j, asked in enumerate(question_tokens[:-1]):
            if content_words(asked, language) != stem:
                continue
            theirs, mine = key_tokens[i + 1], question_tokens[j + 1]
            if (
                _names_member(theirs)
                and _names_member(mine)
                and _member(theirs) != _member(mine)
                # "cotisation famille 2024" asks for a year's row, not member 2024 of a
                # family whose quoted row is "Famille (2 adultes + enfants)"
                and (YEAR.fullmatch(theirs) is None) == (YEAR.fullmatch(mine) is None)
                and not holds_words(line, squash(mine))
            ):
                return Neighbour(
                    f"the quote is about {word} {theirs}; the question asks about {asked} {mine}"
                )
    return None


_ROMAN = {r: n for n, r in enumerate("i ii iii iv v vi vii viii ix x xi xii".split(), 1)}


def _member(word: str) -> str:
    """A member's name compared: "II" is "2" (Cálculo II is calculo 2)."""
    folded = fold(word)
    return str(_ROMAN[folded]) if folded in _ROMAN else folded


def _names_member(word: str) -> bool:
    """ "B12", "D", "II", "Pro": a word telling one member of a family from another."""
    return any(c.isdigit() for c in word) or word[:1].isupper()
