from __future__ import annotations

import pytest

from app.core.session.followup import resolve_followup


@pytest.mark.parametrize(
    ("previous", "question", "resolved"),
    [
        ("What port does Home Assistant use?", "and Jellyfin?", "What port does Jellyfin use?"),
        ("What does ERR-4012 mean?", "what about ERR-4013?", "What does ERR-4013 mean?"),
        (
            "How many monthly snapshots do I keep?",
            "and weekly?",
            "How many weekly snapshots do I keep?",
        ),
        (
            "When does the nightly backup run?",
            "and the integrity check?",
            "When does the integrity check run?",
        ),
        (
            "How do I raise the csv field limit?",
            "what about on Windows?",
            "How do I raise the csv field limit on Windows?",
        ),
        (
            "When do I sow tomatoes?",
            "when do I transplant them?",
            "when do I transplant sow tomatoes?",
        ),
        ("Where did we stay in Lisbon?", "and where did we eat?", "where did we eat (Lisbon)?"),
        ("How often do I swap the disk?", "why?", "Why: How often do I swap the disk?"),
        ("What does ERR-4012 mean?", "and?", "What does ERR-4012 mean?"),
    ],
)
def test_follow_ups_take_the_previous_subject(previous: str, question: str, resolved: str) -> None:
    resolution = resolve_followup(question, previous)
    assert resolution.resolved == resolved
    assert resolution.merged and resolution.rule
    assert resolution.asked == question


@pytest.mark.parametrize(
    ("previous", "question"),
    [
        ("What port does Home Assistant use?", "What does ERR-4012 mean?"),
        ("When do I sow tomatoes?", "How many monthly snapshots do I keep?"),
        ("How do I undo the last commit?", "and how do I find when a line was introduced?"),
        ("When are deploys frozen?", "and what is the escalation policy when on call?"),
        ("What hydration is the dough?", "Where did we stay in Lisbon?"),
        (None, "and Jellyfin?"),
        ("", "why?"),
    ],
)
def test_a_new_topic_is_never_merged(previous: str | None, question: str) -> None:
    resolution = resolve_followup(question, previous)
    assert not resolution.merged and resolution.resolved == question


def test_the_previous_scope_carries_over_unless_the_follow_up_has_its_own() -> None:
    carried = resolve_followup("and Jellyfin?", "in:homelab what port does Caddy use?")
    assert carried.resolved == "in:homelab what port does Jellyfin use?"
    own = resolve_followup("#media and Jellyfin?", "in:homelab what port does Caddy use?")
    assert own.resolved == "#media what port does Jellyfin use?"
    new_topic = resolve_followup("What does ERR-4012 mean?", "in:homelab what port?")
    assert new_topic.resolved == "What does ERR-4012 mean?"
