"""Words that name the kind of value a question asks for, folded: money, codes, people
by their role, places by their kind. `app.core.verdict.answer_type` builds its patterns
from them."""

from __future__ import annotations

MONEY_WORDS = (
    r"cost|costs|costed|costing|price|prices|priced|pay|paid|pays|paying|charge|charged|"
    r"charges|charging|fee|fees|"
    r"spend|spent|worth|rent|salary|budget|bill|custa|custou|custam|custar|preco|pago|"
    r"paguei|pagar|valor|taxa|gastei|gasto|aluguel|salario|orcamento|invoice|invoiced|"
    r"cuesta|cuestan|costo|costaron|costar|precio|paga|pagan|pagaba|pague|pagas|pagamos|coste|"
    r"importe|cobra|deposit|fianza|caucao|kaution|cauzione|pfand|"
    r"cobran|cobro|tarifa|cuota|gaste|gastamos|alquiler|sueldo|presupuesto|factura|"
    r"subscription|subscriptions|dues|fare|fares|premium|hire|hired|hiring|rental|lease|"
    # what someone earns ("Quanto ganha a senhora da limpeza à hora?")
    r"earn|earns|earned|ganha|ganham|ganhava|ganhou|gana|ganan|ganaba|gano"
)
# A sum by its name after up to three words ("the family membership fee", "the total
# excess", "the Payments Core cloud cost"); not a fee's rules ("the fee structure").
MONEY_NOUN = (
    r"([\w'’]+[ -]){0,3}(price|prices|cost|costs|fee|fees|rent|subscription|sub|fare|premium|"
    r"deposit|budget|bill|charge|salary|wage|excess)\b(?![ -](structure|schedule|policy|"
    r"policies|form|forms|waiver|account|card|list|code|codes|centre|center|model|models|baggage|"
    r"luggage|weight)\b)"
)
# Things a number or code identifies: asked for, the answer is that code, never a name.
CODE_NAMES = (
    r"serial|flight|account|tracking|order|reference|booking|model|part|registration|"
    r"policy|membership|customer|invoice|ticket|licen[cs]e|sort|pin|contract"
)
# People named by what they do for someone, folded ("hausmeister", "tecnico").
ROLES = (
    r"accountant|engineer|tech|technician|rep|representative|officer|warden|tutor|producer|"
    r"plumber|electrician|vet|doctor|dentist|gp|nurse|teacher|coach|instructor|manager|"
    r"landlord|landlady|caretaker|contact|solicitor|lawyer|agent|builder|cleaner|mechanic|"
    r"inspector|eho|president|chair|treasurer|secretary|hausmeister|hausmeisterin|"
    r"contador|contadora|plombier|electricien|commercialista|tecnico|tecnica|idraulico|"
    r"fontanero|medico|medica|erzieher|erzieherin|bezugserzieherin|trainer|trainerin|"
    r"maitre de port|harbourmaster|harbour master|harbormaster"
)
# Places asked for by their kind, folded.
PLACES = (
    r"hotel|room|venue|restaurant|parish|church|chiesa|street|road|bus stop|station|"
    r"platform|beach|neighbourhood|neighborhood|district|village|campsite|pub|cafe|gym|"
    r"hospital|building|mooring|berth|pitch|hall|sala|salle|praia|playa|plage|bairro|barrio|"
    r"quartier|quartiere|rua|calle|rue|via|albergo|pousada|guesthouse|paroisse|"
    r"parroquia|paroquia|parrocchia|igreja|iglesia|eglise"
)
