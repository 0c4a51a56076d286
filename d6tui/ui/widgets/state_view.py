"""The base of every widget drawn from a game's state: :class:`StateView`.

A screen folds the log, asks the game's ``view(state, seat)`` what the watching seat may
see, and hands that value (or a picture made from it) to its widgets with
:meth:`StateView.update_view`. A widget keeps the value it was last given in its ``view``
reactive and draws it in :meth:`StateView.render_view`; it never changes the state, never
reads the session, and never sees more than the view it was given (DESIGN "UI
conventions"). Views are immutable values (frozen dataclasses, tuples), so "changed" is
``==``: handing a widget the view it already draws costs no redraw.

Shapes, by game (what ``view`` holds):

- D6 Shooter: the seat's :class:`~d6tui.games.shooter.state.ShooterState`.
- 6x6 Tales: a :class:`~d6tui.ui.tales.view.TalesView` (the tale, the tale as the turn
  began, the map cursor, the reach, the notes).
- Simple Six: the :class:`~d6tui.games.simple_six.state.Campaign`.
- D6 Dungeon: a :class:`~d6tui.ui.dungeon.waffle.WafflePicture` of one side.
- The D6 board game: the :class:`~d6tui.games.d6_board.state.Board` as the seat sees it
  (cards in other hands hidden).
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class StateView(Widget):
    """A widget drawn from the view it is given.

    Subclasses implement :meth:`render_view`; they may narrow :attr:`view`'s type (and its
    default, or ``layout``) by declaring the reactive again. A view of ``None`` (nothing
    given yet), or one :meth:`shows` turns down, draws :meth:`render_empty`.

    Attributes:
        view: the value drawn (see the module docstring for each game's shape); ``None``
            until the screen gives one. Its height may follow it (``layout=True``).
    """

    view: reactive[Any] = reactive(None, layout=True)

    def update_view(self, view: Any) -> bool:
        """Draw ``view`` from now on; redraw (and lay out again) only when it differs from
        the view drawn.

        Args:
            view: the new view (an immutable value, compared with ``==``), or ``None``.

        Returns:
            Whether it differed (so a redraw was asked for).
        """
        if view is self.view:
            return False
        # The reactive compares once (``!=``) and keeps the old value when they are equal.
        self.view = view
        return self.view is view

    def render(self) -> RenderableType:
        """The view drawn by :meth:`render_view`, or :meth:`render_empty` before one."""
        view = self.view
        if view is None or not self.shows(view):
            return self.render_empty()
        return self.render_view(view)

    def shows(self, view: Any) -> bool:
        """Whether ``view`` has anything to draw yet (say, a game before its setup): all
        views do unless a subclass says otherwise."""
        return True

    def render_empty(self) -> RenderableType:
        """What shows before the screen gives a view: nothing."""
        return Text("")

    def render_view(self, view: Any) -> RenderableType:
        """What the widget shows for ``view``; every subclass implements it.

        Raises:
            NotImplementedError: on the base class.
        """
        raise NotImplementedError(f"{type(self).__name__} must implement render_view")
