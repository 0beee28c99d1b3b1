"""The parts of the Spanish style note (common/locale/es/STYLE.md) a program can see, as one-line problems.

`python -m common.tools.catalogues check` runs them over every Spanish translation and both Spanish rules texts:
the words the note forbids (calques, "girar" for a flip, "sprite"), the plural of "usted", the English
em dash, and a percent sign without the non-breaking space before it ("50 %")."""
from __future__ import annotations

import re
from dataclasses import dataclass

NBSP = "\u00a0"


@dataclass(frozen=True)
class Rule:
    """A pattern that must not occur in Spanish text, and what to write instead."""

    pattern: re.Pattern[str]
    advice: str


def _rule(pattern: str, advice: str, flags: re.RegexFlag = re.IGNORECASE) -> Rule:
    return Rule(re.compile(pattern, flags), advice)


RULES = (
    _rule(r"—", 'an English em dash: use a colon, a semicolon or a full stop'),
    _rule(r"\bgir(?:a|o|ar|ad|an|as|e|é|en|es|ó|ando|ado|ada|ados|adas|aba|aban|aría|arlo|arla)\b",
          'a flip is "dar la vuelta", a card "activa" a timer, a pattern "rota": never "girar"'),
    _rule(r"(?<![-/\w])sprites?\b(?![/-])", '"sprite" is "gráfico" (a sprite pack: "paquete de gráficos")'),
    _rule(r"\bustedes\b", 'the register is vosotros (Spain), never "ustedes"'),
    _rule(r"\w,? Tú\b", 'a capital "Tú" inside a sentence reads as "ustedes": "Roncaberto y tú pujáis"',
          re.NOFLAG),
    _rule(r"\bcada otro\b", 'a calque of "every other": "cada uno de los demás"'),
    _rule(r"\buna idea cada vez\b", 'a calque of "one at a time": "idea a idea", "paso a paso"'),
    _rule(r"(?<!\bha )(?<!\bhas )(?<!\bhan )(?<!\bhe )(?<!\bhaber )\bdado la vuelta\b",
          '"dado la vuelta" only after "haber": "le has dado la vuelta"'),
    _rule(r"\b[Cc]artas? (?:amarillos?\b|(?!de\b)[A-ZÁÉÍÓÚ])", 'colour cards are feminine and lower case: '
          '"la carta amarilla", "las cartas grises"', re.NOFLAG),
    _rule(r"\bpartidas? (?:básicas?|completas?)\b", 'the rule book says "juego básico" and "juego completo"'),
    _rule(r"\basistid[ao]s?\b", 'an assisted run or game is "con ayuda"'),
    _rule(r"\brodead[ao]s?\b", 'a ringed piece is "señalado con un aro"'),
    _rule(r"\bestás? pasando\b", '"pasando" reads as "happening": "renuncia a pujar"'),
    _rule(r"(?<!\bla )\bbienvenid[oa]s?\b", 'a welcome without gender: "te damos la bienvenida"'),
    _rule(r"\bmirar\b", 'watching a replay or the bots is "ver"'),
    _rule(r"\.\.\.", 'three full stops: write the ellipsis "…"'),
    _rule(r"\bdificultad:? \w+o\b", 'a difficulty is feminine: "Dificultad: Complicada"'),
    _rule(r"(?<!\ben )\bblancos?\b", 'a blank is "una casilla en blanco", never "un blanco"', re.NOFLAG),
    _rule(r"\bfijad[oa]s?:", 'a calque of "pinned": say what the player does ("aquí: pulsa…")'),
    _rule(r"\breciben? la vuelta\b", 'a calque of "is flipped": "se le da la vuelta", "le das la vuelta"'),
    _rule(r"(?:\d|\}) de (?:personajes|artefactos|tierras)\b",
          'points from characters are "17 por personajes", not "17 de personajes"'),
    _rule(r"\bpuntos? · (?:list|usad|dormid|despiert|preparad)[oa]s?\b",
          "a character's status suits either gender: \"4 puntos · disponible\", \"ya se usó (duerme)\""),
)

_PLACEHOLDER = re.compile(r"%\([A-Za-z_]+\)[sdr]|%[sdr]|%%")


def percent_problem(text: str) -> bool:
    """Whether a percent sign follows a number, a placeholder or a plain space instead of a non-breaking one."""
    plain = _PLACEHOLDER.sub(lambda m: "%" if m.group() == "%%" else "", text)
    return any(i > 0 and plain[i - 1] != NBSP and (plain[i - 1].isalnum() or plain[i - 1] in "} )")
               for i, c in enumerate(plain) if c == "%")


def problems(text: str) -> list[str]:
    """What the style note says against `text` (Spanish), one short line each; empty when it complies."""
    found = []
    for rule in RULES:
        match = rule.pattern.search(text)
        if match:
            found.append(f"{match.group()!r}: {rule.advice}")
    if percent_problem(text):
        found.append(f"'%' without the non-breaking space before it: write \"50{NBSP}%\" (\\u00a0)")
    return found
