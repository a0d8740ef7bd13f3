"""What kind of value a question asks for.

"How much did the boiler service cost?" asks for a price; a note that discusses the boiler
but names no price cannot answer it, however well its words match. Whether a text states
a value of that kind is `app.core.verdict.stated_values`.
"""

from __future__ import annotations

import re

from app.core.basics.text import fold
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_patterns_fr_de_it import FRENCH_GERMAN_ITALIAN
from app.core.verdict.answer_patterns_nl import DUTCH
from app.core.verdict.answer_patterns_sv import SWEDISH
from app.core.verdict.answer_patterns_terse import TERSE_QUERIES
from app.core.verdict.asked_nouns import CODE_NAMES, MONEY_NOUN, MONEY_WORDS, PLACES, ROLES
from app.core.verdict.measures import asks_age
from app.core.verdict.question_openers import terse_query
from app.core.verdict.secrets import asks_for_secret

# "number", "no." or a final "no": "which part no longer fits?" asks for no number.
_NUMBER_WORD = r"(number|no\.|no\W*$|code)"

_TERSE = terse_query()

# Checked in order: the first pattern that matches the folded question decides its type.
_PATTERNS: tuple[tuple[AnswerType, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern))
    for kind, pattern in (
        *SWEDISH,
        *DUTCH,
        *FRENCH_GERMAN_ITALIAN,
        # An address to write to, not what an email said ("what did the email say?") nor
        # when one was sent ("when did I email the landlord?").
        (AnswerType.EMAIL, r"\b(e-?mail|mail) (address|adresse|addy)\b|\badresse (e-?)?mail\b|"
                           r"\bcourriel\b|\bendereco de e-?mail\b|\bindirizzo (e-?)?mail\b|"
                           r"\be-?mail-?adresse\b|"
                           r"\b(direccion de correo|correo electronico (de|del))\b|"
                           rf"{_TERSE}^\W*(el )?correo (de|del)\b|^\W*cual es (el|su) correo\b|"
                           r"^\W*(what|which)('s| is| was)?\b.*['’]s e-?mail\W*$|"
                           rf"{_TERSE}(\be-?mail\W*$|^\W*e-?mail (of|for|de|do|da|du|di|von)\b)|"
                           # "qual e la mail di Tom?", "quel est le mail de Rachel ?", "qual
                           # o e-mail da Ana?", "what's the email for bookings?"
                           r"^\W*(qual|quel|quelle|cual|what|which)\b('s| (e|est|es|is))?"
                           r"( (la|le|el|o|a|the|sua|su|son|sa|his|her|their))? ?(l['’])?"
                           r"(e-?)?mail( address)?( (of|for|di|de|do|da|du|del|von)\b|\W*$)"),
        (AnswerType.PHONE, rf"^\W*(what|which)\b.*\b(phone|mobile|telephone) {_NUMBER_WORD}|"
                           r"^\W*qual (e )?(o )?(numero (de|do) )?(telefone|celular|whatsapp)\b|"
                           r"^\W*((cual|que) es )?(el |su |mi )?(numero de )?"
                           r"(telefono|movil|celular|whatsapp)\b"),
        (AnswerType.CODE, rf"^\W*(what|which)\b.*\b({CODE_NAMES}) {_NUMBER_WORD}(?!\s*\d)|"
                          r"^\W*(what|which)( \S+)? (version|postcode|zip code|ip address)"
                          r"\b(?!\s*\d)|\bversion of\b|"
                          r"^\W*(qual|quais)\b.*\b(numero|codigo) (de|do|da) "
                          r"(serie|voo|conta|pedido|matricula|rastreio)\b|"
                          r"^\W*qual (e )?(a )?(versao|o cep|o endereco ip)\b|"
                          r"^\W*(cual|que)\b.*\b(numero|codigo) de (serie|vuelo|cuenta|pedido|"
                          r"reserva|referencia|poliza|socio|cliente|factura|seguimiento|"
                          r"matricula|billete|licencia)\b|"
                          r"^\W*(cual|que) (es )?(la )?(version|el codigo postal|la ip)\b|"
                          # a booking's code: "booking reference", "localizador"
                          r"\b(booking|confirmation|reservation) (reference|ref|code)\b|"
                          r"\b(localizador|codigo de (reserva|confirmacion))\b"),
        (AnswerType.PRICE, rf"\bhow much\b.*\b({MONEY_WORDS})\b"),
        # "How much is a croissant now?": a price; "how much is left" is not.
        (AnswerType.PRICE, r"\bhow much (is|was|are|were) (a|an|the|my|our|one|\d)\b"
                           r"(?!\s*(\S+\s+)?(dose|dosage|weight|temperature|pressure|distance|"
                           r"volume|capacity|water|flour|milk|sugar|salt|memory|ram|storage|"
                           r"space|time|data)\b)"),
        (AnswerType.PRICE, rf"\b({MONEY_WORDS})\b.*\bhow much\b|"
                           # "how much to join the society", "how much to borrow the projector"
                           # (not an amount to use: "how much to feed the starter")
                           r"^\W*how much (is it |does it cost |would it be |will it be )?to "
                           r"(?!(water|feed|add|use|pour|take|give|put|drink|eat|mix|dose|"
                           r"fill|sow|plant|spray|apply|set|leave|allow|expect)\b)\w+"),
        (AnswerType.PRICE, rf"\bquanto\b.*\b({MONEY_WORDS})\b|\bquanto (custa|custou)\b"),
        # "what's the new rent going to be", "what is the current fee", "What was the
        # annual membership fee in 2024?", "What's the total budget for Lofoten?"
        (AnswerType.PRICE, rf"\b(what|which)( i|')?s (is |was )?the {MONEY_NOUN}|"
                           rf"\b(what|which) (is|was|will be) the {MONEY_NOUN}|"
                           # "what will the rent be after the review"
                           r"\bwhat (will|would|is|was)( \w+){0,3} (price|cost|fee|rent|salary|"
                           r"wage|bill|subscription|sub|due|fare|premium)s? "
                           r"(be|going to be|come to)\b"),
        # "What did the Dawes sell for?", "what did I pay for it", "what does it cost",
        # "What is the accountant charging…?", "what did the reno end up costing"
        (AnswerType.PRICE, r"^\W*what (did|does|do|will|would)\b.*\b(cost|costing|charging|"
                           r"sell for|sold for|go for|pay(?! attention)|paid(?! attention)|"
                           r"charge)\b|^\W*what (is|was|are|were)\b.*\b(charging|costing)\b|"
                           r"^\W*(the )?(price|cost|fee|rent) (of|for|per)\b"),
        (AnswerType.PRICE, r"\b(what|which) (salary|price|cost|fee|rent|wage|budget)\b"),
        # "moorland brewing day rate", "what's my hourly rate at the uni?"
        (AnswerType.PRICE, r"\b(day|hourly|daily|weekly|nightly|half-day|half day) rates?\b"),
        (AnswerType.PRICE, r"\bqual (e|foi|era) o (preco|valor|custo)\b"),
        # "Qual é o salário mensal da Camila?", "qual a mensalidade da piscina", "¿cuál es el
        # sueldo de Ana?", "what is the salary of the receptionist"
        (AnswerType.PRICE, r"^\W*(qual|cual)( e| foi| era| es| fue)?( o| a| el| la)? "
                           r"(novo |nova |atual |antigo |antiga |nuevo |actual )?(preco|custo|"
                           r"salario|aluguel|mensalidade|anuidade|diaria|precio|sueldo|alquiler|"
                           r"mensualidad|cuota|fianza|caucao)\b|"
                           r"^\W*(what|which)('s| is| was| will be) (the |my |our |her |his |"
                           r"their )?(new |current |old |monthly |annual |yearly |hourly )?"
                           r"(salary|wage)s?\b"),
        (AnswerType.PRICE, rf"\bcuanto\b.*\b({MONEY_WORDS})\b|\bcuanto (cuesta|cuestan|costo)\b"),
        # "¿a cuánto da Tapatía el bulto?", "a cuanto daba antes": what a seller charges
        (AnswerType.PRICE, r"\ba cuanto (me |nos |lo |la |los |las )?(da|daba|dan|daban|dio|"
                           r"sale|salia|vende|vendia|esta|estaba)\b"),
        (AnswerType.PRICE, r"\b(cual|que) (es|fue|era) (el|la) (precio|coste|costo|importe|"
                           r"tarifa|cuota|fianza)\b|\bque precio\b"),
        (AnswerType.DURATION, r"\bhow long\b|\bfor how (many|much) (time|hours|days|minutes)\b"),
        # "How early do hosts need to be there before their show?": how long before it
        (AnswerType.DURATION, r"\bhow (early|soon|far ahead)\b.*\b(before|ahead of|prior to)\b|"
                              r"\b(com quanta antecedencia|con cuanta antelacion)\b"),
        # "turnaround time for Sanger sequencing", "what's the travel time to Jork": a time
        # that something takes, not a time of day
        (AnswerType.DURATION, r"\b(turnaround|turn around|lead|processing|journey|travel|"
                              r"transit|cooking|baking|proving|proofing|prep|preparation|"
                              r"waiting|wait|response|recovery|driving|drive|flight|boot|"
                              r"build|drying|curing|setting|ferment|fermentation|proof|rest|"
                              r"resting|steep|steeping|boil|brew|play|"
                              # a result: "What was the winning time on leg 3?"
                              r"finish|finishing|winning|chip|gun|lap|split) times?\b|"
                              r"\bplaytime\b|\b(warranty|notice|trial|probation) period\b|"
                              r"\bhow quickly\b|"
                              # not how to work one out ("Como tiro a meia-vida a partir do λ?")
                              r"^(?!\W*(how|como|comment|wie|come)\b).*\b(half[- ]life|"
                              r"meia[- ]vida|semivida|"
                              r"vida media|emivita|demi-vie|halbwertszeit)\b|"
                              r"\btempo di (cottura|lievitazione|riposo|posa|attesa|viaggio|"
                              r"percorrenza)\b"),
        # a time of day by what starts then: "check out time", "daily standup time",
        # "market trading hours", "What hours does Mei work?", "How early in the day can
        # I ring Grandma?"
        (AnswerType.TIME, r"\b(check[- ]?in|check[- ]?out|standup|stand-up|start|kick-?off|"
                          r"arrival|departure|pickup|pick-up|setup|set-up|meeting) time\b|"
                          r"\b(opening|trading|office|business|surgery|visiting) (hours|hrs)\b|"
                          r"^\W*what hours (is|are|does|do|did|will) \w+( \w+)? (work|open)|"
                          r"^\W*what (are|were) (the |his |her |their |our |my )?"
                          r"([\w'’]+ ){0,4}hours\b|^\W*how (early|late)\b"),
        # until when: "até quando vale meu visto", "jusqu'à quand le lave-linge est garanti",
        # "whens the mot due", "market stall setup from when"
        (AnswerType.WHEN, r"\b(ate|hasta|jusqu'a|jusqu a|fino a) (quando|cuando|quand)\b|"
                          r"^\W*whens\b|\bfrom when\W*$"),
        # dates by name: "What are Julien Tanguy's contract dates?", "grape harvest 2024
        # dates", "last day for xmas orders", "fire extinguisher inspection next due" (not
        # "what did we do on the last day of the trip")
        (AnswerType.DATE, r"^\W*(what|which|quelles|quels|quais|cuales) (are|were|sont|etaient|"
                          r"sao|eram|son|eran|were) (the |les |as |las |os |los )?(\S+ ){0,5}"
                          r"(dates|datas|fechas)\b|"
                          rf"{_TERSE}\b(dates|datas|fechas|termine)( (19|20)\d\d)?\W*$|"
                          rf"{_TERSE}^\W*(datas|fechas|dates) (de|do|da|dos|das|del|des|du|of)\b|"
                          r"^\W*data (di|del|della|dello|do|da|dos|das)\b|"
                          rf"{_TERSE}\blast day (to|for|of)\b|\bnext due\W*$|"
                          r"^\W*(what|which|when)('s| is| was|s)? the last day (to|for)\b"),
        (AnswerType.DURATION, r"\b(quanto tempo|por quanto tempo|quantos (minutos|horas|dias|"
                              r"meses|anos|semanas)|quantas (horas|semanas))\b"),
        (AnswerType.DURATION, r"\b(cuanto tiempo|por cuanto tiempo|cuantos (minutos|horas|dias|"
                              r"meses|anos|segundos)|cuantas (horas|semanas)|"
                              r"cuanto (dura|duro|duran|tarda|tardo|tardan|tardamos))\b"),
        # "¿Cada cuánto?" asks how often, before "cuánto" reads as a number.
        (AnswerType.WHEN, r"\bcada cuanto\b|\bcon que frecuencia\b"),
        (AnswerType.QUANTITY, r"\bhow (many|much)\b|\bwhat (number|percentage|size)\b"),
        # a share asked for with its sign: "croissant butter %", "baguette hydration %?"
        (AnswerType.QUANTITY, r"(^|\s)%\W*$"),
        # a terse "max attachment upload size": a number
        (AnswerType.QUANTITY, r"^\W*(?!(what|how|why|where|who|when|which|is|are|do|does|can)\b)"
                              r"(\S+\s+){0,4}(size|limit|timeout)\W*$"),
        # a score or a grade: "What score did I get", "¿Qué nota saqué?", "Que nota eu tirei"
        (AnswerType.QUANTITY, r"^\W*what (score|grade|mark)\b|^\W*(que|qual|cual) (a |la )?nota\b"),
        # A measurement: "what temperature do I bake it at", "what is the tyre pressure".
        (AnswerType.QUANTITY, r"^\W*(what|which)('s| is| was| should| does)?( \S+){0,3} "
                              r"(temperature|pressure|weight|voltage|wattage|speed|dose|dosage|"
                              r"height|length|width|depth|distance|capacity|salinity|humidity|"
                              r"altitude|elevation|concentration|conductivity|ph)s?"
                              # the measure asked, not a compound ("capacity planning doc")
                              r"(?=\W*$|\s+(of|for|on|at|in|is|are|was|were|should|does|do|"
                              r"did|to|will|would|can|must|setting)\b)|"
                              r"^\W*how (heavy|far|tall|big|fast|hot|cold|high|deep|wide)\b|"
                              # not "what area of the house"
                              r"^\W*(what|which)('s| is| was) the (floor |surface )?"
                              r"(area|volume)\b"),
        # A measure by its preposition: "At what temperature does…", "a que temperatura
        # tiene que estar la vitrina", "Above what wind speed…"
        (AnswerType.QUANTITY, r"^\W*(at|to|until|up to|above|below|over|under|a|ate|hasta|con) "
                              r"(what|which|que|qual|cual|quelle|quel|che) (\w+ )?(temp|"
                              r"temperature|temperatura|speed|velocidad|velocidade|velocita|"
                              r"pressure|pressao|presion|depth|profundidade|profundidad|height|"
                              r"altura|altitude|angle|angulo|frequency|frequencia|frecuencia|"
                              r"distance|distancia|percentage|porcentaje|porcentagem)\b"),
        # a measure named among the what-words of the measurement above: "What p99 latency
        # …", "What share of the tokens…", "What ABV was the old v2…"
        (AnswerType.QUANTITY, r"^\W*(what|which)('s| is| was| should| does)?( \S+){0,3} "
                              r"(latency|ratio|hydration|percentage|share|efficiency|yield|abv|"
                              r"rpm|fps|torque|u-value|mileage|threshold|velocity|frequency|"
                              r"angle|intensity|strength|wattage|amperage|bitrate|headcount|"
                              r"attendance|turnout)"
                              r"(?=\W*$|\s+(of|for|on|at|in|is|are|was|were|should|does|do|"
                              r"did|to|will|would|can|must|setting|during|after|before)\b)"),
        # the port a service listens on is a number; not a port of call ("Which port did we
        # sail from?")
        (AnswerType.QUANTITY, r"^\W*(what|which) port (do|does|is|should|did)\b.*\b(listen|ssh|"
                              r"connect|serve|expose|bind|use)\w*\b|"
                              rf"{_TERSE}\b(db|database|ssh|http|https|tcp|udp|redis|postgres|"
                              r"mysql|server|service|api|smtp|imap) port\W*$"),
        # a limit: "max participants schnupperkurs", "prod redis maxmemory", "whats the max
        # dissolved oxygen allowed", "max_connections" (not "Max's number": a name)
        (AnswerType.QUANTITY, rf"{_TERSE}^\W*(max|min|maximum|minimum)(?!['’])[ _]"
                              r"(?!(phone|mobile|cell|tel|number|nummer|e-?mail|mail|address|"
                              r"adresse|birthday|bday|geburtstag)\b)\w|"
                              rf"{_TERSE}\b(\w+_)?(max|min)_\w|\bmax(memory|clients|conns?|"
                              r"connections)\b|"
                              r"^\W*(what|which)('s| is| was|s)? the (max|min|maximum|"
                              r"minimum)(?!['’])\b"),
        # a physical or a course's number: "Qual o pKa do ácido acético?", "qual a chance de
        # estar doente", "What is the boiling point of ethanol?", "open rate of the March
        # newsletter", "What was my actual score out of 50?" ("quanto vale" asks for an
        # expression, as "qual a resolução em frequência" does: "Δf = fs/N")
        (AnswerType.QUANTITY, r"^\W*(qual|cual|que)( (e|es|era|foi|fue))?( (o|a|el|la))? "
                              r"(valor|indice|coeficiente|calor|pka|ph|angulo|rendimento|"
                              r"frequencia|frecuencia|intensidade|intensidad|probabilidade|"
                              r"probabilidad|chance|constante)\b"
                              r"(?=\W*$|\s+(\w+\s+)?(de|do|da|dos|das|del|em|no|na|pra|para)\b)|"
                              r"\b(boiling|melting|freezing) point\b|"
                              r"^\W*what is the (population|world record)\b|"
                              r"\b(open|click|loss|error|failure|success|conversion|bounce|hit|"
                              r"miss|response) rate\b|"
                              r"^\W*what (was|is) (my|the|our|his|her|their) (\w+ )?(score|grade|"
                              r"mark)\b|"
                              rf"{_TERSE}\b(hydr|hydration|latency|capacity|spin speed|power draw|"
                              r"thickness|moisture|yield|ertrag|vol|volume)\b(?!\s+(\d|planning|"
                              r"plan|test|testing|license|licence|discount|control|knob|button|"
                              rf"mount|group|label|name)\b)|{_TERSE}\bhp\W*$"),
        # a count: "final wishlist count at the end of next fest"
        (AnswerType.QUANTITY, rf"{_TERSE}\b\w+ (count|headcount|turnout|attendance)"
                              r"(\W*$|\s+(at|in|of|for|on|after|before)\b)"),
        # a meter read: "What did the gas meter say at the start of March?"
        (AnswerType.QUANTITY, r"^\W*what did the (\S+ ){0,3}(meter|gauge|thermometer|fridge|"
                              r"freezer|scale|scales|display|probe|sensor|counter|odometer)\b"
                              r".*\b(read|say|show)\b|"
                              rf"{_TERSE}\b(meter reading|odometer|mileage(?! (rate|allowance|"
                              r"reimbursement|claim))|lectura del "
                              r"contador|lettura (del )?contatore|\w*zahlerstand)\b"),
        # "qual era a salinidade", "¿cuál es la temperatura del horno?"
        # ("que área" asks which area, not how large)
        (AnswerType.QUANTITY, r"^\W*((qual|quais|cual)( e| era| foi| es| fue)?( a| o| la| el)?|"
                              r"que(?! (area|volume|volumen)\b)( es| era| fue)?( la| el)?) "
                              r"(temperatura|pressao|presion|peso|altura|profundidade|profundidad|"
                              r"distancia|salinidade|salinidad|velocidade|velocidad|comprimento|"
                              r"longitud|largura|anchura|capacidade|capacidad|umidade|humedad|"
                              r"altitude|altitud|concentracao|concentracion|area|volume|volumen|"
                              r"dose|dosis|voltagem|voltaje|potencia)\b"),
        # "Quanto vale Var(aX + b)?" asks for an expression, not a number.
        (AnswerType.QUANTITY, r"\b(quantos|quantas|quanto(?! vale)|qual o numero)\b"),
        (AnswerType.QUANTITY, r"\b(cuantos|cuantas|cuanto(?! vale)|cuanta)\b"),
        # "¿Qué dosis de omeprazol toma?", "what dose of ibuprofen": an amount
        (AnswerType.QUANTITY, r"\b(what|which|que|qual|quale|quelle) (dose|dosage|dosis|dosagem|"
                              r"dosaggio)\b"),
        # a position in a list: "Op welke plek staat Lotte op de wachtlijst?", "what
        # position is Tom on the waiting list" (a number, not a place)
        (AnswerType.QUANTITY, r"\b(what|which|welke|welk|welcher|welche|vilken|quelle|quale|"
                              r"que|qual|cual) (position|place|spot|plek|plaats|positie|nummer|"
                              r"platz|stelle|plats|rang|posizione|posicion|posicao)\b"
                              r".*\b(waiting ?list|wait ?list|queue|ranking|standings|"
                              r"leaderboard|league table|league|wachtlijst|ranglijst|klassement|"
                              r"warteliste|rangliste|tabelle|vantelista|liste d'attente|"
                              r"lista de espera|"
                              r"lista d'attesa|classifica|clasificacion|classificacao)\b"),
        (AnswerType.TIME, r"\b(what|which) time\b|\bat what time\b|\bwhat hour\b"),
        (AnswerType.TIME, r"\b(que|a que|qual) hora(s|rio)?\b"),
        # "what day rate did we agree": a price, below; not a day
        (AnswerType.DATE, r"\b(what|which) (date|day|year|month|weekday)\b"
                          r"(?! (rate|rates|job|trip|pass|ticket|return|shift|care)\b)|"
                          r"\bon what day\b"),
        (AnswerType.DATE, r"\b(que|qual) (dia|data|ano|mes)\b|\bem que (dia|data|ano|mes)\b"),
        (AnswerType.DATE, r"\b(que|cual|en que) (fecha|dia)\b|\ben que (ano|mes)\b"),
        # "what is the date of the AGM", "qual a data da prova", "cuál es la fecha de la boda"
        (AnswerType.DATE, r"\b(what|which)('s| is| was| are| were)? the date (of|for)\b|"
                          r"\bqual (e |era |foi )?a data (de|da|do|das|dos)\b|"
                          r"\bcual (es|era|fue) la fecha (de|del)\b|"
                          r"\bquelle (est|etait) la date (de|du|des|d')|"
                          r"\b(qual|quale) (e |era )?la data (di|del|della|dello|dei|delle)\b"),
        (AnswerType.TIME, r"\bqual (e |era )?o horario (de|da|do|das|dos)\b|"
                          r"\bcual (es|era) el horario (de|del)\b|"
                          r"\bquel (est|etait) l'horaire (de|du|des|d')"),
        # "When is Hannah's birthday?": a day of the year, not a condition ("when she asks")
        (AnswerType.DATE, r"^\W*(when|quando|cuando|quand|wann|wanneer|nar)\b(\s+\S+){1,4}?\s+"
                          r"(birthday|bday|cumple|cumpleanos|aniversario|anniversaire|geburtstag|"
                          r"compleanno|verjaardag|fodelsedag)"
                          r"(\s+(of|de|da|do|del|di|della|du|von|van)\s+\S+)?\W*$"),
        (AnswerType.WHEN, r"^\W*when\b|\bwhen (is|was|do|does|did|will|are|were|should)\b"),
        (AnswerType.WHEN, r"\bhow often\b|\bcom que frequencia\b"),
        (AnswerType.WHEN, r"^\W*quando\b|\bquando (e|foi|sera|devo|vou|comeca|termina)\b"),
        (AnswerType.WHEN, r"^\W*cuando\b|\bcuando (es|fue|sera|debo|tengo|voy|empieza|"
                          r"termina|vence|toca)\b"),
        (AnswerType.PERSON, r"^\W*(who|whom|whose)\b|\b(with|by|to|from) whom\b|"
                            r"\bwhich (person|doctor|dentist|plumber|friend|colleague)\b"),
        (AnswerType.PERSON, r"^\W*(quem|com quem|de quem|para quem)\b|\bcom quem\b"),
        (AnswerType.PERSON, r"^\W*(quien|quienes|con quien|de quien|para quien|a quien)\b|"
                            r"\bcon quien\b|\bque (persona|medico|medica|dentista|fontanero|"
                            r"amigo|amiga|companero|companera)\b"),
        # a person by role, asked for by name: "name of the EHO who came in October",
        # "accountant name", "come si chiama il mio commercialista", "Wie heißt der
        # Hausmeister?" (not a file's, a network's or a pet's name)
        (AnswerType.PERSON, rf"(^\W*(the )?name of (the |my |our )?|{_TERSE}\b|"
                            r"^\W*(what is|what's|whats) (the |my |our )?)"
                            rf"({ROLES})\b.*\bname\W*$|"
                            rf"^\W*(the )?name of (the |my |our )?(\w+ )?({ROLES})\b|"
                            rf"^\W*(nome|nom|nombre) (do|da|du|de la|de|del) (\w+ )?({ROLES})\b|"
                            rf"^\W*come si chiama (il |la |lo |l')?(mio |mia |nostro |nostra )?"
                            rf"({ROLES})\b|^\W*comment s'appelle (le |la |l')?({ROLES})\b|"
                            rf"^\W*wie heisst (der|die|unser|unsere|mein|meine) \w*({ROLES})\b"),
        (AnswerType.PLACE, r"^\W*where\b|\bin which (city|town|country|place|shop|store)\b"),
        # a place by its kind: "which hotel are we staying at", "Which room was the session
        # held in?", "em q hotel a gente ficou", "Dans quelle salle j'ai HGGSP ?" (not the
        # room's price, number or code)
        (AnswerType.PLACE, rf"^\W*((in|at|on|to) )?(which|what) ({PLACES})\b"
                           rf"(?! (number|no|code|rate|rates|price|prices|cost|fee|size|type)\b)|"
                           rf"^\W*(em|en|dans|in|a|para|pra|num|numa) (que|q|qual|quel|quelle|"
                           rf"quale|cual) ({PLACES})\b(?! (number|no|code|numero))|"
                           rf"^\W*(qual|cual|quel|quelle|quale)( (e|es|est|era|foi|fue|etait))?"
                           rf"( (o|a|el|la|le|il))? ({PLACES})\b(?! (number|no|code|numero))|"
                           r"\b(capital|capitale|hauptstadt|hoofdstad) (of|de|da|do|di|von|van)\b|"
                           # an address, not an email's, a web or an IP one
                           rf"({_TERSE}|^\W*(what|which)('s| is| was|s)? (the |my |our )?)"
                           r"([\w'’]+ ){0,2}(?<!e-mail )(?<!email )(?<!mail )(?<!ip )(?<!ipv4 )"
                           r"(?<!ipv6 )(?<!mac )(?<!web )(?<!wallet )(street |postal |home |post )?"
                           r"address(\W*$| (of|for)\b)|"
                           r"\b(adresse|adres|endereco|direccion|indirizzo) (du|de|des|van|do|"
                           r"da|del|della|dell'|di|of)\b(?! (e-?mail|correo|courriel))"),
        (AnswerType.PLACE, r"^\W*(onde|aonde|em que (cidade|lugar|pais|loja))\b"),
        (AnswerType.PLACE, r"^\W*((de |a )?donde|adonde|"
                           r"en que (ciudad|lugar|pais|tienda|calle))\b"),
        # A terse "cumple de bea", "Farah's birthday": its date ("what did I get Bea for
        # her birthday?" asks for something else, and is longer).
        (AnswerType.DATE, r"^\W*(\S+\s+){0,2}(birthday|bday|cumple|cumpleanos|aniversario|"
                          r"anniversaire|geburtstag|compleanno)\b(\s+\S+){0,2}\W*$"),
        *TERSE_QUERIES,
    )
)  # fmt: skip


# Portuguese typed in a hurry: "qto custa", "qtas gotas", "qdo começam".
_SHORTHAND = {
    "qto": "quanto", "qta": "quanta", "qtos": "quantos", "qtas": "quantas", "qdo": "quando",
    "qnd": "quando", "qnto": "quanto", "qntos": "quantos", "qntas": "quantas",
}  # fmt: skip
_SHORTHAND_WORD = re.compile(r"\b(" + "|".join(_SHORTHAND) + r")\b")


def asked_type(question: str) -> AnswerType | None:
    """The kind of value the question asks for; None for what/how/why/yes-no questions."""
    folded = _SHORTHAND_WORD.sub(lambda m: _SHORTHAND[m.group(1)], fold(question))
    if asks_for_secret(folded):
        return AnswerType.SECRET
    if asks_age(folded):
        return AnswerType.QUANTITY
    for kind, pattern in _PATTERNS:
        if pattern.search(folded):
            return kind
    return None
