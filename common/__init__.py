"""Shared engine of Arenas & Arzium: app loop, scenes, sprites, sounds, settings, files."""
