"""Things told apart by their colour: "the red van" is not the blue van.

A folder often holds two of a kind named only by colour (two vans, two cats, red and white
wine). A quote from the blue van's note answers nothing about the red van, and when no note
describes a red van nothing else in the checks tells: the van, the inspection and the date
are all there. Colours are read as one colour across the languages asknotes reads, so
"the red van" finds "a carrinha vermelha".
"""

from __future__ import annotations

import re

from app.core.basics.text import fold

# Folded forms, each colour's words in English, Portuguese, Spanish, French, German, Italian.
_COLOURS: dict[str, frozenset[str]] = {
    name: frozenset(words.split())
    for name, words in {
        "red": "red vermelho vermelha vermelhos vermelhas rojo roja rojos rojas rouge rouges "
        "rot rote roten roter rotes rosso rossa rossi rosse",
        "blue": "blue azul azuis azules bleu bleue bleus bleues blau blaue blauen blauer "
        "blaues blu",
        "green": "green verde verdes vert verte verts vertes grun grune grunen gruner grunes verdi",
        "yellow": "yellow amarelo amarela amarelos amarelas amarillo amarilla amarillos "
        "amarillas jaune jaunes gelb gelbe gelben gelber gelbes giallo gialla gialli gialle",
        "black": "black preto preta pretos pretas negro negra negros negras noir noire noirs "
        "noires schwarz schwarze schwarzen schwarzer schwarzes nero nera neri nere",
        "white": "white branco branca brancos brancas blanco blanca blancos blancas blanc "
        "blanche blancs blanches weiss weisse weissen weisser weisses bianco bianca bianchi "
        "bianche",
        "grey": "grey gray cinzento cinzenta cinza gris grise grises grau graue grauen grauer "
        "graues grigio grigia grigi grigie",
    }.items()
}
_COLOUR_OF = {word: name for name, words in _COLOURS.items() for word in words}
_WORD = re.compile(r"[^\W\d_]+")


def _colours(text: str, *, lower_only: bool = False) -> set[str]:
    """The colours `text` names; with `lower_only`, words written with a capital (a name:
    "Mr White", "Rosso Conero") are left out."""
    return {
        _COLOUR_OF[fold(word)]
        for word in _WORD.findall(text)
        if fold(word) in _COLOUR_OF and not (lower_only and word[:1].isupper())
    }


def other_colour(question: str, quote: str, passage_text: str, where: str) -> str | None:
    """Why the quote is about a thing of another colour than the asked one, or None.

    Fires only when the quote's passage names no word of the asked colour and does name
    another one (its note, heading or text: "Carrinha azul (Transporter).md" for "a
    inspeção da carrinha vermelha"): a passage naming no colour at all may well describe
    the only one there is.
    """
    asked = _colours(question, lower_only=True)
    if not asked:
        return None
    named = _colours(f"{where}\n{passage_text}\n{quote}")
    if asked & named or not named:
        return None
    return (
        f"the question asks about a {' and '.join(sorted(asked))} one; the quoted passage "
        f"names only a {' and '.join(sorted(named))} one"
    )
