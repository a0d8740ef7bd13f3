from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.answer.answering import answer_question
from app.core.answer.extractive import QuotedSentence
from app.core.answer.generation import cite
from app.core.answer.grounding import Check
from app.core.answer.phrases import REFUSAL_SENTENCE
from app.core.answer.prompt import SYSTEM_PROMPT, build_prompt
from app.core.answer.quote_location import LocatedQuote
from app.core.answer.refusal_text import refusal_text
from app.core.answer.result import AnswerKind, AnswerSettings, quote_line
from app.core.index.fusion import RetrievalSettings
from app.core.index.retrieve import search
from app.core.index.store import NoteIndex
from app.core.verdict.gates import GENERATOR_REFUSAL, GateSettings
from app.errors import Cancelled
from tests.fakes import FakeEmbedder, ScriptedGenerator, index_notes, scripted_reply

RETRIEVAL = RetrievalSettings(k=3, candidates=10)
# The retrieval verdict open, so that these tests reach the model and its checks.
OPEN = AnswerSettings(gates=GateSettings(threshold=-1e9))


reply = scripted_reply


BREAD = (
    "# Bread\n\n## Proofing\n\nThe sourdough dough proofs overnight in the fridge for 12 to "
    "16 hours.\n"
)


def indexed(tmp_path: Path, embedder: FakeEmbedder, notes: dict[str, str]) -> Iterator[NoteIndex]:
    idx = index_notes(tmp_path / "notes", tmp_path / "idx", embedder, notes)
    yield idx
    idx.close()


@pytest.fixture
def index(tmp_path: Path, fake_embedder: FakeEmbedder) -> Iterator[NoteIndex]:
    notes = {
        "proxy.md": "# Proxy\n\n## Ports\n\nCaddy listens on 443. Home Assistant is reached "
        "on port 8123 inside the network.\n",
        "backup.md": "# Backups\n\n## Retention\n\nI keep 7 daily, 4 weekly and 12 monthly "
        "snapshots of the home server.\n",
        "bread.md": BREAD,
    }
    yield from indexed(tmp_path, fake_embedder, notes)


def ask(index, generator, question, settings=OPEN):
    streamed: list[str] = []
    answer = answer_question(
        index,
        generator,
        question,
        retrieval=RETRIEVAL,
        on_text=streamed.append,
        settings=settings,
    )
    return answer, "".join(streamed)


def number_of(answer, file: str) -> int:
    return next(i for i, p in enumerate(answer.prompt.passages, 1) if p.primary.file == file)


def test_grounded_answer_cites_the_passage_holding_the_quote(index) -> None:
    quote = "I keep 7 daily, 4 weekly and 12 monthly snapshots of the home server."
    gen = ScriptedGenerator({"monthly": reply(True, quote, 3, "12 monthly snapshots [3].")})
    answer, streamed = ask(index, gen, "How many monthly snapshots do I keep?")
    n = number_of(answer, "backup.md")
    assert answer.kind is AnswerKind.GENERATED and not answer.refused
    assert answer.text == f"12 monthly snapshots [{n}]."
    assert streamed == answer.display == f'Your notes say: "{quote}" [{n}]\n\n{answer.text}'
    assert [p.primary.file for p in answer.cited] == ["backup.md"]
    assert "backup.md" not in [p.primary.file for p in answer.unused]
    moved = any("the model cited [3]; the quote is in" in f for f in answer.flags)
    assert moved == (n != 3), "a moved citation is flagged, a right one is not"
    assert [c.name for c in answer.checks] == [
        "model_answered",
        "not_the_example",
        "quote_located",
        "quote_is_statement",
        "quote_on_topic",
        "question_terms_present",
        "not_a_neighbour",
        "answer_type",
        "quote_is_current",
        "answer_supported",
        "answer_adds_nothing",
        "answer_states_type",
        "current_value",
        "same_polarity",
    ]
    assert answer.timings.first_visible_s is not None


def test_model_refusal_is_recognised(index) -> None:
    gen = ScriptedGenerator({"shed": reply(False, "", 0, REFUSAL_SENTENCE)})
    answer, streamed = ask(index, gen, "What colour is the shed?")
    assert answer.refused and answer.refusal_check == "model_answered"
    assert answer.text.startswith(REFUSAL_SENTENCE)
    assert streamed == ""


