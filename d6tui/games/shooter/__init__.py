"""D6 Shooter: pure rules (state, commands, fold, legal actions, content, bot). No Textual."""
