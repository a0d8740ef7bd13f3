"""The words values are written with, folded: number words and unit names in each
language asknotes reads, and which units are money or time."""

from __future__ import annotations

NUMBER_WORDS: dict[str, float] = {
    # English
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "thousand": 1000,
    "dozen": 12, "half": 0.5, "once": 1, "twice": 2,
    # Portuguese (folded: accents stripped)
    "um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6,
    "sete": 7, "oito": 8, "nove": 9, "dez": 10, "onze": 11, "doze": 12, "treze": 13,
    "quatorze": 14, "catorze": 14, "quinze": 15, "dezesseis": 16, "dezessete": 17,
    "dezoito": 18, "dezenove": 19, "vinte": 20, "trinta": 30, "quarenta": 40,
    "cinquenta": 50, "cem": 100, "cento": 100, "mil": 1000, "duzia": 12, "meia": 0.5,
    "meio": 0.5,
    # Spanish, where the word is no common English or Portuguese word ("dos" is "of the"
    # in Portuguese, "once" is English; "media" is also a mean)
    "uno": 1, "cuatro": 4, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "trece": 13,
    "catorce": 14, "dieciseis": 16, "diecisiete": 17, "dieciocho": 18, "diecinueve": 19,
    "veinte": 20, "treinta": 30, "cuarenta": 40, "sesenta": 60, "setenta": 70,
    "ochenta": 80, "noventa": 90, "cien": 100, "ciento": 100, "docena": 12,
    # French, German and Italian, likewise: not the articles (un, une, ein, eine), and
    # not a word that is also another common word ("sept" is September, "neuf" new, "cent"
    # a coin, "due" English, "sei" "you are", "otto" a name, "elf" an elf)
    "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "huit": 8, "dix": 10, "douze": 12,
    "treize": 13, "vingt": 20, "trente": 30, "quarante": 40, "cinquante": 50,
    "soixante": 60, "mille": 1000, "douzaine": 12, "demi": 0.5, "demie": 0.5,
    "eins": 1, "zwei": 2, "drei": 3, "vier": 4, "funf": 5, "sechs": 6, "sieben": 7,
    "acht": 8, "neun": 9, "zehn": 10, "zwolf": 12, "dreizehn": 13, "vierzehn": 14,
    "funfzehn": 15, "sechzehn": 16, "siebzehn": 17, "achtzehn": 18, "neunzehn": 19,
    "zwanzig": 20, "dreissig": 30, "vierzig": 40, "funfzig": 50, "sechzig": 60,
    "siebzig": 70, "achtzig": 80, "neunzig": 90, "hundert": 100, "tausend": 1000,
    "dutzend": 12, "halbe": 0.5, "einmal": 1, "zweimal": 2,
    "tre": 3, "quattro": 4, "cinque": 5, "sette": 7, "dieci": 10, "undici": 11,
    "dodici": 12, "tredici": 13, "quattordici": 14, "quindici": 15, "sedici": 16,
    "diciassette": 17, "diciotto": 18, "diciannove": 19, "venti": 20, "trenta": 30,
    "quaranta": 40, "cinquanta": 50, "sessanta": 60, "settanta": 70, "ottanta": 80,
    "novanta": 90, "dozzina": 12, "mezzo": 0.5, "mezza": 0.5,
    # Dutch ("een" is the article, "elf" an elf, "vier" and "acht" are German's above)
    "twee": 2, "drie": 3, "vijf": 5, "zes": 6, "zeven": 7, "negen": 9, "tien": 10,
    "twaalf": 12, "dertien": 13, "veertien": 14, "vijftien": 15, "twintig": 20,
    "dertig": 30, "veertig": 40, "vijftig": 50, "zestig": 60, "honderd": 100,
    "duizend": 1000, "tweemaal": 2,
    # Swedish ("en" and "ett" are articles; "två", "fem", "sex", "tio" and "sexton" fold to
    # French "TVA", "FEM" (finite elements), English "sex", "sexton" and Spanish "tío")
    "fyra": 4, "sju": 7, "atta": 8, "nio": 9, "elva": 11, "tolv": 12, "tretton": 13,
    "fjorton": 14, "femton": 15, "sjutton": 17, "arton": 18, "nitton": 19, "tjugo": 20,
    "trettio": 30, "fyrtio": 40, "femtio": 50, "hundra": 100, "tusen": 1000,
}  # fmt: skip

