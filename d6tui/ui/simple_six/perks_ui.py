"""The Simple Six screen's flows for perks and for what is done to a roll once it is seen.

- :func:`use_perk` (``P``): the picked character's once-per-session perks ("General Perks"),
  each with what it does or why it cannot be used now.
- :func:`after_roll`: after a check (``x``), a spell (``m``) or an attack (``a``), the player
  sees the total without the verdict and may add character points as extra wild dice
  ("Traditional OpenD6 Character Points"); a failure (a miss) may then be rerolled with
  Destiny.
- :func:`ask_check_extras`: before a check, whether it is about looks (Attractive) and whether
  the GM takes the automatic success of "Halfway There".
- :func:`repair_flow`: a Robot is repaired with a skill roll the GM sets ("Racial Perks").

Each function takes the :class:`~d6tui.ui.simple_six.screen.SixHost` and runs inside
its worker.
"""

from __future__ import annotations

from d6tui.engine.errors import DiceError, RuleError
from d6tui.games.simple_six import afterroll, afterroll_fold, perks, repair
from d6tui.games.simple_six.campaign import Member
from d6tui.ui.screens.modals import ChoiceModal, TextPrompt
from d6tui.ui.simple_six.forms import NumbersModal
from d6tui.ui.simple_six.host import SixHost
from d6tui.ui.simple_six.pickers import member_choice

#: What each perk of the SRD does when used, for the list of ``P``.
WHAT_IT_DOES = {
    "Lucky": "the next roll is doubled",
    "Daredevil": "a round: Dodge, Block, Parry halved, Might vs damage doubled",
    "Destiny": "reroll the failed roll just made",
    "Attractive": "doubles a roll about looks (x asks when rolling)",
    "Favors": "call in a debt",
    "Perceptive": "study something; the GM may reveal a clue",
}

_NOT_NOW = "\x00"


def _destiny_reason(screen: SixHost, m: Member) -> str | None:
    """Why Destiny cannot reroll now, or None when it can."""
    last = screen.campaign.last_roll
    if last is None or last.who != m.id:
        return f"no roll of {m.sheet.name}'s just made to reroll"
    tn, failed = afterroll_fold.verdict(last)
    if tn is None:
        return "the roll just made had no target"
    if not failed:
        return "the roll just made succeeded"
    return None


async def destiny(screen: SixHost, m: Member) -> dict | None:
    """Reroll the failed roll just made with Destiny."""
    return await screen.roll_move("destiny", {"who": m.id},
                                  who=m.sheet.name)


async def use_perk(screen: SixHost) -> None:
    """``P``: list the picked character's once-per-session perks and use the one chosen."""
    m = screen.picked()
    if m is None:
        return
    name = m.sheet.name
    rows = perks.usable(screen.campaign, m.id)
    if not rows:
        screen.notify(f"{name} has no once-per-session perk.", timeout=4)
        return
    options: list[tuple[str, str]] = []
    for perk, reason in rows:
        if reason is None and perk == perks.DESTINY:
            reason = _destiny_reason(screen, m)
        if reason is None and perk == perks.ATTRACTIVE:
            reason = "used on a roll about looks: x asks"
        what = WHAT_IT_DOES.get(perk, "once a session")
        label = f"{perk}: {what}" if reason is None else f"{perk} ({reason})"
        options.append((label, perk if reason is None else _NOT_NOW + (reason or "")))
    choice = await screen.app.push_screen_wait(ChoiceModal(
        f"{name}: use a perk (once a session, General Perks)", options))
    if choice is None:
        return
    if choice.startswith(_NOT_NOW):
        screen.notify(f"{name}: {choice[1:]}.", timeout=5)
        return
    if choice == perks.DESTINY:
        if await destiny(screen, m):
            await offer_cp(screen, m.id)
        return
    if choice in (perks.LUCKY, perks.DAREDEVIL):
        screen.play("use_perk", {"who": m.id, "perk": choice})
        return
    revealed = True
    if choice == perks.PERCEPTIVE:
        answer = await screen.app.push_screen_wait(ChoiceModal(
            f"{name} studies it closely. Did the GM reveal something?",
            [("yes: Perceptive is spent this session", True),
             ("no: nothing revealed, it may be used again", False)]))
        if answer is None:
            return
        revealed = answer
    note = await screen.app.push_screen_wait(TextPrompt(
        f"{choice}: the GM's note (what it brought)", placeholder="optional"))
    if note is None:
        return
    screen.play("use_perk", {"who": m.id, "perk": choice, "note": note,
                             "revealed": "yes" if revealed else "no"})


async def ask_check_extras(screen: SixHost, m: Member, what: str, target: int | None,
                           hero: int) -> tuple[bool, bool] | None:
    """Before a check: is it about looks (when Attractive can double it), and does the GM take
    the automatic success of "Halfway There" (when it applies)?

    Returns:
        ``(appearance, take_halfway)``, or None when the GM cancelled.
    """
    c = screen.campaign
    appearance = False
    if any(p == perks.ATTRACTIVE and r is None for p, r in perks.usable(c, m.id)):
        answer = await screen.app.push_screen_wait(ChoiceModal(
            f"Is {m.sheet.name}'s {what} roll about looks? (Attractive, once a session)",
            [("no", False), ("yes: Attractive doubles the result", True)]))
        if answer is None:
            return None
        appearance = answer
    halfway = False
    if c.settings.wild.halfway_there and target and not hero and not appearance:
        try:
            code = afterroll.halfway_code(c, m.id, what)
        except RuleError:
            code = None
        if code is not None and 2 * code.dice >= target:
            answer = await screen.app.push_screen_wait(ChoiceModal(
                f"{what} {code} is at least half of {target} (Halfway There)",
                [("take the automatic success, no roll", True), ("roll anyway", False)]))
            if answer is None:
                return None
            halfway = answer
    return appearance, halfway


