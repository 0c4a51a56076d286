"""The d6tui application: themes, config, key map, and moving between screens.

Start-up is kept light: game rules and screens are imported only when a game is opened
(``GameInfo.screen``), saves are read in a worker after the first frame.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events, on, work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.theme import BUILTIN_THEMES, Theme

if TYPE_CHECKING:  # the config module is imported when first needed (start-up time)
    from d6tui.config import Config

from d6tui.engine.errors import D6Error, LogError
from d6tui.ui.screens.home import HomeScreen, OpenSave, StartGame
from d6tui.ui.stylesheet import SharedStylesheet
from d6tui.ui.themes import DEFAULT_THEME, VARIABLE_DEFAULTS, load_themes, theme_names


class _LoadCancelled(Exception):
    """Raised in the load worker when the player cancelled the load."""


@dataclass
class LoadProgress(Message):
    """A save being loaded has folded ``done`` of ``total`` events (from the load worker)."""

    done: int
    total: int


@dataclass
class SessionLoaded(Message):
    """A save was loaded (from the load worker)."""

    session: object


@dataclass
class LoadFailed(Message):
    """A save could not be loaded (from the load worker)."""

    path: Path
    error: LogError


class D6App(App):
    """The d6tui app.

    Args:
        saves: the save folder.
        theme: the theme to start with (already validated).
        themes: d6tui's themes to register.
        config: the loaded config (key map), or None for none.
        problems: messages to show once at start (config or theme files that failed).
        open_path: a save to open at once.
        session: a game to show at once (already created).
        persist_theme: remember a theme picked in the palette in the config file.
    """

    TITLE = "d6tui"
    # The home screen is the default screen, whose CSS_PATH Textual does not load: its .tcss
    # is loaded with the app's.
    CSS_PATH = [Path(__file__).with_name("app.tcss"),
                Path(__file__).parent / "screens" / "home.tcss"]
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True, id="app.quit"),
        Binding("q", "quit", "Quit", id="app.quit_q"),
        Binding("question_mark", "help", "Help", id="app.help"),
    ]

    def __init__(
        self,
        *,
        saves: Path,
        theme: str = DEFAULT_THEME,
        themes: dict[str, Theme] | None = None,
        config: Config | None = None,
        problems: list[str] | None = None,
        open_path: Path | None = None,
        session: object | None = None,
        persist_theme: bool = True,
    ) -> None:
        super().__init__()
        # Parsed CSS is kept for the process (a reparse at each new screen's CSS parsed it
        # all again): see d6tui/ui/stylesheet.py.
        self.stylesheet = SharedStylesheet(variables=self.get_css_variables())
        self.saves_dir = Path(saves)
        self._d6_themes = themes if themes is not None else load_themes()[0]
        self.config = config
        self._problems = problems or []
        self._open_path = open_path
        self._start_session = session
        self._persist_theme = persist_theme
        #: The server's tables, when ``d6tui serve`` started this app (see action_tables).
        self.tables_client: object | None = None
        #: The blocking line the game screens at a table make their moves on.
        self.tables_calls: object | None = None
        for t in self._d6_themes.values():
            self.register_theme(t)
        self.theme = theme if theme in self.available_themes else DEFAULT_THEME
        self._honour_no_color()
        if config is not None and config.keymap:
            self.set_keymap(config.keymap)

    def notify(self, message: str, *, title: str = "", severity="information",  # noqa: ANN001
               timeout: float | None = None, markup: bool = True) -> None:
        """Show a notice, always as plain text: notices carry players' text (names,
        titles) that must never be read as markup (``markup`` is ignored; widgets' and
        screens' notices come here too)."""
        super().notify(message, title=title, severity=severity, timeout=timeout,
                       markup=False)

    def action_help_quit(self) -> None:
        """Ctrl+C (bound by Textual to tell that it does not quit): say which key quits, in
        the plain words every d6tui notice uses (Textual's own notice is markup, which
        :meth:`notify` shows as typed: ``Press [b]ctrl+q[/b]``)."""
        for active in self.active_bindings.values():
            if active.binding.action in ("quit", "app.quit"):
                self.notify(f"Press {self.get_key_display(active.binding)} to quit the app.",
                            title="Do you want to quit?")
                return

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """d6tui's own CSS variables, for themes that do not set them."""
        return dict(VARIABLE_DEFAULTS)

    def get_default_screen(self) -> Screen:
        """The home screen is the bottom of the screen stack (no blank screen first)."""
        opening = self._open_path is not None or self._start_session is not None
        return HomeScreen(self.saves_dir, scan_at_start=not opening)

    def on_mount(self) -> None:
        if self._problems:
            self.notify("\n".join(self._problems), title="Some settings were not loaded",
                        severity="warning", timeout=12, markup=False)
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        if self._start_session is not None:
            self.show_game(self._start_session)
        elif self._open_path is not None:
            self.open_save(self._open_path)
        self._check_size()
        import os

        if os.environ.get("D6TUI_TABLE_FD"):
            self._attach_tables()

    @work(exclusive=True, group="tables")
    async def _attach_tables(self) -> None:
        from d6tui.ui.screens.tables import attach

        self.tables_client = await attach(self)
        if self.tables_client is not None:
            # Bound only here, so a local d6tui's keys, footer and help stay as they were.
            from d6tui.ui.screens.game import TABLES_KEY

            self.bind(TABLES_KEY, "tables", description="Tables")
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The Tables key is left out of the lobby's own footer (it is there already)."""
        if action == "tables":
            from d6tui.ui.screens.tables import TablesScreen

            return not isinstance(self.screen, TablesScreen)
        return True

    def action_tables(self) -> None:
        """The lobby of the server's tables."""
        from d6tui.ui.screens.tables import TablesScreen

        if self.tables_client is not None and not isinstance(self.screen, TablesScreen):
            self.push_screen(TablesScreen(self.tables_client,  # type: ignore[arg-type]
                                          self.tables_calls))  # type: ignore[arg-type]

    # -- theme ------------------------------------------------------------------------------

    def _honour_no_color(self) -> None:
        """Under ``NO_COLOR``, drop colours in the way that keeps this theme readable.

        Textual picks its filter once, for the theme it starts with: greys (Monochrome) for
        a true-colour theme, terminal defaults (NoColor) for an ANSI one. An ANSI theme such as
        d6-16color under Monochrome would turn to black on black, so the filter follows the
        theme.
        """
        # Without colour a highlight made of a background alone cannot be seen: the
        # ``-no-color`` class makes every list's and table's cursor reversed (app.tcss).
        self.set_class(self.no_color, "-no-color")
        if not self.no_color:
            return
        from textual.filter import Monochrome, NoColor

        wanted = NoColor if self.native_ansi_color else Monochrome
        self._filters = [
            wanted() if isinstance(f, Monochrome | NoColor) and not isinstance(f, wanted) else f
            for f in self._filters
        ]

    def _theme_changed(self, theme: Theme) -> None:
        self._honour_no_color()
        self.refresh(layout=True)
        if not self._persist_theme:
            return
        from d6tui.config import update_config

        try:
            with update_config() as box:
                box[0] = replace(box[0], theme=theme.name)
        except D6Error as e:
            self.notify(f"Could not remember the theme: {e}", severity="warning", markup=False)

    @property
    def d6_themes(self) -> dict[str, Theme]:
        """d6tui's own themes (shipped and the user's), by name."""
        return self._d6_themes

    def search_themes(self) -> None:
        """The theme picker (``t``, the palette's "Theme"): d6tui's themes first, each theme
        saying whose it is, and the picker's own keys on its last line."""
        from d6tui.ui.screens.palette import Palette, ThemeChoices

        self.push_screen(Palette(providers=[ThemeChoices],
                                 placeholder="Search for themes (d6tui's first)…"))

    def action_command_palette(self) -> None:
        """The command palette (ctrl+p), with its own keys on its last line."""
        from textual.command import CommandPalette

        from d6tui.ui.screens.palette import Palette

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(Palette(id="--command-palette"))

    def get_system_commands(self, screen: Screen):  # noqa: ANN201 - Textual's signature
        """The palette's app commands: Textual's (theme, quit, keys) plus help."""
        yield from super().get_system_commands(screen)
        yield SystemCommand("Help", "Help for this screen (?)", self.action_help)

    # -- size -------------------------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        # Called before App's own handler stores the new size, so use the event's.
        self._check_size(event.size)

    def _check_size(self, size: Size | None = None) -> None:
        from d6tui.ui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

        width, height = size or self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        top = self.screen if self.screen_stack else None
        if small and not isinstance(top, TooSmallScreen):
            self.push_screen(TooSmallScreen(width, height))
        elif small and isinstance(top, TooSmallScreen):
            top.show_size(width, height)
        elif not small and isinstance(top, TooSmallScreen):
            self.pop_screen()

    # -- help -------------------------------------------------------------------------------

    def action_help(self) -> None:
        """Help for the current screen: its text and every key it has (those that wait for
        their moment too), with the binding ids that ``[keymap]`` takes. For a dialog: its
        own text and keys, then the help of the screen under it (``dialog_help``)."""
        from d6tui.ui.screens.help import HelpScreen, binding_rows, dialog_help
        from d6tui.ui.screens.too_small import TooSmallScreen

        screen = self.screen
        if isinstance(screen, HelpScreen | TooSmallScreen):
            return
        if screen.is_modal:  # a dialog: its keys and text, then the game's help
            self.push_screen(dialog_help(self, screen))
            return
        rows = binding_rows(screen, self) + binding_rows(self, self)
        rows.append(("ctrl+p", "Command palette: every command, themes", ""))
        text = getattr(screen, "HELP", "") or "No help is written for this screen yet."
        title = getattr(screen, "game_name", None) or screen.title or "d6tui"
        if isinstance(screen, HomeScreen):
            title = "d6tui"
        self.push_screen(HelpScreen(str(title), text, rows))

    # -- opening games ----------------------------------------------------------------------

    @on(StartGame)
    def _start_game(self, message: StartGame) -> None:
        self.new_game_form(message.game)

    @work(exclusive=True, group="new-game")
    async def new_game_form(self, game) -> None:  # noqa: ANN001 - GameInfo
        """Ask for players and title, create the save, and show the game."""
        from d6tui.ui.screens.new_game import NewGameForm

        request = await self.push_screen_wait(NewGameForm(game))
        if request is None:
            return
        self.create_game(request.game, request.options, request.title)

    def create_game(self, slug: str, options: dict, title: str | None) -> None:
        """Start a new game saved in the save folder and show it."""
        from d6tui.engine.registry import load_rules
        from d6tui.engine.session import Session
        from d6tui.paths import new_save_path

        try:
            rules = load_rules(slug)
            options = rules.checked_options(dict(options))
            title = title or rules.default_title(options)
            self.saves_dir.mkdir(parents=True, exist_ok=True)
            path = new_save_path(self.saves_dir, title)
            session = Session.new(rules, options, path=path, title=title)
        except (D6Error, OSError) as e:
            self.notify(str(e), title="Could not start the game", severity="error", markup=False)
            return
        self.show_game(session)

    @on(OpenSave)
    def _open(self, message: OpenSave) -> None:
        self.open_save(message.path)

    def open_save(self, path: Path) -> None:
        """Load a save in a worker (with progress) and show it, or explain why it failed."""
        from d6tui.ui.screens.loading import LoadingScreen

        self.push_screen(LoadingScreen(Path(path)))
        self._load(Path(path))

    def cancel_load(self) -> None:
        """Stop a load in progress (Escape on the loading screen); its result is dropped."""
        self.workers.cancel_group(self, "load")

    @work(thread=True, exclusive=True, group="load")
    def _load(self, path: Path) -> None:
        from textual.worker import get_current_worker

        from d6tui.engine.session import Session

        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise _LoadCancelled
            self.post_message(LoadProgress(done, total))

        try:
            session = Session.load(path, progress=progress)
            if worker.is_cancelled:
                session.close()
                return
        except _LoadCancelled:
            return
        except LogError as e:
            self.post_message(LoadFailed(path, e))
            return
        except OSError as e:  # pragma: no cover - read errors become LogError in the engine
            self.post_message(LoadFailed(path, LogError(path, str(e))))
            return
        self.post_message(SessionLoaded(session))

    def _close_loading(self) -> None:
        from d6tui.ui.screens.loading import LoadingScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, LoadingScreen):
                screen.dismiss()
                break

    @on(LoadProgress)
    def _progress(self, message: LoadProgress) -> None:
        from d6tui.ui.screens.loading import LoadingScreen

        for screen in self.screen_stack:
            if isinstance(screen, LoadingScreen):
                screen.progress(message.done, message.total)

    def _loading(self) -> bool:
        from d6tui.ui.screens.loading import LoadingScreen

        return any(isinstance(s, LoadingScreen) for s in self.screen_stack)

    @on(SessionLoaded)
    def _loaded(self, message: SessionLoaded) -> None:
        from d6tui.ui.screens.loading import LoadingScreen

        if not self._loading():  # the player cancelled it
            message.session.close()  # type: ignore[attr-defined]
            return
        if isinstance(self.screen, LoadingScreen):
            # Replace it: the home screen underneath is not shown (nor re-scanned) between.
            self.show_game(message.session, replace=True)
        else:
            self._close_loading()
            self.show_game(message.session)

    @on(LoadFailed)
    def _failed(self, message: LoadFailed) -> None:
        from d6tui.ui.screens.load_error import LoadErrorModal

        if not self._loading():  # the player cancelled it
            return
        self._close_loading()
        self._home_shows()  # the dialog shows over it

        def done(repaired: bool | None) -> None:
            if repaired:
                self.open_save(message.path)

        self.push_screen(LoadErrorModal(message.error), done)

    def _home_shows(self) -> None:
        """The home screen at the bottom is about to show without being resumed: its widgets,
        left out under a game opened at start, are made (:meth:`HomeScreen.show_now`)."""
        home = self.screen_stack[0] if self.screen_stack else None
        if isinstance(home, HomeScreen):
            home.show_now()

    def show_game(self, session, *, replace: bool = False) -> None:  # noqa: ANN001 - a Session
        """Push the screen of ``session``'s game (imported only now); with ``replace``, it
        takes the place of the top screen (the loading screen)."""
        from d6tui.engine.registry import game_info

        try:
            info = game_info(session.rules.slug)
            if info.screen is None:
                from d6tui.ui.screens.generic import GenericGameScreen

                screen_class = GenericGameScreen
            else:
                module_name, _, class_name = info.screen.partition(":")
                screen_class = getattr(importlib.import_module(module_name), class_name)
            if getattr(session, "code", None) is not None and \
                    not getattr(screen_class, "AT_A_TABLE", False):
                # A shared table's seat: a screen that acts through its own commands
                # cannot play it, so the generic screen lists the seat's moves instead.
                from d6tui.ui.screens.generic import GenericGameScreen

                screen_class = GenericGameScreen
        except (D6Error, ImportError, AttributeError) as e:
            session.close()
            self.notify(f"d6tui cannot show this game yet ({e}).", severity="error", markup=False)
            self._home_shows()
            return
        if replace:
            self.switch_screen(screen_class(session))
        else:
            self.push_screen(screen_class(session))


