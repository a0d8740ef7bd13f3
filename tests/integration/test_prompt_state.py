"""A new process starts from the state a previous one kept after the system prompt: the
same answer, with the system prompt not read again; a damaged state file is replaced."""

from __future__ import annotations

from pathlib import Path

from app.core.answer.prompt import SYSTEM_PROMPT
from app.core.models.generator import ChatMessage, GenerationSettings
from app.core.models.llama_generator import LlamaCppGenerator

SCHEMA = {"type": "object", "properties": {"answer": {"type": "string"}}, "required": ["answer"]}
USER = (
    "<passage number=1 file=wifi.md lines=3-5>\nThe guest network password is tulip-42; "
    "it changes on the first of every month.\n</passage>\n\n"
    "Question: what is the guest network password?"
)


def answer(model: Path, state_dir: Path) -> tuple[str, str]:
    generator = LlamaCppGenerator(model, GenerationSettings(seed=0), state_dir=state_dir)
    messages = [ChatMessage("system", SYSTEM_PROMPT), ChatMessage("user", USER)]
    text = "".join(generator.stream(messages, schema=SCHEMA, max_tokens=40))
    return text, generator.system_prompt_state


def test_the_kept_state_gives_the_same_answer(shared_model_path: Path, tmp_path: Path) -> None:
    state_dir = tmp_path / "state"
    first, how_first = answer(shared_model_path, state_dir)
    assert how_first == "kept"
    [kept] = state_dir.glob("*.state")
    second, how_second = answer(shared_model_path, state_dir)
    assert how_second == "restored"
    assert second == first
    assert "tulip-42" in first

    kept.write_bytes(kept.read_bytes()[: kept.stat().st_size // 2])  # a torn write
    third, how_third = answer(shared_model_path, state_dir)
    assert how_third == "kept"  # not loaded: read again and written whole
    assert third == first
    assert kept.stat().st_size > 0
