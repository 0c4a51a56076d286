"""The ``o`` key of the Simple Six tracker: the fight's order. Add a combatant to the running
fight (he rolls initiative and takes his place), take one out, set an initiative total,
delay or hold the acting combatant's turn, or have a held turn taken now. The rules are
:mod:`d6tui.games.simple_six.fight_roster`'s ("Order of Actions in a Round").
"""

from __future__ import annotations

from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.simple_six.forms import NumbersModal
from d6tui.ui.simple_six.host import SixHost


def _tagged(screen: SixHost, ids: list[str]) -> list[tuple[str, str]]:
    """``(label, id)`` rows with each combatant's key for the fight in front."""
    c = screen.campaign
    fight = c.combat
    out = []
    for i in ids:
        tag = fight.tag(i) if fight is not None else ""
        out.append((f"[{tag}] {c.member(i).sheet.name}" if tag else c.member(i).sheet.name, i))
    return out


async def order(screen: SixHost) -> None:
    """The order menu: what can be done to the fight's order now."""
    c = screen.campaign
    fight = c.combat
    if fight is None:
        return
    outside = [m.id for m in c.members if m.id not in fight.ids and not m.out_of_action]
    still = list(fight.order[fight.current + 1:])
    # each entry has its own letter, the same in every round whichever are offered
    opts: list[tuple[str, str]] = []
    keys: list[str] = []

    def offer(key: str, label: str, value: str) -> None:
        keys.append(key)
        opts.append((label, value))
    if outside:
        offer("a", "add a combatant to the fight (rolls initiative)", "join")
    offer("t", "take a combatant out of the fight", "leave")
    if fight.round and (still or fight.held):
        offer("i", "set the initiative total of one still to act", "total")
    if fight.actor is not None and not fight.used:
        actor = c.member(fight.actor).sheet.name
        offer("d", f"{actor} delays: acts after another, or last", "delay")
        offer("h", f"{actor} holds the turn: acts when you say, this round", "hold")
    if fight.held:
        offer("n", "a held turn is taken now", "act")
    what = await screen.app.push_screen_wait(ChoiceModal("The fight's order", opts,
                                                         keys=keys))
    if what is None:
        return
    if what == "join":
        who = await screen.app.push_screen_wait(ChoiceModal(
            "Who joins the fight?", [(c.member(i).sheet.name, i) for i in outside]))
        if who is not None:
            await screen.roll_move("join_fight", {"who": who},
                                   who=c.member(who).sheet.name)
    elif what == "leave":
        who = await screen.app.push_screen_wait(ChoiceModal(
            "Who leaves the fight? (his key is not given to another)",
            _tagged(screen, list(fight.ids))))
        if who is not None:
            screen.play("leave_fight", {"who": who})
    elif what == "total":
        who = await screen.app.push_screen_wait(ChoiceModal(
            "Whose initiative total?", _tagged(screen, [*still, *fight.held])))
        if who is None:
            return
        now = dict(fight.totals).get(who, 0)
        got = await screen.app.push_screen_wait(NumbersModal(
            f"Initiative of {c.member(who).sheet.name}", [("total", "Total", now)],
            note="Those still to act are put in order again (Order of Actions in a Round)."))
        if got is not None:
            screen.play("set_initiative", {"who": who, "total": str(got["total"])})
    elif what == "delay":
        rows = [*_tagged(screen, still), ("last in the round", "")]
        after = await screen.app.push_screen_wait(ChoiceModal("Act right after whom?", rows))
        if after is not None:
            screen.play("delay_turn", {"after": after})
    elif what == "hold":
        screen.play("hold_turn")
    elif what == "act":
        held = list(fight.held)
        who = held[0] if len(held) == 1 else await screen.app.push_screen_wait(ChoiceModal(
            "Who takes the held turn now?", _tagged(screen, held)))
        if who is not None:
            screen.play("act_held", {"who": who})
