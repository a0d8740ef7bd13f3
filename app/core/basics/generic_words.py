"""Words that name nothing in particular, in English, Portuguese, Spanish, German, French,
Italian, Dutch and Swedish (folded).

A question word that no note contains is strong evidence the notes do not cover the topic
when it names something ("pizza", "Plex", "ERR-7001"), and none when it is generic
("many", "setup", "recommend"). Stop words are generic too; this list adds the content
words that questions use without naming their topic. The list is stemmed in each
language, so a word whose stem in another language is a content word there is left out
("maintenant" would make "maintenance" generic, "temps" "temp").
"""

from __future__ import annotations

from functools import lru_cache

from app.core.basics.stopwords import ALL_STOPWORDS
from app.core.basics.text import content_words

GENERIC_WORDS: frozenset[str] = ALL_STOPWORDS | frozenset(
    """
    able about actually add added adding after again ago all allow almost already also
    always amount another answer anyone anything anyway anywhere around ask asked ask
    available away back bad based basic basically because become before begin best better
    big bit both bring build built call called can case cause change changed changes check
    choose clear close come comes common complete correct could create created current
    currently date day days deal default did different difficult do does doing done down during
    each early easy else end enough even ever every everything example exactly except
    exist expect explain fact far fast few find fine first fix follow following found free
    full get gets getting give given go goes going good got great happen happened happens
    hard have help here high hold how however idea important include including instead
    into issue issues item items just keep kept kind know known large last late later
    least less let like likely line list little long look looking lot lots low made main
    make makes making many matter may maybe mean means meant method might mind minute
    minutes mode more most move much must name names near need needed needs never new
    next nice normal normally note notes nothing now number often old once one ones only
    open option options order other others otherwise over own part people per perhaps
    person place plan point possible pretty probably problem problems proper properly put
    quick quickly quite rather read real really reason recommend recommended remember
    remove right run running same say says second see seem seems set setting settings
    setup several short should show shown side similar simple since small so some
    someone something sometimes soon sort specific start started still stop stuff such
    suggest support supposed sure take taken takes tell than thing things think thought
    through time times today together too tool tools top total toward tried true try
    trying turn type types under until up upon use used useful user uses using usual
    usually value various version very want wanted way ways week weeks well went whole
    why will within without word words work worked working works would wrong year years
    yet behind beside besides across along among amongst beyond inside outside onto
    toward towards via near nearby within upon unless whether although though
    acontece agora ainda algo alguem algum alguma alguns antes apos aqui assim bem boa bom
    certo coisa coisas comecar como comum conseguir correto criar dar deve devo dia dias
    diferenca diferente dizer durante exemplo existe explicar fazer feito forma funciona
    funcionar geral grande hora horas importante jeito lado lugar maior mais melhor menor
    mesmo modo momento muito mudar nada nome nomes novo nunca numero outro outra parte
    passo pessoa pessoas pode podem posso precisa preciso primeiro problema qualquer quero
    rapido saber sempre ser serve tanto tempo tenho ter tipo todo todos trabalho usar uso
    valor vez vezes ver vou vai vamos vao ia iamos
    puede pueden puedo podemos poder debo debe deben tengo tiene tienen tener hacer hago
    hace hacen tomar toma tomo usar uso sirve funciona funcionar necesito necesita quiero
    saber decir dice hay alguien bien cosa cosas mejor mismo nuevo primero siempre ahora
    todavia manera forma fecha hizo hice hicieron hicimos hecho voy
    darf darfst durfen kann kannst konnen konnte muss musst mussen musste soll sollst sollen
    will willst wollen wollte mochte mochten mag magst gibt gab geht ging ne nen nem ner mal
    denn eigentlich halt eben schon gerade immer genau ungefahr etwa jemand irgendwie
    welches welchem wem wen wessen warum wieso weshalb woher wohin womit wofur wozu worauf
    woran wobei machen macht gemacht tun brauche brauchen braucht sagen sagt gesagt steht
    stehen kummert kummern achten nummer name namen zahl mehr neu neue neuen letzte letzten
    nachste nachsten aktuell aktuelle derzeit heute anfang anfangs ende mitte stand herr
    herrn frau datum kommt kommen kam bleibt bleiben blieb lange lang
    si ca cela ceci veut veux voulez veulent vouloir dire dit dis fait fais faut falloir
    peut peux pouvez peuvent pouvoir va vais vas allons allez vont aller commence commencer
    commencent finit finir prend prendre chose choses truc quoi comme aussi encore deja
    toujours jamais tres bien mieux bon bonne chaque tout tous toute toutes autre autres
    nouveau nouvelle dernier derniere prochain prochaine jour jours fois annee annees mois
    semaine semaines nom numero facon maniere besoin savoir sais sait exemple ici aujourd
    hui depuis cosa come fare fa fatto vanno andare detto vuol vuole volere significa
    servono bisogna posso puo possono potere prima dopo ultimo ultima prossimo prossima ore
    giorno giorni anno anni mese mesi settimana nome numero tipo modo esempio qui adesso
    oggi sempre ancora gia molto poco tutto tutti nuovo nuova
    kunnen kon mogen moeten moest willen wilde zullen gaat gaan ging doen doet deed gedaan
    maken maakt gemaakt krijgen krijg krijgt kreeg geven geeft gaf zeggen zegt zei staat
    staan stond komt komen kwam blijft blijven nodig nooit soms vaak weer nieuw nieuwe oud
    laatste volgende huidige eerste keer keren dag dagen weken maand maanden jaar jaren
    naam nummer datum tijd manier ding dingen iets iemand niks daar straks vandaag morgen
    eigenlijk precies ongeveer graag goed beter beste groot klein veel weinig
    kunde kunna skulle vill ville vilja maste fick gora gjorde gjort fanns behover
    behovs gav sager kom komma blir bli blev nya nytt gammal gamla
    senaste nasta forra nuvarande forsta sista namn nummer datum tid satt sak saker nagot
    nagon dar idag imorgon igar egentligen exakt ungefar garna stor stort liten litet
    ofta ibland alltid aldrig igen just redan fortfarande heter hette betyder betydde
    galler anvander anvande anvands tog tagit hitta hittar hittade brukar brukade borde
    ligger handlar hander hande menar tycker tror veta visste fungerar funkar ordnar
    ordnade typ annan annat andra egen eget hela helt fraga fragan svar
    """.split()
)


@lru_cache(maxsize=8)
def generic_stems(language: str) -> frozenset[str]:
    """The stems of words that name nothing ("say", "use"), in `language`."""
    return frozenset(content_words(" ".join(GENERIC_WORDS), language))
