"""The Simple Six screen's session record (key ``R`` and the palette): pick a session, then
the GM's record and the players' record (no NPC statistics) are written as Markdown in
``records/`` beside the save (:mod:`d6tui.games.simple_six.session_record`)."""

from __future__ import annotations

from pathlib import Path

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six.session_record import session_part, session_record
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.simple_six.host import SixHost


async def write_record(screen: SixHost) -> None:
    """Ask which session, then write its two records beside the save."""
    c = screen.campaign
    if c.session < 1:
        screen.notify("No session has been played yet: there is nothing to record.",
                      timeout=4)
        return
    number = c.session
    if c.session > 1:
        picked = await screen.app.push_screen_wait(ChoiceModal(
            "The record of which session?",
            [(f"session {n}" + (" (running)" if n == c.session and c.in_session else ""), n)
             for n in range(c.session, 0, -1)]))
        if picked is None:
            return
        number = int(picked)
    try:
        part = session_part(screen.session, number)
        gm = session_record(screen.session, part)
        players = session_record(screen.session, part, seat=1)
    except RuleError as e:
        screen.notify(str(e), title="No record", severity="error", markup=False)
        return
    log = screen.session.log
    folder = (log.path.parent if log else Path.cwd()) / "records"
    stem = f"{log.path.stem if log else 'campaign'}-session-{number}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{stem}.md").write_text(gm, encoding="utf-8")
        (folder / f"{stem}-players.md").write_text(players, encoding="utf-8")
    except OSError as e:
        screen.notify(f"Could not write the record: {e}", severity="error", markup=False)
        return
    screen.notify(f"Wrote {stem}.md (the GM's) and {stem}-players.md (no NPC statistics)"
                  f" in {folder}", timeout=8, markup=False)
