"""What the Simple Six screen shows above and below the tables: the banner line (the
session, the fight, who acts and which key does what) and the dice tray's latest roll, die by
die with the wild die marked.
"""

from __future__ import annotations

from rich.text import Text

from d6tui.games.simple_six import recovery, reflexes, wounds
from d6tui.games.simple_six.campaign import Campaign
from d6tui.games.simple_six.describe import names_in
from d6tui.games.simple_six.record import main_roll, spell_targets
from d6tui.games.simple_six.rules import describe
from d6tui.games.simple_six.view import GM
from d6tui.games.simple_six.wild import describe_roll
from d6tui.ui.simple_six.host import SixHost
from d6tui.ui.widgets.dice_tray import TrayDie, TrayRoll

#: Events with no dice the tray still tells when they are the latest step.
_TRAY_WORDS = frozenset({"healed", "cp_spent", "flesh_wound_taken", "perk_used", "rested",
                         "time_passed", "concentration_dropped", "effect_ended",
                         "halfway_taken"})


def banner_line(screen: SixHost, state: Campaign) -> Text:
    """One line: the session, the fight, who acts and what to press. The keys named are
    those that act at this seat: at a shared table a player's seat makes no moves (the GM
    makes them), so its line names none."""
    out = Text()
    acts = seat_acts(screen)

    def key(text: str) -> None:
        if acts:
            out.append(text)

    if not state.members:
        out.append("An empty campaign: ", "bold")
        key("c makes a player character, n adds an NPC.")
    elif state.combat is not None:
        fight = state.combat
        if fight.round == 0 or fight.actor is None:
            out.append(f"Round {fight.round}: " if fight.round else "Fight: ", "bold")
            key("r rolls initiative for the next round, f ends the fight.")
        else:
            actor = state.member(fight.actor)
            name = actor.sheet.name
            if actor.wounds.dead or (actor.body is not None and actor.body.dead):
                out.append(f"Round {fight.round}: {name} is dead. ", "bold")
                key("space passes.")
            elif actor.out_of_action:
                out.append(f"Round {fight.round}: {name} cannot act. ", "bold")
                # "w" only when a wound roll is due (not for a sleeper or the stunned)
                roll_due = actor.body is None and (actor.wounds.stay_up_pending or (
                    actor.wounds.level == wounds.WoundLevel.MORTALLY_WOUNDED
                    and actor.wounds.mortal_rolled_round != fight.round))
                key("space passes; w for a wound roll." if roll_due else "space passes.")
            elif reflexes.held_dodge(fight, actor.id) is not None:
                # "Full Dodge": nothing but dodging until the next turn.
                out.append(f"Round {fight.round}: {name} is full dodging. ", "bold")
                key("x roll, space done.")
            else:
                # "Multiple Actions": no more attacks or spells than were declared.
                n, left = fight.declared(actor.id), fight.actions_left(actor.id)
                if left == 0:
                    out.append(f"Round {fight.round}: {name} has made every action"
                               " declared. ", "bold")
                    key("space done (a check is an action too).")
                else:
                    if n > 1:  # the count, in the room "x roll" took (x is in help)
                        out.append(f"Round {fight.round}: {name} acts ({left} left). ",
                                   "bold")
                        key("a attack, m magic, space done.")
                    else:
                        out.append(f"Round {fight.round}: {name} acts. ", "bold")
                        key("a attack, m magic, x roll, space done.")
        if fight.round:
            # Out of the initiative, the Mortally Wounded have no turn to prompt their
            # Might roll; say whose roll this round is still to come.
            due = [state.member(i).sheet.name for i in recovery.mortal_rolls_due(state)]
            if due:
                out.append(f"  Might against death due: {', '.join(due)}"
                           f"{' (w)' if acts else ''}.", "italic")
    elif state.in_session:
        out.append(f"Session {state.session}. ", "bold")
        key("f starts a fight, s ends the session.")
    else:
        out.append("Between sessions. ", "bold")
        key("s starts a session, v spends CP.")
    if not acts:
        out.append(("" if out.plain.endswith(" ") else " ") + "The GM makes the moves.",
                   "italic")
    if screen.table_mode:
        out.append("  [table dice: players]" if screen.table_setting == "players"
                   else "  [table dice]", "italic")
    return out


