"""`python -m sprites.generate [PACK ...]`: redraw the project's sprite packs."""
from sprites.generate import main

raise SystemExit(main())
