"""A game's figure book: the figures its rules text shows (`Figure`: a picture and its caption), each drawn on
demand by a `FigureMaker`, by name. The rules screen draws them (`common.scenes.rules`); the pieces the games
build their figures from are in `common.scenes.figures`."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from common.engine.app import App


@dataclass(frozen=True)
class Figure:
    """A figure drawn for the rules screen and its caption, both in the current language."""

    image: pygame.Surface
    caption: str


FigureMaker = Callable[["App", int, int], Figure]  # (app, width, height at most) -> the figure
FigureBook = Mapping[str, FigureMaker]
