"""The ``m`` magic menu of the Simple Six screen: cast a spell at its targets, throw a held
Lightning Bolt, drop a spell kept up, end or dispel a spell, let time pass, rest, and the
Sorcerer's Tools and enchanted items ("The Simple Magic System", "The Grimoire",
"Sorcerer's Tools", "Enchanted Items").

Every step is a small modal (pick from a list with a number key or arrows + Enter), so the
flow fits 80x24; rolls go through the screen's ``roll_move`` and so can be typed from the
table's dice.
"""

from __future__ import annotations

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import (
    campaign,
    clock,
    heal_focus,
    helpless,
    magic,
    magic_moves,
    reflexes,
    rolling,
    spell_folds,
    tools,
    wounds,
)
from d6tui.games.simple_six.campaign import Member
from d6tui.games.simple_six.effects import DAY, TARGETS, Effect
from d6tui.games.simple_six.sheet import can_use_magic
from d6tui.games.simple_six.state import Campaign
from d6tui.ui.screens.modals import ChoiceModal, ConfirmModal, TextPrompt
from d6tui.ui.simple_six import perks_ui
from d6tui.ui.simple_six.forms import NumbersModal
from d6tui.ui.simple_six.host import SixHost
from d6tui.ui.simple_six.pickers import hero_point_choice, member_choice
from d6tui.ui.simple_six.time_ui import let_time_pass, run_time

_OTHER = "\x00"


def _spell_line(sp_name: str, m: Member, c: Campaign) -> str:
    sp = c.settings.content.spell(sp_name)
    if sp.name == campaign.HEAL_SPELL:
        return f"{sp.name} (TN by the target's wounds)"
    tn = "GM" if sp.tn is None else str(sp.tn)
    if sp.name == "Dispel Magic":
        tn = "spell's TN +5"
    resist = f" + {sp.resist}" if sp.resist else ""
    conc = ", conc" if sp.concentration else ""
    return f"{sp.name} (TN {tn}{resist}{conc})"


async def ask_hero_points(screen: SixHost, m: Member, what: str) -> int | None:
    """Ask how many hero points ``m`` spends on the roll for ``what`` ("Hero Points": before
    any roll), as the attack dialog does: 0 without asking when he has none; at most 3 (+6
    each), or 1 under "Traditional OpenD6 Hero Points" (it doubles the dice).

    Returns:
        The points, or None when the GM backs out.
    """
    have = m.sheet.hero_points
    if have <= 0:
        return 0
    most = min(have, 1 if screen.campaign.settings.wild.hero_points == "traditional" else 3)
    return await screen.app.push_screen_wait(hero_point_choice(
        f"Hero points on {what}? ({have} left, Hero Points)", most))


async def run(screen: SixHost, m: Member) -> None:
    """The magic menu for the picked character ``m``."""
    c = screen.campaign
    opts: list[tuple[str, str]] = []
    title = f"{m.sheet.name}: magic"
    try:  # the casting rules' own checks, before a spell is picked ("Casting Spells")
        campaign.check_can_cast(c, m)
        why = None
    except RuleError as refused:
        why = c.settings.rename(str(refused))
    if can_use_magic(m.sheet, c.settings) and why is None:
        opts += [(_spell_line(n, m, screen.campaign), n) for n in m.sheet.spells]
        opts += [(f"read the scroll of {i.partition(': ')[2]}", _OTHER + "scroll:" + i)
                 for i in dict.fromkeys(m.items) if i.startswith("Scroll: ")]
    elif can_use_magic(m.sheet, c.settings):
        title += f" (no casting now: {why})"
    if any(e.spell == "Lightning Bolt" for e in m.effects):
        opts.append(("throw the Lightning Bolt (Throwing, 5D)", _OTHER + "bolt"))
    for _t, e in _held(screen, m):
        opts.append((f"drop {e.spell} (kept up: an action)", _OTHER + f"drop:{e.cast}"))
    for name in _bare_maintained(screen, m):
        opts.append((f"drop {name} (kept up: an action)", _OTHER + f"dropname:{name}"))
    if any(x.effects for x in c.members):
        opts.append(("end a spell on someone (GM)", _OTHER + "end"))
    if any(e.spell == "Earthquake" for x in c.members for e in x.effects):
        opts.append(("a building falls on someone (Earthquake, 6D)", _OTHER + "collapse"))
    if m.caster.failures and c.combat is None:  # an hour passes for everyone, at rest
        opts.append((f"rest an hour (clears -{m.caster.failures}D)", _OTHER + "rest"))
    if c.combat is None:
        opts.append(("let time pass (spells run out, tools attune)", _OTHER + "time"))
    opts.append(("tools, items, scrolls, potions...", _OTHER + "items"))
    choice = await screen.app.push_screen_wait(ChoiceModal(title, opts))
    if choice is None:
        return
    if not choice.startswith(_OTHER):
        await cast(screen, m, choice)
        return
    what = choice[1:]
    if what.startswith("scroll:"):
        await cast(screen, m, what.partition(": ")[2], scroll=True)
    elif what == "bolt":
        await _throw(screen, m)
    elif what.startswith("drop:"):
        screen.play("drop_spell", {"caster": m.id, "spell": what.partition(":")[2]})
    elif what.startswith("dropname:"):
        screen.play("drop_spell", {"caster": m.id, "spell": "name:" + what.partition(":")[2]})
    elif what == "end":
        picked = await _pick_effect(screen, "End which spell?")
        if picked is not None:
            screen.play("end_spell", {"effect": f"{picked[0]}:{picked[1]}"})
    elif what == "collapse":
        shaken = [x for x in c.members if any(e.spell == "Earthquake" for e in x.effects)]
        who = await screen.app.push_screen_wait(member_choice(
            c, "Who is caught under a falling building? (resists 6D)", shaken))
        if who is not None:
            await screen.roll_move("collapse", {"who": who},
                                   who=c.member(who).sheet.name)
    elif what == "rest":  # an hour passes for everyone, at rest (one clock)
        await run_time(screen, "1 h", rest=True)
    elif what == "time":
        await let_time_pass(screen)
    elif what == "items":
        await _items(screen, m)