def test_invented_quote_is_refused_and_never_streamed(index) -> None:
    gen = ScriptedGenerator(
        {"Australia": reply(True, "The capital of Australia is Canberra.", 1, "Canberra [1].")}
    )
    answer, streamed = ask(index, gen, "What is the capital of Australia?")
    assert answer.refused and answer.refusal_check == "quote_located"
    assert "Canberra" not in streamed
    assert answer.kind is AnswerKind.REFUSED


def test_unsupported_number_hides_the_sentence_and_shows_the_quote(index) -> None:
    quote = "I keep 7 daily, 4 weekly and 12 monthly snapshots of the home server."
    gen = ScriptedGenerator({"weekly": reply(True, quote, 1, "You keep 5 weekly snapshots.")})
    answer, streamed = ask(index, gen, "How many weekly backups do I keep?")
    assert answer.kind is AnswerKind.QUOTED and answer.answered
    failed = next(c for c in answer.checks if not c.passed)
    assert failed.name == "answer_supported" and "5 (number)" in failed.detail
    assert answer.text.startswith(f'Your notes say: "{quote}"')
    assert "5 weekly" not in streamed and "5 weekly" not in answer.display
    assert any("answer_supported" in flag for flag in answer.flags)


def test_off_topic_quote_is_refused(index) -> None:
    quote = "Caddy listens on 443."
    gen = ScriptedGenerator({"garlic": reply(True, quote, 1, "443 [1].")})
    answer, streamed = ask(
        index,
        gen,
        "When do I plant garlic?",
        settings=AnswerSettings(min_quote_similarity=0.99, gates=OPEN.gates),
    )
    assert answer.refusal_check == "quote_on_topic"
    assert streamed == ""


def test_extractive_fallback_when_model_refuses_but_notes_match(index) -> None:
    gen = ScriptedGenerator({"proof": reply(False, "", 0, REFUSAL_SENTENCE)})
    answer, _ = ask(index, gen, "How long does the sourdough dough proof?")
    assert answer.kind is AnswerKind.QUOTES and answer.refused
    assert "12 to 16 hours" in answer.text
    assert "quoted, not an answer" in answer.text
    assert [p.primary.file for p in answer.cited] == ["bread.md"]


def test_invalid_reply_is_a_named_refusal(index) -> None:
    gen = ScriptedGenerator({"port": '{"found": tru'})
    answer, _ = ask(index, gen, "Which port?")
    assert answer.refusal_check == "valid_reply"


def test_cancel_raises(index) -> None:
    gen = ScriptedGenerator({"port": reply(True, "x", 1, "y")})
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        answer_question(
            index, gen, "Which port?", retrieval=RETRIEVAL, settings=OPEN, cancel=cancel
        )


def test_budget_drops_whole_passages_and_reports_them(index) -> None:
    passages = search(index, "port snapshots dough", RetrievalSettings(k=3)).passages
    roomy = build_prompt("q", passages, ScriptedGenerator({}), max_answer_tokens=256)
    assert len(roomy.passages) == 3 and not roomy.dropped
    frame = roomy.prompt_tokens - sum(len(p.text) // 4 for p in passages)
    tight = build_prompt(
        "q",
        passages,
        ScriptedGenerator({}, context_tokens=frame + 256 + 40),
        max_answer_tokens=256,
    )
    assert 1 <= len(tight.passages) < 3
    assert len(tight.passages) + len(tight.dropped) == 3
    for p in tight.passages:
        assert p.text in tight.messages[1].content  # whole, never truncated
    for p in tight.dropped:
        assert p.text not in tight.messages[1].content


def test_system_prompt_is_a_stable_prefix(index) -> None:
    gen = ScriptedGenerator({"": reply(False, "", 0, REFUSAL_SENTENCE)})
    ask(index, gen, "first question?")
    ask(index, gen, "another, different question?")
    assert gen.prompts[0][0] == gen.prompts[1][0] == SYSTEM_PROMPT
    assert '<passage id="1"' in gen.prompts[0][1]
    assert "Question: first question?" in gen.prompts[0][1]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("8123.", "8123 [1]."), ("8123", "8123 [1]."), ("Really?", "Really [1]?")],
)
def test_cite(text: str, expected: str) -> None:
    assert cite(text, 1) == expected


