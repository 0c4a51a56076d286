"""The Simple Six screen's keys for a character's own rolls and wounds: what the wounds
call for (stay up, the Mortally Wounded roll, a flesh wound), healing, and a check of any
attribute or skill ("Wound Level Effects", "Healing").
"""

from __future__ import annotations

from d6tui.games.simple_six import clock, healing, recovery, wounds
from d6tui.games.simple_six.repair import repairable
from d6tui.games.simple_six.sheet import can_use_magic
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.simple_six import perks_ui
from d6tui.ui.simple_six.forms import NumbersModal
from d6tui.ui.simple_six.host import SixHost
from d6tui.ui.simple_six.pickers import member_choice
from d6tui.ui.simple_six.time_ui import let_time_pass


async def wound_rolls(screen: SixHost) -> None:
    """What the wounds call for now: the picked character's when a roll is due for him;
    else the one a roll is due for (:func:`~d6tui.games.simple_six.recovery.
    wound_rolls_due`; asked which when several); else the picked one's (a flesh wound)."""
    m = screen.picked()
    c = screen.campaign
    due = recovery.wound_rolls_due(c)
    if due and (m is None or m.id not in due):
        who = due[0] if len(due) == 1 else await screen.app.push_screen_wait(member_choice(
            c, "Whose wound roll? (due this round)", [c.member(i) for i in due]))
        if who is None:
            return
        m = c.member(who)
    if m is None:
        return
    # what the game's wound-roll moves offer him now (games/simple_six/roll_moves.py)
    moves = {mv.id: mv for mv in screen.session.moves()}

    def offered(move_id: str) -> bool:
        mv = moves.get(move_id)
        return mv is not None and any(v == m.id for v, _ in mv.choices[0].options)

    opts: list[tuple[str, str]] = []
    if offered("stay_up"):
        opts.append(("Stamina roll to stay up (15)", "stay_up"))
    fight = screen.campaign.combat
    rnd = fight.round if fight is not None else None
    mortal = m.wounds.level == wounds.WoundLevel.MORTALLY_WOUNDED
    rolled = mortal and not offered("mortal_roll")
    if offered("mortal_roll"):  # one Might roll against death a round
        minutes = m.wounds.mortal_rounds // wounds.ROUNDS_PER_MINUTE
        against = (f"dies below {minutes}, the minutes Mortally Wounded" if minutes
                   else "the first minute: no roll can fail")
        opts.append((f"Might roll against death ({against})", "mortal"))
    flesh_used = m.body is None and m.wounds.level > 0 and m.wounds.flesh_wound_used
    if (offered("flesh_wound") and m.wounds.level > 0 and m.sheet.hero_points
            and not m.wounds.flesh_wound_used):
        opts.append(("Just a flesh wound (a hero point)", "flesh"))
    if not opts:
        why = [f"{m.sheet.name}'s wounds ask for no roll now"]
        if rolled:
            why.append(f"the Might roll against death was made this round ({rnd})")
        if flesh_used:
            why.append("the flesh wound was already used this fight (once per combat)")
        screen.notify("; ".join(why) + ".", timeout=5)
        return
    choice = opts[0][1] if len(opts) == 1 else await screen.app.push_screen_wait(
        ChoiceModal(f"{m.sheet.name}: wounds", opts))
    await _take(screen, m.id, choice)


async def _take(screen: SixHost, who: str, choice: str | None) -> None:
    """Make the wound roll ``choice`` (``stay_up``, ``mortal``, ``flesh``) of ``who``."""
    m = screen.campaign.member(who)
    if choice in ("stay_up", "mortal"):
        move = "stay_up" if choice == "stay_up" else "mortal_roll"
        if await screen.roll_move(move, {"who": m.id}, who=m.sheet.name):
            # character points before the verdict, Destiny on a failure
            await perks_ui.after_roll(screen, m.id)
    elif choice == "flesh":
        screen.play("flesh_wound", {"who": m.id})


async def settle_mortal_rolls(screen: SixHost, going: str) -> bool:
    """Before the round or the fight ends (``going``: "the fight ends"): a Might roll
    against death still due this round is asked about first ("Wound Level Effects": the
    Mortally Wounded roll each round). True to go on (rolled, or left unrolled by the GM's
    choice), False when he backs out."""
    c = screen.campaign
    due = recovery.mortal_rolls_due(c)
    if not due:
        return True
    names = ", ".join(c.member(i).sheet.name for i in due)
    what = await screen.app.push_screen_wait(ChoiceModal(
        f"Might against death is due this round for {names} before {going}.",
        [("roll it now", "roll"), ("go on without it", "skip")]))
    if what is None:
        return False
    if what == "roll":
        for i in due:
            await _take(screen, i, "mortal")
    return True


