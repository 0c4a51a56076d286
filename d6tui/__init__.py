"""d6tui: play and track five d6 tabletop games in the terminal."""

from __future__ import annotations

__version__ = "0.1.0"
