"""The GM's magic moves of a Simple Six campaign ("The Simple Magic System", "Casting
Spells", "Concentration (CONC)", "The Grimoire", "Sorcerer's Tools", "Enchanted Items"):
cast a spell, throw a held Lightning Bolt, drop a spell kept up, end a spell on someone, a
building falling in an Earthquake, concentrating on Heal, and coming by or making tools,
items, scrolls and potions. Each is a :class:`~d6tui.engine.game.Move` of seat 0; the casting
rules themselves (:mod:`.spellcast`, :mod:`.tool_commands`) refuse, with their reason, what
the choices allow but the moment does not.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.game import Choice, Move
from d6tui.games.simple_six import heal_focus, spell_folds, spellcast, tool_commands, tools
from d6tui.games.simple_six.care_moves import number
from d6tui.games.simple_six.effects import Effect
from d6tui.games.simple_six.move_rolls import ROLLS, typed_dice
from d6tui.games.simple_six.sheet import can_use_magic
from d6tui.games.simple_six.state import Campaign, Member
from d6tui.games.simple_six.view import GM

YES_NO = (("no", "no"), ("yes", "yes"))

#: The Lightning Bolt's ranges ("The Grimoire": 150 feet at most).
BOLT_RANGES = (("short", "short"), ("medium", "medium +5"), ("long", "long +10"))

#: How the one a bolt is thrown at defends (as against any missile), by the combat rules.
BOLT_DEFENSES = (("none", "no dodge (TN 10 + range)"), ("dodge", "rolls Dodge, not declared"),
                 ("declared", "rolls Dodge, declared with his actions"),
                 ("full", "full dodge (holds till his turn)"))


def held_casts(c: Campaign, who: str) -> list[tuple[Member, Effect]]:
    """One entry for each cast ``who`` keeps up, with a character it works on."""
    seen: dict[int, tuple[Member, Effect]] = {}
    for t, e in spell_folds.maintained_by(c, who):
        seen.setdefault(e.cast, (t, e))
    return list(seen.values())


def bare_maintained(c: Campaign, who: str) -> list[str]:
    """Spells ``who`` keeps up with no effect recorded (older logs)."""
    out = list(c.member(who).caster.maintained)
    for _t, e in held_casts(c, who):
        if e.spell in out:
            out.remove(e.spell)
    return list(dict.fromkeys(out))


def _names(ms: Any) -> tuple[tuple[str, str], ...]:
    return tuple((m.id, m.sheet.name) for m in ms)


def _yes(answer: str | None) -> bool:
    return answer == "yes"


def cast(st: Campaign, dice: Any = None, caster: str = "", spell: str = "",
         targets: Any = (), dispel: str | None = None, tn: str = "", detail: str = "",
         steps: str = "", levitate: str | None = None, staff: str | None = None,
         scroll: str | None = None, hero_points: str | None = None,
         rolls: Any = None) -> dict:
    """``caster`` casts ``spell`` (:func:`.spellcast.cast`); ``dispel`` is Dispel Magic's
    ``WHO:CAST`` (the effect undone)."""
    kw: dict[str, Any] = {}
    if dispel:
        who, _, no = dispel.partition(":")
        kw["dispel"] = (who, number(no, "the cast dispelled", 1, 10**6, "The Grimoire"))
    if str(tn).strip():
        kw["tn"] = number(tn, "the spell's TN", 1, 100, "The Grimoire")
    if str(steps).strip():
        kw["steps"] = number(steps, "the steps of scale", 0, 20, "Scaling")
    if str(detail).strip():
        kw["detail"] = str(detail).strip()
    return spellcast.cast(st, caster, spell, targets=list(targets or ()),
                          levitate=_yes(levitate), staff=_yes(staff), scroll=_yes(scroll),
                          hero_points=int(hero_points or 0), dice=dice, **kw,
                          **typed_dice(rolls))


def throw(st: Campaign, dice: Any = None, caster: str = "", target: str = "",
          range: str = "short", defense: str | None = None,  # noqa: A002 - the choice
          hero_points: str | None = None, rolls: Any = None) -> dict:
    """``caster`` throws his Lightning Bolt at ``target`` (:func:`.spellcast.throw_bolt`)."""
    how = {"dodge": {"dodge": True}, "declared": {"dodge": True, "declared": True},
           "full": {"full_dodge": True}}.get(defense or "none", {})
    return spellcast.throw_bolt(st, caster, target, range_=range,
                                hero_points=int(hero_points or 0), dice=dice, **how,
                                **typed_dice(rolls))


def drop(st: Campaign, dice: Any = None, caster: str = "", spell: str = "") -> dict:
    """``caster`` stops keeping up a spell: its cast number, or ``name:SPELL`` for one kept
    up with no effect recorded (:func:`.spellcast.drop_concentration`)."""
    if spell.startswith("name:"):
        return spellcast.drop_concentration(st, caster, None, spell[5:])
    return spellcast.drop_concentration(
        st, caster, number(spell, "the cast", 1, 10**6, "Concentration (CONC)"))


def end(st: Campaign, dice: Any = None, effect: str = "") -> dict:
    """The GM ends a spell on someone: ``WHO:CAST`` (:func:`.spellcast.end_effect`)."""
    who, _, no = effect.partition(":")
    return spellcast.end_effect(st, who, number(no, "the cast", 1, 10**6, "The Grimoire"))


def _spell_moves(c: Campaign, casters: list[Member]) -> list[Move]:
    spells = tuple((s, s) for s in c.settings.content.spells)
    hp = tuple((str(n), str(n)) for n in range(4))
    working = spell_folds.active(c)
    effects = tuple((f"{x.id}:{e.cast}", f"{x.sheet.name}: {e.label()}") for x, e in working)
    out: list[Move] = []
    if casters:
        choices = [Choice("caster", "Who casts", _names(casters)),
                   Choice("spell", "Which spell", spells),
                   Choice("targets", "On whom (the spells cast at others)",
                          _names(c.members), min=0, max=len(c.members))]
        if effects:
            choices.append(Choice("dispel", "Dispel Magic: the spell undone", effects, min=0))
        choices += [
            Choice("tn", "The TN the GM sets (Divination, Telekinesis)", min=0, kind="text",
                   max_length=3),
            Choice("detail", "Resist Elements: the element", min=0, kind="text",
                   max_length=20),
            Choice("steps", "Growth, Shape Change: steps of scale", min=0, kind="text",
                   max_length=2),
            Choice("levitate", "Fly: only rise and sink (TN 15)", YES_NO, min=0),
            Choice("staff", "Call on the Spell Staff (+1D, once a day)", YES_NO, min=0),
            Choice("scroll", "Read it from a scroll carried", YES_NO, min=0),
            Choice("hero_points", "Hero points on the roll", hp, min=0)]
        out.append(Move("cast", "Cast a spell", cast, GM, tuple(choices), (ROLLS,),
                        section="Casting Spells"))
    bolts = [m for m in c.members if any(e.spell == "Lightning Bolt" for e in m.effects)]
    if bolts:
        out.append(Move("throw_bolt", "Throw the Lightning Bolt (Throwing, 5D)", throw, GM, (
            Choice("caster", "Who throws it", _names(bolts)),
            Choice("target", "At whom", _names(c.members)),
            Choice("range", "Range (150 feet at most)", BOLT_RANGES),
            Choice("defense", "How the target defends", BOLT_DEFENSES, min=0),
            Choice("hero_points", "Hero points on the throw", hp, min=0)),
            (ROLLS,), section="Spells Requiring Multiple Actions"))
    kept = [(m, [(str(e.cast), e.spell) for _t, e in held_casts(c, m.id)]
             + [(f"name:{n}", n) for n in bare_maintained(c, m.id)]) for m in c.members]
    kept = [(m, opts) for m, opts in kept if opts]
    if kept:
        out.append(Move("drop_spell", "Drop a spell kept up (an action)", drop, GM, (
            Choice("caster", "Who drops it", _names(m for m, _o in kept)),
            Choice("spell", "Which (its cast)", tuple(o for _m, opts in kept for o in opts))),
            section="Concentration (CONC)"))
    if effects:
        out.append(Move("end_spell", "End a spell on someone (GM)", end, GM,
                        (Choice("effect", "Which spell", effects),), section="The Grimoire"))
    shaken = [m for m in c.members if any(e.spell == "Earthquake" for e in m.effects)]
    if shaken:
        out.append(Move("collapse", "A building falls on someone (Earthquake, 6D)",
                        lambda st, dice=None, who="", rolls=None: spellcast.collapse(
                            st, who, dice=dice, **typed_dice(rolls)), GM,
                        (Choice("who", "Who is caught under it", _names(shaken)),),
                        (ROLLS,), section="The Grimoire"))
    return out


def _tool_moves(c: Campaign, casters: list[Member]) -> list[Move]:
    if not c.members:
        return []
    everyone = _names(c.members)
    spells = tuple((s, s) for s in c.settings.content.spells)
    kinds = tuple((k.name, k.name) for k in tools.KINDS.values())
    out: list[Move] = []
    if casters:
        wand = Choice("spell", "A Magic Wand's spell", spells, min=0)
        out.append(Move("gain_tool", "Come by a Sorcerer's Tool (attunes in 3 days)",
                        lambda st, dice=None, who="", tool="", spell=None:
                        tool_commands.gain_tool(st, who, tool, spell or ""), GM,
                        (Choice("who", "Who", _names(casters)),
                         Choice("tool", "Which tool", kinds), wand),
                        section="Sorcerer's Tools"))
        out.append(Move("make_tool", "Make a Sorcerer's Tool (the Magic roll at the end)",
                        lambda st, dice=None, who="", tool="", spell=None, rolls=None:
                        tool_commands.make_tool(st, who, tool, spell or "", dice=dice,
                                                **typed_dice(rolls)), GM,
                        (Choice("who", "Who", _names(casters)),
                         Choice("tool", "Which tool", kinds), wand),
                        (ROLLS,), section="Making Sorcerer's Tools"))
    items = (*((n, n) for n in tools.ITEMS), *((f"Scroll: {s}", f"a scroll of {s}")
                                                for s in c.settings.content.spells))
    out.append(Move("gain_item", "Come by an enchanted item or a scroll",
                    lambda st, dice=None, who="", item="": tool_commands.gain_item(
                        st, who, item), GM,
                    (Choice("who", "Who", everyone), Choice("item", "Which", items)),
                    section="Enchanted Items"))
    out.append(Move("drink_potion", "Drink a Potion of Skill (+2D, 10 min)",
                    lambda st, dice=None, who="", skill="": tool_commands.drink_potion(
                        st, who, skill), GM,
                    (Choice("who", "Who", everyone),
                     Choice("skill", "Which skill", tuple((n, n) for n, _a in
                                                          c.settings.skills.skills))),
                    section="Potions"))
    if casters:
        out.append(Move("heal_focus", "Concentrate on Heal (six turns before the cast)",
                        lambda st, dice=None, who="", patient="": heal_focus.focus(
                            st, who, patient), GM,
                        (Choice("who", "Who concentrates", _names(casters)),
                         Choice("patient", "On whom", everyone)), section="The Grimoire"))
    return out


def magic_moves(c: Campaign) -> list[Move]:
    """The magic moves open now (those who can work magic cast; anyone comes by an item)."""
    casters = [m for m in c.members if can_use_magic(m.sheet, c.settings)]
    return [*_spell_moves(c, casters), *_tool_moves(c, casters)]

