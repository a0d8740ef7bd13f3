"""An English stop list for the lexical leg (function words that carry no topic)."""

from __future__ import annotations

ENGLISH_STOPWORDS: frozenset[str] = frozenset(
    """
    a about above after again against all am an and any are aren't as at be because been
    before being below between both but by can can't cannot could couldn't did didn't do does
    doesn't doing don't down during each few for from further had hadn't has hasn't have
    haven't having he he'd he'll he's her here here's hers herself him himself his how how's
    i i'd i'll i'm i've if in into is isn't it it's its itself let's me more most mustn't my
    myself no nor not of off on once only or other ought our ours ourselves out over own same
    shan't she she'd she'll she's should shouldn't so some such than that that's the their
    theirs them themselves then there there's these they they'd they'll they're they've this
    those through to too under until up very was wasn't we we'd we'll we're we've were weren't
    what what's when when's where where's which while who who's whom why why's with won't would
    wouldn't you you'd you'll you're you've your yours yourself yourselves
    """.split()
)

# Snowball's Portuguese stop list with question words, folded (accents stripped) as the
# tokenizer folds every text before it looks a word up.
PORTUGUESE_STOPWORDS: frozenset[str] = frozenset(
    """
    de a o que e do da em um para e com nao uma os no se na por mais as dos como mas foi ao
    ele das tem a seu sua ou ser quando muito ha nos ja esta eu tambem so pelo pela ate isso
    ela entre era depois sem mesmo aos ter seus quem nas me esse eles estao voce tinha foram
    essa num nem suas meu as minha tem numa pelos elas havia seja qual sera nos tenho lhe
    deles essas esses pelas este fosse dele tu te voces vos lhes meus minhas teu tua teus
    tuas nosso nossa nossos nossas dela delas esta estes estas aquele aquela aqueles aquelas
    isto aquilo estou estamos estive esteve estivemos estiveram estava estavamos estavam
    estivera esteja estejamos estejam estivesse estivessem estiver estivermos estiverem hei
    havemos hao houve houvemos houveram houvera haja hajam houvesse houver sou somos sao
    eramos eram fui fomos fora seja sejamos sejam fossem for formos forem serei seremos
    serao seria seriamos seriam temos tinhamos tinham tive teve tivemos tiveram tenha
    tenhamos tenham tivesse tivessem tiver terei tera teremos terao teria teriamos teriam
    quais quanto quantos quanta quantas onde porque pois entao aqui ali la isso cada
    pra pras pro pros ta ne vc vcs tb tbm qdo qnd qto qta qtos qtas pq
    """.split()  # the last line: contractions typed in questions ("dá pra", "tá", "qdo")
)

ALL_STOPWORDS: frozenset[str] = ENGLISH_STOPWORDS | PORTUGUESE_STOPWORDS
