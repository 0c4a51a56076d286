"""D6 Shooter: pure rules (state, commands, fold, legal actions, content, bot). No Textual."""

from d6tui.engine.game import GameEntry

#: The game as d6tui lists it; its definition is imported only when a game is opened.
GAME = GameEntry(
    slug="shooter",
    name="D6 Shooter",
    blurb="2-4 bounty hunters race to Marshal with six Shooter dice (hot-seat)",
    definition_at="d6tui.games.shooter.rules:RULES",
    screen="d6tui.ui.shooter.screen:ShooterScreen",
    setup=None,
)
