"""Keys a GM presses on the Simple Six tracker to finish four common steps of a fight.

Usage: ``python bench/simple_six_keys.py [-v]`` (``-v`` prints each box answered)

Each step runs through a Textual Pilot at 80x24 on a fresh campaign (seeded dice, app
rolls); every key the driver presses is counted, from the tracker until the step's event is
in the log and no box is left open. The driver answers each box the way the GM means to
(the goblin as target, the bow, short range, no cover, the defense offered first, no hero
points), pressing what a person would press: the option's own key when it shows one, else
its number (two digits and Enter in a long list), Enter for a list's first option when
that is all it takes, ctrl+s for a form.

- melee: Sir Baelen attacks Goblin 1 with his sword.
- ranged: Tam shoots Goblin 1 with his bow.
- mooks: four goblins attack Sir Baelen, each in turn, with their turns passed.
- bless: Mira casts Bless on herself, Sir Baelen and Tam.

Prints the keys for each step; the counts are figures, not a timing.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._pilot import until  # noqa: E402

#: Print each box the driver answers (``-v``).
VERBOSE = "-v" in sys.argv


class Driver:
    """Presses keys through a pilot and counts them."""

    def __init__(self, pilot: Any) -> None:
        self.pilot = pilot
        self.keys = 0

    async def press(self, *keys: str) -> None:
        """Press ``keys`` (each counted), then let the screen catch up."""
        self.keys += len(keys)
        await self.pilot.press(*keys)
        await self.pilot.pause()

    async def pick(self, modal: Any, index: int) -> None:
        """Pick option ``index`` (0-based) of a choice list as a person would."""
        own = getattr(modal, "key_of", None)
        key = own(index) if own is not None else None
        if key:
            await self.press(*key)
            return
        highlighted = modal.query_one("#choices").highlighted
        if highlighted == index and not getattr(modal, "multiple", False):
            await self.press("enter")
            return
        await self.press(*str(index + 1))
        if getattr(modal, "typed", ""):
            await self.press("enter")


def _want(modal: Any, want: Callable[[str, Any], bool]) -> int:
    for i, (label, value) in enumerate(modal.options):
        if want(label, value):
            return i
    return 0


async def answer(driver: Driver, wants: list[Callable[[str, Any], bool]],
                 many: Callable[[str, Any], bool] | None = None,
                 done: Callable[[], bool] = lambda: False) -> None:
    """Answer boxes until ``done()`` holds with none open: a choice list takes the first
    option any of ``wants`` accepts (else its first option); a list of several picks the
    options ``many`` accepts and Enter; a form is accepted with ctrl+s; a question yes."""
    from d6tui.ui.screens.modals import ChoiceModal, ConfirmModal
    from d6tui.ui.simple_six.forms import NumbersModal
    from d6tui.ui.simple_six.screen import SimpleSixScreen

    app = driver.pilot.app
    for _ in range(60):
        await driver.pilot.pause()
        screen = app.screen
        if isinstance(screen, SimpleSixScreen):
            if done():
                return
            await driver.pilot.pause(0.02)
            continue
        if VERBOSE:
            print("   box:", getattr(screen, "title_text", type(screen).__name__))
        if isinstance(screen, ChoiceModal):
            if screen.multiple and many is not None:
                for i, (label, value) in enumerate(screen.options):
                    if many(label, value) != (i in screen.picked):  # picked as wanted
                        await driver.pick(screen, i)
                await driver.press("enter")
                continue
            index = next((_want(screen, w) for w in wants
                          if any(w(lab, v) for lab, v in screen.options)), 0)
            await driver.pick(screen, index)
        elif type(screen).__name__ == "AttackBox":
            await attack_box(driver, screen, wants)
        elif isinstance(screen, NumbersModal):
            await driver.press("ctrl+s")
        elif isinstance(screen, ConfirmModal):
            await driver.press("y")
        else:
            raise RuntimeError(f"the driver does not know the box {type(screen).__name__}")
    raise RuntimeError("the step never finished")


async def attack_box(driver: Driver, box: Any, wants: list[Callable[[str, Any], bool]]
                     ) -> None:
    """Answer the one-box attack: the weapon (``w`` until the one wanted), the target (his
    key, unless he is picked already), the defaults for the rest, then Enter."""
    weapons = [(w.label, w.weapon) for w in box.weapons]
    wanted = next((i for w in wants for i, (lab, v) in enumerate(weapons)
                   if v is not None and w(lab, v)), 0)
    while box.plan.weapon != wanted:
        await driver.press("w")
    rows = [(t.name, t.id) for t in box.targets]
    target = next((i for w in wants for i, (lab, v) in enumerate(rows) if w(lab, v)), 0)
    if box.plan.target != rows[target][1]:
        await driver.press(*box.targets[target].tag)
    await driver.press("enter")


def _campaign(saves: Path, npcs: tuple[str, ...]) -> Any:
    from d6tui.engine.session import Session
    from d6tui.games.simple_six import campaign
    from d6tui.games.simple_six.campaign import add_from_template
    from d6tui.games.simple_six.creation import Draft
    from d6tui.games.simple_six.templates import templates

    s = Session.new("simple_six", {"seed": 11}, path=saves / "keys.toml", title="Keys")
    pcs = (
        Draft("Sir Baelen", {"Might": "4D", "Agility": "3D", "Wit": "2D", "Charm": "3D"},
              skills={"Sword": "2D", "Dodge": "1D", "Medicine": "1D", "Stealth": "1D",
                      "Persuasion": "1D"},
              specializations={"Athletics: Running": "1D"}, weapons=["Sword"],
              armor=["Chainmail", "Shield"]),
        Draft("Mira", {"Might": "2D", "Agility": "3D+1", "Wit": "4D", "Charm": "2D+2"},
              skills={"Magic": "2D", "Dodge": "1D", "Medicine": "1D"}, perks=["Sorcerer"],
              spells=["Bless", "Light", "Slumber", "Charm"], weapons=["Knife"],
              complications=["Crazy"]),
        Draft("Tam", {"Might": "3D", "Agility": "4D", "Wit": "3D", "Charm": "2D"},
              skills={"Bow": "2D", "Dodge": "2D", "Stealth": "2D", "Tracking": "1D"},
              weapons=["Bow", "Knife"], armor=["Leather"]),
    )
    for d in pcs:
        s.do(campaign.add_character, d, dice=s.dice)
    by_name = {t.name: t for t in templates()}
    for n, name in enumerate(npcs, start=1):
        s.do(add_from_template, by_name[name], f"{name} {n}", dice=s.dice)
    s.do(campaign.start_session)
    return s


async def _fight_to(driver: Driver, session: Any, who: list[str], actor: str) -> None:
    """Start a fight between ``who`` and roll rounds until ``actor`` acts (not counted)."""
    from d6tui.games.simple_six import campaign

    if session.state.combat is None:
        session.do(campaign.start_combat, who)
    for _ in range(40):
        fight = session.state.combat
        if fight.actor == actor:
            break
        if fight.actor is None:
            session.do(campaign.start_round, dice=session.dice)
        else:
            session.do(campaign.pass_turn)
    else:
        raise RuntimeError(f"{actor} never came to act")
    driver.pilot.app.screen.refresh_game()
    await driver.pilot.pause()


def _attacks(session: Any) -> int:
    return sum(1 for e in session.events if e["type"] == "attacked")


async def step(name: str) -> int:
    """Keys for one step, on its own campaign."""
    from d6tui.ui.app import D6App

    with tempfile.TemporaryDirectory() as tmp:
        saves = Path(tmp)
        npcs = ("Goblin",) * 4 if name == "mooks" else ("Goblin",)
        session = _campaign(saves, npcs)
        app = D6App(saves=saves, session=session, persist_theme=False)
        async with app.run_test(size=(80, 24)) as pilot:
            from d6tui.ui.simple_six.screen import SimpleSixScreen

            await until(pilot, lambda: isinstance(app.screen, SimpleSixScreen), "the screen")
            driver = Driver(pilot)
            everyone = [m.id for m in session.state.members]
            goblin = lambda label, value: "Goblin 1" in label or getattr(  # noqa: E731
                value, "id", value) == "goblin-1"
            first = lambda label, value: False  # noqa: E731
            if name == "melee":
                await _fight_to(driver, session, everyone, "sir-baelen")
                before = _attacks(session)
                await driver.press("a")
                await answer(driver, [goblin, first],
                             done=lambda: _attacks(session) > before)
            elif name == "ranged":
                await _fight_to(driver, session, everyone, "tam")
                before = _attacks(session)
                await driver.press("a")
                bow = lambda label, value: value == "Bow" or label.startswith("Bow")  # noqa: E731
                short = lambda label, value: value == "short"  # noqa: E731
                none = lambda label, value: value == 0 or label == "none"  # noqa: E731
                await answer(driver, [goblin, bow, short, none],
                             done=lambda: _attacks(session) > before)
            elif name == "mooks":
                goblins = [i for i in everyone if i.startswith("goblin")]
                await _fight_to(driver, session, everyone, _first_goblin(session, everyone))
                _goblins_next(session)
                driver.pilot.app.screen.refresh_game()
                baelen = lambda label, value: "Sir Baelen" in label or getattr(  # noqa: E731
                    value, "id", value) == "sir-baelen"
                zero = lambda label, value: value == 0  # noqa: E731
                knife = lambda label, value: value == "Knife" or label.startswith("Knife")  # noqa: E731
                before = _attacks(session)
                await _mooks_attack(driver, session, goblins,
                                    [baelen, knife, zero], before)
            elif name == "bless":
                app.screen.selected = "mira"
                app.screen.refresh_game()
                before = len(session.events)
                await driver.press("m")
                bless = lambda label, value: value == "Bless"  # noqa: E731
                allies = lambda label, value: value in ("mira", "sir-baelen", "tam")  # noqa: E731
                await answer(driver, [bless, lambda label, value: value == 0], many=allies,
                             done=lambda: any(e["type"] == "spell_cast"
                                              for e in session.events[before:]))
            await pilot.pause()
            return driver.keys


def _first_goblin(session: Any, everyone: list[str]) -> str:
    """Roll the first round and return the first goblin in its order."""
    from d6tui.games.simple_six import campaign

    session.do(campaign.start_combat, everyone)
    session.do(campaign.start_round, dice=session.dice)
    return next(i for i in session.state.combat.order if i.startswith("goblin"))


def _goblins_next(session: Any) -> None:
    """Bring the other goblins' turns right after the acting goblin's (GM bookkeeping, not
    counted): a group acts together only where no one else's turn comes between ("Order of
    Actions in a Round")."""
    from d6tui.games.simple_six import fight_roster

    fight = session.state.combat
    for i in fight.order[fight.current + 1:]:
        if i.startswith("goblin"):
            session.do(fight_roster.set_initiative, i, 50)