def seat_acts(screen: SixHost) -> bool:
    """Whether this screen's keys act: at one keyboard always; at a shared table only at
    the GM's seat. The seat's role decides, not its legal moves: a player who wrote a note
    may undo it, yet makes none of the GM's moves (:mod:`d6tui.games.simple_six.moves`)."""
    if not getattr(screen, "at_table", False):
        return True
    return getattr(screen, "table_seat", None) == GM


def table_tray(screen: SixHost) -> TrayRoll:
    """The tray at a shared table: the latest step that is not undone, in the words of this
    seat's log (which hold the dice, marked when typed at the table, and say nothing the
    seat may not see)."""
    events = screen.session.events
    for i in range(len(events) - 1, max(-1, len(events) - 60), -1):
        ev = events[i]
        entry = screen.session.history_entry(i)
        if ev.get("type") in ("undone", "redone", "retitled", "note") or entry.undone:
            continue
        return TrayRoll(caption=screen.campaign.settings.rename(entry.text))
    return TrayRoll()


def initiative_totals(screen: SixHost) -> dict[str, int]:
    """The initiative each combatant rolled this round (from the round's event)."""
    if screen.campaign.combat is None or not screen.campaign.combat.round:
        return {}
    rnd = screen.campaign.combat.round
    events = screen.session.events
    for i in range(len(events) - 1, -1, -1):
        ev = events[i]
        if ev.get("type") == "round_started" and ev.get("round") == rnd:
            entry = screen.session.history_entry(i)
            if not entry.undone:
                return {e["who"]: e["roll"]["total"] for e in ev["initiative"]}
    return {}


def tray_roll(screen: SixHost) -> TrayRoll:
    """The latest roll, die by die, with the event in words (at a shared table, the latest
    step in the words of the seat's log: a seat's frame carries no faces, :func:`table_tray`).
    """
    if getattr(screen, "at_table", False):
        return table_tray(screen)
    events = screen.session.events
    for i in range(len(events) - 1, max(-1, len(events) - 60), -1):
        ev = events[i]
        if ev.get("type") in ("undone", "redone", "retitled", "note"):
            continue
        if screen.session.history_entry(i).undone:
            continue
        first = main_roll(ev)
        if first is None:
            if i == len(events) - 1 and ev.get("type") in _TRAY_WORDS:
                # a potion, a flesh wound, CP spent: no dice, but the tray says it
                words = describe(ev, names_in(screen.campaign))
                if ev["type"] in ("healed", "flesh_wound_taken"):
                    m = screen.campaign.member(str(ev["who"]))
                    if m.body is None:
                        words += f" \u2192 {m.sheet.name}: {m.wounds.level.label}"
                return TrayRoll(caption=screen.campaign.settings.rename(words))
            continue
        _key, roll = first
        if ev.get("type") == "round_started":
            return TrayRoll(caption=screen.campaign.settings.rename(
                                describe(ev, names_in(screen.campaign))),
                            source=roll.get("source", "app"))
        dice = tuple(TrayDie(f) for f in roll["faces"]) + tuple(
            TrayDie(f, "wild") for f in roll["wild"])
        for chain in roll.get("cp_wild", ()):
            dice += tuple(TrayDie(f, "cp") for f in chain)
        hide = screen.hide_verdict
        notes: tuple[str, ...] = (describe_roll(roll, verdict=not hide),)
        if roll.get("modifiers"):
            notes += ("; ".join(roll["modifiers"]),)
        targets = spell_targets(ev, lambda who: screen.campaign.member(str(who)).sheet.name)
        if targets and not hide:  # "The Grimoire": each target's own TN
            notes += (targets,)
        caption = screen.campaign.settings.rename(describe(ev, names_in(screen.campaign)))
        if hide:
            # what the roll is against, not whether it made it (the verdict waits)
            tn = roll.get("target", ev.get("tn"))
            against = f" against TN {tn}" if isinstance(tn, int) else ""
            caption = (f"Total {roll['total']}{against}: character points may still be"
                       " added.")
        return TrayRoll(dice, roll.get("source", "app"), caption, notes)
    return TrayRoll(caption="No dice rolled yet.")
