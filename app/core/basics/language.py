"""Which language a text is written in, and the stop words and stemmer that go with it.

Detection counts each language's function words among the text's words: cheap, no model,
and reliable on a note or a full question. A text too short to tell (a heading, a
three-word question) gets the folder's main language instead.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

from app.core.basics.stopwords import ENGLISH_STOPWORDS, PORTUGUESE_STOPWORDS

SPANISH_STOPWORDS = frozenset(
    """
    de la que el en y a los del se las por un para con no una su al lo como mas pero sus le
    ya o este si porque esta entre cuando muy sin sobre tambien me hasta hay donde quien
    desde todo nos durante todos uno les ni contra otros ese eso ante ellos e esto mi antes
    algunos que unos yo otro otras otra el tanto esa estos mucho quienes nada muchos cual
    poco ella estar estas algunas algo nosotros mis tu te ti tus ellas nosotras vosotros
    vosotras os mio mia mios mias tuyo tuya suyo suya nuestro nuestra vuestro esos esas
    estoy estas esta estamos estan es son fue era eran he ha han hay habia como cuanto
    cuantos cuantas cual cuales donde
    """.split()
)
FRENCH_STOPWORDS = frozenset(
    """
    au aux avec ce ces dans de des du elle en et eux il ils je la le les leur lui ma mais
    me meme mes moi mon ne nos notre nous on ou par pas pour qu que qui sa se ses son sur ta
    te tes toi ton tu un une vos votre vous c d j l a m n s t y ete etee etes etais etait
    suis es est sommes sont serai sera seront ai as avons avez ont avait avais eu cette cet
    combien comment quand quel quelle quels quelles pourquoi ou dont lequel
    """.split()
)
GERMAN_STOPWORDS = frozenset(
    """
    aber alle allem allen aller alles als also am an ander andere auch auf aus bei bin bis
    bist da damit dann das dass dasselbe dazu dein deine dem den der des dessen dich die
    dies diese dieser dieses dir doch dort du durch ein eine einem einen einer eines er es
    etwas euch euer fur gegen gewesen hab habe haben hat hatte ich ihr ihre im in ist ja
    jede jedem jeden jeder jetzt kann kein keine mich mein meine mit muss nach nicht nichts
    noch nun nur ob oder ohne sehr sein seine sich sie sind so solche soll sollte sondern um
    und uns unser unter viel vom von vor war waren was weil welche welcher wenn wer werde
    werden wie wieder will wir wird wo zu zum zur uber wann wieviel viele vielen hatten
    hattest hattet wurde wurden seid
    """.split()
)
ITALIAN_STOPWORDS = frozenset(
    """
    ad al allo ai agli all agl alla alle con col coi da dal dallo dai dagli dall dalla
    dalle di del dello dei degli dell della delle in nel nello nei negli nell nella nelle
    su sul sullo sui sugli sull sulla sulle per tra contro io tu lui lei noi voi loro mio
    mia miei mie tuo tua suo sua nostro nostra vostro ci vi li gli ne il un uno una ma ed
    se perche anche come dov dove che chi cui non piu quale qual quanto quanti quanta quante
    la le lo
    quello quelli questo questi sono sei e era erano ho hai ha abbiamo hanno essere quando
    """.split()
)
# Snowball's Dutch list with the question words; the English words among them ("in",
# "is", "was", "of", "over") are left out of detection (`_DETECTING`).
DUTCH_STOPWORDS = frozenset(
    """
    de en van ik te dat die in een hij het niet zijn is was op aan met als voor had er maar
    om hem dan zou of wat mijn men dit zo door over ze zich bij ook tot je mij uit der daar
    haar naar heb hoe heeft hebben deze want nog zal me zij nu geen omdat iets worden toch
    al waren veel meer doen toen moet ben zonder kan hun dus alles onder ja eens hier wie
    werd altijd wordt kunnen ons zelf tegen na reeds wil kon niets uw iemand geweest andere
    we wij jij jullie onze mag mogen moeten welke welk waar wanneer waarom hoeveel wel
    """.split()
)
# Snowball's Swedish list with the question words, folded ("är" is "ar", "för" "for"); the
# words other languages write as their own are left out of detection (`_DETECTING`).
SWEDISH_STOPWORDS = frozenset(
    """
    och det att i en jag hon som han pa den med var sig for sa till ar men ett om hade de av
    icke mig du henne da sin nu har inte hans honom skulle hennes dar min man ej vid kunde
    nagot fran ut nar efter upp vi dem vara vad over an dig kan sina ha mot alla under nagon
    eller allt mycket sedan ju denna sjalv detta at utan varit hur ingen mitt ni bli blev
    oss din dessa nagra deras blir mina samma vilken er sadan blivit dess inom mellan
    sadant varfor varje vilka ditt vem vilket sadana vart dina vars ert era vilkas ska
    kommer finns inget inga manga bara ocksa annu maste skall vill
    """.split()
)

# code -> (PyStemmer algorithm, stop words)
LANGUAGES: dict[str, tuple[str, frozenset[str]]] = {
    "en": ("english", ENGLISH_STOPWORDS),
    "pt": ("portuguese", PORTUGUESE_STOPWORDS),
    "es": ("spanish", SPANISH_STOPWORDS),
    "fr": ("french", FRENCH_STOPWORDS),
    "de": ("german", GERMAN_STOPWORDS),
    "it": ("italian", ITALIAN_STOPWORDS),
    "nl": ("dutch", DUTCH_STOPWORDS),
    "sv": ("swedish", SWEDISH_STOPWORDS),
}
NAMES = {"en": "English", "pt": "Portuguese", "es": "Spanish", "fr": "French",
         "de": "German", "it": "Italian", "nl": "Dutch", "sv": "Swedish"}  # fmt: skip
DEFAULT_LANGUAGE = "en"
# One-letter words are left out: in notes they are mostly variables (t, y, c, m), which
# would count as French elisions or the Spanish "y".
_WORD = re.compile(r"[^\W\d_]{2,}")
_MIN_WORDS = 4  # fewer words than this cannot tell one language from another
# Function words of one language that English writes as its own ("cost per sample").
_BORROWED = frozenset({"per", "via", "come", "pro", "con"})


def _fold(text: str) -> str:
    from app.core.basics.text import fold  # text imports this module for its stemmers

    return fold(text)


def detect_language(text: str, default: str = DEFAULT_LANGUAGE) -> str:
    """The language whose function words make up most of `text`; `default` when unsure."""
    words = _words(text)
    if len(words) < _MIN_WORDS:
        return default
    hits = _hits(words)
    best, count = hits.most_common(1)[0]
    runner_up = sorted(hits.values())[-2] if len(hits) > 1 else 0
    if count / len(words) < 0.08 and not _sparse_but_clear(text, best, count, runner_up):
        return default
    if count == 1:
        # A short question holds one function word at most ("Which instructor speaks
        # German?"): it tells the language only when no other language has one as well,
        # and when English does not borrow it ("qpcr template vol per well").
        alone = runner_up == 0 and not any(w in _BORROWED for w in words)
        return best if alone else default
    if count == runner_up:  # a tie (short text): keep the default when it is one of them
        if hits[default] == count:
            return default
        # Swedish writes "ä" and "ö" as German does: its own marks are looked at first
        tied = sorted((code for code in LANGUAGES if hits[code] == count), key=lambda c: c != "sv")
        return next((code for code in tied if _MARKS[code].search(text[:4000])), best)
    return best


def _sparse_but_clear(text: str, best: str, count: int, runner_up: int) -> bool:
    """A list or a table holds few function words ("Kassenbericht 2023": 3 German and 1
    English in 74 words): several of one language and few of any other still tell it,
    as do two of one language and none of another beside letters only it writes."""
    if count >= 3 and count >= 3 * runner_up:
        return True
    return count >= 2 and runner_up == 0 and _MARKS[best].search(text[:4000]) is not None


# Letters and elisions one language writes and its neighbours do not, to break a tie of
# shared function words ("Montant de la prime d'assurance": "de" and "la" are Portuguese,
# Spanish and French; the elided "d'" is French or Italian).
_MARKS = {
    "en": re.compile(r"(?i)\b\w+'(s|t|re|ve|ll|d)\b"),
    "pt": re.compile(r"[ãõÃÕ]|ção|ções"),
    "es": re.compile(r"[ñÑ¿¡]"),
    "fr": re.compile(r"(?i)\b(d|l|qu|j|n|s|c)['’]\w|[èêëœ]|\bune?\b"),
    "de": re.compile(r"[äöüßÄÖÜ]"),
    "it": re.compile(r"(?i)\b(dell|nell|all|sull|dall)['’]\w|[òù]"),
    # the "ij" of "bij", "zijn", "tijd"; "'s" of a Dutch time ("'s avonds") is rarer
    "nl": re.compile(r"(?i)\b\w*[^\Wy]ij\w*\b|\bij\w+|\b(het|een|niet|wordt)\b"),
    # "å" no other language read here writes; "och", "att", "inte" are Swedish alone
    "sv": re.compile(r"(?i)[åÅ]|\b(och|att|inte|jag|är|på)\b"),
}


def _words(text: str) -> list[str]:
    return _WORD.findall(_fold(text[:4000]))


# The function words each language is told by. Dutch writes English ones ("in", "is",
# "was", "of"), English nouns ("door", "men"), German ones ("wie", "die", "er", "als") and
# Romance ones ("na", "te", "je", "me"): counted for Dutch, "back door keypad code" or
# "Wie heißt Emils Bezugserzieherin?" would read as Dutch as well.
_NOT_TELLING_DUTCH = ENGLISH_STOPWORDS | frozenset(
    "door men ben want die wie der er als na te je me al ja toe zo".split()
)
# Swedish is told only by words no other language here writes ("och", "att", "inte",
# "jag", "ar", "vem", "hur"): its "en", "de", "men", "om", "for", "at" are everyone's, and "var" and
# "vars" (code), "min" (minutes), "mot" (French "mot de passe"), "dar" and "vara" (verb
# and noun in Portuguese and Spanish), "manga" (comics), "bara" (Italian), "sedan" (a
# car), "dig", "hans", "inga" (names), "till", "med" and "av" ("open till 8pm", "meds",
# "AV setup"), "sig" and "vid" are words of other texts too.
_NOT_TELLING_SWEDISH = frozenset(
    "var vars min mot dar vara mina sedan dig hans ut upp under nu er vi da sa man manga "
    "bara till med av sig vid mig din inga".split()
).union(*(stops for code, (_, stops) in LANGUAGES.items() if code != "sv"))
_NOT_TELLING = {"nl": _NOT_TELLING_DUTCH, "sv": _NOT_TELLING_SWEDISH}
_DETECTING = {
    code: stops - _NOT_TELLING.get(code, frozenset()) for code, (_, stops) in LANGUAGES.items()
}


def _hits(words: list[str]) -> Counter[str]:
    """How many of `words` are each language's function words."""
    hits = Counter({code: sum(w in stops for w in words) for code, stops in _DETECTING.items()})
    if hits["en"]:  # English writes the borrowed words as its own ("price per child in 2025")
        hits["en"] += sum(w in _BORROWED for w in words)
    return hits


