"""A 20-combatant Simple Six round through the app, against a bare one-line Textual app.

Usage: ``python bench/simple_six_round.py [--presses 40] [--seed 5]``

Both apps run headless at 80x24 in this process, one after the other. The bare app (as in
bench/_probe.py) has one Static and one key that changes its text; we time key press -> that
Static repainted. The Simple Six app has a campaign saved on disk (every event appended and
fsynced) with 10 player characters and 10 NPCs from the house templates already in a fight; we
press ``r`` and accept the declared actions (initiative for 20), then for each combatant in
initiative order ``a`` and the keys that answer its choices (the target, the weapon, the
defense), then ``space``, until 20 attacks have been made; wounds follow from the dice. We time
the key that runs each command (the last answer of an attack, ctrl+s of the round, space) ->
the GMTracker repainted with the new state (the dice tray, for a miss that changes no state).
Prints both medians and the ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _painted(*widget_classes: type) -> list[float]:
    """Record the time of each ``render`` of the classes (the list is returned)."""
    stamps: list[float] = []
    for widget_class in widget_classes:
        def wrap(original):  # noqa: ANN001, ANN202
            def render(self):  # noqa: ANN001, ANN202
                stamps.append(time.perf_counter())
                return original(self)
            return render

        widget_class.render = wrap(widget_class.render)
    return stamps


async def _settle_after(pilot, t0: float, stamps: list[float], done) -> float:  # noqa: ANN001
    """Wait until ``done()`` and a repaint after ``t0``; returns press -> repaint seconds."""
    for _ in range(2000):
        if done() and stamps and stamps[-1] > t0:
            return stamps[-1] - t0
        await pilot.pause(0)
    raise AssertionError("the screen never caught up")


async def bare(presses: int) -> list[float]:
    """Key press -> repaint of a one-line Static in a bare Textual app."""
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Line(Static):
        pass

    class Bare(App):
        BINDINGS = [("x", "bump", "Bump")]
        n = 0

        def compose(self) -> ComposeResult:
            yield Line("d6tui baseline: one line")

        def action_bump(self) -> None:
            self.n += 1
            self.query_one(Line).update(f"d6tui baseline: {self.n}")

    stamps = _painted(Line)
    out = []
    app = Bare()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for i in range(presses):
            t0 = time.perf_counter()
            await pilot.press("x")
            out.append(await _settle_after(pilot, t0, stamps, lambda i=i: app.n == i + 1))
    return out


def _campaign(path: Path, seed: int):  # noqa: ANN202
    from d6tui.engine.session import Session
    from d6tui.games.simple_six import campaign
    from d6tui.games.simple_six.creation import Draft
    from d6tui.games.simple_six.templates import add_from_template, templates

    s = Session.new("simple_six", {"seed": seed}, path=path, title="Twenty")
    for i in range(10):
        s.do(campaign.add_character, Draft(
            f"Hero {i + 1}", {"Might": "3D", "Agility": "3D+1", "Wit": "3D", "Charm": "2D+2"},
            skills={"Sword": "2D", "Dodge": "2D", "Stealth": "1D", "Medicine": "1D",
                    "Bow": "1D"}, weapons=["Sword"], armor=["Leather", "Shield"]))
    by_name = {t.name: t for t in templates()}
    for i in range(10):
        name = ("Bandit", "Town Guard", "Orc Warrior", "Goblin", "Wolf")[i % 5]
        s.do(add_from_template, by_name[name], f"{name} {i + 1}")
    s.do(campaign.start_session)
    s.do(campaign.start_combat, [m.id for m in s.state.members])
    return s


async def simple_six(seed: int) -> tuple[list[float], int, int, int]:
    """Key press -> GMTracker repaint for each command of the rounds; also the attacks made,
    the rounds played and the combatants wounded."""
    from d6tui.ui.app import D6App
    from d6tui.ui.screens.modals import ChoiceModal
    from d6tui.ui.simple_six.forms import NumbersModal
    from d6tui.ui.simple_six.widgets import GMTracker
    from d6tui.ui.widgets.dice_tray import DiceTray

    folder = Path(tempfile.mkdtemp(prefix="d6tui-bench-"))
    session = _campaign(folder / "twenty.toml", seed)
    # a miss changes no state, so the tracker has nothing to redraw: the dice tray does
    stamps = _painted(GMTracker, DiceTray)
    out: list[float] = []
    attacks = rounds = 0
    app = D6App(saves=folder, session=session, persist_theme=False)

    async def wait_modal(pilot) -> object:  # noqa: ANN001
        for _ in range(500):
            if isinstance(app.screen, (ChoiceModal, NumbersModal)):
                return app.screen
            await pilot.pause(0)
        raise AssertionError("no modal")

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while attacks < 20:
            await pilot.press("r")
            await wait_modal(pilot)
            n = len(session.events)
            t0 = time.perf_counter()
            await pilot.press("ctrl+s")
            out.append(await _settle_after(pilot, t0, stamps, lambda n=n: len(session.events) > n))
            rounds += 1
            while session.state.combat.actor is not None and attacks < 20:
                state = session.state
                me = state.member(state.combat.actor)
                if not me.out_of_action:
                    await pilot.press("a")
                    modal = await wait_modal(pilot)
                    # a foe who has acted already if any (so the order is not emptied early)
                    acted = set(state.combat.order[: state.combat.current])
                    values = [v for _l, v in modal.options]
                    foes = [i for i, v in enumerate(values) if v.sheet.npc != me.sheet.npc]
                    prefer = [i for i in foes if values[i].id in acted] or foes[-1:]
                    n = len(session.events)
                    t0 = time.perf_counter()
                    await pilot.press("home", *["down"] * prefer[0], "enter")
                    current = modal
                    while True:  # weapon, defense (and hero points): the first answer each
                        for _ in range(2000):
                            if len(session.events) > n or (
                                    isinstance(app.screen, ChoiceModal) and app.screen
                                    is not current):
                                break
                            await pilot.pause(0)
                        else:
                            notes = [m.message for m in app._notifications]
                            raise AssertionError(f"stuck: {notes}")
                        if len(session.events) > n:
                            break
                        current = app.screen
                        t0 = time.perf_counter()
                        await pilot.press("1")
                    out.append(await _settle_after(
                        pilot, t0, stamps, lambda n=n: len(session.events) > n))
                    attacks += 1
                n = len(session.events)
                t0 = time.perf_counter()
                await pilot.press("space")
                out.append(await _settle_after(
                    pilot, t0, stamps, lambda n=n: len(session.events) > n))
    wounded = sum(1 for m in session.state.members if m.wounds.level > 0)
    session.close()
    return out, attacks, rounds, wounded


def main() -> None:
    """Run both and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--presses", type=int, default=40)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    base = asyncio.run(bare(args.presses))
    ours, attacks, rounds, wounded = asyncio.run(simple_six(args.seed))
    b, o = statistics.median(base), statistics.median(ours)
    print(f"bare Textual app    key -> repaint  median {b * 1000:7.2f} ms  ({len(base)} presses)")
    print(f"Simple Six tracker  key -> repaint  median {o * 1000:7.2f} ms  ({len(ours)} "
          f"commands: {attacks} attacks in {rounds} round(s), 20 combatants, {wounded} hurt)")
    print(f"  slowest {max(ours) * 1000:.2f} ms; each command appends and fsyncs one event")
    print(f"ratio Simple Six / bare  {o / b:.2f}x")


if __name__ == "__main__":
    main()
