"""The shell's screens: the main menu, settings and controls, the rules, the sprite gallery, replays and
statistics, Play online and the lobby. Imports every room of common but the launcher; the engine is given them."""
