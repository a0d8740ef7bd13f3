"""A question for a password, and whether a text writes one out.

People note where a secret is kept more often than the secret: "Passwort steht auf dem
Zettel am Kühlschrank", "Mot de passe : celui de l'étiquette sous la box", "NAS login is on
the card in the red folder". Such a line is on topic for "gäste wlan passwort" and shares
its words, yet it holds no password; quoted as the answer it tells the user something the
notes never say. A question asking for the password itself needs a quote that writes one.
"""

from __future__ import annotations

import re

# Folded, as `asked_type` sees the question.
_SECRET_WORD = re.compile(
    # "pasword", "passwrod": a typed question misspells the word as often as not
    r"\b(pas+(?:wor|wro|wr|or)ds?|passcode|passphrase|passwort|kennwort|mot de passe|mdp|"
    r"contrasena|"
    r"senha|losenord(et)?|wlan[- ]?schlussel|wifi key|wi-fi key|"
    r"clave (del |de la )?(wifi|wi-fi|red))\b"
    # the thing that keeps or changes passwords is not a password
    r"(?!\W*(manager|managers|reset|policy|policies|rotation|vault|hash|hashes|file|safe|"
    r"store|expiry|length|rules?)\b)"
)
# Asked where it is kept, how to change it, or whether it exists: no password answers that.
_NOT_THE_VALUE = re.compile(
    r"\b(where|how|why|who|when|whose|is there|do i|does|did|can|should|reset|change|"
    r"changed|forgot|forgotten|rotate|rotated|recover|kept|stored|saved|"
    r"wo|woher|warum|wer|wann|zurucksetzen|andern|geandert|vergessen|gespeichert|"
    r"ou|comment|pourquoi|qui|quand|changer|oublie|reinitialiser|"
    r"dove|come|perche|chi|quando|cambiare|reimpostare|dimenticato|"
    r"donde|como|onde|quien|quem|cuando|cambiar|alterar|trocar|mudar|redefinir|recuperar|"
    r"var|hur|varfor|vem|nar|andra|andrat|bytte|bytt|glomt|sparat|sparas|finns)\b"
)
# A question word of any language asknotes reads other than "what" and "which" (and their
# kin, kept above): a question opening with one asks for something else.
_OTHER_OPENER = re.compile(
    r"^\W*(is|are|was|were|do|does|did|can|could|should|will|would|have|has|ist|sind|gibt|"
    r"hat|habe|est|a|e|o|tem|hay|ha|c'e|posso|devo|kann|darf)\b"
)

# Written out: after its label ("Passwort: Sonne-2024", "password is `hunter22`"), a token
# that is no plain word; or anywhere, letters and digits run together ("Llimoner27").
_LABEL = re.compile(
    r"(?i)\b(password|passwort|kennwort|mot de passe|mdp|contraseña|contrasena|clave|senha|"
    r"lösenord|losenord|"
    r"pw|pwd|pass|passcode|key|schlüssel|schlussel)\b\s*(?:[:=→]|->|is|ist|est|es|é|è|lautet)?"
    r"\s*[\"'`„“«‚]?(?P<value>[^\s\"'`“”»‘’]{4,})"
)
_TOKEN = r"[\w!#$%&*+=?@^~-]"
_LETTERS_AND_DIGITS = re.compile(
    rf"(?<!{_TOKEN})(?={_TOKEN}*[^\W\d_])(?={_TOKEN}*\d){_TOKEN}{{6,}}(?!{_TOKEN})"
)
_PRODUCT_NAME = re.compile(r"\d+[A-Z][a-z]+")  # "1Password" (a date has no letters to match)
# A value shown as stars or dots, bare or between a config file's tags: the password is
# kept out of the note ("<source-password>********</source-password>", "pw: ••••••").
_MASKED = re.compile(r"[>:=]?[*•●·]{3,}(</[\w-]+>)?[.,;)]?")


def asks_for_secret(folded: str) -> bool:
    """Whether a folded question asks for a password itself: "what's the NAS password",
    "gäste wlan passwort", "quel est le mot de passe du wifi" (not where it is kept, how to
    reset it, or whether there is one)."""
    return bool(
        _SECRET_WORD.search(folded)
        and not _NOT_THE_VALUE.search(folded)
        and not _OTHER_OPENER.search(folded)
    )


def _plain_word(token: str) -> bool:
    """ "steht", "celui", "sul": a word of prose, not a secret."""
    body = token.rstrip(".,;:!?)")
    return body.isalpha() and (body.islower() or body[1:].islower())


def writes_secret(text: str) -> bool:
    """Whether `text` writes a password out rather than saying where one is."""
    for match in _LABEL.finditer(text):
        value = match.group("value")
        if not _plain_word(value) and not _MASKED.fullmatch(value):
            return True
    return any(not _PRODUCT_NAME.fullmatch(m.group(0)) for m in _LETTERS_AND_DIGITS.finditer(text))
