"""Files, settings and language, pygame-free: where files live, the one gate every file is read through,
JSON and atomic writes, locks, safe text, the language, the settings and key map, the rules' shared API.
Imports nothing else of common."""