async def _cp_chains(screen: SixHost, count: int) -> list[list[int]] | None:
    """The extra wild dice thrown at the table, typed until they read."""
    prompt = (f"Throw {count} extra wild {'die' if count == 1 else 'dice'}: type each and every"
              " reroll of a 6 (6 3 4 is 6+3, then 4)")
    while True:
        text = await screen.app.push_screen_wait(TextPrompt(prompt, placeholder="faces"))
        if text is None:
            return None
        try:
            return afterroll.parse_chains(text, count)
        except DiceError as e:
            screen.notify(str(e), title="Not those dice", severity="error", timeout=6)


async def offer_cp(screen: SixHost, who: str) -> None:
    """Show the open roll's total (not its target or verdict) and ask for character points to
    add ("Traditional OpenD6 Character Points": spent before the player learns the outcome).

    While the question is open the screen holds back everything that tells the outcome
    (:mod:`.held`). A number over the limit is refused inside the question, which stays open.
    With table dice, cancelling the extra dice or the damage dice the points call for goes
    back to the question: the points are either spent with their dice or not at all.
    """
    while True:
        c = screen.campaign
        room = afterroll.cp_room(c, who)
        last = c.last_roll
        if not room or last is None:
            return
        m = c.member(who)
        screen.hide_verdict = True
        screen.refresh_game()
        try:
            got = await screen.app.push_screen_wait(NumbersModal(
                f"{m.sheet.name} rolled {last.roll['total']}", [
                    ("cp", f"Character points to add as wild dice (0 to {room})", 0)],
                maximum=room,
                note=f"{m.sheet.name} has {m.sheet.character_points} CP; each adds a wild die."
                     " The result is told after this (Traditional OpenD6 Character Points)."))
        finally:
            screen.hide_verdict = False
        if not got or not got.get("cp"):
            screen.refresh_game()
            return
        n = got["cp"]
        if not screen.table_mode:
            screen.play("add_cp", {"who": who, "cp": str(n)})
            return
        chains = await _cp_chains(screen, n)
        if chains is not None:
            # an attack the points turn into a hit asks for its damage (and resist) dice too
            if await screen.roll_move("add_cp", {"who": who, "cp": str(n)},
                                      known=("roll",), who=m.sheet.name,
                                      table={"chains": chains}):
                return
        screen.notify(f"{m.sheet.name}'s character points were not spent: the roll stays"
                      " open; answer again (0 keeps it as rolled).", timeout=6)


async def after_roll(screen: SixHost, who: str, *, offer_destiny: bool = True
                     ) -> None:
    """After a check or a spell: character points while the verdict is held back, then
    Destiny on a failure (and points again on the reroll)."""
    await offer_cp(screen, who)
    c = screen.campaign
    last = c.last_roll
    if not offer_destiny or last is None or last.who != who:
        return
    m = c.member(who)
    if _destiny_reason(screen, m) is not None:
        return
    if not any(p == perks.DESTINY and r is None for p, r in perks.usable(c, who)):
        return
    tn, _failed = afterroll_fold.verdict(last)
    again = await screen.app.push_screen_wait(ChoiceModal(
        f"{m.sheet.name} failed: {last.roll['total']} against {tn}."
        " Call on Destiny to reroll? (once a session)",
        [("no", False), ("yes: reroll, the new roll counts", True)]))
    if not again:
        return
    if await destiny(screen, m):
        await offer_cp(screen, who)


async def repair_flow(screen: SixHost, m: Member) -> None:
    """Repair a character who does not heal: who works on him, with what skill, against what
    TN (the GM's call, "Racial Perks")."""
    c = screen.campaign
    if not repair.repairable(m):
        return
    who = await screen.app.push_screen_wait(member_choice(
        c, f"{m.sheet.name} does not heal; he is repaired. Who works on him?",
        [h for h in c.members if not h.out_of_action]))
    if who is None:
        return
    lst = c.settings.skills
    default = next((s for s in ("Repair", "Crafts", "Smithing") if lst.canonical(s)), "Wit")
    skill = await screen.app.push_screen_wait(TextPrompt(
        "Repair with which skill? (the GM's call)", value=default))
    if skill is None:
        return
    got = await screen.app.push_screen_wait(NumbersModal(
        f"Repair {m.sheet.name} with {skill}", [("tn", "Target number (the GM's)", 15)],
        note="Success lowers the wound level one step (Racial Perks: Robot).", minimum=1))
    if got is None:
        return
    await screen.roll_move("repair", {"who": m.id, "repairer": who, "skill": skill.strip(),
                                      "tn": str(got["tn"])}, who=c.member(who).sheet.name)
