"""The Markdown record of a game: the standings (glory, the Alliance teams, or the hides
collected), the final boards, then the log."""

from __future__ import annotations

from typing import Any

from d6tui.engine.mdtext import escape
from d6tui.engine.notes import NOTE, note_numbers, record_lines
from d6tui.games.d6_board.describe import space_name, status, winner_line
from d6tui.games.d6_board.state import STATS, Board, alliance, glory, standings, tie_key


def team_lines(s: Board) -> list[str]:
    """Alliance: the two teams (seats 1 and 3 against 2 and 4), each team's glory, gold and
    stat total as they decide the win (``tie_key``), and the winning team."""
    out = ["## Teams", "", "| team | hunters | glory | gold | stats total |",
           "|---|---|---|---|---|"]
    for team in (0, 1):
        seats = [i for i in range(len(s.heroes)) if i % 2 == team]
        names = " and ".join(s.heroes[i].name for i in seats)
        g, gold, total = tie_key(s, seats[0])
        win = " (winners)" if s.over and seats[0] in s.winners else ""
        each = ", ".join(f"{s.heroes[i].name} {glory(s, i)}" for i in seats)
        out.append(f"| {team + 1}{win} | {names} | {g} ({each}) | {gold} | {total} |")
    if s.over and s.winners:
        team = s.winners[0] % 2 + 1
        out += ["", f"Team {team} wins: "
                + " and ".join(s.heroes[i].name for i in s.winners) + "."]
    return out


def hide_lines(s: Board) -> list[str]:
    """Hide Collection: hides collected, turns used, won or lost (no glory: "Solo &
    Co-op")."""
    hc = s.hc
    assert hc is not None
    out = ["## Hide Collection", "", f"- Hides collected: {len(hc.slots)} of 15",
           f"- Turns: {min(hc.turn, hc.max_turns)} of {hc.max_turns}"]
    if s.over:
        out.append("- Result: " + ("won, all 15 hides collected" if hc.result == "won"
                                   else "lost, out of turns"))
    return out


def export_markdown(session: Any) -> str:
    """The game as Markdown: the standings, each hunter's final boards, and every event."""
    s: Board = session.state
    out = [f"# {escape(session.title)}", "", status(s), ""]
    if s.hc is not None:
        out += hide_lines(s)
    elif alliance(s):
        out += team_lines(s)
    else:
        out += ["## Glory", "", "| place | hunter | glory | gold | stats total |",
                "|---|---|---|---|---|"]
        for place, seat in enumerate(standings(s), 1):
            h = s.heroes[seat]
            win = " (winner)" if seat in s.winners else ""
            out.append(f"| {place} | {h.name}{win} | {glory(s, seat)} | {h.gold} | "
                       f"{sum(h.stats)} |")
        if s.over:
            out += ["", winner_line(s) + "."]
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
        def bounties(cards: tuple[str, ...]) -> str:
            return ", ".join(f"{b} ({s.card(b)['class']} in {s.card(b)['space']}"
                             + (")" if s.hc is not None else f", {s.card(b)['glory']} glory)")
                             for b in cards) or "none"

        out.append("- Bounties delivered: " + bounties(h.delivered))
        out.append("- Bounties in the backpack: " + bounties(h.backpack))
        out.append("- Guardians: " + (", ".join(s.kind(t)["name"] for t in h.trophies)
                                      or "none"))
        out.append("- Specialty hides: " + (", ".join(s.kind(t)["name"] for t in h.specialty
                                                      if t) or "none"))
        if s.hc is None:  # no glory in Hide Collection ("Solo & Co-op")
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
