"""User settings: a dataclass saved as JSON in the config folder, atomically; nothing is ever lost.

Corrupt files are set aside, a file with some bad values is copied aside before it is next rewritten,
keys this version does not know are written back unchanged, and a file of a newer format version is
used read-only and never rewritten.
"""
from __future__ import annotations

from dataclasses import Field, dataclass, field, fields
from pathlib import Path

from common.data.files import DataError, Kind, read_json
from common.data.i18n import LANGUAGES, N_, _
from common.data.jsonio import clean_stale_temps, keep_copy, load_json, save_json_versioned
from common.data.keymap import check_bindings
from common.data.paths import config_dir
from common.data.safe_text import is_safe_name, one_line

ANIMATION_SPEEDS: tuple[float, ...] = (0.5, 0.75, 1.0, 1.5, 2.0, 0.0)  # 0.0 means instant
UI_SCALES: tuple[float, ...] = (0.8, 0.9, 1.0, 1.1, 1.25, 1.5)
SETTINGS_VERSION = 1  # the file format; files without the key are version 1
VERSION_KEY = "version"
MAX_PACK_ID = 255
ONLINE_NAME_LIMIT = 16  # the characters of a name on the Play online screen
ONLINE_SERVER_LIMIT = 200  # the characters of a dedicated server's address kept


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
    move_previews: bool = True
    """Show what a card or a placement would do before it is played (both games)."""
    teammate_delay_ms: int = 1200
    language: str = ""
    """A code of common.data.i18n.LANGUAGES, or "" to follow the system's language."""
    turn_notices: bool = False
    """Tell a turn-based table's new turn by the system's own notification, where it has them (opt-in)."""
    online_name: str = ""
    """The name typed on the Play online screen ("": the default, "Player" in the current language)."""
    online_server: str = ""
    """The dedicated server last hosted on from the Play online screen, as typed ("": none yet)."""
    key_bindings: dict[str, str] = field(default_factory=dict)
    """The game keys the player changed: command -> key name (`common.data.keymap`)."""
    unknown: dict[str, object] = field(default_factory=dict, compare=False, repr=False)
    """Keys of the file this version does not know (a newer one wrote them): written back unchanged."""
    unknown_bindings: dict[str, object] = field(default_factory=dict, compare=False, repr=False)
    """`key_bindings` of commands this version does not know: written back unchanged, never used."""

    def validated(self) -> tuple[Settings, list[str]]:
        """Return a copy with every out-of-range value replaced by its default, and the problems."""
        clean = Settings()
        problems: list[str] = []
        for f in _value_fields():
            value = getattr(self, f.name)
            default = getattr(clean, f.name)
            ok = _acceptable(f.name, value, default)
            if ok and f.name == "key_bindings":
                value, clean.unknown_bindings, bad = check_bindings(value)
                problems += bad
            if ok:
                setattr(clean, f.name, float(value) if isinstance(default, float) else value)
            else:
                problems.append(f"{f.name}={one_line(repr(value), 40)}")
        clean.unknown = dict(self.unknown)
        return clean, problems

    def to_json(self) -> dict[str, object]:
        """The file's content: the unknown keys as read, every setting and the format version."""
        data = dict(self.unknown)
        data.update({f.name: getattr(self, f.name) for f in _value_fields()})
        data["key_bindings"] = {**self.unknown_bindings, **self.key_bindings}
        data[VERSION_KEY] = SETTINGS_VERSION
        return data


def _acceptable(name: str, value: object, default: object) -> bool:
    """Whether `value` is of the setting's type and in its range."""
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(value, bool) and isinstance(default, bool)
    if isinstance(default, float):
        if not isinstance(value, (int, float)):
            return False
        try:
            if name in ("master_volume", "effects_volume"):
                return 0.0 <= value <= 1.0
            if name == "animation_speed":
                return float(value) in ANIMATION_SPEEDS
            if name == "ui_scale":
                return float(value) in UI_SCALES
        except OverflowError:  # an integer too large for a float
            return False
        return True
    if isinstance(default, int):
        return isinstance(value, int) and (name != "teammate_delay_ms" or 600 <= value <= 2000)
    if isinstance(default, str):
        if not isinstance(value, str):
            return False
        if name == "language":
            return value in ("", *LANGUAGES)
        if name == "sprite_pack":
            return value == "" or is_safe_name(value, MAX_PACK_ID)
        if name == "online_name":
            return value == "" or (len(value) <= ONLINE_NAME_LIMIT and one_line(value) == value == value.strip())
        if name == "online_server":
            return len(value) <= ONLINE_SERVER_LIMIT and one_line(value) == value == value.strip()
        return True
    return isinstance(value, type(default))


def _value_fields() -> list[Field[object]]:
    return [f for f in fields(Settings) if f.name not in ("unknown", "unknown_bindings")]


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """Load settings; return (settings, one-line message or None). Never raises on bad files."""
    path = path or settings_path()
    clean_stale_temps(path)
    loaded = load_json(path, N_("settings"), _from_json, Kind.SETTINGS, SETTINGS_VERSION, VERSION_KEY)
    if loaded.value is None:
        return Settings(), loaded.message
    settings, problems = loaded.value
    if loaded.message is not None or not problems:
        return settings, loaded.message
    try:
        kept = _("a copy is kept as {name}").format(name=keep_copy(path, Kind.SETTINGS).name)
    except (OSError, DataError):
        kept = _("no copy could be kept")
    return settings, one_line(_("settings file {path}: ignored bad values {values}; {kept}").format(
        path=path, values=", ".join(problems), kept=kept))


def _from_json(data: object) -> tuple[Settings, list[str]]:
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    known = {f.name for f in _value_fields()}
    raw = Settings(unknown={k: v for k, v in data.items() if k not in known and k != VERSION_KEY})
    for key, value in data.items():
        if key in known:
            setattr(raw, key, value)
    return raw.validated()


def saved_language(path: Path | None = None) -> str:
    """The language setting of the settings file, only read ("" when unset, unknown or unreadable): the
    command line needs it for --help before the app loads the settings."""
    try:
        data = read_json(path or settings_path(), Kind.SETTINGS)
    except DataError:
        return ""
    value = data.get("language", "") if isinstance(data, dict) else ""
    return str(value) if isinstance(value, str) and value in LANGUAGES else ""


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Save atomically; return a one-line message if the file was not written (it could not be, or the
    file there is of a newer format version or unreadable for now and is kept as it is)."""
    return save_json_versioned(path or settings_path(), settings.to_json(), VERSION_KEY, Kind.SETTINGS,
                               _("settings not saved: {problem}"), _("could not save settings to {path}: {problem}"))
