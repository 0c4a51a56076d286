"""6x6 Tales widgets, named after the paper they stand for: the :class:`IslandMap` (J02,
in :mod:`.island_map`) and the :class:`JournalBooklet` (J01-J09).

Both are given a :class:`TalesView` (the tale, the tale as the turn began, the map cursor)
through ``update_view`` (:class:`~d6tui.ui.widgets.state_view.StateView`) and draw it;
neither changes the tale (DESIGN "UI conventions"). What differs from the start of the turn
is drawn highlighted.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.containers import VerticalScroll
from textual.content import Content
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from d6tui.games.tales import booklet, island, records, scoring
from d6tui.games.tales.state import Hero, Tale
from d6tui.ui.tales.island_map import CELL_H, CELL_W, IslandMap, fit_cell
from d6tui.ui.tales.view import HOUSE, TalesView, ViewWidget, reach_of
from d6tui.ui.widgets.static_text import same_rows

__all__ = ["CELL_H", "CELL_W", "HOUSE", "PAGES", "STAT_NAMES", "BookPage", "IslandMap",
           "JournalBooklet",
           "TalesView", "fit_cell", "hero_changes", "reach_of", "square_words"]

#: The booklet's pages, in order: (key, title).
PAGES: tuple[tuple[str, str], ...] = (
    ("J01", "Hero"), ("J02", "Map notes"), ("J03", "Scroll backpack"), ("J04", "Quests"),
    ("J05", "Daily records"), ("J06", "Fights"), ("J07", "Dungeon"), ("J09", "Scoring"),
)
STAT_NAMES = {"atk": "Atk", "dmg": "Dmg", "spd": "Spd", "max_hp": "Max HP"}


def square_words(state: Tale, i: int, reach: dict[int, int] | None = None) -> str:
    """One line about square ``i``: name, road, terrain, picture, event, reach.

    Args:
        state: the tale.
        i: the square.
        reach: the squares reachable this turn.
    """
    sq = state.squares[i]
    parts = [island.name(i) + (f" '{sq.name}'" if sq.name else "")]
    if not sq.revealed:
        parts.append("not yet revealed")
    else:
        parts.append(f"{sq.road} road ({sq.exits}){HOUSE}, {sq.terrain}")
        if sq.village:
            parts.append(f"village {sq.village}")
        if sq.site and sq.site != sq.terrain:  # the castle is both: say it once
            parts.append(sq.site)
    if sq.event:
        parts.append(f"{sq.event} {booklet.TITLES.get(sq.event, '')}".strip())
    if i == state.pos:
        parts.append("the hero is here")
    elif reach and i in reach:
        parts.append(f"reachable in {reach[i]}")
    return ", ".join(parts)


# -- the booklet -----------------------------------------------------------------------------


class BookPage(VerticalScroll):
    """The scroll a :class:`JournalBooklet` page sits in; its scrollbar's thumb always
    shows where the page is scrolled.

    Textual moves a scrollbar's thumb only while the scrollbar is shown: a page scrolled
    down (J05 on today's line), then turned to short pages (no scrollbar) and back to its
    top, kept the old thumb position, and a later page long enough for a scrollbar drew
    the thumb off the bar. Whether that happened depended on whether J05's deferred
    scroll ran before the next page turn, i.e. on the machine's speed. The thumb is put
    back on ``scroll_y`` each time the scrollbar shows.
    """

    DEFAULT_CSS = """
    BookPage > .page-pin { dock: top; height: 1; padding: 0 1; display: none; }
    """

    #: Where the page is on its way to (:meth:`scroll_when_laid_out`), or None.
    _pending: Callable[[], tuple[int, int]] | None = None

    def on_mount(self) -> None:
        # The page's title pinned above its lines while they are scrolled down (J05 opened
        # on a late day lost its title): the title line itself scrolls away with them.
        self.mount(Static("", classes="page-pin", markup=False), before=0)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """Pin the page's title at the top while the page is scrolled down."""
        super().watch_scroll_y(old_value, new_value)
        self.pin_title(round(new_value) >= 1)

    def pin_title(self, shown: bool) -> None:
        """Show the booklet's current title pinned above the page (``shown``), or hide it."""
        pins = self.query_children(".page-pin")
        books = self.query_children(JournalBooklet)
        if not pins or not books:
            return
        pin = pins.first(Static)
        if shown:
            pin.update(books.first(JournalBooklet).title_line())
        pin.display = shown

    @property
    def rows_shown(self) -> int:
        """How many of the page's rows are in sight (less the pinned title when shown)."""
        pinned = any(pin.display for pin in self.query_children(".page-pin"))
        return self.size.height - (1 if pinned else 0)

    def watch_show_vertical_scrollbar(self, shown: bool) -> None:
        """The scrollbar shows again: its thumb where the page is scrolled now."""
        if shown:
            self.vertical_scrollbar.position = self.scroll_y

    def scroll_when_laid_out(self, target: Callable[[], tuple[int, int]] | None) -> None:
        """Scroll to the line ``target()`` names, now and again on each
        :class:`~textual.events.Resize` of the scroll, until the page is there. ``target``
        gives ``(y, rows)``, asked afresh each time (the page's size and its text's wrapping
        may have changed): line ``y`` (>= 0), which the page must reach, or its first
        ``rows`` rows laid out (a line near the end cannot be scrolled to the top; the page
        then ends at the bottom). None forgets a pending target. A page just turned to is
        laid out some frames after its text changed, and how many depends on the machine's
        speed: scrolling at a fixed frame count, or once only, opened J05 short of today's
        line on a busy machine. Scrolls are immediate, so no deferred Textual scroll lands
        after them."""
        self._pending = target
        self._scroll_pending()

    def on_resize(self) -> None:
        """The page's size or its text's height changed: make a pending scroll if it fits."""
        self._scroll_pending()

    def _scroll_pending(self) -> None:
        if self._pending is None:
            return
        y, rows = self._pending()
        reached = y <= self.max_scroll_y
        if reached or (rows and self.virtual_size.height >= rows):
            self.scroll_to(y=y, animate=False, immediate=True)
            if reached and round(self.scroll_y) == y:
                self._pending = None  # there: a later resize leaves the reader's scroll be


class JournalBooklet(ViewWidget):
    """The journal booklet, one page at a time (J01 hero ... J09 scoring).

    Set :attr:`page` to flip it. Lines that changed since the turn began are highlighted.
    """

    COMPONENT_CLASSES = {
        "journal-booklet--title", "journal-booklet--head", "journal-booklet--changed",
        "journal-booklet--muted", "journal-booklet--house", "journal-booklet--now",
        "journal-booklet--note",
    }

    #: The line of J05 (under its title) that holds today, as last drawn, or the last day of
    #: a finished tale (the screen scrolls to it); :attr:`today_end` is one past its last
    #: line (its results and notes).
    today_line = 0
    today_end = 0

    # Pages differ in length: the booklet's height follows its page.
    view: reactive[TalesView | None] = reactive(None, layout=True)
    page: reactive[int] = reactive(0, layout=True)

    #: The page drawn, and the view, page and width it was drawn for (see update_view).
    _drawn: tuple[TalesView | None, int, Text] | None = None

    def update_view(self, view: TalesView | None) -> bool:
        """Take ``view``; repaint only when the page it draws differs from the page shown,
        and lay out again only when its height may differ (most keys change a line or two
        of one page; a hidden page is drawn when it is shown).

        Returns:
            Whether the page was repainted.
        """
        if view is not None and self.hidden():  # drawn (and laid out) once shown
            self.set_reactive(JournalBooklet.view, view)
            self.refresh()
            return True
        if view is None or self._drawn is None:
            return super().update_view(view)
        text = self._page_text(view)
        old = self._drawn[2]
        if text == old:
            self.set_reactive(JournalBooklet.view, view)
            self._drawn = (view, self.page, text)
            return False
        self._drawn = (view, self.page, text)
        if self._same_height(old, text):
            self.set_reactive(JournalBooklet.view, view)
            self.refresh()
            return True
        return super().update_view(view)

    def hidden(self) -> bool:
        """Whether the booklet is not shown: its own display is off, or that of a widget
        holding it (the page beside, ``#booklet2``, is in a page hidden under
        ``SPREAD_FROM`` columns). A hidden booklet is never drawn, so laying the screen out
        again for each new view of it (every move) drew nothing new."""
        node: object = self
        while isinstance(node, Widget) and not isinstance(node, Screen):
            if not node.display:
                return True
            node = node.parent
        return False

    def _same_height(self, old: Text, new: Text) -> bool:
        """Whether two pages surely take the same rows: as many lines, none wider than the
        booklet (so none wraps)."""
        return same_rows(old, new, self.size.width)

    def _page_text(self, view: TalesView) -> Text:
        return self.render_view(view) if self.shows(view) else self.render_empty()

    def render(self) -> Text:
        """The page drawn for the current view and page (made once per view and page)."""
        view = self.view
        if view is None:
            return self.render_empty()
        return self._current(view)

    def _current(self, view: TalesView) -> Text:
        drawn = self._drawn
        if drawn is None or drawn[0] is not view or drawn[1] != self.page:
            drawn = self._drawn = (view, self.page, self._page_text(view))
        return drawn[2]

    def today_rows(self) -> tuple[int, int]:
        """The rows of J05 as drawn now (at the booklet's width, long lines wrapped, its
        title the first row) that hold today with its results and notes, or a finished
        tale's last day: (first row, one past the last); (0, 0) for none. The page is drawn
        first if it was not yet (:attr:`today_line` alone is the last page drawn, which just
        after a page turn may still be the page before).
        """
        if self.view is None:
            return 0, 0
        text = self._current(self.view)
        first, end = self.today_line + 1, self.today_end + 1  # + 1: the title's line
        if end <= first:
            return 0, 0
        lines = text.split("\n", allow_blank=True)
        width = self.content_size.width

        def rows(part: list[Text]) -> int:
            if width <= 0:
                return len(part)
            return sum(Content.from_rich_text(t).get_height(self.styles, width) for t in part)

        top = rows(lines[:first])
        return top, top + rows(lines[first:end])

    def notify_style_update(self) -> None:
        """The theme or CSS changed: the page is drawn again in its styles."""
        self._drawn = None
        super().notify_style_update()

    def title_line(self) -> Text:
        """The page's title line ("J05 Daily records  5/8"), as drawn at its top."""
        line = self._title()
        line.rstrip()
        return line

    def _title(self) -> Text:
        key, title = PAGES[self.page % len(PAGES)]
        out = Text()
        out.append(f"{key} {title}  ", self.style("journal-booklet--title"))
        out.append(f"{self.page % len(PAGES) + 1}/{len(PAGES)}\n",
                   self.style("journal-booklet--muted"))
        return out

    def shows(self, view: TalesView) -> bool:
        """Pages are drawn once the tale has its hero."""
        return view.state.hero is not None

    def render_empty(self) -> Text:
        """The page's title, and that the tale has not begun."""
        out = self._title()
        out.append("The tale has not begun.")
        return out

    def render_view(self, view: TalesView) -> Text:
        """The current page, under its title."""
        out = self._title()
        key = PAGES[self.page % len(PAGES)][0]
        out.append_text(getattr(self, f"page_{key.lower()}")(view))
        return out

    # helpers

    def _line(self, out: Text, text: str, changed: bool = False, house: bool = False) -> None:
        out.append(text, self.style("journal-booklet--changed") if changed else "")
        if house:
            out.append(HOUSE, self.style("journal-booklet--house"))
        out.append("\n")

    def _head(self, out: Text, text: str) -> None:
        out.append(text + "\n", self.style("journal-booklet--head"))

    def _muted(self, out: Text, text: str) -> None:
        out.append(text + "\n", self.style("journal-booklet--muted"))

    # pages

    def page_j01(self, view: TalesView) -> Text:
        """J01: the hero sheet, and the fight in progress."""
        h = view.state.hero
        b = view.before.hero
        assert h is not None
        out = Text()

        def ch(attr: str) -> bool:
            return b is None or getattr(b, attr) != getattr(h, attr)

        self._line(out, f"{h.name}, {h.race}", ch("look") or ch("story"))
        if h.look:
            out.append(h.look + "\n", self.style("journal-booklet--note"))
        if h.story:
            out.append(h.story + "\n", self.style("journal-booklet--note"))
        if not (h.look or h.story or view.watching):
            self._muted(out, "i writes the hero's look and story (R03)")
        for attr in ("atk", "dmg", "spd"):
            self._line(out, f"{STAT_NAMES[attr]:<7}{getattr(h, attr)}", ch(attr))
        self._line(out, f"{'HP':<7}{h.hp} / {h.max_hp}", ch("hp") or ch("max_hp"))
        self._line(out, f"{'Poison':<7}{h.poison}", ch("poison"))
        self._line(out, f"{'Gold':<7}{h.gold}", ch("gold"))
        self._line(out, f"{'Fame':<7}{h.fame}", ch("fame"))
        self._line(out, f"Items  {', '.join(h.items) or '-'}", ch("items"))
        self._line(out, f"Scrolls {len(h.scrolls)} (J03)", ch("scrolls"))
        bonus = {"dwarf": "Dmg 2; gambles (R07); chooses even/odd in E13",
                 "elf": "Atk 2; a 12 deals +2 damage (R09)",
                 "human": "+2 gold; sells at full price; gambles (R07)",
                 "hobbit": "a cookie: +1/-1 to one die, once (R03)"}[h.race]
        self._muted(out, f"Race: {bonus}")
        self._fight(out, view)
        return out

    def _fight(self, out: Text, view: TalesView) -> None:
        f = view.state.fight
        if f is None:
            return
        house = f"monster:{f.name}" in view.state.content.house
        out.append("\n")
        self._head(out, f"Fight, round {f.round} (R09)")
        name = f"veteran {f.name}" if f.veteran else f.name
        self._line(out, f"{name}: Atk {f.atk}, Dmg {f.dmg}, HP {f.hp}", True, house)
        if f.abilities:
            self._line(out, "Abilities: " + ", ".join(f.abilities))
        notes = []
        if not f.can_flee:
            notes.append("no fleeing")
        if f.ignited:
            notes.append("Flaming Sword lit")
        if f.trophy:
            notes.append(f"trophy {f.trophy} gold")
        if notes:
            self._muted(out, "; ".join(notes))

    def page_j02(self, view: TalesView) -> Text:
        """J02: map notes: revealed squares, villages, pictures and events, the cursor."""
        state, before = view.state, view.before
        out = Text()
        shown = sum(1 for s in state.squares if s.revealed)
        self._line(out, f"Revealed {shown} / 36 squares",
                   shown != sum(1 for s in before.squares if s.revealed))
        self._line(out, f"Villages {state.villages} / {state.content.max_villages} (R04)")
        self._line(out, "Cursor: " + square_words(state, view.cursor, view.reach))
        self._head(out, "Squares with an event or picture")
        for i, sq in enumerate(state.squares):
            if not (sq.event or sq.site or sq.village or sq.name):
                continue
            what = sq.event + (f" {booklet.TITLES.get(sq.event, '')}" if sq.event else "")
            if sq.name:
                what = f"'{sq.name}' {what}".rstrip()
            extra = f" ({sq.site})" if sq.site else ""
            if sq.village:
                extra = f" (village {sq.village})"
            self._line(out, f"{island.name(i):<6} {what}{extra}", before.squares[i] != sq)
        self._muted(out, f"Road shapes are house values{HOUSE} (J02): crossroads 1-2, "
                         "junction 3-4, straight 5, bend 6." +
                         ("" if view.watching else " o names the cursor's square."))
        return out

    def page_j03(self, view: TalesView) -> Text:
        """J03: the scroll backpack, with each scroll's effect and prices."""
        h = view.state.hero
        b = view.before.hero
        assert h is not None
        out = Text()
        if not h.scrolls:
            self._muted(out, "The backpack is empty.")
        names = sorted(set(h.scrolls) | set(b.scrolls if b else ()))
        for name in names:
            data = view.state.content.scrolls.get(name)
            n, was = h.scrolls.count(name), (b.scrolls.count(name) if b else 0)
            effect = data.words if data else ""
            self._line(out, f"{n} x {name:<9} {effect}", n != was, bool(data and data.house))
        self._head(out, "Scrolls: effect, price castle / E08 / E15 (R07)")
        for name, data in view.state.content.scrolls.items():
            prices = " / ".join(str(data.prices.get(k, "-")) for k in ("castle", "E08", "E15"))
            # The house mark ends the line: Textual drops spaces that follow a styled span.
            out.append(f"{name:<9} {data.words}".ljust(22) + prices,
                       self.style("journal-booklet--muted"))
            if data.house:
                out.append(HOUSE, self.style("journal-booklet--house"))
            out.append("\n")
        return out

    def page_j04(self, view: TalesView) -> Text:
        """J04: the quests, open and done, each with its terms in the Notes column."""
        out = Text()
        before = {q.qid: q for q in view.before.quests}
        if not view.state.quests:
            self._muted(out, "No quests yet.")
        for q in view.state.quests:
            mark = "done" if q.done else "open"
            score = " +15" if q.counts else ""
            line = f"{q.qid}. {q.kind:<8} for {q.recipient}, at {q.place}: {mark}{score}"
            self._line(out, line, before.get(q.qid) != q)
            self._muted(out, "- Notes: " + records.quest_terms(view.state, q))
        return out

    def page_j05(self, view: TalesView) -> Text:
        """J05: one line a day in day order, with the day's results and notes, then the days
        ahead with their printed day events (:func:`records.j05`)."""
        out = Text()
        c = view.state.content
        self._muted(out, f"{c.days_per_week} days a week{HOUSE}: day, day event, final "
                         "square; then its notes")
        ahead = False
        self.today_line = self.today_end = 0
        days = records.j05(view.state, view.notes)
        # the line the page opens at: today's, or a finished tale's last day
        anchor = next((x for x in days if x.when == "today"), None)
        if anchor is None and view.state.over:
            anchor = next((x for x in reversed(days) if x.when == "past" and x.week), None)
        for line in days:
            if line.when == "ahead" and not ahead:
                ahead = True
                self._head(out, "Days ahead (printed day events)")
            if line.when == "ahead":
                self._muted(out, f"{line.label} {line.day_event or '-'}")
                continue
            if line is anchor:
                self.today_line = out.plain.count("\n")
            head = f"{line.label} {line.day_event or '-':<3} {line.final or ''}".rstrip()
            out.append(head + "\n", self.style("journal-booklet--now")
                       if line.when == "today" else self.style("journal-booklet--head"))
            for words in line.results:
                self._line(out, f"- {words}")
            for text in line.notes:
                out.append("\u270e " + text.replace("\n", "\n  ") + "\n",
                           self.style("journal-booklet--note"))
            if line is anchor:
                self.today_end = out.plain.count("\n")
        return out

    def page_j06(self, view: TalesView) -> Text:
        """J06: the fight in progress and every fight fought, oldest first: the monster, its
        notes and the veteran's bonus, the outcome, the day, the square and the HP."""
        out = Text()
        old = len(view.before.fights)
        lines = records.j06(view.state)
        if not lines:
            self._muted(out, "No fights yet.")
        elif not view.watching and any(f.result == "defeated" for f in view.state.fights):
            self._muted(out, "v names a monster the hero beat")
        for n, f in enumerate(lines):
            self._line(out, f"{f.monster}: {f.result or '...'}", n >= old)
            bonus = f"; bonus {f.bonus}" if f.bonus else ""
            where = f"{f.when} {f.square}, HP {f.hp}" if f.when else ""
            abilities = "" if f.notes == "-" else f.notes
            self._muted(out, "- " + ("; ".join(x for x in (where, abilities) if x) or "-")
                        + bonus)
        self._fight(out, view)
        return out

    def page_j07(self, view: TalesView) -> Text:
        """J07/J08: the dungeon the hero is in, room by room."""
        state = view.state
        out = Text()
        if not state.dungeon:
            self._muted(out, "Not in a dungeon. The Pyramid (E16) and the Cave (E27) are "
                             "explored room by room: leave by the exit (E13) or take a risk "
                             "and roll 2d6 for the room (J08).")
            return out
        self._line(out, f"In the {state.dungeon}, room {state.room}", True)
        self._muted(out, "Exit: look for the way out (E13). Risk: 2d6 on the rooms table "
                         "(J08). The Pyramid's small room opens from room 6 (E28).")
        return out

    def page_j09(self, view: TalesView) -> Text:
        """J09: the score so far (or the final one) and the fame table."""
        state = view.state
        fame, quests, gold, total = scoring.score(state)
        out = Text()
        self._line(out, f"Fame {fame}")
        self._line(out, f"Quests {quests} (15 each from the castle or a village)")
        self._line(out, f"Gold {gold}")
        self._line(out, f"Total {state.final_fame if state.over else total}", True)
        if state.over:
            self._line(out, f"The tale is over: {state.status}" +
                       (" (victory)" if state.won else ""), True)
        self._head(out, "Fame and status")
        now = state.status if state.over else scoring.status_for(state, total)
        for low, title in state.content.status:
            style = self.style("journal-booklet--now") if title == now else ""
            out.append(f"{low:>4}+ {title}\n", style)
        return out


def hero_changes(before: Hero | None, after: Hero) -> list[str]:
    """The hero's values that differ from ``before``, as ``"HP 3→4"`` (for the news line).

    Args:
        before: the hero before the latest event.
        after: the hero now.
    """
    if before is None:
        return []
    out = []
    for attr, label in (("hp", "HP"), ("gold", "Gold"), ("fame", "Fame"), ("poison", "Poison")):
        a, b = getattr(before, attr), getattr(after, attr)
        if a != b:
            out.append(f"{label} {a}→{b}")
    return out
