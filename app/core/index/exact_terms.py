"""Rare exact terms of a question that keep their best passage in the top k.

A question holding an identifier, a code or a rare word the notes contain ("CF1-12",
`worker_connections`) finds that note first when searched for it alone; fused with the
question's other words the note can fall below the top k, so its best hit is pinned.
"""

from __future__ import annotations

from app.core.basics.language import DEFAULT_LANGUAGE
from app.core.basics.text import is_compound, lexical_tokens
from app.core.index.lexical import Bm25Index, LexicalHit


def exact_terms(
    bm25: Bm25Index, question: str, limit: int, language: str = DEFAULT_LANGUAGE
) -> list[str]:
    """The question's rarest tokens that some note holds: identifiers, codes and rare words.

    A search for one of them alone ranks its note first; fused with the question's other
    words it can fall out of the top k, so its best hit is kept (see `search`).
    """
    if limit <= 0:
        return []
    rare_limit = max(2, bm25.n_docs // 200)
    tokens = [
        t
        for t in dict.fromkeys(lexical_tokens(question, language))
        if t in bm25
        and bm25.doc_freq(t) <= rare_limit
        and (is_compound(t) or any(c.isdigit() for c in t) or len(t) >= 5)
    ]
    return sorted(tokens, key=bm25.doc_freq)[:limit]


def exact_term_holder(
    bm25: Bm25Index, term: str, ranked: list[LexicalHit], only: set[str] | None
) -> str | None:
    """The passage an exact term keeps in the top k: of the texts holding it, the one the
    whole question ranks first ("bottom temperature at station CF1-12" keeps the station
    table's row, not a shorter log line that names CF1-12), else the term's own best."""
    holders = bm25.search_tokens([term], bm25.doc_freq(term) + 1, only=only)
    held = {h.text_hash for h in holders}
    first = next((h.text_hash for h in ranked if h.text_hash in held), None)
    return first if first is not None else (holders[0].text_hash if holders else None)


def with_pins(order: list[str], pins: dict[str, str], k: int) -> list[str]:
    """The fused order with every pinned hash inside the first `k`: a pinned hash that
    fell below takes the place of the lowest unpinned one."""
    top, rest = order[:k], order[k:]
    for pinned in pins:
        if pinned in top:
            continue
        if pinned in rest:
            rest.remove(pinned)
        if len(top) < k:
            top.append(pinned)
            continue
        slot = next((i for i in range(len(top) - 1, -1, -1) if top[i] not in pins), None)
        if slot is None:
            break
        rest.insert(0, top[slot])
        top[slot] = pinned
    return top + rest