def test_retrieval_verdict_refuses_before_the_model_is_called(index) -> None:
    gen = ScriptedGenerator({})
    answer, streamed = ask(index, gen, "What colour is the shed?", settings=AnswerSettings())
    assert gen.prompts == [] and streamed == ""
    gate = answer.verdict.fired
    assert gate is not None and answer.refusal_check == gate.name
    assert gate.value is not None and gate.threshold is not None
    assert gate.value < gate.threshold
    assert "shed" in gate.detail and "colour" in gate.detail


def test_generator_refusal_is_a_gate_of_the_verdict(index) -> None:
    gen = ScriptedGenerator({"shed": reply(False, "", 0, REFUSAL_SENTENCE)})
    answer, _ = ask(index, gen, "What colour is the shed?")
    assert answer.verdict.fired.name == GENERATOR_REFUSAL
    assert "model_answered" in answer.verdict.fired.detail


def test_answer_naming_something_outside_its_quote_is_refused(index) -> None:
    quote = "I keep 7 daily, 4 weekly and 12 monthly snapshots of the home server."
    gen = ScriptedGenerator({"server": reply(True, quote, 1, "Snapshots of the NAS server.")})
    answer, _ = ask(index, gen, "What do I keep snapshots of on the server?")
    assert answer.kind is AnswerKind.QUOTED
    assert "NAS" in next(c for c in answer.checks if not c.passed).detail


def test_question_code_missing_from_the_quoted_passage_is_refused(index) -> None:
    quote = "Caddy listens on 443."
    gen = ScriptedGenerator({"PORT-9": reply(True, quote, 1, "443 [1].")})
    answer, _ = ask(index, gen, "Which port does PORT-9 Caddy use?")
    assert answer.refusal_check == "question_terms_present"
    assert "PORT-9" in answer.text  # as the user wrote it


def test_the_model_reads_only_the_best_ranked_passages_while_all_stay_shown(index) -> None:
    quote = "I keep 7 daily, 4 weekly and 12 monthly snapshots of the home server."
    gen = ScriptedGenerator({"monthly": reply(True, quote, 1, "12 monthly snapshots [1].")})
    lean = AnswerSettings(gates=OPEN.gates, prompt_passages=1)
    answer, _ = ask(index, gen, "How many monthly snapshots do I keep?", settings=lean)
    assert [p.primary.file for p in answer.prompt.passages] == ["backup.md"]
    assert answer.prompt.messages[-1].content.count("<passage id=") == 1
    assert len(answer.retrieved) == 3, "the retrieved pane still shows every passage"
    assert answer.kind is AnswerKind.GENERATED and answer.text == "12 monthly snapshots [1]."


def test_a_reply_cut_off_after_a_checked_quote_shows_the_quote_alone(index) -> None:
    quote = "I keep 7 daily, 4 weekly and 12 monthly snapshots of the home server."
    whole = reply(True, quote, 3, "You keep twelve monthly snapshots of the home server [3].")
    gen = ScriptedGenerator({"monthly": whole[: whole.index("twelve")]})  # budget ran out
    answer, streamed = ask(index, gen, "How many monthly snapshots do I keep?")
    n = number_of(answer, "backup.md")
    assert answer.kind is AnswerKind.QUOTED and not answer.refused
    assert answer.text == streamed == f'Your notes say: "{quote}" [{n}]'
    assert any("cut off after its quote" in f for f in answer.flags)


def test_a_reply_cut_off_after_a_wrong_quote_is_still_refused(index) -> None:
    quote = "Caddy listens on 443."
    whole = reply(True, quote, 1, "You keep 443 monthly snapshots [1].")
    gen = ScriptedGenerator({"monthly": whole[: whole.index("You keep")]})
    answer, streamed = ask(index, gen, "How many monthly snapshots do I keep?")
    assert answer.refused and answer.refusal_check == "valid_reply"
    assert answer.quote is None and "Your notes say" not in streamed


def test_a_quote_shown_alone_is_introduced_in_the_language_of_the_question() -> None:
    quote = LocatedQuote(2, "Sessão avulsa: R$ 180,00.", True)
    assert quote_line(quote, "pt") == 'Suas notas dizem: "Sessão avulsa: R$ 180,00." [2]'
    assert quote_line(quote, "de").startswith("Deine Notizen sagen: ")
    assert (
        quote_line(quote, "xx")
        == quote_line(quote)
        == ('Your notes say: "Sessão avulsa: R$ 180,00." [2]')
    )


