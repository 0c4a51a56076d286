"""Simple Six events in words, for the log view and the Markdown record ("Campaign").

Names come from the campaign folded before the event when the caller has it; otherwise each id
is put back in words (every id is made from its name, :func:`.state.slug`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from d6tui.engine.dice import roll_sum
from d6tui.games.simple_six import fight_roster, roster_edit, vehicle_log
from d6tui.games.simple_six.clock import time_words
from d6tui.games.simple_six.record import rolls_of, spell_targets
from d6tui.games.simple_six.state import Campaign
from d6tui.games.simple_six.table_dice import describe_table_dice
from d6tui.games.simple_six.wild import describe_roll
from d6tui.words import plural


def name_of(who: object, names: Mapping[str, str] | None = None) -> str:
    """A character's name for an id stored in an event.

    Args:
        who: the roster id (``"hedge-wizard-1"``).
        names: id -> name from the campaign, when the caller has it.

    Returns:
        The name; without ``names``, the id in words (``"Hedge Wizard 1"``), since every id is
        made from its name (:func:`.state.slug`).
    """
    key = str(who)
    if names and key in names:
        return names[key]
    return " ".join(w.capitalize() for w in key.split("-")) if key else key


def names_in(state: Campaign) -> dict[str, str]:
    """id -> name for everyone on the roster, and for the campaign's vehicles."""
    return {**{v.id: v.name for v in state.vehicles}, **{m.id: m.sheet.name for m in state.members}}


def describe(event: dict, state_before: Campaign | Mapping[str, str] | None = None) -> str:
    """An event in words, for the log view ("Campaign").

    Args:
        event: a stored event.
        state_before: the campaign folded just before ``event``: every name (characters,
            NPCs, vehicles) is its own, as the screen shows it ("Zoë O'Brien"), and renamed
            attributes read by the campaign's names ("Renaming Attributes"). An id -> name
            mapping names ids only. Without either, ids are put in words
            (``"brannoc-the-bold"`` -> ``"Brannoc The Bold"``).

    Returns:
        One line (with the spells a caster stopped keeping up when the event knocked him out
        or killed him, "Concentration (CONC)"; "(table dice)" when its wild-die rolls were
        typed from the table's dice).
    """
    if isinstance(state_before, Campaign):
        names: Mapping[str, str] | None = names_in(state_before)
        rename = state_before.settings.rename
    else:
        names = state_before
        rename = _same
    text = _describe(event, names) + lost_words(event, lambda w: name_of(w, names))
    if any(r.get("source") == "table" for _, r in rolls_of(event)):
        text += " (table dice)"  # typed from the real dice thrown ("Dice Basics")
    return rename(text)


def _same(text: str) -> str:
    return text


