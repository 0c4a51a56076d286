"""Record ``saves/simple-six-example.toml``: a Simple Six session played through the real app
with Pilot key presses only (headless, 80x24).

Usage: ``python bench/record_simple_six_example.py [--out saves/simple-six-example.toml]``

The GM sets up a campaign in the new-game form (seed 6), makes a party of three with the
character form, adds a bandit, a town guard and an orc from the house templates, starts a
session and a fight, and plays rounds until the NPCs are down (or six rounds): each PC and NPC
attacks the first foe still standing, Mira casts Lightning Bolt once, the Incapacitated roll
Stamina to stay up and the Mortally Wounded roll Might each round. One check is typed from
table dice. Then the fight ends, a wounded PC drinks a potion, the session ends with CP and a
hero point awarded, and Tam spends CP on Tracking. The save is written in a temp folder and
copied to ``--out``; tests/ui/test_simple_six_example.py replays it.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PARTY = [
    # name, Might, Agility, Wit, Charm, skills, specializations, perks, complications,
    # weapons, armor, spells
    ("Sir Baelen", "4D", "3D", "2D", "3D", "Sword 2D, Dodge 1D, Medicine 1D, Stealth 1D,"
     " Persuasion 1D", "Athletics: Running 1D", "", "Personal Code", "Sword",
     "Chainmail, Shield", ""),
    ("Mira", "2D", "3D+1", "4D", "2D+2", "Magic 2D, Dodge 1D, Medicine 1D", "", "Sorcerer",
     "Crazy", "Knife", "", "Lightning Bolt, Light, Slumber, Charm"),
    ("Tam", "3D", "4D", "3D", "2D", "Bow 2D, Dodge 2D, Stealth 2D, Tracking 1D", "", "", "",
     "Bow, Knife", "Leather", ""),
]

NPCS = ["Bandit", "Town Guard", "Orc Warrior"]


async def wait_for(pilot, kind: type, tries: int = 50):  # noqa: ANN001, ANN201
    """Pause until the top screen is a ``kind`` (a modal opened by a worker)."""
    for _ in range(tries):
        if isinstance(pilot.app.screen, kind):
            return pilot.app.screen
        await pilot.pause()
    raise AssertionError(f"{kind.__name__} did not open; top is {pilot.app.screen}")


async def back_to(pilot, kind: type) -> None:  # noqa: ANN001
    """Pause until the game screen is on top again."""
    await wait_for(pilot, kind)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def pick(pilot, value: object) -> None:  # noqa: ANN001
    """In the open choice list, move to the option whose value is ``value`` and take it."""
    from d6tui.ui.screens.modals import ChoiceModal

    modal = await wait_for(pilot, ChoiceModal)
    values = [v for _label, v in modal.options]
    index = values.index(value) if value in values else next(
        i for i, v in enumerate(values) if getattr(v, "id", getattr(v, "name", None)) == value)
    await pilot.press("home", *["down"] * index, "enter")
    await pilot.pause()


async def play(out: Path) -> None:
    """Drive the app and copy the save to ``out``."""
    from d6tui.games.simple_six.wounds import WoundLevel
    from d6tui.ui.app import D6App
    from d6tui.ui.screens.modals import ChoiceModal, ConfirmModal, TextPrompt
    from d6tui.ui.screens.new_game import NewGameForm
    from d6tui.ui.simple_six.forms import CharacterForm, NumbersModal, WildDiceInput
    from d6tui.ui.simple_six.screen import SimpleSixScreen

    saves = Path(tempfile.mkdtemp(prefix="d6tui-example-"))
    app = D6App(saves=saves, persist_theme=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "n")  # Simple Six is the second game
        await wait_for(pilot, NewGameForm)
        await pilot.press(*"The King's Road", "tab", *"6", "ctrl+s")
        screen = await wait_for(pilot, SimpleSixScreen)
        session = screen.session

        for row in PARTY:
            await pilot.press("c")
            await wait_for(pilot, CharacterForm)
            for i, text in enumerate(row):
                if i:
                    await pilot.press("tab")
                if text:
                    await pilot.press(*text)
            await pilot.press("ctrl+s")
            await back_to(pilot, SimpleSixScreen)
        assert len(session.state.members) == 3, "the party was not made"

        for name in NPCS:
            await pilot.press("n")
            await pick(pilot, name)
            await wait_for(pilot, TextPrompt)
            await pilot.press("enter")  # the numbered name offered
            await back_to(pilot, SimpleSixScreen)

        # one check from table dice: Tam tracks the goblins (Tracking 4D vs 10)
        screen.selected = "tam"
        await pilot.press("t", "x")
        await pick(pilot, "Tracking")
        numbers = await wait_for(pilot, NumbersModal)
        numbers.query_one("#n0").value = "10"
        await pilot.press("ctrl+s")
        await wait_for(pilot, WildDiceInput)
        await pilot.press(*"4 2 5 3", "enter")
        await back_to(pilot, SimpleSixScreen)
        await pilot.press("t")

        await pilot.press("s")  # session 1
        await pilot.pause()
        await pilot.press("f")
        await wait_for(pilot, ChoiceModal)
        await pilot.press(*[str(n) for n in range(1, 7)], "enter")
        await back_to(pilot, SimpleSixScreen)

        cast = False
        for rnd in range(6):
            state = session.state
            npcs_up = [m for m in state.members if m.sheet.npc and not m.out_of_action]
            if not npcs_up:
                break
            for m in state.members:  # the Mortally Wounded roll Might each round
                if m.wounds.level == WoundLevel.MORTALLY_WOUNDED and m.id in state.combat.ids:
                    screen.selected = m.id
                    await pilot.press("w")
                    await pilot.pause()
                    if isinstance(app.screen, ChoiceModal):
                        await pick(pilot, "mortal")
                    await back_to(pilot, SimpleSixScreen)
            await pilot.press("r")
            numbers = await wait_for(pilot, NumbersModal)
            if rnd == 0:
                numbers.query_one("#n0").value = "2"  # Sir Baelen swings twice
            await pilot.press("ctrl+s")
            await back_to(pilot, SimpleSixScreen)
            twice = False
            while session.state.combat.actor is not None:
                state = session.state
                me = state.member(state.combat.actor)
                foes = [m for m in state.members
                        if m.sheet.npc != me.sheet.npc and not m.out_of_action
                        and m.id in state.combat.ids]
                if me.out_of_action or not foes:
                    await pilot.press("space")
                    await pilot.pause()
                    continue
                if me.id == "mira" and not cast:
                    cast = True
                    await pilot.press("m")
                    await pick(pilot, "Lightning Bolt")
                    while isinstance(app.screen, ChoiceModal):
                        await pilot.press("1")  # no hero point on the cast
                        await pilot.pause()
                    await back_to(pilot, SimpleSixScreen)
                else:
                    await pilot.press("a")
                    await pick(pilot, foes[0].id)
                    modal = await wait_for(pilot, ChoiceModal)
                    if "With what" in modal.title_text:
                        await pilot.press("1")
                        await pilot.pause()
                    while isinstance(app.screen, ChoiceModal):
                        await pilot.press("1")  # range short, defense, no hero point
                        await pilot.pause()
                    await back_to(pilot, SimpleSixScreen)
                    target = session.state.member(foes[0].id)
                    if target.wounds.stay_up_pending:
                        screen.selected = target.id
                        await pilot.press("w")
                        await pilot.pause()
                        if isinstance(app.screen, ChoiceModal):
                            await pick(pilot, "stay_up")
                        await back_to(pilot, SimpleSixScreen)
                if me.id == "sir-baelen" and rnd == 0 and not twice:
                    twice = True  # his second action: attack again before passing
                    continue
                await pilot.press("space")
                await pilot.pause()
        await pilot.press("f")
        await wait_for(pilot, ConfirmModal)
        await pilot.press("y")
        await back_to(pilot, SimpleSixScreen)

        hurt = [m for m in session.state.members if not m.sheet.npc
                and WoundLevel.STUNNED <= m.wounds.level <= WoundLevel.INCAPACITATED]
        if hurt:
            screen.selected = hurt[0].id
            await pilot.press("H")
            await pick(pilot, "potion")
            await back_to(pilot, SimpleSixScreen)

        await pilot.press("s")  # end of session: 5 CP each, a hero point for Sir Baelen
        numbers = await wait_for(pilot, NumbersModal)
        numbers.query_one("#n3").value = "1"
        await pilot.press("ctrl+s")
        await back_to(pilot, SimpleSixScreen)

        screen.selected = "tam"
        await pilot.press("v")
        await pick(pilot, "skill")
        await pick(pilot, "Tracking")
        await back_to(pilot, SimpleSixScreen)
        path = session.log.path
        events = len(session.events)
        await pilot.press("ctrl+q")
    out.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(path, out)
    shutil.rmtree(saves, ignore_errors=True)
    print(f"wrote {out} ({events} events)")


def main() -> None:
    """Record the example save."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=ROOT / "saves" / "simple-six-example.toml")
    asyncio.run(play(ap.parse_args().out))


if __name__ == "__main__":
    main()
