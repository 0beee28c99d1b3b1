"""The Arenas tests' shared setup: this folder's helper module (`arenas_support`) importable under
--import-mode=importlib (the `app` fixture and input helpers are the root conftest's and tests/helpers.py)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
