"""Whether a question asks yes or no ("Is the dentist in August?", "¿Hay agua?", "Mag ik
mijn hond meenemen?", "Får man ha hund?"), in any language asknotes reads: its answer is a
yes or a no, whatever value the quote states."""

from __future__ import annotations

import re

from app.core.basics.text import fold
from app.core.verdict.question_openers import SWEDISH_VERB_OPENERS

# "Is the train on platform 4?" is answered by "it leaves from platform 6": a no.
_YES_NO = re.compile(
    r"^\W*(is|are|was|were|does|do|did|can|could|will|would|should|has|have|had|e|sao|"
    r"tem|pode|posso|foi|vai|da|es|son|hay|tiene|tengo|puede|puedo|fue|va|esta|estan|"
    r"ist|sind|war|waren|hat|haben|hatte|hatten|kann|konnen|muss|mussen|darf|durfen|soll|"
    r"sollen|wird|werden|wurde|wurden|gibt|gab|habe|bin|est-ce|peut|puis-je|puo|ha|hanno|"
    # Dutch ("is", "was", "kan" and "mag" above or shared)
    r"zijn|heeft|hebben|kan|kunnen|mag|mogen|moet|moeten|wordt|werd|zit|staat|komt|gaat|"
    # Swedish ("var" only as "was": "Var det …", not "Var ligger …")
    rf"{SWEDISH_VERB_OPENERS}|"
    r"var(?=\s+(det|den|han|hon|de|vi|ni|du|jag|hela|alla|nagon|nagot)\b))\b"
)


# "E quanto custou?", "Da quando è aperto?": "e" and "da" open questions of another kind too
_AND_THEN_ASKS = re.compile(
    r"^\W*(e|da)\s+(quanto|quanta|quantos|quantas|quando|qual|quais|onde|quem|como|que|"
    r"o que|dove|chi|cosa|quale)\b"
)


def is_yes_no(question: str) -> bool:
    """Whether the question asks yes or no ("Is the dentist in August?", "¿Hay agua?")."""
    folded = fold(question)
    return _YES_NO.match(folded) is not None and _AND_THEN_ASKS.match(folded) is None