async def heal(screen: SixHost) -> None:
    """Heal the picked character ("Healing", "Potions")."""
    m = screen.picked()
    if m is None:
        return
    c = screen.campaign
    if repairable(m):  # "Racial Perks": the Robot does not heal; he is repaired
        await perks_ui.repair_flow(screen, m)
        return
    # what the game's healing moves offer this patient (games/simple_six/care_moves.py)
    moves = {mv.id: mv for mv in screen.session.moves()}

    def offered(move_id: str) -> bool:
        mv = moves.get(move_id)
        return mv is not None and any(v == m.id for v, _ in mv.choices[0].options)

    opts = [(f"natural healing ({c.settings.rename('Might')}, after rest)", "natural"),
            ("assisted healing (a healer's Medicine)", "assisted")]
    opts = [o for o in opts if offered(f"heal_{o[1]}")]
    if offered("heal_potion"):
        opts.append(("a Potion of Healing", "potion"))
    if not opts:
        screen.notify(f"{m.sheet.name} cannot be healed now.", timeout=4)
        return
    method = await screen.app.push_screen_wait(ChoiceModal(f"Heal {m.sheet.name} how?",
                                                         opts))
    if method is None:
        return
    if method == "potion":
        screen.play("heal_potion", {"who": m.id})
        return
    healer = None
    if method == "assisted":
        healer = await screen.app.push_screen_wait(member_choice(
            c, f"Who treats {m.sheet.name}?", [h for h in c.members
                                               if not h.out_of_action and h.id != m.id]))
        if healer is None:
            return
    if method == "natural" and m.body is not None and not screen.table_mode:
        # a full day of rest on the clock (with table dice the day's roll is typed below)
        left = max(1, clock.BP_REST_ROUNDS - m.body.rested_rounds)
        await let_time_pass(screen, clock.span_words(left), rest=True)
        return
    if method == "natural" and m.body is None:
        # "Healing": natural healing is rest; the clock lets it pass for everyone and rolls
        # each check when its rest is reached (spells run out on the way)
        need = healing.HEALING.get(m.wounds.level) if m.wounds.level in healing.HEALING \
            else None
        if need is None:
            screen.notify(f"{m.sheet.name} has nothing rest can heal.", timeout=4)
            return
        left = max(1, need.minutes * 6 - m.wounds.rested_rounds)
        await let_time_pass(screen, clock.span_words(left), rest=True)
        return
    if method == "assisted":  # "Healing": once a day a patient, counted on the clock
        await screen.roll_move("heal_assisted", {"who": m.id, "healer": healer},
                               who=m.sheet.name)
        return
    what = "minutes rested"
    default = 60 * 24
    if method == "natural" and m.body is None and m.wounds.level in healing.HEALING:
        default = healing.HEALING[m.wounds.level].minutes  # the rest this level needs
    got = await screen.app.push_screen_wait(NumbersModal(
        f"Heal {m.sheet.name}", [("minutes", what, default)],
        note="A day is 1440 minutes (Healing).", maximum=525600))
    if got is None:
        return
    await screen.roll_move("heal_natural", {"who": m.id, "minutes": str(got["minutes"])},
                           who=m.sheet.name)


async def check(screen: SixHost) -> None:
    """Roll an attribute, skill or specialization against a target; then character points
    and Destiny (:mod:`.perks_ui`)."""
    m = screen.picked()
    if m is None:
        return
    s = screen.campaign.settings
    sh = m.sheet
    opts = [(f"{s.attribute_name(a)} {sh.attribute(a)}", s.attribute_name(a))
            for a in s.attributes]
    opts += [(f"{q} {c}", q) for q, c in sh.quasi if c.total_pips]
    opts += [(f"{x.key} {sh.specialization_code(x.skill, x.name, s)}", x.key)
             for x in sh.specializations]
    # "Access to Magic": Magic is rolled only by those who can work magic
    skills = [n for n, _a in s.skills.skills if n != "Magic" or can_use_magic(sh, s)]
    if s.independent_skills:
        opts += [(f"{n} {sh.own_dice(n)} + an attribute", n) for n in skills]
    else:
        opts += [(f"{n} {sh.skill(n, s)}", n) for n in skills]
    what = await screen.app.push_screen_wait(ChoiceModal(f"{sh.name} rolls", opts))
    if what is None:
        return
    if s.independent_skills and s.skills.canonical(what) is not None:
        # "Independent Skills": the attribute is chosen for this roll
        pick = [(f"{s.attribute_name(a)} + {what}  {sh.skill(what, s, attribute=a)}",
                 f"{s.attribute_name(a)} + {what}") for a in s.attributes]
        what = await screen.app.push_screen_wait(ChoiceModal(
            f"{sh.name} rolls {what} with which attribute?", pick))
        if what is None:
            return
    rows = [("target", "Target number (0: none; Moderate is 15)", 0),
            ("hero", f"Hero points ({sh.hero_points})", 0)]
    note = ("Character points are added after the roll, once its total is seen"
            " (Traditional OpenD6 Character Points)." if s.wild.character_point_dice else "")
    got = await screen.app.push_screen_wait(NumbersModal(f"{sh.name}: {what}", rows,
                                                       note=note))
    if got is None:
        return
    target = got["target"] or None
    extras = await perks_ui.ask_check_extras(screen, m, what, target, got["hero"])
    if extras is None:
        return
    appearance, halfway = extras
    answers = {"who": m.id, "what": what, "target": str(target or "")}
    if halfway and target:
        screen.play("halfway", answers)
        return
    if await screen.roll_move("check", {**answers, "hero_points": str(got["hero"]),
                                        "appearance": "yes" if appearance else "no"},
                              who=sh.name):
        await perks_ui.after_roll(screen, m.id)
