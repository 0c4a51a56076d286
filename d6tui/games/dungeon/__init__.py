"""D6 Dungeon: the two-player Dungeon Waffle game (pure rules; no Textual import)."""

from d6tui.engine.game import GameEntry

#: The game as d6tui lists it; its definition is imported only when a game is opened.
GAME = GameEntry(
    slug="dungeon",
    name="D6 Dungeon",
    blurb="Two players build a dungeon through the Dungeon Waffle, each seeing their own side",
    definition_at="d6tui.games.dungeon.rules:RULES",
    screen="d6tui.ui.dungeon.screen:DungeonScreen",
    setup=None,
)
