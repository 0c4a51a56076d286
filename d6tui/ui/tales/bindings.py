"""The keys of the 6x6 Tales screen, each with an id the player's key map can change."""

from __future__ import annotations

from textual.binding import Binding, BindingType


def _key(name: str, keys: str, description: str, tooltip: str) -> Binding:
    # The step bar shows these keys as they become legal; left out of the Footer, whose
    # keys then stay the same all turn (it rebuilds itself whenever its keys change).
    return Binding(keys, f"act('{name}')", description, id=f"tales.{name}", tooltip=tooltip,
                   show=False)


#: What an arrow does (R04 movement), for the help.
_ARROW = "Walk {0} (movement step), else scroll the page or move the map cursor {0}"


#: The screen's keys: the turn's actions (hidden from the Footer, listed in the step bar),
#: the lists, movement, the map cursor, the booklet's pages and the numbered answers.
BINDINGS: list[BindingType] = [
    _key("roll", "r", "Roll", "Make the roll the tale waits for (d6tui rolls)"),
    _key("attack", "a", "Attack", "Attack the monster: 2d6 + Atk (R09)"),
    _key("flee", "f", "Flee", "Try to flee at the Break: 1d6 (R09)"),
    _key("stop", "s", "Stop here", "End the movement on this square (R04, R10)"),
    _key("play", "p", "Play event", "Play this square's event (R10)"),
    _key("pass", "x", "Pass / leave", "Pass the square's event, or leave the place"),
    _key("end", "e", "End turn", "End the turn; the next day begins (R10)"),
    _key("skip", "n", "No level up", "Raise nothing this turn (R10)"),
    _key("gamble", "g", "Gamble", "A Human or Dwarf gambles in a shop, 2d6 (R07)"),
    _key("complete", "c", "Complete quest", "Complete a quest of place Any (E02, E04)"),
    Binding("b", "backpack", "Backpack", show=False, id="tales.backpack",
            tooltip="Use a scroll or an item (J03, J01)"),
    Binding("k", "shop", "Shop", show=False, id="tales.shop",
            tooltip="Buy or sell scrolls (R07)"),
    Binding("w", "travel", "Travel", show=False, id="tales.travel",
            tooltip="Pay the witch to travel to the cursor square (E12)"),
    Binding("t", "table_dice", "Table dice", show=False, id="tales.table_dice",
            tooltip="Type the faces of real dice for the awaited roll"),
    Binding("D", "table_mode", "Table dice for every roll", show=False,
            id="tales.table_mode",
            tooltip="Every roll asks for the faces of real dice, or d6tui rolls again "
                    "(kept in the save)"),
    Binding("i", "portrait", "Hero's portrait", show=False, id="tales.portrait",
            tooltip="Write the hero's look and story on J01 (R03)"),
    Binding("o", "name_place", "Name a place", show=False, id="tales.name_place",
            tooltip="Write a name on the map cursor's square (J02)"),
    Binding("v", "name_monster", "Name a monster", show=False, id="tales.name_monster",
            tooltip="Name a monster the hero beat (J06)"),
    # An arrow is one key with two bindings under one id (so the key map moves both, and the
    # help lists it once): while the hero can walk it walks, even when the booklet's page has
    # the focus (priority: the page's scroll would take it first); otherwise it falls through
    # to the page's scroll or, when the page does not scroll, moves the map cursor.
    *[binding
      for key, d, word in (("up", "N", "north"), ("right", "E", "east"),
                           ("down", "S", "south"), ("left", "W", "west"))
      for binding in (
          Binding(key, f"walk('{d}')", _ARROW.format(word), show=False, priority=True,
                  id=f"tales.{word}"),
          Binding(key, f"step('{d}')", _ARROW.format(word), show=False, id=f"tales.{word}"))],
    Binding("shift+up,K", "cursor('N')", "Cursor up", show=False, id="tales.cursor_n"),
    Binding("shift+right,L", "cursor('E')", "Cursor right", show=False,
            id="tales.cursor_e"),
    Binding("shift+down,J", "cursor('S')", "Cursor down", show=False, id="tales.cursor_s"),
    Binding("shift+left,H", "cursor('W')", "Cursor left", show=False, id="tales.cursor_w"),
    # priority: PageDown and PageUp turn the page even when the focused page is taller than
    # its room (its scroll would take them first), as the help and the README say. The
    # journal key line under the booklet shows them ("[ ] pages"), not the Footer.
    Binding("right_square_bracket,pagedown", "page(1)", "Next page", id="tales.next_page",
            tooltip="Turn the journal booklet's page", priority=True, show=False),
    Binding("left_square_bracket,pageup", "page(-1)", "Previous page", show=False,
            id="tales.prev_page", tooltip="Turn the journal booklet's page back",
            priority=True),
    Binding("X", "export", "Export the journal", show=False, id="tales.export",
            tooltip="Write the journal as Markdown, your notes with the days (J05)"),
    Binding("m", "toggle_map", "Map", id="tales.map",
            tooltip="Hide or show the map (the booklet takes the room)"),
    *[Binding(str(n), f"nth({n})", f"Answer {n}", show=False, id=f"tales.answer{n}")
      for n in range(1, 10)],
]