def test_a_refusal_heads_its_closest_sentences_in_the_language_of_the_question() -> None:
    failed = Check("quote_located", False, "the model's quote (9 words) is in no passage")
    quotes = [QuotedSentence(2, "Sessão avulsa: R$ 180,00.", ("sessao", "avulsa"))]
    lines = refusal_text(failed, quotes, "pt").splitlines()
    assert lines[0].startswith("As notas não contêm a resposta.")
    assert lines[1] == "Frases mais próximas nas suas notas (citadas, não são uma resposta):"
    assert lines[2] == '> "Sessão avulsa: R$ 180,00." [2]'
    assert refusal_text(failed, quotes, "xx").splitlines()[1].startswith("Closest sentences")


def test_the_answer_keeps_the_language_its_quote_line_was_written_in(index) -> None:
    quote = "I keep 7 daily, 4 weekly and 12 monthly snapshots of the home server."
    whole = reply(True, quote, 3, "You keep twelve monthly snapshots of the home server [3].")
    gen = ScriptedGenerator({"monthly": whole[: whole.index("twelve")]})
    answer, streamed = ask(index, gen, "How many monthly snapshots do I keep?")
    assert answer.language == "en" and streamed.startswith("Your notes say: ")


@pytest.fixture
def tuner_index(tmp_path: Path, fake_embedder: FakeEmbedder) -> Iterator[NoteIndex]:
    notes = {
        "tuner.md": "# Piano tuner\n\nThe choir's tuner is Morag Lindsay, who tunes the "
        "upright piano at the hall.\n\n- £65 per tuning, paid by the choir.\n"
        "- Last visit on 11 March 2025.\n",
        "bread.md": BREAD,
    }
    yield from indexed(tmp_path, fake_embedder, notes)


TUNER = "The choir's tuner is Morag Lindsay, who tunes the upright piano at the hall."


def test_a_quote_whose_asked_value_stands_only_beside_it_is_never_shown_alone(
    tuner_index,
) -> None:
    # The price is in the list under the quote; the sentence gives it for another job.
    gen = ScriptedGenerator({"sticking": reply(True, TUNER, 1, "£65 to fix the key [1].")})
    answer, streamed = ask(
        tuner_index, gen, "How much does Morag charge to fix the sticking key on the piano?"
    )
    assert answer.refused and answer.refusal_check == "quote_answers_alone"
    assert "Your notes say" not in answer.text and TUNER not in streamed
    assert "answer_supported" in answer.text  # the sentence's failure, named
    assert not next(c for c in answer.checks if c.name == "answer_supported").passed


def test_a_quote_whose_asked_value_stands_beside_it_answers_with_its_sentence(
    tuner_index,
) -> None:
    gen = ScriptedGenerator({"tuning": reply(True, TUNER, 1, "£65 per tuning [1].")})
    answer, streamed = ask(tuner_index, gen, "How much does Morag charge for each tuning?")
    assert answer.kind is AnswerKind.GENERATED, answer.checks
    assert TUNER in streamed and "£65 per tuning" in streamed


@pytest.fixture
def trip_index(tmp_path: Path, fake_embedder: FakeEmbedder) -> Iterator[NoteIndex]:
    notes = {
        "Trip - Big Bang Fair.md": "- Big Bang Fair, NEC – Wed 18 June 2025\n- coach\n"
        "\t- Silverline Travel – £538 (57 seater)\n\t- costs split w/ physics budget\n"
        "- lunch: packed, eat in the hall area at 12:30\n",
        "bread.md": BREAD,
    }
    yield from indexed(tmp_path, fake_embedder, notes)


def test_a_nested_item_is_not_shown_alone_for_the_value_its_sibling_gives(trip_index) -> None:
    # "- coach" holds the price in another child; the quoted child states none.
    quote = "costs split w/ physics budget"
    gen = ScriptedGenerator({"coach": reply(True, quote, 1, "Shared with physics [1].")})
    answer, streamed = ask(trip_index, gen, "price of the coach for the big bang fair?")
    assert answer.refused and answer.refusal_check == "quote_answers_alone"
    assert quote not in streamed


def test_a_nested_item_stating_the_value_is_shown_alone(trip_index) -> None:
    quote = "Silverline Travel – £538 (57 seater)"
    gen = ScriptedGenerator({"coach": reply(True, quote, 1, "£538 [1].")})
    answer, streamed = ask(trip_index, gen, "price of the coach for the big bang fair?")
    assert not answer.refused, answer.checks
    assert quote in streamed
