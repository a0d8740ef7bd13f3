"""A question typed as keywords, without a question word, still asks for a kind of value:
"phone number for Mrs Deverell" is answered by a phone number, never by her e-mail."""

from __future__ import annotations

import pytest

from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type
from app.core.verdict.stated_values import states


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("phone number for Mrs Deverell at the millrace site", AnswerType.PHONE),
        ("Gareth Pellow mobile no.", AnswerType.PHONE),
        ("glenlow gate code", AnswerType.CODE),
        ("hotel cost utrecht conf", AnswerType.PRICE),
        ("harwood callout charge?", AnswerType.PRICE),
        ("annealing temp for the eel qpcr assay", AnswerType.QUANTITY),
        ("conductivity at cowley mere on 9 july", AnswerType.QUANTITY),
        ("Regatta 2026 datum", AnswerType.DATE),
        ("seeded rye hydration %", AnswerType.QUANTITY),
        ("what will the rent be after the review", AnswerType.PRICE),
        ("what is the monthly fee going to be", AnswerType.PRICE),
        ("ticket number for the backblaze duplicate invoice request", AnswerType.CODE),
        ("static ip of the pi5?", AnswerType.CODE),
        ("what's the ip of the printer", AnswerType.CODE),
        ("what ip does the proxmox node have", AnswerType.CODE),
    ],
)
def test_a_terse_query_asks_for_what_its_noun_names(question: str, kind: AnswerType) -> None:
    assert asked_type(question) is kind


@pytest.mark.parametrize(
    "question",
    [
        "cost centre for the grant",  # a code, not a price
        "temp logger battery",  # the thing, not a temperature
        "ip camera firmware update",  # the thing, not its address
        "order number of the steps for a restore",  # a sequence, not a code
        "how do I clean the temp probe",  # a question word: its own rules
        "what will the weather be like in May",
        "why is 100% of the CPU used",
        "notes on the date palm trip to Elche and what we saw in the gardens there today",
    ],
)
def test_terse_rules_leave_other_queries_alone(question: str) -> None:
    assert asked_type(question) is None


def test_an_email_is_no_phone_number() -> None:
    question = "phone number for Mrs Deverell"
    quote = "Contact by email only: p.deverell@mill.example"
    assert not states(quote, asked_type(question) or AnswerType.PHONE, question)
    assert states("Mrs Deverell: 01632 960 448", AnswerType.PHONE, question)
