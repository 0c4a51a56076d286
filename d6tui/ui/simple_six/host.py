"""The Simple Six screen as the modules of its keys see it (:mod:`.fight_ui`,
:mod:`.roster_ui`, :mod:`.care_ui`, :mod:`.magic_menu`, :mod:`.perks_ui`...): a protocol, so
that they work on the screen without importing it (the screen imports them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from textual.app import App

from d6tui.engine.session import Session
from d6tui.games.simple_six.state import Campaign, Member
from d6tui.ui.simple_six.attack_box import AttackPlan


class SixHost(Protocol):
    """What the key modules use of :class:`~d6tui.ui.simple_six.screen.SimpleSixScreen`.

    Attributes:
        session: the campaign's session (its log).
        selected: the roster id of the character the GM picked, or None.
        hide_verdict: while character points may still be added, the tray keeps the verdict
            back ("Traditional OpenD6 Character Points").
        attack_plans: the last attack box's choices of each attacker or group, offered again
            on his next attack (:mod:`.fight_ui`).
    """

    session: Session
    selected: str | None
    hide_verdict: bool
    attack_plans: dict[str, AttackPlan]

    @property
    def app(self) -> App[Any]:
        """The running app (for its modals)."""
        ...

    @property
    def campaign(self) -> Campaign:
        """The folded campaign."""
        ...

    @property
    def table_mode(self) -> bool:
        """Some rolls are typed from table dice."""
        ...

    @property
    def table_setting(self) -> str:
        """``off``, ``all`` or ``players`` (whose rolls are typed)."""
        ...

    def typed_for(self, who: str | None) -> bool:
        """Whether a roll thrown by ``who`` (id or name; None: the GM's) is typed."""
        ...

    def do(self, command: Callable[..., dict], *args: Any, **kwargs: Any) -> dict | None:
        """Run a command and re-render; None when nothing was recorded."""
        ...

    def play(self, move_id: str, answers: dict[str, Any] | None = None) -> dict | None:
        """Make the GM's legal move ``move_id`` (``Session.play``); None when nothing was
        recorded."""
        ...

    async def roll_move(self, move_id: str, answers: dict[str, Any], *, shape: str | None = None,
                        who: str = "", known: tuple[str, ...] = (),
                        table: dict[str, Any] | None = None) -> dict | None:
        """Make a rolling move, with d6tui's dice or the table's."""
        ...

    def picked(self) -> Member | None:
        """The character the GM picked."""
        ...

    def notify(self, message: str, **kwargs: Any) -> None:
        """Show a notification."""
        ...

    def refresh_game(self) -> None:
        """Draw everything again from the state."""
        ...

    def action_table_mode(self) -> None:
        """Switch table dice on or off."""
        ...
