"""Registers the shell's scenes with the tool catalog."""
from __future__ import annotations

from common.catalog import SceneSpec, register
from common.i18n import N_
from common.scenes.controls import ControlsScene
from common.scenes.gallery import GalleryScene
from common.scenes.menu import MenuScene
from common.scenes.replays import ReplaysScene
from common.scenes.rules import RulesScene
from common.scenes.settings import SettingsScene
from common.scenes.statistics import StatisticsScene

register(SceneSpec("menu", N_("Main menu"), MenuScene))
register(SceneSpec("settings", N_("Settings"), SettingsScene))
register(SceneSpec("controls", N_("Controls: the keys of both games"), ControlsScene))
register(SceneSpec("rules-arenas", N_("Rules of Arenas Movedizas"), lambda app: RulesScene(app, "arenas")))
register(SceneSpec("rules-arzium", N_("Rules of Arzium"), lambda app: RulesScene(app, "arzium")))
register(SceneSpec("gallery", N_("Sprite gallery"), GalleryScene))
register(SceneSpec("replays", N_("Replays: the saved replays of both games (the user's replays folder)"), ReplaysScene))
register(SceneSpec("statistics", N_("Statistics: both games' records"), StatisticsScene))