def _held(screen: SixHost, m: Member) -> list[tuple[Member, Effect]]:
    """One entry for each cast ``m`` keeps up (:func:`.magic_moves.held_casts`)."""
    return magic_moves.held_casts(screen.campaign, m.id)


def _bare_maintained(screen: SixHost, m: Member) -> list[str]:
    """Spells kept up with no effect recorded (older logs)."""
    return magic_moves.bare_maintained(screen.campaign, m.id)


def _cast_answers(m: Member, spell: str, kw: dict) -> dict:
    """The ``cast`` move's answers for ``m`` casting ``spell`` with the asked ``kw``
    (:func:`d6tui.games.simple_six.magic_moves.cast`)."""
    out: dict = {"caster": m.id, "spell": spell}
    if kw.get("targets"):
        out["targets"] = list(kw["targets"])
    if "dispel" in kw:
        out["dispel"] = f"{kw['dispel'][0]}:{kw['dispel'][1]}"
    for name in ("tn", "detail", "steps"):
        if name in kw:
            out[name] = str(kw[name])
    for name in ("levitate", "staff", "scroll"):
        if kw.get(name):
            out[name] = "yes"
    if kw.get("hero_points"):
        out["hero_points"] = str(kw["hero_points"])
    return out


async def _pick_effect(screen: SixHost, title: str, *, dispel: bool = False
                       ) -> tuple[str, int] | None:

    c = screen.campaign
    opts = []
    for x, e in spell_folds.active(c):
        tail = f" TN {e.tn + magic.DISPEL_MARGIN}" if dispel else f" ({e.left(c.minutes)})"
        opts.append((f"{x.sheet.name}: {e.label()}{tail}", f"{x.id}\x00{e.cast}"))
    if not opts:
        screen.notify("No spell is working on anyone.", timeout=4)
        return None
    got = await screen.app.push_screen_wait(ChoiceModal(title, opts))
    if got is None:
        return None
    who, _, cast_no = got.partition("\x00")
    return who, int(cast_no)