def _describe(event: dict, names: Mapping[str, str] | None = None) -> str:
    t = event["type"]

    def n(who: object) -> str:
        return name_of(who, names)

    who = n(event.get("who", ""))
    if t == "campaign_started":
        return "the campaign began"
    if t == "character_added":
        kind = "NPC" if event.get("sheet", {}).get("npc") else "character"
        return f"{kind} {event['sheet']['name']} joined"
    if t == "session_started":
        return f"session {event['number']} began"
    if t == "session_ended":
        # each one's whole award: the CP given and a CP for each complication that came up
        # ("Complications"), as the fold adds them to the sheet
        hero, cp = event.get("hero_points", {}), event.get("cp", {})
        came = event.get("complications", {})

        def award(k: str) -> str:
            extra = list(came.get(k, ()))
            out = f"{n(k)} {int(cp.get(k, 0)) + len(extra)} CP"
            if extra:
                out += f" ({len(extra)} for {', '.join(extra)})"
            return out + (f" +{hero[k]} hero" if hero.get(k) else "")
        awards = ", ".join(award(k) for k in [*cp, *(k for k in came if k not in cp)])
        return f"session {event['number']} ended" + (f": {awards}" if awards else "")
    if t == "cp_spent":
        kind = "quasi skill" if event["kind"] == "quasi" else event["kind"]
        return f"{who} spent {event['cost']} CP on {kind} {event['target']}"
    if t == "combat_started":
        return "a fight began: " + ", ".join(n(i) for i in event["ids"])
    if t == "round_started":
        order = ", ".join(f"{n(i['who'])} {i['roll']['total']}" for i in event["initiative"])
        return f"round {event['round']}: initiative {order}"
    if t == "turn_passed":
        skipped = [n(i) for i in event.get("skipped", ())]
        return f"{who} finished acting" + (
            f" ({', '.join(skipped)} cannot act: skipped)" if skipped else "")
    if t == "attacked":
        weapon = event.get("weapon")
        with_ = (f"{weapon} ({event['skill']})" if weapon and weapon != event["skill"]
                 else event["skill"])
        line = (f"{n(event['attacker'])} attacked {n(event['target'])} with {with_}:"
                f" {event['attack']['total']} vs {event['tn']}")
        if "helpless" in event:
            line += f" ({event['helpless']}: no defense)"
        elif event.get("dodge_held") or event.get("full_dodge") or (
                event.get("defense", {}).get("kind") == "full_dodge"):
            line += " (full dodge)"
        spent = event.get("defender_hero_points")
        if spent:
            line += f" ({n(event['target'])} spent {spent} hero point{'s' if spent > 1 else ''})"
        if not event.get("hit"):
            counter = event.get("counter")
            if isinstance(counter, dict):
                return (line + f", a miss: parried with the {counter['weapon']}, which hits"
                        f" {n(event['attacker'])} for {counter['damage']['total']} against"
                        f" {counter['resistance']}")
            return line + ", a miss"
        return (line + f", hit for {event['damage']['total'] + event.get('extra', 0)}"
                f" against {event['resistance']}")
    if t == "stay_up_rolled":
        ok = "stayed up" if "knockout" not in event else (
            f"was knocked out for {roll_sum(event['knockout'])} minutes")
        return f"{who} rolled Stamina {event['roll']['total']} and {ok}"
    if t == "mortal_rolled":
        # "Wound Level Effects": he dies if the roll is below his minutes at this level
        tn = event["roll"].get("target")
        why = (f"dies below {tn}, his minutes Mortally Wounded" if tn
               else "in his first minute Mortally Wounded no roll can fail")
        return f"{who} rolled Might {event['roll']['total']} against death ({why})"
    if t == "flesh_wound_taken":
        return f"{who} spent a hero point: just a flesh wound"
    if t == "healed":
        back = ""
        if "recovered" in event:
            back = f", {sum(event['recovered']['faces'])} Body Points back"
        how = event["method"]
        if event.get("healer") and event.get("healer") != event.get("who"):
            how += f" by {n(event['healer'])}"
        if "tn" in event and "roll" in event:  # wound levels: the roll against its TN
            total = event["roll"]["total"]
            if total < event["tn"]:
                return (f"{who} was treated ({how}) and it failed: {total} vs {event['tn']},"
                        " no wound level healed")
            return f"{who} was treated ({how}): {total} vs {event['tn']}, healed{back}"
        return f"{who} was treated ({how}){back}"
    if t == "rolled":
        return f"{who} rolled {event['what']}: {describe_roll(event['roll'])}"
    if t == "spell_cast":
        ok = "cast" if event["roll"]["total"] >= event["tn"] else "failed"
        on = f" on {n(event['target'])}" if "target" in event else ""
        took = [x for x in event.get("targets", ())
                if event["roll"]["total"] >= x.get("tn", event["tn"])]
        if [x for x in took if x["who"] != event.get("who")]:  # the caster too, if named
            on = " on " + ", ".join(n(x["who"]) for x in took)
        each = spell_targets(event, n)
        if each:  # a resisted spell: each target's own TN ("The Grimoire")
            ok = "cast" if took else "failed"
            return (f"{who} {ok} {event['spell']}: Magic {event['roll']['total']} vs "
                    f"{each}")
        if "damage" in event:
            on += f", {event['damage']['total']} damage vs {event['resistance']}"
        return (f"{who} {ok} {event['spell']}{on} ({event['roll']['total']} vs"
                f" {event['tn']})")
    if t == "rested":
        return f"{who} rested {event['minutes']} minutes"
    if t == "heal_focused":
        return (f"{who} began six turns of concentration to Heal {n(event['target'])}")
    if t == "combat_ended":
        return f"the fight ended after {plural(int(event['round']), 'round')}"
    if t in vehicle_log.FOLDS:
        return vehicle_log.describe(event, n)
    if t == "perk_used":
        return _perk_used(event, who)
    if t == "destiny_rerolled":
        roll = event["roll"] if "roll" in event else event["attack"]
        return (f"{who} called on Destiny and rerolled: {describe_roll(roll)}"
                + _attack_change(event))
    if t == "cp_added":
        count = event["character_points"]
        dice = ", ".join("+".join(str(f) for f in c) for c in event.get("cp_wild", ()))
        return (f"{who} spent {count} CP on the roll as wild dice ({dice})"
                + (f": {describe_roll(event['roll'])}" if "roll" in event else "")
                + _attack_change(event))
    if t == "halfway_taken":
        return (f"{who} took an automatic success on {event['what']} vs {event['tn']}"
                f" (Halfway There: {event['code']}, no roll)")
    if t == "repaired":
        ok = "repaired" if event["roll"]["total"] >= event["tn"] else "failed to repair"
        return (f"{n(event['repairer'])} {ok} {who} with {event['skill']}"
                f" ({event['roll']['total']} vs {event['tn']})")
    if t == "table_dice_set":
        return describe_table_dice(event)
    return (fight_roster.describe(event, n) or roster_edit.describe(event, n)
            or magic_words(event, n) or t)


