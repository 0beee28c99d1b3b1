"""`python -m common`: the game's command line (as the `arenas-arzium` command)."""
import sys

from common.cli import main

sys.exit(main())
