"""The Simple Six screen's fight keys: start or end a fight, declare actions and roll
initiative, and the attack dialog (target, weapon, range and cover, defense, hero points)
("Combat", "Order of Actions in a Round", "Static Defenses", "Defensive Options").
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import campaign, helpless
from d6tui.games.simple_six.attack_options import (
    attack_skill,
    attack_targets,
    defense_options,
    most_actions,
    no_defense_reason,
)
from d6tui.ui.screens.modals import ChoiceModal, ConfirmModal
from d6tui.ui.simple_six import defender_ui, perks_ui
from d6tui.ui.simple_six.forms import NumbersModal
from d6tui.ui.simple_six.host import SixHost


async def fight(screen: SixHost) -> None:
    """Start a fight between picked characters, or end the fight going on."""
    c = screen.campaign
    if c.combat is not None:
        if await screen.app.push_screen_wait(ConfirmModal(
                f"End the fight after round {c.combat.round}?", "End it")):
            screen.do(campaign.end_combat)
        return
    able = [m for m in c.members if not m.out_of_action]
    picked = await screen.app.push_screen_wait(ChoiceModal(
        "Who fights? (space or a number picks, Enter starts)",
        [(f"{'NPC' if m.sheet.npc else 'PC '} {m.sheet.name}", m.id) for m in able],
        multiple=True, minimum=2))
    if picked:
        screen.do(campaign.start_combat, picked)


async def round_(screen: SixHost) -> None:
    """Declare each combatant's actions, then roll initiative (highest acts first)."""
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
    await screen.roll_command(campaign.start_round, actions, shape="map")


async def attack(screen: SixHost) -> None:
    """The acting combatant attacks: target, weapon, defense (and range, hero points)."""
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
    targets = attack_targets(c, a.id)
    if not targets:
        screen.notify("There is no one left to attack.", severity="warning")
        return
    t = await screen.app.push_screen_wait(ChoiceModal(
        f"{a.sheet.name} attacks whom?",
        [(f"{m.sheet.name}", m) for m in targets]))
    if t is None:
        return
    bare = "\x00bare"
    weapons: list[tuple[str, str]] = [
        (f"{w} ({attack_skill(a.sheet, w, c)})", w) for w in a.sheet.weapons]
    weapons.append(("bare hands (Brawling)", bare))
    choice_w = weapons[0][1]
    if len(weapons) > 1:
        choice_w = await screen.app.push_screen_wait(ChoiceModal("With what?", weapons))
        if choice_w is None:
            return
    weapon = None if choice_w == bare else choice_w
    ranged = weapon is not None and campaign.weapon_is_ranged(weapon)
    range_ = None
    cover = 0
    if ranged:
        range_ = await screen.app.push_screen_wait(ChoiceModal(
            "Range? (Missile Weapon Ranges)",
            [("short", "short"), ("medium +5", "medium"), ("long +10", "long"),
             ("point blank -5", "point_blank")]))
        if range_ is None:
            return
        cover = await screen.app.push_screen_wait(ChoiceModal(
            "Cover? (Attacking a Target)",
            [("none", 0), ("half +5", 50), ("three quarters +10", 75)]))
        if cover is None:
            return
    kw: dict[str, Any] = {"cover": cover} if ranged and cover else {}
    why = helpless.helpless_reason(c, t)
    no_defense = no_defense_reason(c, t)
    if no_defense is not None:
        screen.notify(no_defense, timeout=4)
    elif c.settings.combat == "static":
        choice = await screen.app.push_screen_wait(ChoiceModal(
            f"{t.sheet.name}'s defense (Static Defenses)", defense_options(c, ranged)))
        if choice is None:
            return
        kw["defense"] = "dodge" if choice == "full" else choice
        kw["full_dodge"] = choice == "full"
    else:
        choice = await screen.app.push_screen_wait(ChoiceModal(
            f"{t.sheet.name}'s defense (Defensive Options)", defense_options(c, ranged)))
        if choice is None:
            return
        if choice != "none":
            kw["defense"] = choice
        if choice in ("dodge", "block", "parry"):
            declared = await screen.app.push_screen_wait(ChoiceModal(
                f"Did {t.sheet.name} declare the {choice} with this round's actions?"
                " (Defensive Options)",
                [("no: -1D on every roll until their next turn", False),
                 ("yes: no extra penalty", True)]))
            if declared is None:
                return
            kw["defense_declared"] = declared
    if a.sheet.hero_points:  # NPC templates may give hero points too
        most = min(a.sheet.hero_points, 3)
        hp = await screen.app.push_screen_wait(ChoiceModal(
            f"Hero points on the attack? ({a.sheet.hero_points} left, Hero Points)",
            [(str(n), n) for n in range(most + 1)]))
        if hp is None:
            return
        kw["hero_points"] = hp

    if why is None and t.sheet.hero_points and not (
            c.settings.combat == "static" and c.settings.wounds == "levels"):
        spend = await defender_ui.ask_hero_points(screen, c, t, kw.get("defense"))
        if spend is None:
            return
        kw["defender_hero_points"] = spend
    skill = attack_skill(a.sheet, weapon, c)

    event = await screen.roll_command(campaign.attack, a.id, t.id, skill=skill, weapon=weapon,
                                    range_=range_, shape="map", who=a.sheet.name, **kw)
    if event:  # character points before the verdict, Destiny after a miss
        await perks_ui.after_roll(screen, a.id)
        last = screen.campaign.last_roll
        event = {**event, **(last.event if last is not None else {})}
    if event and event.get("hit"):
        after = screen.campaign.member(t.id)
        if after.wounds.stay_up_pending:
            screen.notify(f"{after.sheet.name} is Incapacitated: pick them and press w for"
                        " the Stamina roll to stay up.", timeout=6)
