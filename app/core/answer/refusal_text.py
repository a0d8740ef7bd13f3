"""How a refusal after the model reads: the refusal sentence in the question's language,
the check that refused in plain words, and the notes' closest sentences as quotes."""

from __future__ import annotations

from collections.abc import Sequence

from app.core.answer.extractive import QuotedSentence
from app.core.answer.grounding import Check
from app.core.answer.phrases import closest_header, refusal_sentence

REASONS = {
    "model_answered": "the model found no answer in the passages",
    "not_the_example": "the model copied the prompt's example instead of reading the notes",
    "quote_located": "the model's quote is not in any passage",
    "quote_is_statement": "the model's quote is not a statement the notes make",
    "quote_on_topic": "the model's quote is not about the question",
    "question_terms_present": "the passage the model quoted never names what was asked",
    "not_a_neighbour": "the model quoted a neighbouring item, not the one asked about",
    "answer_type": "the quoted passage does not state what was asked for",
    "quote_is_current": "another passage says the quoted value was replaced",
    "covers_the_question": "the passage the model quoted names less of the question than others",
    "valid_reply": "the model's reply could not be read",
    "quote_answers_alone": "the model's sentence could not be verified, and its quote alone "
    "does not say what was asked",
}


def refusal_text(failed: Check, quotes: Sequence[QuotedSentence], language: str) -> str:
    # A rejected quote is never repeated here: read beside a refusal it looks like an
    # answer. It stays in the result (`--json`) for whoever wants to see what was refused.
    reason = REASONS.get(failed.name, failed.name)
    lines = [f"{refusal_sentence(language)} ({reason}: {failed.detail})"]
    if quotes:
        lines.append(closest_header(language))
        lines.extend(f'> "{q.text}" [{q.passage}]' for q in quotes)
    return "\n".join(lines)