UNITS: dict[str, str] = {
    **dict.fromkeys(
        "h hr hrs hour hours hora horas heure heures stunde stunden std stdn ore uur uren timme "
        "timmar".split(),
        "hour",
    ),
    **dict.fromkeys(
        "min mins minute minutes minuto minutos minuten minuti minuut minut minuter".split(),
        "minute",
    ),
    **dict.fromkeys(
        "s sec secs second seconds segundo segundos sek sekunde sekunden seconde seconden sekund "
        "sekunder".split(),
        "second",
    ),
    **dict.fromkeys(["ms", "millisecond", "milliseconds", "milissegundos"], "millisecond"),
    **dict.fromkeys(
        "d day days dia dias jour jours tag tage tagen giorno giorni dag dagen dagar".split(),
        "day",
    ),
    **dict.fromkeys(
        "wk week weeks semana semanas semaine semaines woche wochen settimana settimane "
        "weken vecka veckor".split(),
        "week",
    ),
    **dict.fromkeys(
        "month months mes meses mois monat monate monaten mese mesi maand maanden manad "
        "manader".split(),
        "month",
    ),
    **dict.fromkeys(
        "y yr yrs year years ano anos ans annee annees jahr jahre jahren anni jaar jaren".split(),
        "year",
    ),
    **dict.fromkeys(["%", "percent", "pct"], "percent"),
    **dict.fromkeys(["€", "eur", "euro", "euros"], "eur"),
    **dict.fromkeys(["$", "usd", "dollar", "dollars", "dolar", "dolares"], "usd"),
    **dict.fromkeys(["£", "gbp", "pound", "pounds"], "gbp"),
    **dict.fromkeys(["r$", "brl", "real", "reais"], "brl"),
    **dict.fromkeys(["cent", "cents", "centavo", "centavos"], "cent"),
    # the coins of tabletop games' price lists ("Potion of healing | 50 gp", "8 sp a
    # night"); not "pp", which is pages, nor "gold", which is also "2 gold medals"
    "gp": "gp",
    "sp": "sp",
    "cp": "cp",
    **dict.fromkeys(["kb", "kib"], "kb"),
    **dict.fromkeys(["mb", "mib"], "mb"),
    **dict.fromkeys(["gb", "gib"], "gb"),
    **dict.fromkeys(["tb", "tib"], "tb"),
    **dict.fromkeys(
        [
            "km",
            "kms",
            "kilometre",
            "kilometres",
            "kilometer",
            "kilometers",
            "kilometro",
            "kilometros",
            "chilometro",
            "chilometri",
            "quilometro",
            "quilometros",
        ],
        "km",
    ),
    **dict.fromkeys(["m", "metre", "metres", "meter", "meters", "metro", "metros", "metri"], "m"),
    **dict.fromkeys(["mile", "miles"], "mile"),
    **dict.fromkeys(
        [
            "cm",
            "centimetre",
            "centimetres",
            "centimeter",
            "centimeters",
            "centimetro",
            "centimetros",
        ],
        "cm",
    ),
    **dict.fromkeys(
        ["mm", "millimetre", "millimetres", "millimeter", "millimeters", "milimetro", "milimetros"],
        "mm",
    ),
    **dict.fromkeys(
        [
            "kg",
            "kilo",
            "kilos",
            "kilogram",
            "kilograms",
            "quilos",
            "kilogramo",
            "kilogramos",
            "chili",
        ],
        "kg",
    ),
    **dict.fromkeys(
        "g gram grams gramas gramo gramos gramme grammes gramm grammi grammo".split(), "g"
    ),
    **dict.fromkeys(["oz", "ounce", "ounces"], "oz"),
    **dict.fromkeys(["lb", "lbs", "pound-weight"], "lb"),
    **dict.fromkeys(["tsp", "teaspoon", "teaspoons"], "tsp"),
    **dict.fromkeys(["tbsp", "tablespoon", "tablespoons"], "tbsp"),
    **dict.fromkeys("l litre litres liter liters litro litros litri".split(), "l"),
    **dict.fromkeys(
        ["ml", "millilitre", "millilitres", "milliliter", "milliliters", "mililitro", "mililitros"],
        "ml",
    ),
    **dict.fromkeys(
        # "ºC" (the ordinal sign typed for the degree sign, as Spanish keyboards do) folds
        # to "oc"
        "°c ºc oc c degree degrees grau graus grado grados gradi degre degres grad graden °".split()
        + ["º"],
        "degree",
    ),
    **dict.fromkeys(["bar", "psi"], "pressure"),
    # areas, volumes and energy ("12 m²", "3 kuub", "3.712 kWh"), folded
    **dict.fromkeys(["m2", "sqm"], "m2"),
    **dict.fromkeys(["km2"], "km2"),
    # not "ha": Italian "has", Portuguese "há"
    **dict.fromkeys(["hectare", "hectares", "hectarea", "hectareas", "ettari"], "ha"),
    **dict.fromkeys(["m3", "kuub", "cbm"], "m3"),
    **dict.fromkeys(["kwh", "kilowattuur", "kilowattstunden"], "kwh"),
    **dict.fromkeys(["mwh"], "mwh"),
    **dict.fromkeys(["kw", "kilowatt"], "kw"),
    **dict.fromkeys(["mbps", "mbit", "gbps"], "rate"),
}
CURRENCIES = frozenset({"eur", "usd", "gbp", "brl", "cent", "gp", "sp", "cp"})
TIME_UNITS = frozenset({"millisecond", "second", "minute", "hour", "day", "week", "month", "year"})
