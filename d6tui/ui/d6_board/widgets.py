"""The D6 board game's components as widgets: the map, class boards, gather boards, the
compass dial and the bounty board. Each is given the board (as the watching seat may see it)
with ``update_view`` (:class:`~d6tui.ui.widgets.state_view.StateView`) and draws it in
``render_view``; none changes it (DESIGN "UI conventions")."""

from __future__ import annotations

from pathlib import Path

from rich.console import RenderableType
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.visual import visualize
from textual.widget import Widget

from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board.combat import fixed_attack
from d6tui.games.d6_board.state import CUBE, STATS, STYX, VILLAGE, Board, glory
from d6tui.games.d6_board.view import HIDDEN
from d6tui.ui.widgets.state_view import StateView

_CSS = Path(__file__).with_name("widgets.tcss").read_text(encoding="utf-8")

#: Short names of the environment pieces on the map.
ENV_SHORT = {"dungeon": "Dng", "forest": "For", "cemetery": "Cem", "hills": "Hil",
             "trails": "Trl"}


def initials(state: Board, seat: int) -> str:
    """A hunter's mark on the map: the first two letters of the name."""
    return state.heroes[seat].name[:2]


def short_enemy(state: Board, token: str, buffs: int = 0, hp: int = 1, name: int = 5,
                one_hp: bool = True, room: int = 0) -> str:
    """``Gnoll d6+1♥2``: name (cut to ``name`` letters), a gap, the die, buff coins and
    the HP (a heart and the count: one natural HP plus HP coins), for a map space; with
    ``one_hp`` False the heart is left out for an enemy with only its natural HP. A Cash
    Cube is its owner's: ``Bob's Cube d12♥1`` when that fits in ``room`` characters, else
    ``Cube:Bo`` (the owner's mark on the map)."""
    k = state.kind(token)
    die = f"d{k['die']}" if k.get("die") else f"a{fixed_attack(state, token)}"
    tail = " " + die + (f"+{buffs}" if buffs else "")
    if one_hp or hp != 1:
        tail += f"\u2665{hp}"
    if token.startswith(CUBE):
        seat = int(token[len(CUBE):])
        known = 0 <= seat < len(state.heroes)
        label = f"{state.heroes[seat].name}'s Cube" if known else "Cube"
        if known and len(label) + len(tail) > room:
            label = f"Cube:{initials(state, seat)}"
    else:
        label = str(k["name"])
        if len(label) > name:  # cut to whole words where a word fits ("Giant Spider")
            cut = label[:name]
            label = cut[:cut.rindex(" ")] if " " in cut else cut
    return label + tail


def _spanned(widget: Widget) -> bool:
    """Whether ``widget`` is in a grid cell spanning columns or rows (the map panel of the
    large layout). There the grid's row did not follow the widget's own rows at its width
    (the large layout drew another frame when it was not laid out again), so such a widget
    is always laid out again when its text changes."""
    node: object = widget
    while isinstance(node, Widget):
        if node.styles.column_span > 1 or node.styles.row_span > 1:
            return True
        node = node.parent
    return False


def pack(words: list[str], width: int) -> list[str]:
    """``words`` in lines of at most ``width`` characters, a space between words; a word
    longer than a line is cut (never dropped)."""
    lines: list[str] = []
    for w in words:
        w = w[:width]
        if lines and len(lines[-1]) + 1 + len(w) <= width:
            lines[-1] += " " + w
        else:
            lines.append(w)
    return lines