def _attack_change(event: dict) -> str:
    """What a changed attack roll did: ``, now a hit for 17``, or nothing."""
    changes = event.get("changes")
    if not isinstance(changes, dict):
        return ""
    if not changes.get("hit"):
        return ", still a miss"
    if "damage" in changes:
        return (f", now a hit for {changes['damage']['total'] + changes.get('extra', 0)}"
                f" against {changes['resistance']}")
    return ", a hit"


def _perk_used(event: dict, who: str) -> str:
    """A ``perk_used`` event in words."""
    perk = event["perk"]
    note = f": {event['note']}" if event.get("note") else ""
    if perk == "Lucky":
        return f"{who} feels lucky: the next roll is doubled{note}"
    if perk == "Daredevil":
        return (f"{who} threw caution to the wind (Daredevil) for round {event.get('round')}:"
                f" Dodge, Block and Parry halved, Might against damage doubled{note}")
    if event.get("revealed") is False:
        return f"{who} studied it ({perk}), but nothing was revealed; it may be used again{note}"
    return f"{who} used {perk}{note}"


def lost_words(event: dict, n: Callable[[object], str]) -> str:
    """The words for an event's ``concentration_lost``, or ``""``."""
    out = []
    for x in event.get("concentration_lost", ()):
        if x.get("spell") == "Lightning Bolt":
            out.append(f"{n(x['who'])}'s unthrown Lightning Bolt dissipates")
            continue
        fall = " and floats gently down" if x.get("spell") == "Fly" else ""
        out.append(f"{n(x['who'])} loses concentration: {x['spell']} ends{fall}")
    return "; " + "; ".join(out) if out else ""


def magic_words(event: dict, n: Callable[[object], str]) -> str | None:
    """The spell events of :mod:`.spell_folds` in words for the log (``n`` puts an id in
    words), or None."""
    t = event["type"]
    who = n(event.get("who", ""))
    if t == "concentration_dropped":
        return f"{who} stopped keeping {event['spell']} up"
    if t == "effect_ended":
        return f"{event['spell']} on {who} ended"
    if t == "time_passed":
        return time_words(event, n)
    if t == "bolt_thrown":
        hit = (f"hit for {event['damage']['total']} vs {event['resistance']}"
               if event.get("hit") else "missed")
        return (f"{who} threw a Lightning Bolt at {n(event['target'])}:"
                f" {event['attack']['total']} vs {event['tn']}, {hit}")
    if t == "collapse_resisted":
        return (f"a building fell on {who}: {event['damage']['total']} damage vs"
                f" {event['resistance']}")
    if t == "tool_gained":
        spell = f" ({event['spell']})" if event.get("spell") else ""
        return f"{who} came by a {event['tool']}{spell}; it attunes in three days"
    if t == "tool_made":
        ok = event["roll"]["total"] >= event["tn"]
        return (f"{who} {'finished' if ok else 'failed to make'} a {event['tool']}"
                f" ({event['roll']['total']} vs {event['tn']}"
                f"{', ' + str(event['cp']) + ' CP' if ok else ', no CP spent'})")
    if t == "item_gained":
        return f"{who} came by {event['item']}"
    if t == "potion_drunk":
        return f"{who} drank a Potion of Skill ({event['skill']} +2D, ten minutes)"
    return None
