"""The end of the tale: E17 counts the final fame and J09 gives the hero's status."""

from __future__ import annotations

from d6tui.games.tales import sheet
from d6tui.games.tales.state import Tale, evolve


def score(state: Tale) -> tuple[int, int, int, int]:
    """J09: the hero's fame, fame for quests (15 each, given in the castle or a village),
    fame for gold (1 each), and their total.

    Args:
        state: the tale.
    """
    h = sheet.hero(state)
    quests = 15 * sum(1 for q in state.quests if q.done and q.counts)
    return h.fame, quests, h.gold, h.fame + quests + h.gold


def finish(state: Tale) -> Tale:
    """E17 and J09: count the final fame and give the status; the tale is over."""
    total = score(state)[3]
    status = status_for(state, total)
    state = sheet.say(state, f"final fame {total}: {status}")
    return evolve(state, over=True, step="over", tasks=(), fight=None, dungeon="", room=0,
                   final_fame=total, status=status)


def status_for(state: Tale, fame: int) -> str:
    """The J09 status for a final fame.

    Args:
        state: the tale (its content holds the J09 table).
        fame: the final fame.
    """
    title = state.content.status[0][1]
    for low, name in state.content.status:
        if fame >= low:
            title = name
    return title