class _BoardWidget(StateView):
    """A widget drawn from the board it is given (:meth:`update_view`): the board as the
    watching seat may see it (``view(state, seat)``: other hands hidden)."""

    DEFAULT_CSS = _CSS
    SCOPED_CSS = False
    view: reactive[Board | None] = reactive(None, layout=True)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)

    #: The width and the text of the widget's latest draw (see :meth:`update_view`).
    _drawn: tuple[int, Text] | None = None

    @property
    def board(self) -> Board | None:
        """The board drawn (the view, by its name in this game)."""
        return self.view

    def render(self) -> RenderableType:
        """The view's text, kept with the width it was drawn at."""
        out = super().render()
        self._drawn = (self.size.width, out) if isinstance(out, Text) else None
        return out

    def update_view(self, view: Board | None) -> bool:
        """Take ``view`` (every move makes a new board); repaint only when its text at the
        widget's width differs from the text drawn, and lay the screen out again only when
        the new text may take other rows than the text last drawn (:meth:`same_size`; its
        holders keep the layout made for that one). A widget whose own display is off (a
        hunter's board at 80x24) is only marked for a repaint: showing it lays it out.

        Returns:
            Whether a redraw was asked for.
        """
        if view is self.view:
            return False
        return self._take(view)

    def _take(self, view: Board | None) -> bool:
        old, drawn = self.view, self._drawn
        if view is None or old is None:
            return super().update_view(view)
        self.set_reactive(_BoardWidget.view, view)
        if not self.display:  # showing it lays it out (and clears its holders' layouts)
            self.refresh()
            return True
        if drawn is None or not drawn[0] or drawn[0] != self.size.width:
            self.refresh(layout=True)
            return True
        text = self.render_view(view)
        if text == drawn[1]:
            return False
        self.refresh(layout=_spanned(self) or not self.same_size(drawn[1], text))
        return True

    def same_size(self, old: Text, new: Text) -> bool:
        """Whether two texts surely give the widget the same size: as many rows at its
        content width as Textual measures them (its ``auto`` height; its width is its
        container's)."""
        width = self.content_size.width
        return bool(width) and (visualize(self, old).get_height(self.styles, width)
                                == visualize(self, new).get_height(self.styles, width))


