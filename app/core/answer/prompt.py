"""The answer prompt: a fixed system prompt, numbered passages, and a token budget.

The system prompt never changes between questions, so llama.cpp reuses its KV cache for
that prefix; everything that varies comes after it in the user message.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from app.core.index.retrieve import Passage
from app.core.models.generator import ChatMessage, Generator

REFUSAL_SENTENCE = "The notes do not contain the answer."

SYSTEM_PROMPT = f"""You answer questions using only passages from the user's own notes.

Rules:
1. Read the numbered passages and find the sentence that answers the question.
2. Copy that sentence exactly into "quote" and put its passage number in "passage".
3. Write "answer": a short answer that uses only facts from the quote, citing the passage as [n].
4. If no passage answers the question, set "found" to false, "quote" to "", "passage" to 0 and
"answer" to exactly: {REFUSAL_SENTENCE}
5. If the passages answer only part of the question, answer that part and say what is missing.
Never use knowledge from outside the passages. Saying the notes do not contain the answer is a
good answer when it is true.

Example passages:
[1] garden.md · Garden > Beds
The raised beds are two metres long.
[2] garden.md · Garden > Garlic
Garlic goes in the north bed in October.

Question: When do I plant garlic?
Reply: {{"found": true, "quote": "Garlic goes in the north bed in October.", "passage": 2, \
"answer": "In October, in the north bed [2]."}}
Question: What colour is the shed?
Reply: {{"found": false, "quote": "", "passage": 0, "answer": "{REFUSAL_SENTENCE}"}}"""

ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "found": {"type": "boolean"},
        "quote": {"type": "string"},
        "passage": {"type": "integer"},
        "answer": {"type": "string"},
    },
    "required": ["found", "quote", "passage", "answer"],
}


@dataclass(frozen=True)
class Prompt:
    messages: tuple[ChatMessage, ...]
    passages: tuple[Passage, ...]  # numbered [1]..[n] in the prompt, in this order
    dropped: tuple[Passage, ...]  # did not fit the budget; dropped whole
    prompt_tokens: int

    def render(self) -> str:
        """The exact prompt text, for `--show-prompt`."""
        return "\n\n".join(f"<<{m.role}>>\n{m.content}" for m in self.messages)


def passage_block(number: int, passage: Passage) -> str:
    first = passage.primary
    return (
        f"[{number}] {first.file}:{first.start_line}-{first.end_line} · {first.heading}\n"
        f"{passage.text}"
    )


def _user_message(question: str, blocks: Sequence[str]) -> str:
    body = "\n\n".join(blocks) if blocks else "(no passages were found)"
    return f"Passages from my notes:\n\n{body}\n\nQuestion: {question}"


def build_prompt(
    question: str,
    passages: Sequence[Passage],
    generator: Generator,
    *,
    max_answer_tokens: int,
) -> Prompt:
    """Number the passages in rank order, dropping whole passages that do not fit."""
    system = ChatMessage("system", SYSTEM_PROMPT)
    frame = generator.prompt_tokens([system, ChatMessage("user", _user_message(question, []))])
    budget = generator.context_tokens - max_answer_tokens - frame
    kept: list[Passage] = []
    dropped: list[Passage] = []
    used = 0
    for passage in passages:
        cost = generator.count_tokens(passage_block(len(kept) + 1, passage)) + 2
        if used + cost <= budget:
            kept.append(passage)
            used += cost
        else:
            dropped.append(passage)
    blocks = [passage_block(i, p) for i, p in enumerate(kept, start=1)]
    messages = (system, ChatMessage("user", _user_message(question, blocks)))
    return Prompt(messages, tuple(kept), tuple(dropped), generator.prompt_tokens(messages))
