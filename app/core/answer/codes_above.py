"""The codes a question names that the quote's own section states above it.

"How did we fix ERR_SOCKET_1006?" is answered by "**Fix: host Tabletrove on my phone
hotspot, not the café Wi-Fi.**", which names no error code: the log line above it, under
the same heading, does. A code is precise enough that a section stating it is about it;
a quote under another heading, or above the code, is not.
"""

from __future__ import annotations

from app.core.answer.grounding import question_codes
from app.core.basics.markdown_lines import since_last_heading
from app.core.basics.text import lexical_tokens


def codes_above(question: str, passage_text: str, quote: str) -> list[str]:
    """The question's codes that `passage_text` states between the quote's heading (or
    the passage's start) and the quote."""
    at = passage_text.find(quote.strip()[:40])
    if at <= 0:
        return []
    said = set(lexical_tokens("\n".join(since_last_heading(passage_text[:at]))))
    return [code for code in dict.fromkeys(question_codes(question)) if code in said]