class GameMap(_BoardWidget):
    """The map: numbered spaces with their arrows, the Village and the Styx River,
    environment pieces, enemies (die, buff and HP coins), heroes and Cash Cubes. Spaces a
    legal move leads to are highlighted (and marked ``*`` for colourless terminals)."""

    COMPONENT_CLASSES = {"game-map--target", "game-map--space", "game-map--dim"}
    targets: reactive[frozenset[str]] = reactive(frozenset(), layout=True)
    #: The lines the map may take (0: as many as it needs). When the map would be taller,
    #: enemy names are cut shorter so that two share a line (80x24).
    budget: reactive[int] = reactive(0, layout=True)

    def render_view(self, s: Board) -> Text:
        """Draw the spaces on their grid in the widget's width."""
        return self.fitted(self.content_size.width or 80)

    def show(self, board: Board | None, targets: frozenset[str]) -> bool:
        """Take the board and the spaces a legal move leads to (:meth:`update_view`, which
        also compares the highlights).

        Returns:
            Whether a redraw was asked for.
        """
        if targets == self.targets:
            return self.update_view(board)
        self.set_reactive(GameMap.targets, targets)
        if board is self.view:
            self.refresh(layout=True)
            return True
        return self._take(board)

    def same_size(self, old: Text, new: Text) -> bool:
        """The map is as tall as its lines (:meth:`get_content_height`), whatever their
        width."""
        return len(old.plain.split("\n")) == len(new.plain.split("\n"))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the map takes in ``width`` (rows grow with their enemies)."""
        return len(self.fitted(width).plain.split("\n"))

    def fitted(self, total: int) -> Text:
        """The map in ``total`` columns and, when it can, in :attr:`budget` lines: enemy
        names cut to 5 letters, else 4, else 3 (each with its die and HP), and last the
        heart left out of enemies with only their natural HP (the help says so).

        Textual asks for the map's height and then for its lines, more than once a move;
        the map last drawn is kept and given again (a copy) while the board (the same
        object), the targets, the budget, the width and the styles are the same."""
        key = (self.targets, self.budget, total,
               *(self.get_component_rich_style(c) for c in sorted(self.COMPONENT_CLASSES)))
        kept = getattr(self, "_fitted", None)
        if kept is not None and kept[0] is self.board and kept[1] == key:
            return kept[2].copy()
        out = self.draw(total)
        for letters, one_hp in ((4, True), (3, True), (4, False), (3, False)):
            if not self.budget or len(out.plain.split("\n")) <= self.budget:
                break
            out = self.draw(total, letters, one_hp)
        self._fitted = (self.board, key, out.copy())
        return out

    def draw(self, total: int, letters: int | None = None, one_hp: bool = True) -> Text:
        """The map in ``total`` columns: each row as tall as its fullest space (title,
        arrows, every enemy, the heroes), so nothing is cut; ``letters`` cuts enemy names
        (default: 5 in a narrow space, 8 in a wide one); ``one_hp`` False leaves out the
        heart of an enemy with one HP."""
        s = self.board
        out = Text(no_wrap=True, overflow="ellipsis")
        if not s.content:
            return out
        at = s.map["at"]
        cols = max(int(v[0]) for v in at.values()) + 1
        rows = max(int(v[1]) for v in at.values()) + 1
        width = max(14, total // cols)
        grid: dict[tuple[int, int], str] = {(int(v[0]), int(v[1])): k for k, v in at.items()}
        hl = self.get_component_rich_style("game-map--target")
        title = self.get_component_rich_style("game-map--space")
        dim = self.get_component_rich_style("game-map--dim")
        styx = [initials(s, i) for i, h in enumerate(s.heroes) if h.space == STYX]
        styx_line = f"Styx River: {' '.join(styx) or 'nobody'}"
        # the Styx takes the first cell of the grid no space has (the standard map's top
        # left), so it costs no line of its own; a full grid puts it on a line below
        free = next(((c, r) for r in range(rows) for c in range(cols)
                     if (c, r) not in grid), None)
        for r in range(rows):
            cells = {c: self.cell(s, grid[(c, r)], width - 1, letters, one_hp)
                     for c in range(cols) if (c, r) in grid}
            if free is not None and free[1] == r:
                cells[free[0]] = (pack(["Styx River:", *(styx or ["nobody"])], width - 1),
                                  [])
            height = max((len(v[0]) + len(v[1]) for v in cells.values()), default=1)
            for line in range(height):
                for c in range(cols):
                    space = grid.get((c, r))
                    head, body = cells.get(c, ([], []))
                    lines = head + body
                    text = lines[line] if line < len(lines) else ""
                    style = hl if space in self.targets else (
                        title if (space or (c, r) == free) and line < len(head) else
                        dim if not space else "")
                    out.append(text.ljust(width - 1) + " ", style)
                out.append("\n")
        if free is None:
            out.append(styx_line, title)
        else:
            out.right_crop(1)  # the last row's newline
        return out

    def cell(self, s: Board, space: str, width: int, letters: int | None = None,
             one_hp: bool = True) -> tuple[list[str], list[str]]:
        """A space's lines in ``width`` characters: the title (``*`` when a move leads
        there, its number, environment pieces, ``>`` arrows), then its heroes and enemies.
        """
        mark = "*" if space in self.targets else ""
        name = "Village" if space == VILLAGE else space
        env = [ENV_SHORT.get(p, p[:3]) for p in s.env_at(space)]
        env += [f"C:{c.split('@')[0][:3]}" for c in s.options.get("curse_castles", ())
                if c.split("@")[1] == space]
        arrows = ">" + ",".join(s.links(space))
        head = pack([mark + name, *env, arrows], width)
        letters = letters or (5 if width < 24 else 8)
        foes = [short_enemy(s, e.token, e.buffs, e.hp, letters, one_hp, width)
                for e in s.at(space)]
        heroes = [initials(s, i) + ("(c)" if h.chib else "") for i, h in enumerate(s.heroes)
                  if h.space == space]
        if s.hc is not None and s.hc.companion and s.hc.companion_at == space:
            heroes.append("+" + s.content["companions"][s.hc.companion]["name"].split()[-1][:4])
        body = pack(heroes, width)  # the heroes first: they matter most on a small screen
        body += pack(foes, width) if foes else (["(safe)"] if space == VILLAGE else [])
        return head, body


class ClassBoard(_BoardWidget):
    """One hunter's class board: actions track (R,1,2,3), hero card or chib side, the four
    stat tiles (class advantage marked +), HP slots, skills with locked, unlocked and used
    markers, the Cash Cube, and the hand (hidden cards shown as ?)."""

    COMPONENT_CLASSES = {"class-board--title"}

    seat: reactive[int] = reactive(0)

    def render_view(self, s: Board) -> Text:
        """Draw the board in a few lines."""
        out = Text(no_wrap=True, overflow="ellipsis")
        if not s.heroes or self.seat >= len(s.heroes):
            return out
        seat = self.seat
        h = s.heroes[seat]
        c = s.content
        bold = self.get_component_rich_style("class-board--title")
        klass = c["classes"].get(h.klass, {})
        hero = c["heroes"].get(h.hero, {})
        side = f"chib side: {hero.get('chib', '?')}" if h.chib else "hero side"
        turn = "> " if seat == s.current and s.phase == "turn" else "  "
        team = f" [team {seat % 2 + 1}]" if s.options.get("mode") == "alliance" else ""
        out.append(f"{turn}{h.name}{team}: {klass.get('name', '-')}, "
                   f"{hero.get('name', '-')} ({side})\n", bold)
        if seat == s.current and s.phase == "turn":
            track = " ".join(f"[{x}]" if i == min(s.actions, 3) else f" {x} "
                             for i, x in enumerate("R123"))
            extra = f" +{s.bonus} extra" if s.bonus else ""
            out.append(f"  Actions: {track}{extra}\n")
        else:
            out.append("  Actions: [R] 1  2  3 \n")
        adv = klass.get("advantage", "")
        tiles = []
        for name, v in zip(STATS, h.stats, strict=True):
            plus = "+" if name == adv else ""
            tiles.append(f"{s.rules['stat_names'][name][:3]} {v or '-'}{plus}")
        out.append("  Stats: " + " | ".join(tiles) + "\n")
        hp = "\u2665 " * h.hp + "\u00b7 " * (int(s.rules["hp"]) - h.hp)
        cube = f"in space {h.cube}" if h.cube else "on the class board"
        if s.hc is not None:
            cube = "none in this mode"
        out.append(f"  HP {h.hp}/{s.rules['hp']}: {hp.strip()}   "
                   f"Gold: {h.gold}/{s.rules['gold_cap']}   "
                   f"Cash Cube: {cube}\n")
        unlocked = fx.unlocked(s, seat) if h.stat("skill") else 0
        free = max(0, unlocked - len(h.used))
        locked = 3 - unlocked
        out.append(f"  Skill markers: {free} unlocked, {len(h.used)} used, {locked} locked"
                   + (" (stacking)" if h.stat("skill") == 6 else "") + "\n")
        skills = []
        for sk in klass.get("skills", []):
            n = h.used.count(sk)
            skills.append(f"{c['skills'][sk]['name']}[{'x' * n or ' '}]")
        out.append("  " + " ".join(skills) + "\n")
        hand = []
        for cid in h.hand:
            if cid in (HIDDEN, "-"):
                hand.append("?" if cid == HIDDEN else "(to be named)")
                continue
            card = s.card(cid)
            if cid.startswith("A"):
                extra = f"d{card['die']}" if card["kind"] == "weapon" else card["effect"]
                flags = "".join(f" {f.replace('_', ' ')}" for f in card.get("flags", []))
                hand.append(f"{card['name']} {extra}{flags}")
            else:
                hand.append(f"{card['name']} ({card['banner']})")
        limit = fx.hand_limit(s, seat) if h.stat("strength") else "-"
        # Alliance cards do not count against the limit (fx.held): shown apart.
        allied = len(h.hand) - fx.held(s, seat)
        apart = f" + {allied} Alliance" if allied else ""
        out.append(f"  Hand {fx.held(s, seat)}/{limit}{apart}: "
                   + (", ".join(hand) or "empty"))
        return out


class GatherBoard(_BoardWidget):
    """One hunter's gather board: the four rewards in this board's order, Alchemy with its
    potion bottles, three specialty hide slots, two wild hide slots, the backpack of
    bounties, delivered bounties and Guardians beside it, and the glory so far."""

    COMPONENT_CLASSES = {"gather-board--title"}

    seat: reactive[int] = reactive(0)

    def render_view(self, s: Board) -> Text:
        """Draw the board in a few lines."""
        out = Text(no_wrap=True, overflow="ellipsis")
        if not s.heroes or self.seat >= len(s.heroes):
            return out
        h = s.heroes[self.seat]
        if not h.board:
            return Text(f"{h.name}: no gather board yet")
        g = s.content["gather_boards"][h.board]
        bold = self.get_component_rich_style("gather-board--title")
        out.append(f"  {h.name}'s {g['name']}  ", bold)
        solo = s.hc is not None and s.hc.companion  # the companion replaces Advantage
        out.append(" ".join(f"{i} {'companion' if solo and r == 'advantage' else r}"
                            for i, r in enumerate(g["rewards"], 1)) + "\n")
        pots = s.content["potions"]
        bottles = " ".join(f"[{pots[b]['name']}]" if b else "[slot]" for b in h.bottles)
        out.append(f"  Alchemy bottles: {bottles}\n")
        out.append("  Potions: " + " ".join(pots[p]["name"].split()[0] for p in g["potions"])
                   + "\n")
        spec = " ".join(f"{want}[{s.kind(t)['name'] if t else ' '}]"
                        for want, t in zip(g["specialty"], h.specialty, strict=True))
        wild = " ".join(f"[{s.kind(t)['name']}]" for t in h.wild) + " [ ]" * (2 - len(h.wild))
        out.append(f"  Specialty: {spec}\n  Wild hides: {wild.strip()}\n")
        pack = ", ".join(_bounty(s, b) for b in h.backpack) or "empty"
        out.append(f"  Backpack {len(h.backpack)}/3: {pack}\n")
        trophies = ", ".join(s.kind(t)["name"] for t in h.trophies) or "none"
        done = sum(int(s.card(b)["glory"]) for b in h.delivered)
        if s.hc is not None:  # no glory in Hide Collection: a delivery is one more turn
            out.append(f"  Delivered: {len(h.delivered)} (+{len(h.delivered)} turns)")
            return out
        out.append(f"  Delivered: {len(h.delivered)} ({done} glory)  Guardians: {trophies}"
                   f"  Glory: {glory(s, self.seat)}")
        return out


def _bounty(s: Board, b: str) -> str:
    card = s.card(b)
    return f"{card['class']} in {card['space']} ({card['glory']} gl)"


class CompassDial(_BoardWidget):
    """The compass dial (round, GM event, Hunters' Moon), the three bounties, the bag."""

    COMPONENT_CLASSES = {"compass-dial--title"}

    def render_view(self, s: Board) -> Text:
        """Draw the dial and the bounties in three lines."""
        out = Text(no_wrap=True, overflow="ellipsis")
        if not s.content:
            return out
        rounds = s.rounds
        season = s.options.get("season", "standard")
        dial = []
        for r in range(1, rounds + 1):
            mark = f"({r})" if r == s.round and s.phase != "event" else str(r)
            dial.append(mark + ("\u263e" if r in s.map["hunters_moon"][season] else ""))
            if r < rounds:
                dial.append("(00)" if s.phase == "event" and r == s.round else "00")
        moon = "  HUNTERS' MOON +2" if s.hunters_moon and s.phase == "turn" else ""
        out.append("Compass: " + " ".join(dial) + moon,
                   self.get_component_rich_style("compass-dial--title"))
        gm = s.heroes[s.gm].name if s.heroes else "-"
        out.append(f"   GM: {gm}   Bag: {len(s.bag)}")
        if s.history:
            from d6tui.games.d6_board.gm_events import event_by_id
            last = s.history[-1][1]
            name = "Player's Manual" if last == "table" else event_by_id(s, last)["name"]
            out.append(f"   Last event: {name}")
        out.append("\n")
        out.append("Bounties: " + "; ".join(_bounty(s, b) for b in s.bounties))
        return out
