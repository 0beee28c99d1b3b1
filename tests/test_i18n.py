"""Spanish and English: the catalogues are complete and compiled, no drawn string bypasses gettext, Spanish
text fits its box at 960x540 and 1280x720, and a bad catalogue or language falls back to English in one line."""
from __future__ import annotations

import json
import locale
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from common.data import i18n
from common.data.settings import Settings
from common.engine import text
from common.engine.app import App, AppOptions
from common.scenes.rules import RulesScene
from common.tools import catalog, catalogues
from common.tools.catalogues import MessageKey
from text_record import Drawn, record

ROOT = Path(__file__).resolve().parent.parent
AREAS = ("common", "arenas", "arzium")
SIZES = ((960, 540), (1280, 720))
FRAMES = 100  # enough for the scripted mouse to hover several widgets and for tooltips to show


# ---- (a) completeness -------------------------------------------------------------------------------

def data_strings() -> dict[MessageKey, str]:
    """The game data a player reads, translated at display time: Arzium's character, land, starting
    character and artifact names, Arenas' level names, descriptions and themes, both games' bot names."""
    found: dict[MessageKey, str] = {}
    cards = json.loads((ROOT / "arzium" / "cards.json").read_text("utf-8"))
    for group in ("characters", "starting", "artifacts"):
        for card in cards[group]:
            found[None, card["name"]] = f"arzium/cards.json {group}"
            if "land" in card:
                found[None, card["land"]["name"]] = "arzium/cards.json lands"
    for level in sorted((ROOT / "arenas" / "levels").glob("*.json")):
        data = json.loads(level.read_text("utf-8"))
        for key in ("name", "description", "theme"):
            found[None, data[key]] = f"arenas/levels/{level.name} {key}"
    from arenas.scenes.setup import BOT_NAMES as ARENAS_BOTS
    from arzium.wording import BOT_NAMES as ARZIUM_BOTS
    for name in (*ARENAS_BOTS, *ARZIUM_BOTS):
        found[None, name] = "bot names"
    return found


