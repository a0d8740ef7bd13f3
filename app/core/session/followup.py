"""Follow-up questions made standalone by rules over the previous question's words.

"and Jellyfin?" after "What port does Home Assistant use?" is searched as "What port does
Jellyfin use?". The rules only reuse words the user typed, never guess: a fragment takes
the place of the previous question's subject, a pronoun is replaced by it, a bare "why?"
asks about it, and a short question with no subject of its own gets it added. A question
that names its own subject is a new topic and is left exactly as typed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.core.basics.stopwords import ENGLISH_STOPWORDS
from app.core.index.scope import Scope, ScopeError, parse_scope

_WORD = re.compile(r"[\w][\w'./-]*[\w]|[\w]")
_OPENER = re.compile(
    r"^(?:(?:and|but|so|ok|okay)[, ]+)?(?:what|how)\s+about\b|^(?:and|also|plus)\b[, ]*",
    re.IGNORECASE,
)
QUESTION_WORDS = frozenset("what when where who whom which why how whose".split())
_AUXILIARIES = frozenset(
    "do does did is are was were can could should would will shall have has had am may "
    "might must".split()
)
_FRAME = frozenset("long many much often far old soon".split())  # "how long", "how many"
_GENERIC = frozenset(
    "do use used uses mean means keep kept get got go goes need make say said happen run "
    "runs called call tell know".split()
)
_PRONOUNS = frozenset("it its them they their those these".split())
_PREPOSITIONS = frozenset(
    "for on in at with about during from to into after before under over without".split()
)
_DETERMINERS = frozenset("the a an my our your this that".split())


@dataclass(frozen=True)
class Resolution:
    """A question as typed and as it will be searched and answered."""

    asked: str
    resolved: str
    rule: str | None = None  # how the previous question was used; None when it was not

    @property
    def merged(self) -> bool:
        return self.rule is not None


@dataclass(frozen=True)
class _Token:
    text: str
    start: int
    end: int

    @property
    def lower(self) -> str:
        return self.text.lower()


def resolve_followup(question: str, previous: str | None) -> Resolution:
    """Make `question` standalone using `previous`, or return it unchanged.

    The previous question's scope carries over to a merged follow-up that has none.
    """
    unchanged = Resolution(question, question)
    if not previous or not previous.strip() or not question.strip():
        return unchanged
    try:
        before, asked = parse_scope(previous), parse_scope(question)
    except ScopeError:
        return unchanged  # the search reports the bad scope
    merged = _resolve(asked.text.strip(), before.text.strip())
    if merged is None:
        return unchanged
    text, rule = merged
    scope: Scope = asked.scope if not asked.scope.is_empty else before.scope
    if not scope.is_empty:
        text = f"{scope.describe()} {text}"
    return Resolution(question, text, rule)


def _resolve(question: str, previous: str) -> tuple[str, str] | None:
    body = question.rstrip(" ?!.")
    opener = _OPENER.match(body)
    anded = False
    if opener:
        rest = body[opener.end() :].strip(" ,")
        if not rest:
            return previous, "repeated the previous question"
        if _is_question(rest):
            body, anded = rest, True
        else:
            return _fragment(rest, previous)
    if body.lower() in QUESTION_WORDS:  # "why?" asks about the whole previous question
        asked = f"{body.capitalize()}: {previous.rstrip(' ?!.')}?"
        return asked, f"asked {body.lower()} about the previous question"
    tokens = _tokens(body)
    mine = [t for t in tokens if _naming(t, tokens)]
    theirs = {t.lower for t in _tokens(previous)}
    own = [t for t in mine if t.lower not in theirs]
    if any(_strong(t, tokens) for t in own):
        return None  # names its own subject: a new topic
    topic = _topic(previous)
    if not topic:
        return None
    pronoun = next((t for t in tokens if t.lower in _PRONOUNS), None)
    if pronoun is not None and len(own) <= 2:
        text = body[: pronoun.start] + topic + body[pronoun.end :]
        return f"{_tidy(text)}?", f"read '{pronoun.text}' as '{topic}'"
    if (anded and len(own) <= 1) or (len(tokens) <= 3 and len(own) <= 1):
        return f"{body} ({topic})?", f"added the subject '{topic}'"
    return None


def _fragment(fragment: str, previous: str) -> tuple[str, str]:
    """A fragment ("Jellyfin", "for a login storm") takes the place of the previous
    question's subject, or of its phrase under the same preposition."""
    tokens = _tokens(previous)
    body = previous.rstrip(" ?!.")
    first = fragment.split()[0].lower()
    if first in _PREPOSITIONS:
        same = next((t for t in tokens if t.lower == first), None)
        if same is not None:
            end = _phrase_end(body, same.end)
            return _replaced(body, same.start, end, fragment)
    phrases = _phrases(tokens)
    strong = [p for p in phrases if any(_strong(t, tokens) for t in p)]
    if strong:
        slot = strong[-1]
        start = slot[0].start
        before = body[:start].split()
        if first in _PREPOSITIONS and before and before[-1].lower() in _PREPOSITIONS:
            fragment = fragment.split(None, 1)[1] if " " in fragment else fragment
        return _replaced(body, start, slot[-1].end, fragment)
    if first in _PREPOSITIONS or not phrases:
        return f"{body} {fragment}?", f"added '{fragment}' to the previous question"
    slot = phrases[-1]
    if len(fragment.split()) == 1 and len(slot) > 1:
        slot = slot[:1]  # "weekly" for "monthly snapshots": the modifier changes
    start = slot[0].start
    while start > 0 and body[:start].split() and body[:start].split()[-1].lower() in _DETERMINERS:
        start = body[:start].rstrip().rfind(" ") + 1  # "the nightly backup" -> "the ..."
    return _replaced(body, start, slot[-1].end, fragment)


