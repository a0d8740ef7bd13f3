"""A question for a password needs a quote that writes one, not one that says where it is."""

from __future__ import annotations

import pytest

from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type
from app.core.verdict.stated_values import states


@pytest.mark.parametrize(
    "question",
    [
        "What's the password for the NAS at the radio station?",
        "gäste wlan passwort",
        "mot de passe wifi studio",
        "cual es la contraseña de la red wifi de invitados",
        "qual è la password del wifi",
        "wie lautet das WLAN-Passwort",
        "senha do wifi",
        "cottage wifi pasword",
        "NAS passwrod",
    ],
)
def test_a_question_for_the_password_itself_asks_for_a_secret(question: str) -> None:
    assert asked_type(question) is AnswerType.SECRET


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("Where is the restic repository password kept?", AnswerType.PLACE),
        ("How do I reset the Pi-hole web admin password?", None),
        ("is the wifi password written down?", None),
        ("what password policy do we have", None),
        ("password manager we use?", None),
    ],
)
def test_where_a_password_is_kept_or_how_to_change_it_is_not_asked_as_a_secret(
    question: str, asked: AnswerType | None
) -> None:
    assert asked_type(question) is asked


@pytest.mark.parametrize(
    "line",
    [
        "- Passwort steht auf dem Zettel am Kühlschrank",
        "- Mot de passe : celui de l'étiquette sous la box, jamais changé",
        "- NAS login is on the card in the red folder, not here",
        "La contraseña está en un post-it con QR pegado en la nevera.",
        "It is stored in the 1Password vault, item 'NAS admin'.",
        "Guest network updated on 2024-06-01.",
        # shown as stars: the password is kept out of the note
        "        <source-password>********</source-password>",
        "source-password: ********",
        "wifi password: ••••••",
    ],
)
def test_a_line_saying_where_the_password_is_states_none(line: str) -> None:
    assert not states(line, AnswerType.SECRET)


@pytest.mark.parametrize(
    "line",
    [
        "Passwort: Sonne-2024!",
        "the admin password is `hunter22`",
        "WLAN Gohlis, Kennwort lautet BlauerHimmel",
        'Gast-WLAN: "Kastanie7719"',
        "admin pw: tr0ub4dor",
        "<source-password>hackme42</source-password>",
    ],
)
def test_a_line_writing_the_password_out_states_one(line: str) -> None:
    assert states(line, AnswerType.SECRET)
