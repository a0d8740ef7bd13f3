"""What asknotes says around the notes' own words, in each language it reads: the
refusal sentence (also what the prompt tells the model to write), how a checked quote is
introduced, and how a refusal's closest sentences are headed. The answer follows the
question's language, so everything said around it does too."""

from __future__ import annotations

REFUSAL_SENTENCE = "The notes do not contain the answer."
# The same sentence in every language asknotes reads; the model answers in the question's.
REFUSALS: dict[str, str] = {
    "en": REFUSAL_SENTENCE,
    "pt": "As notas não contêm a resposta.",
    "es": "Las notas no contienen la respuesta.",
    "fr": "Les notes ne contiennent pas la réponse.",
    "de": "Die Notizen enthalten die Antwort nicht.",
    "it": "Le note non contengono la risposta.",
    "nl": "De notities bevatten het antwoord niet.",
    "sv": "Anteckningarna innehåller inte svaret.",
}

# How a checked quote is introduced: "Your notes say: "…" [2]".
QUOTE_INTROS: dict[str, str] = {
    "en": "Your notes say",
    "pt": "Suas notas dizem",
    "es": "Tus notas dicen",
    "fr": "Vos notes disent",
    "de": "Deine Notizen sagen",
    "it": "Le tue note dicono",
    "nl": "Je notities zeggen",
    "sv": "Dina anteckningar säger",
}

# Above the closest sentences a refusal shows: evidence, never an answer.
CLOSEST_HEADERS: dict[str, str] = {
    "en": "Closest sentences in your notes (quoted, not an answer):",
    "pt": "Frases mais próximas nas suas notas (citadas, não são uma resposta):",
    "es": "Frases más cercanas en tus notas (citadas, no son una respuesta):",
    "fr": "Phrases les plus proches dans vos notes (citées, ce n'est pas une réponse) :",
    "de": "Die ähnlichsten Sätze in deinen Notizen (zitiert, keine Antwort):",
    "it": "Le frasi più vicine nelle tue note (citate, non una risposta):",
    "nl": "De zinnen in je notities die er het dichtst bij komen (geciteerd, geen antwoord):",
    "sv": "De närmaste meningarna i dina anteckningar (citerade, inget svar):",
}


def refusal_sentence(language: str) -> str:
    return REFUSALS.get(language, REFUSAL_SENTENCE)


def quote_intro(language: str) -> str:
    return QUOTE_INTROS.get(language, QUOTE_INTROS["en"])


def closest_header(language: str) -> str:
    return CLOSEST_HEADERS.get(language, CLOSEST_HEADERS["en"])