async def cast(screen: SixHost, m: Member, spell: str, *, scroll: bool = False
               ) -> None:
    """Ask what the spell needs (targets, element, steps, TN, the staff), then roll it."""
    c = screen.campaign
    sp = c.settings.content.spell(spell)
    if sp.name == campaign.HEAL_SPELL:
        await cast_heal(screen, m, scroll=scroll)
        return
    kw: dict = {}
    kind = TARGETS.get(sp.name, "one")
    if sp.name == "Dispel Magic":
        picked = await _pick_effect(screen, "Dispel which spell? (its TN + 5)", dispel=True)
        if picked is None:
            return
        kw["dispel"] = picked
    elif kind == "one":
        people = c.members
        if sp.name == "Resurrection":
            people = tuple(x for x in c.members
                           if x.wounds.dead or (x.body is not None and x.body.dead))
            if not people:
                screen.notify("No one is dead: Resurrection has no one to raise.", timeout=4)
                return
        target = await screen.app.push_screen_wait(member_choice(
            c, f"{sp.name} on whom?", people))
        if target is None:
            return
        kw["targets"] = [target]
    elif kind == "many":
        most = None
        note = "Space or a number picks, Enter casts."
        if sp.name == "Slumber":
            most = rolling.code_for(c, m, "Magic").dice
            note = f"At most {most}, one for each die of Magic. " + note
        first: list[int] = []
        if sp.name == "Bless":  # the caster's side picked to begin with: his allies
            note = "The allies within 30 feet (his side is picked). " + note
            first = [i for i, x in enumerate(c.members) if x.sheet.npc == m.sheet.npc
                     and not x.out_of_action
                     and (c.combat is None or x.id in c.combat.ids or m.id not in c.combat.ids)]
        picked = await screen.app.push_screen_wait(member_choice(
            c, f"{sp.name} on whom?", c.members,
            multiple=True, minimum=1, maximum=most, note=note, picked=first))
        if not picked:
            return
        kw["targets"] = list(picked)
    if sp.name == "Resist Elements":
        element = await screen.app.push_screen_wait(TextPrompt(
            "Resist Elements: which element?", "fire", "fire, cold, electricity..."))
        if not element:
            return
        kw["detail"] = element
    if sp.name in ("Growth", "Shape Change"):
        got = await screen.app.push_screen_wait(NumbersModal(
            f"{sp.name}", [("steps", "Steps of scale up (+10 TN each)",
                            1 if sp.name == "Growth" else 0)], note="Scaling"))
        if got is None:
            return
        kw["steps"] = got["steps"]
    if sp.name == "Fly":
        lev = await screen.app.push_screen_wait(ChoiceModal(
            "Fly how?", [("fly (TN 23)", False), ("only rise and sink (TN 15)", True)]))
        if lev is None:
            return
        kw["levitate"] = lev
    if sp.tn is None and sp.resist is None and sp.name not in ("Teleport", "Dispel Magic",
                                                               "Illusions"):
        got = await screen.app.push_screen_wait(NumbersModal(
            f"Cast {sp.name}", [("tn", f"TN the GM sets for {sp.name}", 25)],
            note="The Grimoire"))
        if got is None:
            return
        kw["tn"] = got["tn"]
    kw["staff"] = bool(await ask_staff(screen, m))
    if scroll:
        kw["scroll"] = True
    hp = await ask_hero_points(screen, m, f"casting {sp.name}")
    if hp is None:
        return
    if hp:
        kw["hero_points"] = hp
    if await screen.roll_move("cast", _cast_answers(m, sp.name, kw),
                              who=m.sheet.name):

        await perks_ui.after_roll(screen, m.id)  # character points, Destiny


async def ask_staff(screen: SixHost, m: Member) -> bool | None:
    """Whether ``m`` calls on his attuned Spell Staff's daily +1D for this cast (False when
    he has none ready, None when the question was escaped) ("Sorcerer's Tools")."""
    now = screen.campaign.minutes
    if not any(t.kind == "Spell Staff" and t.attuned(now) and t.staff_day != now // DAY
               for t in m.tools):
        return False
    use = await screen.app.push_screen_wait(ConfirmModal(
        "Call on the Spell Staff? (+1D to Magic, once a day)", yes="Use the staff"))
    return bool(use)


async def _throw(screen: SixHost, m: Member) -> None:

    c = screen.campaign
    # the living only, as for an attack
    others = [x for x in c.members if x.id != m.id
              and not (x.body.dead if x.body is not None else x.wounds.dead)]
    if not others:
        screen.notify("There is no one left to throw the bolt at.", severity="warning")
        return
    target = await screen.app.push_screen_wait(member_choice(
        c, "Throw the bolt at whom?", others))
    if target is None:
        return
    range_ = await screen.app.push_screen_wait(ChoiceModal(
        "Range? (150 feet at most)", [("short", "short"), ("medium +5", "medium"),
                                      ("long +10", "long")]))
    if range_ is None:
        return
    kw: dict = {"caster": m.id, "target": target, "range": range_}
    t = c.member(target)
    if helpless.helpless_reason(c, t) is None and reflexes.held_dodge(c.combat, t.id) is None:
        # the target defends as against any missile (a helpless or full-dodging one has no
        # choice to make)
        if c.settings.combat == "static":
            choices = [("static Dodge", {}), ("full dodge (+10, holds till his turn)",
                                              {"full_dodge": True})]
        else:
            choices = [("rolls Dodge, not declared (-1D till his turn)", {"dodge": True}),
                       ("rolls Dodge, declared with his actions",
                        {"dodge": True, "declared": True}),
                       ("full dodge (holds till his turn)", {"full_dodge": True}),
                       ("no dodge (TN 10 + range)", {})]
        got = await screen.app.push_screen_wait(ChoiceModal(
            f"How does {t.sheet.name} defend?", choices))
        if got is None:
            return
        kw["defense"] = ("full" if got.get("full_dodge") else "declared"
                         if got.get("declared") else "dodge" if got.get("dodge") else "none")
    hp = await ask_hero_points(screen, m, "the throw")
    if hp is None:
        return
    if hp:
        kw["hero_points"] = str(hp)
    await screen.roll_move("throw_bolt", kw, who=m.sheet.name)


