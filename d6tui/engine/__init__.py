"""Pure core of d6tui: event log (TOML), dice, session. Never imports Textual."""