def clearly_in_another(text: str, language: str) -> bool:
    """Whether `text` holds at least two function words of one other language and no more
    than a third as many of `language`'s: a table row with a stray "sa" or "de" is not
    written in another language."""
    hits = _hits(_words(text))
    own = hits.pop(language, 0)
    best = max(hits.values(), default=0)
    return best >= 2 and 3 * own <= best


def written_in_another(question: str, text: str) -> bool:
    """Whether `text` is written in another language than `question`, both clearly in
    one: a passage names its things in its own words ("Raspberry Pi del riego" for "the
    irrigation Raspberry Pi"), so that it never says the question's word is no sign it is
    about something else. False when the question is too short to tell."""
    language = detect_language(question, default="")
    if not language:
        return False
    found = detect_language(text, default="")
    if found:
        return found != language
    # a list of values holds few function words ("- ITV: pasada el 17/11/2023 … Próxima
    # ITV: 17/11/2024"): some of another language and none of the question's will do
    hits = _hits(_words(text))
    best, count = hits.most_common(1)[0]
    return best != language and count >= 2 and not hits[language]


def stopwords(language: str) -> frozenset[str]:
    return LANGUAGES.get(language, LANGUAGES[DEFAULT_LANGUAGE])[1]


@cache
def stemmer_for(language: str):  # type: ignore[no-untyped-def]
    """A Snowball stemmer (PyStemmer), one per language and thread-safe for reads."""
    import Stemmer

    return Stemmer.Stemmer(LANGUAGES.get(language, LANGUAGES[DEFAULT_LANGUAGE])[0])


def main_language(counts: dict[str, int]) -> str:
    """The language most notes of a folder are written in."""
    return max(counts, key=lambda code: counts[code]) if counts else DEFAULT_LANGUAGE
