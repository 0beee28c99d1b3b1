"""User settings: a dataclass saved as JSON in the config folder, atomically; corrupt files set aside."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path

from common.jsonio import read_json_or_set_aside, set_aside, write_json_atomic
from common.paths import config_dir

ANIMATION_SPEEDS: tuple[float, ...] = (0.5, 0.75, 1.0, 1.5, 2.0, 0.0)  # 0.0 means instant
UI_SCALES: tuple[float, ...] = (0.8, 0.9, 1.0, 1.1, 1.25, 1.5)


@dataclass
class Settings:
    """Everything the Settings screen can change."""

    sprite_pack: str = "default"
    master_volume: float = 0.8
    effects_volume: float = 0.9
    muted: bool = False
    animation_speed: float = 1.0
    ui_scale: float = 1.0
    fullscreen: bool = False
    high_contrast: bool = False
    show_timer_seconds: bool = False
    teammate_delay_ms: int = 1200

    def validated(self) -> tuple[Settings, list[str]]:
        """Return a copy with every out-of-range value replaced by its default, and the problems."""
        clean = Settings()
        problems: list[str] = []
        for f in fields(self):
            value = getattr(self, f.name)
            default = getattr(clean, f.name)
            ok = isinstance(value, type(default)) or (isinstance(default, float) and isinstance(value, int)
                                                     and not isinstance(value, bool))
            if isinstance(default, int) and not isinstance(default, bool) and isinstance(value, bool):
                ok = False
            if ok and f.name in ("master_volume", "effects_volume"):
                ok = 0.0 <= value <= 1.0
            if ok and f.name == "animation_speed":
                ok = float(value) in ANIMATION_SPEEDS
            if ok and f.name == "ui_scale":
                ok = float(value) in UI_SCALES
            if ok and f.name == "teammate_delay_ms":
                ok = 600 <= value <= 2000
            if ok:
                setattr(clean, f.name, float(value) if isinstance(default, float) else value)
            else:
                problems.append(f"{f.name}={value!r}")
        return clean, problems


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """Load settings; return (settings, one-line message or None). Never raises on bad files."""
    path = path or settings_path()
    data, message = read_json_or_set_aside(path, "settings")
    if data is None:
        return Settings(), message
    if not isinstance(data, dict):
        moved = set_aside(path)
        return Settings(), f"settings file {path} was not a JSON object; moved to {moved.name}, using defaults"
    known = {f.name for f in fields(Settings)}
    raw = Settings()
    for key, value in data.items():
        if key in known:
            setattr(raw, key, value)
    settings, problems = raw.validated()
    if problems:
        return settings, f"settings file {path}: ignored bad values {', '.join(problems)}"
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Save atomically; return a one-line message if the file could not be written."""
    path = path or settings_path()
    try:
        write_json_atomic(path, asdict(settings))
    except OSError as exc:
        return f"could not save settings to {path}: {exc.strerror or exc}"
    return None