async def _items(screen: SixHost, m: Member) -> None:

    c = screen.campaign
    opts = [(f"come by a {k.name} (attunes in 3 days)", "tool:" + k.name)
            for k in tools.KINDS.values()]
    opts += [(f"make a {k.name}: {k.cost}, {k.weeks} weeks, {k.cp} CP, TN {k.tn}",
              "make:" + k.name) for k in tools.KINDS.values()]
    opts += [(f"come by {name} (+{bonus} {what})", "item:" + name)
             for name, (what, bonus) in tools.ITEMS.items()]
    opts += [("come by a scroll", "scroll"), ("drink a Potion of Skill (+2D, 10 min)",
                                              "potion")]
    choice = await screen.app.push_screen_wait(ChoiceModal(
        f"{m.sheet.name}: tools and items", opts))
    if choice is None:
        return
    kind, _, name = choice.partition(":")
    if kind in ("tool", "make"):
        spell = ""
        if name == "Magic Wand":
            spell = await screen.app.push_screen_wait(ChoiceModal(
                "The wand is for which spell?",
                [(s, s) for s in screen.campaign.settings.content.spells]))
            if spell is None:
                return
        tool = {"who": m.id, "tool": name, **({"spell": spell} if spell else {})}
        if kind == "tool":
            screen.play("gain_tool", tool)
        else:
            await screen.roll_move("make_tool", tool, who=m.sheet.name)
    elif kind == "item":
        screen.play("gain_item", {"who": m.id, "item": name})
    elif kind == "scroll":
        spell = await screen.app.push_screen_wait(ChoiceModal(
            "A scroll of which spell?", [(s, s) for s in screen.campaign.settings.content.spells]))
        if spell is not None:
            screen.play("gain_item", {"who": m.id, "item": f"Scroll: {spell}"})
    elif kind == "potion":
        skill = await screen.app.push_screen_wait(ChoiceModal(
            "A Potion of which skill?", [(n, n) for n, _a in c.settings.skills.skills]))
        if skill is not None:
            screen.play("drink_potion", {"who": m.id, "skill": skill})


async def cast_heal(screen: SixHost, m: Member, *, scroll: bool = False) -> None:
    """Heal: pick the patient, concentrate six turns (in a fight his turns, between fights
    a minute let pass on the clock), then the Spell Staff if ready, and roll; the +10 for each
    Heal on the patient today is counted from the log ("The Grimoire")."""
    c = screen.campaign
    hurt = [p for p in c.members if p.body is None
            and wounds.WoundLevel.WOUNDED <= p.wounds.level
            <= wounds.WoundLevel.MORTALLY_WOUNDED]
    if not hurt:
        screen.notify("No one is Wounded or worse: Heal has no one to treat.", timeout=4)
        return
    target = await screen.app.push_screen_wait(ChoiceModal(
        f"{m.sheet.name} heals whom? (TN 15 Wounded, 19 Incapacitated, 23 Mortally"
        " Wounded)", [(f"{p.sheet.name} ({p.wounds.level.label})", p.id) for p in hurt]))
    if target is None:
        return
    name = c.member(target).sheet.name
    fighting = c.combat is not None and m.id in c.combat.ids
    left = heal_focus.turns_left(m, target)
    if left == heal_focus.HEAL_TURNS:
        if screen.play("heal_focus", {"who": m.id, "patient": target}) is None:
            return
        if fighting:
            screen.notify(f"{m.sheet.name} concentrates on {name}: Heal can be cast after"
                          f" {heal_focus.HEAL_TURNS} of his turns (The Grimoire).", timeout=6)
            return
    elif left > 0 and fighting:
        screen.notify(f"{m.sheet.name} concentrates on {name}: {left} more turns before Heal"
                      " (The Grimoire).", timeout=5)
        return
    m = screen.campaign.member(m.id)
    left = heal_focus.turns_left(m, target)
    if left > 0:  # between fights the six turns are a minute on the clock
        await run_time(screen, clock.span_words(left), rest=False)
        m = screen.campaign.member(m.id)
        if heal_focus.turns_left(m, target) > 0:
            return
    staff = await ask_staff(screen, m)
    if staff is None:
        return
    screen.notify("Each Heal on the patient today adds +10 (The Grimoire).", timeout=4)
    hp = await ask_hero_points(screen, m, "casting Heal")
    if hp is None:
        return
    if await screen.roll_move("cast", _cast_answers(m, campaign.HEAL_SPELL, {
            "targets": [target], "staff": staff, "hero_points": hp, "scroll": scroll}),
            who=m.sheet.name):
        await perks_ui.after_roll(screen, m.id)
