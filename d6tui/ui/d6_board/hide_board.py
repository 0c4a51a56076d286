"""The Hide Collection board of the solo and co-op modes as a widget (rulebook Part III
"Solo & Co-op"): the compass dial's turn and the max turn counter, the 15 hide slots class
by class, the Heroic Benefits with their skill markers, and the solo companion's carrier.
It draws from the board it is given and never changes it."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from d6tui.games.d6_board import hides
from d6tui.games.d6_board.content import MONSTER_CLASSES
from d6tui.games.d6_board.hide_state import CARRIER
from d6tui.games.d6_board.state import Board
from d6tui.ui.d6_board.widgets import CompassDial, _BoardWidget

_CSS = Path(__file__).with_name("hide_board.tcss").read_text(encoding="utf-8")


class HideCollectionBoard(_BoardWidget):
    """The Hide Collection board: ``[x] Gnoll`` for a hide placed (a Guardian placed on a
    slot is named after the slot's monster), ``[ ] Owlbear`` for a slot still empty; the
    Heroic Benefits numbered as on the die, ``*`` on an item holding a skill marker."""

    DEFAULT_CSS = _CSS
    COMPONENT_CLASSES = {"hide-board--title", "hide-board--filled", "hide-board--empty"}

    def render_view(self, s: Board) -> Text:
        """Draw the board in about ten lines."""
        out = Text(no_wrap=True, overflow="ellipsis")
        if s.hc is None or not s.content:
            return out
        hc = s.hc
        title = self.get_component_rich_style("hide-board--title")
        filled = self.get_component_rich_style("hide-board--filled")
        empty = self.get_component_rich_style("hide-board--empty")
        mode = "Solo" if hc.mode == "solo" else "Co-op"
        dial = " ".join(f"({t})" if t == hc.turn else str(t)
                        for t in range(1, hc.max_turns + 1))
        out.append(f"  {mode} Hide Collection board   hides {len(hc.slots)}/15   ", title)
        out.append(f"turn {min(hc.turn, hc.max_turns)} of {hc.max_turns}\n")
        out.append(f"  Compass: {dial}   max turn counter {hc.max_turns}"
                   f"   specialty: {hc.specialty}\n")
        en = s.content["enemies"]
        kinds = hides.monsters(s)
        for cls in MONSTER_CLASSES:
            out.append(f"  {cls.title():7} ")
            for k in (k for k in kinds if en[k]["class"] == cls):
                token = hc.slots.get(k)
                if token:
                    by = s.kind(token)["name"]
                    extra = f" ({by})" if by != en[k]["name"] else ""
                    out.append(f"[x] {en[k]['name']}{extra}", filled)
                else:
                    out.append(f"[ ] {en[k]['name']}", empty)
                out.append("  ")
            out.append("\n")
        die = hides.benefit_die(s)
        free = hc.markers - len(hc.benefits)
        out.append(f"  Heroic Benefits (d{die}), skill markers {free} of {hc.markers} free:\n",
                   title)
        names = s.content["benefits"]
        items = [f"{i}{'*' if str(i) in hc.benefits else ' '}{names[str(i)]['name']}"
                 for i in range(1, die + 1)]
        for row in range(0, len(items), 4):
            out.append("  " + "  ".join(f"{x:16}" for x in items[row:row + 4]).rstrip() + "\n")
        c = hides.companion(s)
        if c is not None:
            where = "in its carrier" if hc.companion_at == CARRIER else \
                ("in the Village" if hc.companion_at == "V" else f"in space {hc.companion_at}")
            moves = f", {hc.companion_moves} move(s) left" if hc.companion_moves and \
                hc.companion_at != CARRIER else ""
            out.append(f"  Companion: {c['name']} {where}{moves}\n  {c['text']}")
        else:
            out.append("  No companion in co-op; no Cash Cubes in these modes")
        return out


class HideCompass(CompassDial):
    """The compass dial of a Hide Collection game: it counts turns, up to the max turn
    counter ("Setup": the dial keeps the turn; the red cube the most turns), with the GM,
    the bag and the eight bounties (two lines)."""

    def render_view(self, s: Board) -> Text:
        """Draw the dial and the bounties in three lines."""
        out = Text(no_wrap=True, overflow="ellipsis")
        if s.hc is None or not s.content:
            return out
        hc = s.hc
        dial = " ".join(f"({t})" if t == hc.turn else str(t)
                        for t in range(1, hc.max_turns + 1))
        out.append(f"Compass (turns): {dial}", self.get_component_rich_style(
            "compass-dial--title"))
        gm = s.heroes[s.gm].name if s.heroes else "-"
        out.append(f"   GM: {gm}   Bag: {len(s.bag)}\n")
        # no glory in these modes: a bounty is its class and space (and one more turn)
        names = [f"{s.card(b)['class']} in {s.card(b)['space']}" for b in s.bounties]
        out.append(f"Bounties ({len(names)}): " + "; ".join(names[:4]))
        if names[4:]:
            out.append("\n  " + "; ".join(names[4:]))
        return out
