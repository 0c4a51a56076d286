"""D6: Dungeons, Dudes, Dames, Danger, Dice and Dragons: the standard game for 2-4 hunters.

Pure rules (state, setup, turn, combat, Village, cards, GM events, content, moves, view,
bot); no Textual. The screen lives in :mod:`d6tui.ui.d6_board`.
"""

from d6tui.engine.game import GameEntry

#: The game as d6tui lists it; its definition is imported only when a game is opened.
GAME = GameEntry(
    slug="d6_board",
    name="D6: Dungeons, Dudes, Dames, Danger, Dice and Dragons",
    blurb="Hunters chase bounties for glory (2-4 or 2v2) or hides (solo, co-op)",
    definition_at="d6tui.games.d6_board.rules:RULES",
    screen="d6tui.ui.d6_board.screen:BoardScreen",
    short="D6 board game",
)