def _replaced(body: str, start: int, end: int, fragment: str) -> tuple[str, str]:
    old = body[start:end].strip()
    text = _tidy(body[:start] + fragment + body[end:])
    return f"{text}?", f"put '{fragment}' in place of '{old}'"


def _phrase_end(body: str, start: int) -> int:
    """Where a prepositional phrase that starts at `start` ends: at punctuation, the next
    preposition, or the end."""
    end = len(body)
    for match in re.finditer(r"[,;:]|\s(" + "|".join(_PREPOSITIONS) + r")\s", body[start:]):
        end = start + match.start()
        break
    return end


def _tokens(text: str) -> list[_Token]:
    return [_Token(m.group(0), m.start(), m.end()) for m in _WORD.finditer(text)]


def _naming(token: _Token, tokens: list[_Token]) -> bool:
    word = token.lower
    if any(c.isdigit() for c in word):
        return True
    if len(word) < 2 or word in ENGLISH_STOPWORDS or word in QUESTION_WORDS:
        return False
    return word not in _AUXILIARIES and word not in _FRAME and word not in _GENERIC


def _strong(token: _Token, tokens: list[_Token]) -> bool:
    """A name: a code with digits, an acronym, or a capitalised word inside the sentence."""
    text = token.text
    if any(c.isdigit() for c in text) and any(c.isalpha() for c in text):
        return True
    if len(text) >= 2 and text.isupper():
        return True
    return text[:1].isupper() and token is not tokens[0] and text.lower() != "i"


def _phrases(tokens: list[_Token]) -> list[list[_Token]]:
    """Runs of consecutive naming words: "Home Assistant", "monthly snapshots"."""
    runs: list[list[_Token]] = []
    last: _Token | None = None
    for token in tokens:
        if not _naming(token, tokens):
            last = None
            continue
        if last is not None and runs:
            runs[-1].append(token)
        else:
            runs.append([token])
        last = token
    return runs


def _topic(previous: str) -> str:
    """What the previous question was about: its names if it has any, else its naming words."""
    tokens = _tokens(previous)
    phrases = _phrases(tokens)
    strong = [p for p in phrases if any(_strong(t, tokens) for t in p)]
    chosen = strong or phrases
    return " ".join(" ".join(t.text for t in p) for p in chosen)


def _is_question(text: str) -> bool:
    first = text.split()[0].lower() if text.split() else ""
    return first in QUESTION_WORDS or first in _AUXILIARIES


def _tidy(text: str) -> str:
    words = text.split()
    out: list[str] = []
    for word in words:  # "the the integrity check" from a determiner kept on both sides
        if out and word.lower() == out[-1].lower() and word.lower() in _DETERMINERS:
            continue
        out.append(word)
    return " ".join(out).rstrip(" ?")
