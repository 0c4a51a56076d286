"""The Simple Six screen's fight keys: start or end a fight, declare actions and roll
initiative, and the attack dialog (target, weapon, range and cover, defense, hero points)
("Combat", "Order of Actions in a Round", "Static Defenses", "Defensive Options").
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import campaign, helpless, reflexes
from d6tui.games.simple_six.campaign import Campaign
from d6tui.games.simple_six.sheet import Character, melee_skills
from d6tui.ui.screens.modals import ChoiceModal, ConfirmModal
from d6tui.ui.simple_six import defender_ui, perks_ui
from d6tui.ui.simple_six.forms import NumbersModal
from d6tui.ui.simple_six.host import SixHost

#: Weapons whose skill is named differently from the weapon, by skill list spelling.
WEAPON_SKILLS: dict[str, tuple[str, ...]] = {
    "Sword, 2h": ("Sword", "Melee Weapons", "Melee"),
    "Rapier": ("Sword", "Melee Weapons", "Melee"),
    "Hatchet": ("Axe", "Axe/Mace", "Melee Weapons", "Melee"),
    "Axe": ("Axe", "Axe/Mace", "Melee Weapons", "Melee"),
    "Mace": ("Mace", "Axe/Mace", "Melee Weapons", "Melee"),
    "Club": ("Mace", "Axe/Mace", "Melee Weapons", "Melee"),
    "Warhammer": ("Mace", "Axe/Mace", "Melee Weapons", "Melee"),
    "Halberd": ("Pole Arm", "Melee Weapons", "Melee"),
    "Spear": ("Pole Arm", "Melee Weapons", "Melee"),
    "Staff": ("Pole Arm", "Melee Weapons", "Melee"),
    "Light Pistol": ("Pistol",),
    "Heavy Pistol": ("Pistol",),
    "Plasma Pistol": ("Pistol",),
    "Shotgun": ("Rifle",),
    "Plasma Rifle": ("Rifle",),
    "Plasma BFG": ("BFG",),
    "Plasma Sword": ("Plasma Sword", "Melee"),
}


def attack_skill(sheet: Character, weapon: str | None, c: Campaign) -> str:
    """The skill an attack with ``weapon`` uses in this campaign (bare hands: Brawling)."""
    lst = c.settings.skills
    if weapon is None:
        return "Brawling"
    for name in (weapon, *WEAPON_SKILLS.get(weapon, ())):
        canon = lst.canonical(name)
        if canon is not None:
            return canon
    if campaign.weapon_is_ranged(weapon):
        return lst.canonical("Throwing") or "Brawling"
    names = melee_skills(c.settings) or ["Brawling"]
    return max(names, key=lambda n: sheet.skill(n, c.settings))


def most_actions(c: Campaign, who: str) -> int:
    """The most actions ``who`` may declare: as many as leave his best code 1D ("Multiple
    Actions": -1D on every roll for each action past the first)."""
    sheet = c.member(who).sheet
    codes = [code for _a, code in sheet.attributes]
    for e in sheet.skills:
        try:
            codes.append(sheet.skill(e.name, c.settings))
        except RuleError:
            continue
    return max([1, *(code.dice for code in codes)])


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
    targets = [m for m in (c.member(i) for i in fight.ids if i != a.id)
               if not (m.body.dead if m.body is not None else m.wounds.dead)]
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
    held = reflexes.held_dodge(fight, t.id)
    if why is not None or held is not None:
        # No defense to ask for: a helpless target makes none, a full dodge holds.
        screen.notify(f"{t.sheet.name} is {why}: no defense, Very Easy TN (Combat)."
                    if why is not None else
                    f"{t.sheet.name} is full dodging: the same dodge meets this attack.",
                    timeout=4)
    elif c.settings.combat == "static":
        # Block and Parry stop blows, not missiles ("Defensive Options").
        opts = [("Dodge", "dodge"), ("Dodge, full dodge +10", "full")]
        if not ranged:
            opts = [("the better of Block and Parry", "melee"), *opts,
                    ("Block", "block"), ("Parry", "parry")]
        choice = await screen.app.push_screen_wait(ChoiceModal(
            f"{t.sheet.name}'s defense (Static Defenses)", opts))
        if choice is None:
            return
        kw["defense"] = "dodge" if choice == "full" else choice
        kw["full_dodge"] = choice == "full"
    else:
        if ranged:
            opts = [("no defense: TN 10", "none"), ("Dodge", "dodge"),
                    ("full dodge", "full_dodge")]
        else:
            opts = [("no defense: TN 5 (hand-to-hand -5)", "none"), ("Dodge", "dodge"),
                    ("Block", "block"), ("Parry", "parry"), ("full dodge", "full_dodge")]
        choice = await screen.app.push_screen_wait(ChoiceModal(
            f"{t.sheet.name}'s defense (Defensive Options)", opts))
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
