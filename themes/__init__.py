"""The themes shipped with d6tui (``*.toml``), installed as the ``d6tui.themes`` package."""
