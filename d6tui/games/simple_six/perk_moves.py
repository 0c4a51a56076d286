"""The GM's moves for perks and character points in a Simple Six campaign ("General
Perks", "Traditional OpenD6 Character Points", "Spending Character Points"): a declared
once-per-session perk (Lucky, Daredevil, Favors, Perceptive...), Destiny's reroll of a failed
roll, character points added as wild dice to the roll just made, and CP spent between
fights. Each is a :class:`~d6tui.engine.game.Move` of seat 0; :mod:`.perks`,
:mod:`.afterroll` and :mod:`.roster` refuse, with their reason, what the moment does not
allow. The roster's one move, an NPC from a template, is here too.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import RuleError
from d6tui.engine.game import Choice, Move
from d6tui.engine.turn_undo import BATCH_KEY
from d6tui.games.simple_six import afterroll, perks
from d6tui.games.simple_six.care_moves import number
from d6tui.games.simple_six.move_rolls import ROLLS, typed_dice
from d6tui.games.simple_six.roster import add_from_template, spend_cp
from d6tui.games.simple_six.state import Campaign
from d6tui.games.simple_six.templates import templates
from d6tui.games.simple_six.view import GM

#: What CP may be spent on ("Spending Character Points"), as :func:`.roster.spend_cp` names
#: them.
SPEND_KINDS = (("skill", "raise a skill"), ("specialization", "raise a specialization"),
               ("attribute", "raise an attribute"), ("quasi", "raise a quasi skill"),
               ("perk", "buy a perk"), ("spell", "learn a spell"),
               ("buy_off", "buy off a complication"))

#: The most CP one spend may name as the GM's price of buying off a complication.
MOST_PRICE = 100


def use(st: Campaign, dice: Any = None, who: str = "", perk: str = "", note: str = "",
        revealed: str | None = None) -> dict:
    """``who`` uses the declared perk ``perk`` (:func:`.perks.use_perk`); ``revealed`` is
    Perceptive's "did the GM reveal something" (left out: yes)."""
    return perks.use_perk(st, who, perk, note=note or "", revealed=revealed != "no")


def destiny(st: Campaign, dice: Any = None, who: str = "", rolls: Any = None) -> dict:
    """Destiny rerolls ``who``'s failed roll (:func:`.afterroll.destiny_reroll`)."""
    return afterroll.destiny_reroll(st, who, dice=dice, **typed_dice(rolls))


def add(st: Campaign, dice: Any = None, who: str = "", cp: str = "1",
        rolls: Any = None) -> dict:
    """``who`` adds ``cp`` character points to the roll just made, each a wild die
    (:func:`.afterroll.add_cp`)."""
    return afterroll.add_cp(st, who, int(cp), dice=dice, **typed_dice(rolls))


def spend(st: Campaign, dice: Any = None, who: str = "", kind: str = "", target: str = "",
          price: str = "", from_book: str | None = None) -> dict:
    """``who`` spends CP on ``kind`` ``target`` (:func:`.roster.spend_cp`); ``price`` is the
    GM's for buying off a complication, ``from_book`` a spell learnt from a spell book."""
    cost = number(price, "the GM's price in CP", 0, MOST_PRICE,
                  "Spending Character Points") if str(price).strip() else None
    return spend_cp(st, who, kind, target.strip(), price=cost, from_book=from_book == "yes")


def perk_moves(c: Campaign) -> list[Move]:
    """The perk and CP moves open now."""
    out: list[Move] = []
    holders = [m for m in c.members if perks.session_perks(m.sheet)]
    if holders:
        names = dict.fromkeys(p.name for m in holders for p in perks.session_perks(m.sheet))
        out.append(Move("use_perk", "Use a once-per-session perk", use, GM, (
            Choice("who", "Whose perk", tuple((m.id, m.sheet.name) for m in holders)),
            Choice("perk", "Which perk", tuple((n, n) for n in names)),
            Choice("note", "The GM's note (what it brought)", min=0, kind="text",
                   max_length=200),
            Choice("revealed", "Perceptive: did the GM reveal something?",
                   (("yes", "yes: spent this session"), ("no", "no: it may be used again")),
                   min=0)),
            section="General Perks"))
    last = c.last_roll
    if last is not None:
        m = c.member(last.who) if any(x.id == last.who for x in c.members) else None
        if m is not None and any(p.name == perks.DESTINY for p in perks.session_perks(m.sheet)):
            out.append(Move("destiny", f"{m.sheet.name} calls on Destiny: reroll the failed"
                            " roll", destiny, GM,
                            (Choice("who", "Who", ((m.id, m.sheet.name),)),), (ROLLS,),
                            section="General Perks"))
        room = afterroll.cp_room(c, last.who) if m is not None else 0
        if m is not None and room:
            out.append(Move("add_cp", f"{m.sheet.name} adds character points to the roll",
                            add, GM, (
                                Choice("who", "Who", ((m.id, m.sheet.name),)),
                                Choice("cp", "Character points, each a wild die",
                                       tuple((str(n), str(n)) for n in range(1, room + 1)))),
                            (ROLLS,), section="Traditional OpenD6 Character Points"))
    if c.members and c.combat is None:
        out.append(Move("spend_cp", "Spend character points", spend, GM, (
            Choice("who", "Who spends", tuple((m.id, m.sheet.name) for m in c.members)),
            Choice("kind", "On what", SPEND_KINDS),
            Choice("target", "Which (a skill, \"Athletics: Running\", a perk, a spell...)",
                   kind="text", max_length=60),
            Choice("price", "The GM's price in CP (buying off a complication)", min=0,
                   kind="text", max_length=3),
            Choice("from_book", "A spell learnt from another's spell book (1 CP)",
                   (("no", "no"), ("yes", "yes")), min=0)),
            section="Spending Character Points"))
    return out


def _npc_templates(c: Campaign) -> list[Any]:
    return list(c.content.npcs) if c.content is not None else templates()


def add_npc(st: Campaign, dice: Any = None, template: str = "", name: str = "",
            rolls: Any = None, batch: str = "") -> dict:
    """An NPC made from the template named ``template`` joins the roster as ``name``
    (empty: the template's name) ("Nonplayer Characters"; Body Points rolled by the app,
    or typed at the table as the move's ``rolls``, as for a character made on the form).
    ``batch`` marks the NPCs of a group added at once, which one undo takes back together
    (:data:`d6tui.engine.turn_undo.BATCH_KEY`)."""
    t = next((t for t in _npc_templates(st) if t.name == template), None)
    if t is None:
        raise RuleError(f"there is no NPC template {template!r}", "Nonplayer Characters")
    event = add_from_template(st, t, name.strip() or t.name, dice=dice, **typed_dice(rolls))
    return {**event, BATCH_KEY: batch.strip()} if batch.strip() else event


def roster_moves(c: Campaign) -> list[Move]:
    """The roster's move: an NPC from a template (player characters are made on the
    screen's form, every creation rule checked as typed)."""
    return [Move("add_npc", "Add an NPC from a template", add_npc, GM, (
        Choice("template", "Which template", tuple((t.name, t.name)
                                                   for t in _npc_templates(c))),
        Choice("name", "Its name (empty: the template's)", min=0, kind="text",
               max_length=40),
        Choice("batch", "A group added at once, undone as one (empty: none)", min=0,
               kind="text", max_length=40)), (ROLLS,), section="Nonplayer Characters")]
