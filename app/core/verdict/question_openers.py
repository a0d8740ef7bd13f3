"""The words questions open with, in every language asknotes reads (folded), and the
terse query that opens with none of them ("medlemsavgift familj 2024", "prijs borg
boormachine", "gate code"): a few words naming what is asked for."""

from __future__ import annotations

# Question words and the verbs a yes/no question opens with ("was" is English and German,
# "wie" German and Dutch, "var" Swedish "where" and "was").
QUESTION_OPENERS = (
    r"what|how|why|where|who|whom|when|which|is|are|was|were|do|does|did|can|could|"
    r"should|will|would|have|has|o|a|e|que|qual|quais|como|onde|quem|quando|por|porque|cual|"
    r"cuales|donde|quien|cuando|quel|quelle|comment|ou|qui|quand|pourquoi|est|wie|wo|wer|"
    r"wann|warum|welche|welcher|welches|ist|sind|kann|gibt|darf|soll|muss|combien|quoi|"
    r"faut|dois|peut|come|cosa|che|quale|quali|quanto|quanti|quante|chi|dove|perche|posso|"
    r"devo|hoe|waarom|waar|wanneer|welke|welk|hoeveel|hoelang|zijn|heeft|mag|moet|vad|hur|"
    r"varfor|var|vart|vem|vems|nar|vilken|vilket|vilka|finns|ska|maste|ar|har|behover"
)
# Verbs a Swedish yes/no question opens with ("Ingår lunch i priset?", "Får man ha hund?").
SWEDISH_VERB_OPENERS = (
    r"ar|har|hade|finns|fanns|far|fick|ska|skall|maste|behover|behovs|blir|blev|gick|gar|"
    r"brukar|kommer|galler|ingar|stammer|funkar|fungerar|racker|hinner|vill|passar|kostar|"
    r"betalar|tar|kan"
)


def terse_query(openers: str = QUESTION_OPENERS) -> str:
    """A pattern for a query of up to ten words that opens with none of `openers`."""
    return rf"^\W*(?!({openers})\b)(?=(\S+\s+){{0,9}}\S+\W*$).*"
