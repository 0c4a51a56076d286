"""`python -m d6tui` runs the command line."""

from __future__ import annotations

import sys

from d6tui.cli import main

sys.exit(main())
