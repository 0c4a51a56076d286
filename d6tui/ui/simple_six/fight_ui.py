"""The Simple Six screen's fight keys: start or end a fight, declare actions and roll
initiative, and the attack on one box (:mod:`.attack_box`: target by his key for the fight,
weapon, range and cover, defense with its TN, hero points), alone or for a group of NPCs,
with the verdict in words after the roll ("Combat", "Order of Actions in a Round", "Static
Defenses", "Defensive Options").
"""

from __future__ import annotations

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import (
    attack_preview,
    campaign,
    fight_roster,
    group_attack,
    helpless,
    recovery,
)
from d6tui.games.simple_six.attack_options import attack_skill, most_actions
from d6tui.games.simple_six.moves import attack_move_id
from d6tui.games.simple_six.roll_moves import actions_text
from d6tui.games.simple_six.state import Campaign
from d6tui.ui.screens.modals import ChoiceModal, ConfirmModal
from d6tui.ui.simple_six import care_ui, defender_ui, perks_ui
from d6tui.ui.simple_six.attack_box import AttackBox, AttackPlan, plan_keywords
from d6tui.ui.simple_six.forms import NumbersModal
from d6tui.ui.simple_six.host import SixHost


async def fight(screen: SixHost) -> None:
    """Start a fight between picked characters, or end the fight going on."""
    c = screen.campaign
    if c.combat is not None:
        if not await care_ui.settle_mortal_rolls(screen, "the fight ends"):
            return
        c = screen.campaign
        if c.combat is None:
            return
        if await screen.app.push_screen_wait(ConfirmModal(
                f"End the fight after round {c.combat.round}?", "End it")):
            screen.play("end_fight")
        return
    able = [m for m in c.members if not m.out_of_action]
    picked = await screen.app.push_screen_wait(ChoiceModal(
        "Who fights? (space or a number picks, Enter starts)",
        [(f"{'NPC' if m.sheet.npc else 'PC '} {m.sheet.name}", m.id) for m in able],
        multiple=True, minimum=2))
    if picked:
        screen.play("start_fight", {"who": list(picked)})


async def round_(screen: SixHost) -> None:
    """Declare each combatant's actions, then roll initiative (highest acts first)."""
    if screen.campaign.combat is None:
        return
    if not await care_ui.settle_mortal_rolls(screen, "the next round"):
        return
    fight = screen.campaign.combat
    if fight is None:
        return
    rows = [(i, screen.campaign.member(i).sheet.name, 1) for i in fight.ids
            if not screen.campaign.member(i).out_of_action]
    most = {i: most_actions(screen.campaign, i) for i, _n, _d in rows}
    got = await screen.app.push_screen_wait(NumbersModal(
        f"Round {fight.round + 1}: actions declared", rows, minimum=1, maximum=most,
        note="Each action past the first costs -1D on every roll (Multiple Actions); at"
             " most as many as leave the best roll 1D."))
    if got is None:
        return
    actions = {k: v for k, v in got.items() if v != 1}
    await screen.roll_move("roll_initiative", {"actions": actions_text(actions)})


async def attack(screen: SixHost, *, group: bool = False) -> None:
    """The acting combatant attacks, every choice on one box (:mod:`.attack_box`); with
    ``group``, he and the rest of his group still to act this round attack together, on his
    turn (:func:`~d6tui.games.simple_six.fight_roster.group_of`)."""
    c = screen.campaign
    fight = c.combat
    if fight is None or fight.actor is None:
        return
    a = c.member(fight.actor)
    try:  # refuse at the first key: the attack's own checks, before any question
        campaign.ready_to_attack(c, a.id)
    except RuleError as e:
        screen.notify(str(e), title="Not allowed", severity="error", timeout=6)
        return
    members = fight_roster.group_of(c, a.id) if group else [a.id]
    if not [t for t in attack_preview.targets(c, a.id, group=members) if not t.dead]:
        screen.notify("There is no one left to attack.", severity="warning")
        return
    title = f"{a.sheet.name} attacks"
    if len(members) > 1:
        title = f"{fight_roster.group_name(c, members)} attack, one after another"
    most = min(a.sheet.hero_points, 3) if len(members) == 1 else 0
    plan = await screen.app.push_screen_wait(AttackBox(
        c, a.id, plan=screen.attack_plans.get(_plan_key(c, a.id)), title=title,
        most_hero_points=most, group=tuple(members)))
    if plan is None:
        return
    screen.attack_plans[_plan_key(c, a.id)] = plan
    t = c.member(plan.target)
    why = helpless.helpless_reason(c, t)
    if why is not None and not await screen.app.push_screen_wait(ConfirmModal(
            f"{t.sheet.name} is {why}: helpless, a Very Easy TN. Attack anyway?",
            "Attack")):
        return
    if len(members) > 1:
        try:  # all or nothing: every member's attack is checked before any event
            group_attack.check_group_attack(
                c, members, t.id,
                lambda s, who: {**plan_keywords(s, who, plan),
                                "skill": attack_skill(s.member(who).sheet,
                                                      plan_keywords(s, who, plan)["weapon"], s)})
        except RuleError as e:
            screen.notify(str(e), title="Not allowed", severity="error", timeout=8)
            return
        if screen.play("group_turns") is None:
            return
    lines = []
    for i, who in enumerate(members):
        if i:  # the next of the group: his turn comes with the pass
            if screen.play("pass_turn") is None:
                break
        line = await _one_attack(screen, who, plan, len(members) == 1)
        if line is None:
            break
        lines.append(line)
    if lines:
        screen.notify("\n".join(lines), title="Attack" if len(lines) == 1 else "Attacks",
                      timeout=8)


