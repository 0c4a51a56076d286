"""Pure rules of each game. Never imports Textual."""
