"""Simple Six: die codes, the wild-die roll, character sheets and wounds. Pure rules, no Textual.

The rules are those of the Simple Six System Reference Document (``simple-six-srd.txt``);
docstrings and messages cite its section headings.
"""

from d6tui.engine.game import GameEntry

#: The game as d6tui lists it; its definition is imported only when a game is opened.
GAME = GameEntry(
    slug="simple_six",
    name="Simple Six",
    blurb="A GM's campaign: character sheets, the wild die, initiative and wounds",
    definition_at="d6tui.games.simple_six.rules:RULES",
    screen="d6tui.ui.simple_six.screen:SimpleSixScreen",
    setup="d6tui.ui.simple_six.setup:CampaignSetup",
)