def attack_answers(target: str, kw: dict) -> dict:
    """The attack move's answers (:func:`d6tui.games.simple_six.moves.attack_move_id`) for
    the attack command's keywords of a plan (:func:`.attack_box.plan_keywords`)."""
    out: dict = {"target": target}
    if kw.get("full_dodge"):
        out["defense"] = "full"
    elif kw.get("defense"):
        out["defense"] = kw["defense"]
    if "defense_declared" in kw:
        out["declared"] = "yes" if kw["defense_declared"] else "no"
    if kw.get("range_"):
        out["range"] = kw["range_"]
    if kw.get("cover"):
        out["cover"] = str(kw["cover"])
    for k in ("hero_points", "defender_hero_points"):
        if kw.get(k):
            out[k] = str(kw[k])
    return out


def _plan_key(c: Campaign, who: str) -> str:
    """What an attack plan is remembered by (:attr:`SixHost.attack_plans`): the attacker's
    group's first member, or his own id."""
    members = fight_roster.group_of(c, who)
    return members[0] if len(members) > 1 else who


async def _one_attack(screen: SixHost, who: str, plan: AttackPlan, alone: bool) -> str | None:
    """Roll one attack of ``who`` with ``plan``; the verdict in words, or None when it was
    not made."""
    c = screen.campaign
    a, t = c.member(who), c.member(plan.target)
    kw = plan_keywords(c, who, plan)
    why = helpless.helpless_reason(c, t)
    if alone and why is None and t.sheet.hero_points and not (
            c.settings.combat == "static" and c.settings.wounds == "levels"):
        spend = await defender_ui.ask_hero_points(screen, c, t, kw.get("defense"))
        if spend is None:
            return None
        kw["defender_hero_points"] = spend
    before = screen.campaign
    event = await screen.roll_move(attack_move_id(kw["weapon"]), attack_answers(t.id, kw),
                                   who=a.sheet.name)
    if not event:
        return None
    if alone:  # character points before the verdict, Destiny after a miss
        await perks_ui.after_roll(screen, a.id)
    last = screen.campaign.last_roll
    event = {**event, **(last.event if last is not None else {})}
    line = f"{a.sheet.name} on {t.sheet.name}: " + attack_preview.verdict(
        event, before, screen.campaign)
    after = screen.campaign.member(t.id)
    if event.get("hit") and after.wounds != before.member(t.id).wounds and (
            recovery.flesh_wound_open(screen.campaign, t.id)):
        # "Hero Points": once a fight, a hero point makes the wound one level less; asked
        # now the damage is known, before anything else comes of the wound
        if await screen.app.push_screen_wait(ConfirmModal(
                f"{t.sheet.name} is {after.wounds.level.label} ({t.sheet.hero_points} hero"
                " point left). Spend one for \"just a flesh wound\", a wound level less (once"
                " a fight, Hero Points)?", "Spend it", "No")):
            if screen.play("flesh_wound", {"who": t.id}) is not None:
                line += (f". {t.sheet.name} spent a hero point: just a flesh wound, now"
                         f" {screen.campaign.member(t.id).wounds.level.label}")
    if event.get("hit") and screen.campaign.member(t.id).wounds.stay_up_pending:
        line += f". {t.sheet.name} is Incapacitated: pick them and press w to stay up"
    return line