async def _mooks_attack(driver: Driver, session: Any, goblins: list[str], wants: list,
                        before: int) -> None:
    """Every goblin attacks once: on the group's key when the tracker has one, else each in
    turn (``a``, the answers, then Space past everyone else until the next goblin)."""
    from d6tui.games.simple_six import campaign

    screen = driver.pilot.app.screen
    if hasattr(screen, "action_group_attack"):
        await driver.press("g")
        await answer(driver, wants, done=lambda: _attacks(session) >= before + len(goblins))
        return
    for _ in range(len(goblins)):
        n = _attacks(session)
        await driver.press("a")
        await answer(driver, wants, done=lambda n=n: _attacks(session) > n)
        await driver.press("space")
        # the PCs' turns in between are the players', not the mooks': passed uncounted
        for _ in range(10):
            actor = session.state.combat.actor
            if actor is None or actor.startswith("goblin"):
                break
            session.do(campaign.pass_turn)
        screen.refresh_game()
        await driver.pilot.pause()
        if session.state.combat.actor is None:
            break
    if _attacks(session) < before + len(goblins):
        raise RuntimeError("not every goblin attacked")


def main() -> None:
    """Print the keys for each step."""
    for name in ("melee", "ranged", "mooks", "bless"):
        print(f"{name:<7} {asyncio.run(step(name))} keys")


if __name__ == "__main__":
    main()
