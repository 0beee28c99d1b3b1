"""Registers the shell's scenes with the tool catalog."""
from __future__ import annotations

from common.catalog import SceneSpec, register
from common.scenes.gallery import GalleryScene
from common.scenes.menu import MenuScene
from common.scenes.replays import ReplaysScene
from common.scenes.rules import RulesScene
from common.scenes.settings import SettingsScene
from common.scenes.statistics import StatisticsScene

register(SceneSpec("menu", "Main menu", MenuScene))
register(SceneSpec("settings", "Settings", SettingsScene))
register(SceneSpec("rules-arenas", "Rules of Arenas Movedizas", lambda app: RulesScene(app, "arenas")))
register(SceneSpec("rules-arzium", "Rules of Arzium", lambda app: RulesScene(app, "arzium")))
register(SceneSpec("gallery", "Sprite gallery", GalleryScene))
register(SceneSpec("replays", "Replays: the saved replays of both games (the user's replays folder)", ReplaysScene))
register(SceneSpec("statistics", "Statistics: both games' records", StatisticsScene))
