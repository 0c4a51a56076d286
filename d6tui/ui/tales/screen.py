"""The 6x6 Tales screen: a whole solo tale, day by day, with the island map and the journal.

The screen never decides for the player: it asks :func:`d6tui.games.tales.legal.actions`
what is legal now and offers each action under a key (:mod:`.offers`: fixed letters for the
common ones, numbers for the answers of a choice, arrows for movement). Every roll is made
by d6tui or typed from real dice (``t``); every key makes a legal move of
:func:`d6tui.games.tales.moves.moves` through the one move runner. A roll the Hobbit's cookie
or a Meeple could change is held once seen, and the player keeps or changes it. The step
bar at the bottom always says which R10 step the turn is at, what it waits for, and the
keys that act on it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.tales import (
    commands,
    island,
    outcome,
    prompts,
    services,
)
from d6tui.games.tales import moves as tales_moves
from d6tui.games.tales.describe import LABELS
from d6tui.games.tales.state import Tale
from d6tui.ui.screens.game import GameScreen
from d6tui.ui.tales.at_table import ACTING, TableSeat
from d6tui.ui.tales.bindings import BINDINGS as TALES_BINDINGS
from d6tui.ui.tales.dialogs import TalesDialogs
from d6tui.ui.tales.help import HELP as TALES_HELP
from d6tui.ui.tales.journal_keys import JournalKeyLine, acting_keys
from d6tui.ui.tales.naming_keys import NAMING_ACTIONS, NamingKeys
from d6tui.ui.tales.offers import (
    KEYED,
    STEP_NAMES,
    Action,
    Offer,
    make_offers,
)
from d6tui.ui.tales.widgets import (
    CELL_H,
    PAGES,
    BookPage,
    IslandMap,
    JournalBooklet,
    TalesView,
    hero_changes,
    reach_of,
    square_words,
)
from d6tui.ui.widgets.dice_tray import DiceTray, TrayDie, TrayRoll
from d6tui.ui.widgets.event_log import EventLogView
from d6tui.ui.widgets.fitted_footer import FittedFooter
from d6tui.ui.widgets.static_text import same_rows

#: Rows of the island map: the column letters and 6 rows of 3 lines.
MAP_ROWS = 1 + island.SIZE * CELL_H
#: Terminal widths from which the booklet shows two pages side by side (a spread).
SPREAD_FROM = 120
#: Terminal sizes from which the map has big squares with room for labels.
BIG_MAP_FROM = (200, 50)
#: The most lines the step bar takes when there is room; beyond, it scrolls.
STEP_MAX = 5
#: Terminal heights from which the log, and the dice tray, are shown.
LOG_FROM, TRAY_FROM = 34, 28


def rows(console: Console, text: Text, width: int) -> int:
    """How many lines ``text`` takes wrapped at ``width`` cells."""
    return len(text.wrap(console, width))


def cut_line(text: Text, width: int) -> Text:
    """``text`` on one line of at most ``width`` cells, an ellipsis where it was cut."""
    out = text.copy()
    out.truncate(width, overflow="ellipsis")
    return out


class TalesScreen(TableSeat, TalesDialogs, NamingKeys, GameScreen):
    """A 6x6 Tales run: the island map, the journal booklet and the step bar.

    Args:
        session: a 6x6 Tales session.
    """

    CSS_PATH: ClassVar[Any] = [*GameScreen.CSS_PATH, Path(__file__).with_name("screen.tcss")]

    BINDINGS = TALES_BINDINGS

    HELP = TALES_HELP

    #: At a shared table the hero's seat plays and spectators watch (:mod:`.at_table`).
    AT_A_TABLE = True

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.watching = self.watches()
        self.offers: list[Offer] = []
        self.cursor = 0
        self.before: Tale = session.state
        self._day: tuple[int, int] = (session.state.week, session.state.day)
        self._last: Tale = session.state
        self._pos = session.state.pos
        self._shown: tuple[tuple[str, bool], ...] = ()
        self._tight = False
        self._room = STEP_MAX
        self._step_shown: Text | None = None
        self._action_keys: dict[str, str] | None = None
        self._prev_hero = session.state.hero
        """The hero before the latest event: the news line adds what that event changed."""
        """Whether the step bar has less room than usual (80x24): its news line is cut."""

    def refresh_bindings(self) -> None:
        """Tell the Footer only when a key it shows changed.

        The Footer rebuilds all its keys at each refresh, which costs most of a frame; the
        keys of the turn are hidden from it (the step bar lists them) and the palette and
        help read the keys afresh, so a turn's keys need no refresh.
        """
        shown = tuple((key, active.enabled) for key, active in self.active_bindings.items()
                      if active.binding.show)
        if shown != self._shown:
            self._shown = shown
            super().refresh_bindings()

    @property
    def tale(self) -> Tale:
        """The folded tale."""
        state: Tale = self.session.state
        return state

    def compose(self) -> ComposeResult:
        with Horizontal(id="tales-body"):
            with Vertical(id="map-col"):
                yield IslandMap(id="map")
                yield DiceTray(id="tray")
            with Vertical(id="book-col"):
                with Horizontal(id="pages"):
                    with BookPage(id="book-scroll", classes="book-page"):
                        yield JournalBooklet(id="booklet")
                    with BookPage(id="book-scroll2", classes="book-page"):
                        yield JournalBooklet(id="booklet2")
                log = EventLogView(id="log")
                log.border_title = self.log_title()
                yield log
                yield JournalKeyLine(id="journal-keys")
        with VerticalScroll(id="step-box", can_focus=False):
            yield Static(id="step")
        yield FittedFooter()

    def turn_start(self) -> Tale:
        """The tale as the current turn began (just before its day started), folded again
        from the log: a tale opened mid-turn still highlights what this turn changed."""
        rules = self.session.rules
        events = [e.event for e in self.session.history()
                  if not e.undone and e.event["type"] in rules.event_types]
        last = max((i for i, e in enumerate(events) if e["type"] == "turn_ended"), default=-1)
        state: Tale = rules.new_state(self.session.header.options)
        start = last if last >= 0 else min(1, len(events))
        for event in events[:start]:
            state = rules.fold(state, event)
        # Folding on to the last event gives the hero before it, for the news line.
        prev = state
        for event in events[start:-1]:
            prev = rules.fold(prev, event)
        if len(events) > 1:
            self._prev_hero = prev.hero
        return state

    def on_mount(self) -> None:
        self.query_one("#booklet2", JournalBooklet).page = 1
        self.before = self.turn_start()
        self.cursor = max(self.tale.pos, 0)
        self.fit_layout(self.app.size.height, self.app.size.width)
        super().on_mount()

    def on_resize(self, event: events.Resize) -> None:
        """A resized terminal gets the layout that fits it, as a fresh start would."""
        self.fit_layout(event.size.height, event.size.width)

    def fit_layout(self, height: int, width: int = 80) -> None:
        """Show the log and the dice tray when there is room, and cap the step bar so the
        whole 6x6 map stays in sight: the map's rows above the step bar and the footer; a
        longer step bar scrolls.

        From 120 columns the booklet shows two pages side by side; from 200x50 the map has
        big squares (15x5 cells) with room for the names of places and events' titles.

        Args:
            height: the terminal's height in rows.
            width: its width in columns.
        """
        log = self.query_one("#log", EventLogView)
        shown = log.display
        log.display = height >= LOG_FROM
        if log.display and not shown:  # a hidden log is not kept drawn: draw it now
            log.show(self.session.history())
        self.query_one("#tray").display = height >= TRAY_FROM
        self.query_one("#book-scroll2").display = width >= SPREAD_FROM
        imap = self.query_one(IslandMap)
        imap.big = width >= BIG_MAP_FROM[0] and height >= BIG_MAP_FROM[1]
        cell_w, cell_h = imap.cell
        imap.styles.width = 2 + island.SIZE * cell_w
        imap.styles.height = 1 + island.SIZE * cell_h
        self.query_one("#map-col").styles.width = 3 + island.SIZE * cell_w
        step = self.query_one("#step-box")
        room = max(2, min(STEP_MAX, height - 1 - (1 + island.SIZE * cell_h)))
        step.styles.max_height = room
        self._room = room
        # With less room than usual the step bar fits its keys in (see step_text).
        self._tight = room < STEP_MAX
        if self.is_mounted:
            self._show_step(self.step_text(self.tale), force=True)

    def _show_step(self, text: Text, *, force: bool = False) -> None:
        """Put ``text`` in the step bar; the same text again is not drawn (nor laid out)
        again, as a cursor move or a roll held for a choice often leaves it as it was, and
        a text that takes the same rows as the one shown (most moves: the same number of
        lines, none wrapped) is drawn without laying the screen out again."""
        if force or text != self._step_shown:
            old, self._step_shown = self._step_shown, text
            step = self.query_one("#step", Static)
            same = (not force and isinstance(old, Text)
                    and same_rows(old, text, step.content_size.width))
            step.update(text, layout=not same)

    # -- drawing ----------------------------------------------------------------------------

    def render_state(self, state: Tale) -> None:
        """Work out the offers, then pass the view to the map and the booklet."""
        self._action_keys = None
        day = (state.week, state.day)
        if day != self._day:
            # The turn began with the state just before the new day started.
            self.before = self._last if day > self._day else state
            self._day = day
        if state is not self._last:
            self._prev_hero = self._last.hero
        self._last = state
        if state.pos != self._pos:
            self._pos = state.pos
            self.cursor = max(state.pos, 0)
        self.offers = make_offers(state, self.cursor, self.key_of)
        self.query_one("#tray", DiceTray).roll = self.tray_roll()
        self._redraw_view()

    def _redraw_view(self) -> None:
        """Pass the view to the map, the booklet, the step bar and the journal key line
        (after a cursor move, the tale unchanged; or after an event, once its offers are
        worked out)."""
        state = self.tale
        view = TalesView(state, self.before, self.cursor, reach_of(state),
                         self.session.notes(), self.watching)
        self.query_one(IslandMap).update_view(view)
        for booklet in self.query(JournalBooklet):
            booklet.update_view(view)
        self._show_step(self.step_text(state))
        keys = acting_keys(self.check_action, self.key_of)  # notes, pages, names, cursor
        self.query_one(JournalKeyLine).pairs = self.table_keys(keys)

    def step_text(self, state: Tale) -> Text:
        """The step bar: week, day and R10 step with the prompt; the last news (with the
        dice of the last roll); the keys.

        With less room than usual (80x24) every key still shows: the news is cut to one
        line, then the keys' labels are shortened, then the prompt is cut to one line, and
        only then is the news line left out (the whole news is in the log, l).
        """
        head = Text(no_wrap=False)
        if state.week:
            head.append(f"W{state.week} D{state.day} ", "bold")
        head.append(f" {STEP_NAMES.get(state.step, state.step)} ", "bold reverse")
        head.append(" " + prompts.prompt(state))
        if self.typed_dice():
            head.append("  [table dice]", "italic")
        news = Text(self.news_line(state) or " ", "italic")
        width = max(20, self.app.size.width - 3)  # the bar's padding and scrollbar
        if state.over:
            end = Text(f"Final fame {state.final_fame}: {state.status}. ", "bold")
            end.append("[ ] turn the pages (J09: the score), u undoes, Escape goes home.", "")
        if not self._tight:
            keys = end if state.over else self.keys_text(short=False, width=width)
            return Text("\n").join([head, news, keys])
        room = self._room
        news = cut_line(news, width)
        for short, cut_head, with_news in ((False, False, True), (True, False, True),
                                           (True, True, True), (True, True, False)):
            keys = end if state.over else self.keys_text(short=short, width=width)
            shown = cut_line(head, width) if cut_head else head
            lines = [shown, news, keys] if with_news else [shown, keys]
            if sum(rows(self.app.console, t, width) for t in lines) <= room:
                return Text("\n").join(lines)
        return Text("\n").join(lines)

    def news_line(self, state: Tale) -> str:
        """The news of the last event: its dice first when it rolled ("3+3 = 6: a fight
        with the Goblin"), what it changed on the sheet (HP 4→3); or the cursor's square."""
        h = state.hero
        if self.cursor != state.pos and state.pos >= 0:
            return "Cursor: " + square_words(state, self.cursor, reach_of(state))
        news = "; ".join(state.news)
        history = self.session.history()
        for k in range(len(history) - 1, max(-1, len(history) - 20), -1):
            last = history[k]
            if last.undone or last.event["type"] not in self.session.rules.event_types:
                if last.event["type"] == "note":
                    continue  # a note changes nothing: the news is still the move's
                break
            if "roll" in last.event:
                news = outcome.last_roll_words(last.event, state.news) or news
            break
        changes = hero_changes(self._before_event(), h) if h is not None else []
        if changes:
            news = f"{news} ({', '.join(changes)})" if news else ", ".join(changes)
        return news

    def keys_text(self, *, short: bool, width: int = 0) -> Text:
        """The keys of the turn with their labels (``short``: the shortened labels); with a
        ``width``, a line breaks only between two keys, never between a key and its words.
        """
        if self.watching:
            return self.watching_text()
        out = Text(no_wrap=False)
        used = 0
        for i, offer in enumerate(self.offers):
            words = f" {offer.short if short else offer.label}"
            size = cell_len(offer.key) + 2 + cell_len(words)
            if i and width and used + 1 + size > width:
                out.append("\n")
                used = 0
            elif i:
                out.append(" ")
                used += 1
            out.append(f" {offer.key} ", "bold reverse")
            out.append(words)
            used += size
        return out

    def _before_event(self) -> Any:
        """The hero before the latest event: the news line adds only what that event changed
        (HP 4→3), not all the turn's changes (the booklet highlights those)."""
        return self._prev_hero

    def tray_roll(self) -> TrayRoll:
        """The latest effective roll, for the dice tray."""
        history = self.session.history()
        for k in range(len(history) - 1, max(-1, len(history) - 40), -1):
            entry = history[k]
            roll = entry.event.get("roll")
            if entry.undone or not isinstance(roll, dict):
                continue
            what = str(entry.event.get("what", entry.event.get("type", ""))).split(":")[-1]
            caption = LABELS.get(what, what.replace("_", " "))
            dice = tuple(TrayDie(int(f)) for f in roll.get("faces", []))
            return TrayRoll(dice, str(roll.get("source", "app")), f"#{entry.event['seq']} "
                            f"{caption}")
        return TrayRoll(caption="No dice rolled yet.")

    # -- offers -----------------------------------------------------------------------------

    def key_of(self, action: str, default: str) -> str:
        """The key the player's key map gives ``action`` (for the step bar and the journal
        key line): the shortest to read of its keys (``]`` before ``pgdn``).

        The keys of every action are read from the screen's bindings once per redraw
        (:meth:`render_state`, a cursor move), not once per key asked for.
        """
        keys = self._action_keys
        if keys is None:
            found: dict[str, list[str]] = {}
            for key, active in self.active_bindings.items():
                found.setdefault(active.binding.action, []).append(
                    self.app.get_key_display(Binding(key, active.binding.action)))
            keys = self._action_keys = {a: min(shown, key=cell_len)
                                        for a, shown in found.items()}
        return keys.get(action, default)

    def _find(self, name: str) -> Offer | None:
        for offer in self.offers:
            if offer.action is not None and offer.action[0] in KEYED \
                    and KEYED[offer.action[0]][0] == name:
                return offer
        return None

    # -- actions ----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show a key only when the rules allow its action now."""
        if self.watching and action in ACTING:
            return False  # a spectator's key is refused (at_table), the palette offers none
        if action == "act":
            return self._find(str(parameters[0])) is not None
        if action in ("backpack", "shop", "travel", "table_dice"):
            labels = {"backpack": "backpack", "shop": "shop", "travel": "travel",
                      "table_dice": "table dice"}
            return any(o.label.startswith(labels[action]) for o in self.offers)
        if action in NAMING_ACTIONS:
            return self.can_name(action)
        if action == "walk":
            return self.can_walk()
        if action == "nth":
            n = int(str(parameters[0]))
            return n <= sum(1 for o in self.offers if o.key.isdigit())
        return super().check_action(action, parameters)

    def action_act(self, name: str) -> None:
        """Run the action with the fixed key ``name`` (rolls go through :meth:`run_roll`)."""
        offer = self._find(name)
        if offer is None or offer.action is None:
            self.notify(f"Not now: {prompts.prompt(self.tale)}", severity="warning")
            return
        self.perform(offer.action)

    def action_nth(self, n: int) -> None:
        """Answer with the ``n``-th numbered offer of the step bar."""
        for offer in self.offers:
            if offer.key == str(n) and offer.action is not None:
                self.perform(offer.action)
                return

    def perform(self, action: Action) -> None:
        """Run ``action`` through the move runner (see :meth:`run_move`)."""
        self.run_move(action)

    def run_move(self, action: Action, *, table: bool = False) -> None:
        """Make the legal move of ``action`` through the one move runner
        (:func:`~d6tui.ui.screens.move_runner.ask_and_play`, with the id of
        :func:`d6tui.games.tales.moves.moves`); ``table``: its dice are typed from real dice.

        An action that is not legal now records nothing: the player reads the rule's own
        reason (R04: "no road that way"), asked of the command on the tale as it is.
        Once dice are seen and held (a Hobbit's cookie that would change them, R03, or a
        Meeple, J08), the player is asked what to do with them (:meth:`ask_held`).
        """
        fn, args, kwargs = action
        move_id = tales_moves.move_id(fn, args)
        move = next((m for m in self.session.moves() if m.id == move_id), None)
        if move is None or kwargs:
            self._refuse(action)
            return
        if (table or self.typed_dice()) and move.dice:
            self._run_typed(move)
            return
        if self.play(move_id) is not None and self.tale.held is not None:
            self.ask_held()

    def _refuse(self, action: Action) -> None:
        """Say why ``action`` cannot be made now (nothing is recorded)."""
        fn, args, kwargs = action
        try:
            fn(self.tale, *args, **kwargs)
        except RuleError as e:
            self.notify(str(e), title="Not allowed", severity="error", timeout=6,
                        markup=False)
            return
        self.notify(f"Not now: {prompts.prompt(self.tale)}", severity="warning",
                    markup=False)

    def can_walk(self) -> bool:
        """Whether the arrows walk the hero now: the movement step, nothing awaited (R04)."""
        state = self.tale
        return state.top is None and state.step == "movement" and not state.over \
            and not self.watching

    def action_walk(self, d: str) -> None:
        """An arrow while the hero can walk: walk that way (R04), whatever has the focus."""
        self.action_step(d)

    def action_step(self, d: str) -> None:
        """An arrow: walk the hero that way at the movement step, else move the cursor."""
        if self.can_walk():
            self.run_move((commands.move, (d,), {}))
            return
        self.action_cursor(d)

    def action_cursor(self, d: str) -> None:
        """Move the map cursor one square."""
        j = island.neighbour(self.cursor, d)
        if j is not None:
            self.cursor = j
            self.make_offers_and_redraw()

    def make_offers_and_redraw(self) -> None:
        """Redraw the view after the cursor moved (the witch's offer names the square)."""
        self._action_keys = None
        self.offers = make_offers(self.tale, self.cursor, self.key_of)
        self._redraw_view()

    def action_page(self, delta: int) -> None:
        """Turn the booklet's page."""
        booklet = self.query_one("#booklet", JournalBooklet)
        booklet.page = (booklet.page + delta) % len(PAGES)
        # the page beside it (a spread, from 120 columns) is the next one
        second = self.query_one("#booklet2", JournalBooklet)
        second.page = (booklet.page + 1) % len(PAGES)
        for page, scroll in ((booklet, "#book-scroll"), (second, "#book-scroll2")):
            self._open_page(page, self.query_one(scroll, BookPage))

    def _open_page(self, booklet: JournalBooklet, scroll: BookPage) -> None:
        """Scroll a page to its top, its title in sight; J05 opens at its top while today's
        line (with its results and notes; a finished tale's last day) fits under the title,
        else on today's line with two rows of the days before above it and the days ahead
        below (its first row at the top when it is taller than the page); not once the page
        has turned on (that scrolled a later page)."""
        scroll.scroll_when_laid_out(None)
        scroll.scroll_home(animate=False, immediate=True)
        if PAGES[booklet.page][0] == "J05":
            self.call_after_refresh(self._scroll_to_today, booklet, scroll)

    def _scroll_to_today(self, booklet: JournalBooklet, scroll: BookPage) -> None:
        """J05's deferred scroll (:meth:`_open_page`): the page goes to today's line once it
        is laid out (:meth:`BookPage.scroll_when_laid_out`, which asks :meth:`_today_target`
        afresh at each try: on a busy machine the booklet had not drawn J05 yet, or not at
        its width, when the page was turned)."""
        if PAGES[booklet.page][0] == "J05":
            scroll.scroll_when_laid_out(lambda: self._today_target(booklet, scroll))

    @staticmethod
    def _today_target(booklet: JournalBooklet, scroll: BookPage) -> tuple[int, int]:
        """Where J05 opens, as ``(line, rows that must be laid out)``: at its top when today's
        rows fit under the title, else two rows of the day before above today's first row
        (below the pinned title), or from that first row when today is taller than the page;
        the page's top once it has turned away from J05."""
        if PAGES[booklet.page][0] != "J05":
            return 0, 0
        first, end = booklet.today_rows()
        height = scroll.size.height
        if end <= height:
            return 0, end  # it fits under the title: the page opens at its top
        height -= 1  # scrolled down, the page's title is pinned above its rows
        if end - first + 2 <= height:
            return first - 2, end  # two rows of the day before above it, the days ahead below
        return first, end  # taller than the page: from its first row

    def action_toggle_map(self) -> None:
        """Hide or show the map column."""
        col = self.query_one("#map-col")
        col.display = not col.display

    def action_travel(self) -> None:
        """Pay the witch to travel to the cursor square (E12)."""
        self.run_move((services.witch_teleport, (island.name(self.cursor),), {}))