@pytest.fixture(scope="module")
def templates(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Each area's template (`catalogues.extract`), extracted once for this module's tests (the code does not
    change while they run)."""
    folder = tmp_path_factory.mktemp("templates")
    catalogues.extract(folder)
    return folder


def _untranslated(wanted: dict[MessageKey, str]) -> list[str]:
    have = catalogues.translations("es")
    missing = []
    for key, where in wanted.items():
        entry = have.get(key)
        if entry is None or not catalogues.is_translated(entry[1]):
            state = "missing" if entry is None else "fuzzy" if entry[1].fuzzy else "empty"
            missing.append(f"{where}: {key[1]!r} ({state})")
    return missing


@pytest.mark.parametrize("area", [*AREAS, "content"])
def test_every_message_has_a_spanish_translation(area: str, templates: Path) -> None:
    wanted = data_strings() if area == "content" else catalogues.code_messages(templates / f"{area}.pot")
    missing = _untranslated(wanted)
    print(f"{area}: {len(wanted) - len(missing)}/{len(wanted)} messages translated into Spanish")
    assert wanted and not missing, f"{len(missing)} of {len(wanted)} not translated:\n" + "\n".join(missing)


def test_every_spanish_message_is_one_the_code_uses(templates: Path) -> None:
    used = {key for area in AREAS for key in catalogues.code_messages(templates / f"{area}.pot")}
    unused = [f"{po.relative_to(catalogues.ROOT)}: {key[1]!r}"
              for key, (po, _message) in catalogues.translations("es").items() if po.stem in AREAS and key not in used]
    assert not unused, f"{len(unused)} messages no code uses (remove them by hand, then compile):\n" + "\n".join(unused)


@pytest.mark.parametrize(("bad", "good"), [
    ("Comodín: hay un bloque — haz clic en un reloj", "Comodín: hay un bloque; haz clic en un reloj"),
    ("si giras uno lleno, lo vacías", "si le das la vuelta a uno lleno, lo vacías"),
    ("Girar un patrón", "Rotar un patrón"),
    ("Paquete de sprites", "Paquete de gráficos"),
    ("¿Ustedes pujan?", "¿Vosotros pujáis?"),
    ("Pujan Tú y Roncaberto", "Roncaberto y tú pujáis"),
    ("Cada otro jugador recibe 1 moneda", "Cada uno de los demás jugadores recibe 1 moneda"),
    ("una idea cada vez", "idea a idea"),
    ("Dado la vuelta", "Le has dado la vuelta"),
    ("Juega la carta Amarillo.", "Juega la carta amarilla."),
    ("Juega la carta amarillo.", "Juega la carta de círculo."),
    ("Partida básica", "Juego básico"),
    ("la partida contará como asistida", "la partida contará «con ayuda»"),
    ("El marcador rodeado", "El marcador señalado con un aro"),
    ("Roncaberto está pasando", "Roncaberto está renunciando a pujar"),
    ("Bienvenido a Arzium", "Te damos la bienvenida a Arzium"),
    ("¿Dejar de mirar?", "¿Dejar de ver la partida?"),
    ("Pensando...", "Pensando…"),
    ("los bots ganan el {percent}%", "los bots ganan el {percent}\u00a0%"),
    ("por debajo del 100 % la partida", "por debajo del 100\u00a0% la partida"),
    ("intervalos de confianza del 95 %%", "intervalos de confianza del 95\u00a0%%"),
    ("Dificultad: Complicado", "Dificultad: Complicada"),
    ("1 blanco (pagando 2)", "1 casilla en blanco por 2 monedas"),
    ("Pulsa los blancos", "Pulsa las casillas en blanco"),
    ("fijado: pulsa el patrón", "aquí: pulsa el patrón"),
    ("1 reloj solo recibe la vuelta", "1 reloj se queda en su engranaje"),
    ("17 de personajes + 8 de artefactos", "17 por personajes + 8 por artefactos"),
    ("0 puntos · listo", "0 puntos · disponible"),
])
def test_the_spanish_style_check_finds_what_the_note_forbids(bad: str, good: str) -> None:
    from common.tools import spanish_style
    assert len(spanish_style.problems(bad)) == 1 and "\n" not in spanish_style.problems(bad)[0]
    assert spanish_style.problems(good) == []


def test_placeholders_and_code_words_are_no_style_problem() -> None:
    from common.tools import spanish_style
    for fine in ("argumentos no reconocidos: %s", "argumento %(argument_name)s: %(message)s", "% de victorias",
                 "main.py check-sprites high-contrast", "en sprites/ o en tu carpeta de datos", "{low}..{high}",
                 "un girasol", "la carta {card}", "niveles {first}–{last}"):
        assert spanish_style.problems(fine) == [], fine


def test_the_catalogue_check_passes_with_every_spanish_text_in_the_style_of_the_note(tmp_path: Path) -> None:
    """`python -m common.tools.catalogues check`: complete, compiled, and every Spanish translation and both Spanish
    rules texts in the style; a rules text that breaks it gets a line naming the file and the line."""
    found = catalogues.problems()
    assert not found, "\n".join(found)
    bad = catalogues.ROOT / "build" / "style-probe.es.md"
    bad.parent.mkdir(exist_ok=True)
    bad.write_text("# Reglas\n\nGira el reloj — ya.\n", "utf-8")
    try:
        lines = catalogues.rules_text_problems(bad)
    finally:
        bad.unlink()
    assert len(lines) == 2 and all(line.startswith("build/style-probe.es.md:3: ") for line in lines)


def test_a_second_catalogue_update_changes_nothing(tmp_path: Path, templates: Path) -> None:
    """`update` run again on the catalogues it wrote (its merge of the same templates: the code did not change)
    leaves every .po and .mo byte for byte, whatever the time (an old date stands for a run made earlier)."""
    folder = tmp_path / "locale"
    shutil.copytree(catalogues.LOCALE, folder)
    catalogues.merge(folder, templates)
    earlier = b'"POT-Creation-Date: 2000-01-01 00:00+0000\\n"'
    for po in catalogues.all_po(folder):
        po.write_bytes(re.sub(rb'"POT-Creation-Date: [^"]*"', lambda _m: earlier, po.read_bytes()))
    catalogues.compile_all(folder)
    first = {path: path.read_bytes() for path in sorted(folder.rglob("*.[mp]o"))}
    catalogues.merge(folder, templates)
    assert {path: path.read_bytes() for path in sorted(folder.rglob("*.[mp]o"))} == first


def test_a_message_whose_code_moved_to_another_package_keeps_its_translation(tmp_path: Path,
                                                                             templates: Path) -> None:
    folder = tmp_path / "locale"
    shutil.copytree(catalogues.LOCALE, folder)
    arenas, common = catalogues.po_path("es", "arenas", folder), catalogues.po_path("es", "common", folder)
    entry = '\nmsgid "Tricky"\nmsgstr "Complicada"\n'
    assert entry in arenas.read_text("utf-8")  # as if its code were in common/ at the last update
    arenas.write_text(arenas.read_text("utf-8").replace(entry, "\n"), "utf-8")
    common.write_text(common.read_text("utf-8") + entry, "utf-8")
    catalogues.merge(folder, templates)
    assert entry in arenas.read_text("utf-8") and entry not in common.read_text("utf-8")


def test_percentages_follow_the_language() -> None:
    i18n.set_language("es")
    assert i18n.format_percent(0.5) == "50\u00a0%" and i18n.format_percent(0.125, 1) == "12,5\u00a0%"
    i18n.set_language("en")
    assert i18n.format_percent(0.5) == "50%" and i18n.format_percent(0.125, 1) == "12.5%"


def test_every_compiled_catalogue_matches_its_po() -> None:
    stale = [po.name for po in catalogues.all_po()
             if not po.with_suffix(".mo").exists() or po.with_suffix(".mo").read_bytes() != catalogues.compiled(po)]
    assert catalogues.all_po() and not stale, f"run `python -m common.tools.catalogues compile`: stale {stale}"


# ---- rendering every catalog scene in Spanish, recording the text ------------------------------------

def spanish_app(size: tuple[int, int]) -> App:
    options = AppOptions(size=size, headless=True, save_settings=False, lang="es")
    return App(options, settings=Settings(language="es"), rules_scene=RulesScene)


def _area_of(spec: catalog.SceneSpec) -> str:
    return str(spec.build.__module__).split(".")[0]


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[tuple[str, str, tuple[int, int]], Drawn]]:
    """(area, scene, size) -> what the scene drew in Spanish over FRAMES frames of its scripted input."""
    import random
    results: dict[tuple[str, str, tuple[int, int]], Drawn] = {}
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setenv("ARENAS_ARZIUM_HOME", str(tmp_path_factory.mktemp("home")))
        for size in SIZES:
            app = spanish_app(size)
            for spec in catalog.specs():
                drawn = Drawn()
                with pytest.MonkeyPatch.context() as inner:
                    record(drawn, inner)
                    text.clear_cache()
                    app.stack.clear_to(spec.build(app))
                    rng = random.Random(7)
                    for frame in range(FRAMES):
                        app.step(spec.script(frame, rng, app.size), 1000 / 60)
                results[_area_of(spec), spec.name, size] = drawn
            app.sounds.stop_all()
            pygame.quit()
    i18n.set_language("en")
    yield results


def english_msgids() -> dict[str, str]:
    """Every English message (singular and plural) whose Spanish differs from it, with its Spanish."""
    found: dict[str, str] = {}
    for _po, message in catalogues.translations("es").values():
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        strings = (message.string,) if isinstance(message.string, str) else tuple(message.string)
        for english in ids:
            if strings and strings[0] and english not in strings:
                found[english] = strings[0]
    return found


@pytest.mark.sweep
def test_spanish_screens_draw_no_english_and_keep_their_text_in_its_box(
        rendered: dict[tuple[str, str, tuple[int, int]], Drawn]) -> None:
    """One test for both checks, so the scenes are rendered once (the fixture is per worker)."""
    english = english_msgids()
    problems = []
    for area in AREAS:
        assert {scene for a, scene, _size in rendered if a == area}, f"no catalog scene of {area}"
        offending = sorted({f"{scene}: {s!r} (Spanish: {english[s]!r})"
                            for (a, scene, _size), drawn in rendered.items() if a == area
                            for s in drawn.strings if s in english})
        if offending:
            problems.append(f"{area}: {len(offending)} English strings drawn in Spanish:\n" + "\n".join(offending))
        overflows = [f"{scene} at {size[0]}x{size[1]}: {line}" for (a, scene, size), drawn in rendered.items()
                     if a == area for line in dict.fromkeys(drawn.overflows)]
        if overflows:
            problems.append(f"{area}: {len(overflows)} texts overflow:\n" + "\n".join(overflows))
    assert not problems, "\n".join(problems)


# ---- language choice: system default, setting, live switch --------------------------------------------

@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "es_ES.UTF-8"}, "es"), ({"LANG": "es_AR"}, "es"), ({"LC_MESSAGES": "es_MX.UTF-8"}, "es"),
    ({"LANG": "fr_FR.UTF-8"}, "en"), ({"LANG": "C"}, "en"), ({"LC_ALL": "C.UTF-8", "LANG": "es_ES"}, "en"),
    ({"LC_ALL": "es_ES.UTF-8", "LANG": "en_GB"}, "es"), ({"LANG": "estonian"}, "en"),
    ({"LANGUAGE": "es:en", "LANG": "en_US.UTF-8"}, "es"), ({"LANGUAGE": "en_GB:es", "LANG": "es_ES"}, "en"),
    ({"LANGUAGE": "es", "LC_ALL": "C.UTF-8"}, "en")])
def test_the_default_language_follows_the_system_locale(env: dict[str, str], expected: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in (*i18n.LOCALE_VARIABLES, "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in env.items():
        monkeypatch.setenv(variable, value)
    assert i18n.system_language() == expected


def test_without_locale_variables_the_system_locale_decides_and_never_raises(monkeypatch: pytest.MonkeyPatch
                                                                            ) -> None:
    for variable in (*i18n.LOCALE_VARIABLES, "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda: ("Spanish_Spain", "1252"))
    assert i18n.system_language() == "es"
    monkeypatch.setattr(locale, "getlocale", lambda: (None, None))
    assert i18n.system_language() == "en"

    def broken() -> tuple[str, str]:
        raise ValueError("unknown locale: xx")
    monkeypatch.setattr(locale, "getlocale", broken)
    assert i18n.system_language() == "en"


def _labels(app: App) -> list[str]:
    return [getattr(w, "label", "") for scene in app.stack.scenes for w in scene.group.widgets]  # type: ignore[attr-defined]


def test_the_language_setting_switches_every_open_scene_live() -> None:
    from common.scenes.menu import MenuScene
    from common.scenes.settings import SettingsScene
    app = App(AppOptions(headless=True, save_settings=False, lang="en"), settings=Settings(language="en"),
              rules_scene=RulesScene)
    app.push(MenuScene(app))
    app.push(SettingsScene(app))
    assert "Settings" in _labels(app) and "Language" in _labels(app)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)], 16)
    assert app.settings.language == "es" and i18n.language() == "es"  # the Language row has the focus
    assert "Ajustes" in _labels(app) and "Idioma" in _labels(app) and "Settings" not in _labels(app)
    assert app.stack.top.group.focused.label == "Idioma"  # type: ignore[union-attr]
    app.apply_settings(Settings(language="en"))
    assert "Settings" in _labels(app) and i18n.language() == "en"
    app.sounds.stop_all()
    pygame.quit()


def test_lang_wins_over_the_setting_and_a_bad_setting_is_refused() -> None:
    app = App(AppOptions(headless=True, save_settings=False, lang="en"), settings=Settings(language="es"))
    assert i18n.language() == "en"
    app.sounds.stop_all()
    pygame.quit()
    clean, problems = Settings(language="xx").validated()
    assert clean.language == "" and problems == ["language='xx'"]


def test_the_help_follows_the_saved_setting_and_lang(user_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from common.cli import main
    folder = user_home / "arenas-arzium"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(json.dumps({"language": "es"}), "utf-8")
    with pytest.raises(SystemExit):
        main(["--help"])
    assert capsys.readouterr().out.startswith("uso: main.py")
    with pytest.raises(SystemExit):
        main(["screenshot", "--help", "--lang", "en"])
    out = capsys.readouterr().out
    assert out.startswith("usage: main.py screenshot") and "render a scene headless to a PNG" in out
    i18n.set_language("en")


def test_the_help_follows_the_system_locale_without_a_setting(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    from common.cli import main
    monkeypatch.setenv("LC_ALL", "es_ES.UTF-8")
    with pytest.raises(SystemExit):
        main(["tournament", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("uso: main.py tournament") and "intervalos de confianza del 95\u00a0%\n" in out
    with pytest.raises(SystemExit):
        main(["--lang=en", "--help"])
    assert capsys.readouterr().out.startswith("usage: main.py")
    i18n.set_language("en")


# ---- (d) bad input: unknown language, missing or broken catalogue --------------------------------------

def test_an_unknown_lang_gives_one_line_and_english(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from common.cli import main
    assert main(["--lang", "xx", "screenshot", "menu", str(tmp_path / "m.png"), "--frames", "1",
                 "--size", "640x360"]) == 0  # a small picture: the language is what is checked
    err = capsys.readouterr().err.splitlines()
    assert err == ["unknown language 'xx' (known: en, es); using English"]
    assert i18n.language() == "en" and (tmp_path / "m.png").exists()


def _broken_copies(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """Folders like the Spanish one whose common.mo is broken in one way each (or missing)."""
    source = catalogues.LOCALE / "es" / "LC_MESSAGES" / "common.mo"
    good = source.read_bytes()
    header = catalogues.compiled(catalogues.po_path("es", "common")).replace(b"charset=utf-8", b"charset=nosuch")
    for name, content in [("empty", b""), ("three bytes", good[:3]), ("bad magic", b"\0" * 40),
                          ("cut header", good[:20]), ("cut in half", good[: len(good) // 2]),
                          ("unknown charset", header), ("missing", None)]:
        folder = tmp_path / name.replace(" ", "-")
        folder.mkdir()
        if content is not None:
            (folder / "common.mo").write_bytes(content)
        yield name, folder
    folder = tmp_path / "a-folder-named-common.mo"
    (folder / "common.mo").mkdir(parents=True)
    yield "a folder named common.mo", folder


def test_a_broken_or_missing_catalogue_gives_one_line_and_english(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    for name, folder in _broken_copies(tmp_path):
        monkeypatch.setattr(i18n, "catalogue_folder", lambda language, folder=folder: folder)
        problem = i18n.set_language("es")
        assert problem is not None and "\n" not in problem and "using English" in problem, name
        assert i18n.language() == "en" and i18n._("Back") == "Back", name
    monkeypatch.undo()
    assert i18n.set_language("es") is None and i18n._("Back") == "Volver"
    i18n.set_language("en")


def test_the_command_line_with_a_broken_catalogue_prints_one_line_and_english_help(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from common.cli import main
    folder = tmp_path / "es"
    shutil.copytree(catalogues.LOCALE / "es" / "LC_MESSAGES", folder)
    (folder / "common.mo").write_bytes((folder / "common.mo").read_bytes()[:100])
    monkeypatch.setattr(i18n, "catalogue_folder", lambda language: folder)
    with pytest.raises(SystemExit):
        main(["--lang", "es", "--help"])
    captured = capsys.readouterr()
    assert captured.out.startswith("usage: main.py")
    assert len(captured.err.splitlines()) == 1 and "cannot use the 'es' translation" in captured.err


def test_decimals_follow_the_language() -> None:
    i18n.set_language("es")
    assert i18n.format_decimal(12.5) == "12,5" and i18n.format_decimal(0.75, 2) == "0,75"
    i18n.set_language("en")
    assert i18n.format_decimal(12.5) == "12.5"


def test_the_rules_screen_shows_the_text_of_the_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from common.games import GAMES
    (tmp_path / "rules_text.md").write_text("# Rules\n\nEnglish words.\n", "utf-8")
    monkeypatch.setitem(GAMES, "arenas", replace(GAMES["arenas"], rules_file=tmp_path / "rules_text.md"))
    app = spanish_app((1280, 720))
    assert RulesScene(app, "arenas").blocks[1] == ("para", "English words.")  # no Spanish text: English
    (tmp_path / "rules_text.es.md").write_text("# Reglas\n\nPalabras en español.\n", "utf-8")
    scene = RulesScene(app, "arenas")
    assert scene.blocks == [("h1", "Reglas"), ("para", "Palabras en español.")] and scene.back.label == "Volver"
    app.use_language("en")
    scene.retranslate()
    assert scene.blocks[1] == ("para", "English words.") and scene.back.label == "Back"
    app.sounds.stop_all()
    pygame.quit()


@pytest.mark.parametrize(("error", "english", "spanish"), [
    (PermissionError(13, "Permission denied"), "the system does not allow it (no permission)",
     "el sistema no lo permite (falta permiso)"),
    (OSError(28, "No space left on device"), "the disk is full", "el disco está lleno"),
    (FileNotFoundError(2, "No such file or directory"), "a folder on the way is missing",
     "falta una de las carpetas de la ruta"),
    (OSError(5, "Input/output error"), "the system refused it (EIO)", "el sistema lo ha rechazado (EIO)"),
    (OSError("no errno"), "the system refused it (OSError)", "el sistema lo ha rechazado (OSError)"),
])
def test_a_failed_file_operation_is_told_in_the_games_words(error: OSError, english: str, spanish: str) -> None:
    from common.data.os_words import os_problem
    assert os_problem(error) == english
    i18n.set_language("es")
    assert os_problem(error) == spanish
    i18n.set_language("en")


def test_watching_a_replay_is_one_word_in_spanish() -> None:
    """The replay list's button, the result screens, the Arenas setup and the viewer all say "ver"."""
    i18n.set_language("es")
    try:
        said = [i18n._(m) for m in ("Watch", "Watch replay", "Watch again", "Stop watching (Esc)",
                                    "Watch this replay (Enter)")]
    finally:
        i18n.set_language("en")
    assert said[0] == "Ver" and all(s.split()[0] in ("Ver", "Dejar") and " ver" in f" {s.lower()}" for s in said)
