"""Scenes of the app shell: main menu, settings, rules, sprite gallery."""