def run_app(
    *,
    saves: Path,
    theme: str | None,
    open_path: Path | None = None,
    new_game: tuple[str, dict, str | None] | None = None,
) -> int:
    """Run the app until the player quits.

    Args:
        saves: the save folder.
        theme: a theme name from ``--theme`` (used for this run only), or None for the
            config's choice.
        open_path: a save to open at once.
        new_game: ``(slug, options, title)`` of a game to create in ``saves`` and show.

    Returns:
        The exit status (0).

    Raises:
        ValueError: ``theme`` is not a theme d6tui knows (the message lists them).
        D6Error: ``new_game`` breaks the rules or cannot be saved.
    """
    from d6tui.config import load_config

    themes, problems = load_themes()
    config, config_problem = load_config()
    if config_problem:
        problems.insert(0, config_problem)
    names = theme_names(themes)
    if theme is not None and theme not in names:
        raise ValueError(f"there is no theme '{theme}'; the themes are: {', '.join(names)}")
    chosen = theme or config.theme
    if chosen not in names:
        problems.append(f"the theme '{chosen}' is gone; using {DEFAULT_THEME}")
        chosen = DEFAULT_THEME
    session = None
    if new_game is not None:
        from d6tui.engine.registry import load_rules
        from d6tui.engine.session import Session
        from d6tui.paths import new_save_path

        slug, options, title = new_game
        rules = load_rules(slug)
        options = rules.checked_options(dict(options))
        title = title or rules.default_title(options)
        Path(saves).mkdir(parents=True, exist_ok=True)
        session = Session.new(rules, options, path=new_save_path(Path(saves), title),
                              title=title)
    app = D6App(
        saves=Path(saves), theme=chosen, themes=themes, config=config, problems=problems,
        open_path=open_path, session=session,
    )
    app.run()
    return app.return_code or 0


__all__ = ["D6App", "run_app", "BUILTIN_THEMES"]
