"""The Markdown record of a season: final boards and glory, then the log."""

from __future__ import annotations

from typing import Any

from d6tui.engine.mdtext import escape
from d6tui.engine.notes import NOTE, note_numbers, record_lines
from d6tui.games.d6_board.describe import space_name, status
from d6tui.games.d6_board.state import STATS, Board, glory, standings


def export_markdown(session: Any) -> str:
    """The game as Markdown: the standings, each hunter's final boards, and every event."""
    s: Board = session.state
    out = [f"# {escape(session.title)}", "", status(s), "", "## Glory", "",
           "| place | hunter | glory | gold | stats total |", "|---|---|---|---|---|"]
    for place, seat in enumerate(standings(s), 1):
        h = s.heroes[seat]
        win = " (winner)" if seat in s.winners else ""
        out.append(f"| {place} | {h.name}{win} | {glory(s, seat)} | {h.gold} | {sum(h.stats)} |")
    out += ["", "## Boards", ""]
    for i, h in enumerate(s.heroes):
        c = s.content
        klass = c["classes"].get(h.klass, {}).get("name", "?")
        hero = c["heroes"].get(h.hero, {}).get("name", "?")
        out.append(f"### {h.name}: {hero}, {klass}" + (" (chib form)" if h.chib else ""))
        out.append("")
        out.append("- Stats: " + ", ".join(f"{s.rules['stat_names'][k]} {v}"
                                            for k, v in zip(STATS, h.stats, strict=True)))
        out.append(f"- HP {h.hp}, gold {h.gold}, in {space_name(h.space)}")
        out.append("- Bounties delivered: " + (", ".join(
            f"{b} ({s.card(b)['class']} in {s.card(b)['space']}, {s.card(b)['glory']} glory)"
            for b in h.delivered) or "none"))
        out.append("- Bounties in the backpack: " + (", ".join(h.backpack) or "none"))
        out.append("- Guardians: " + (", ".join(s.kind(t)["name"] for t in h.trophies)
                                      or "none"))
        out.append("- Specialty hides: " + (", ".join(s.kind(t)["name"] for t in h.specialty
                                                      if t) or "none"))
        out.append(f"- Glory: {glory(s, i)}")
        out.append("")
    out += ["## Log", ""]
    numbers = note_numbers(session.events)
    for i in range(len(session.events)):
        e = session.history_entry(i)
        marker = f"{e.event['seq']}. "
        if e.event.get("type") == NOTE:  # the players' notes, quoted at their place
            out += record_lines(marker, e.event, e.undone, numbers.get(e.event["seq"]))
            continue
        words = escape(e.text)  # the hunters' names are the players' own
        text = f"~~{words}~~" if e.undone else words
        out.append(marker + text)
    return "\n".join(out) + "\n"
