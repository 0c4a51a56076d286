"""Several snapshots taken from one app run, each compared by its own test.

pytest-textual-snapshot's ``snap_compare`` starts an app for each snapshot. Where a file
snapshots the same screen many times (every page of a booklet, two terminal sizes), the app
can be started once: :func:`shots` runs it through the stages and takes, after each one, the
screenshot ``snap_compare`` would take (the same pauses, waits for animations, title and
``export_screenshot`` call as Textual's ``take_svg_screenshot``). Each parametrized test then
hands its screenshot to ``snap_compare`` (:func:`compare_shot`), which compares it with the
stored SVG and writes its report as for any snapshot: the files' names, contents and the
report stay those of one app per snapshot.

The screenshots of one set of stages are made once per process and kept (:class:`ShotCache`),
so a file's tests under ``pytest -n N`` cost one run in each worker that runs some of them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

#: A stage: what to do to the running app before its screenshot is taken.
Stage = Callable[[Pilot], Awaitable[None]]


async def screenshot(pilot: Pilot, title: str) -> str:
    """The SVG ``snap_compare`` takes once its ``run_before`` is done (Textual's
    ``take_svg_screenshot`` with no keys to press and no hover: pause, wait for animations,
    pause twice, wait again, export with the app's title as it was made)."""
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    return pilot.app.export_screenshot(title=title, simplify=True)


def shots(app: App[Any], size: tuple[int, int], stages: Sequence[Stage]) -> list[str]:
    """Run ``app`` headless at ``size`` through ``stages`` in turn, one screenshot after
    each (the same run ``snap_compare`` makes for one stage), and return them in order.
    A stage may resize the terminal (``pilot.resize_terminal``)."""
    title = app.title  # take_svg_screenshot titles the picture with the app's first title
    taken: list[str] = []

    async def auto_pilot(pilot: Pilot) -> None:
        for stage in stages:
            await stage(pilot)
            taken.append(await screenshot(pilot, title))
        pilot.app.exit()

    app.run(headless=True, auto_pilot=auto_pilot, size=size)
    assert len(taken) == len(stages), f"the app stopped after {len(taken)} screenshots"
    return taken


class ShotCache:
    """Screenshots made once per process for each key: ``get(key, make)`` calls ``make()``
    (which returns the app it ran and ``{key: svg}`` for every screenshot of that run) the
    first time one of its keys is asked for."""

    def __init__(self) -> None:
        self._shots: dict[object, tuple[App[Any], str]] = {}

    def get(self, key: object, make: Callable[[], tuple[App[Any], dict[object, str]]]
            ) -> tuple[App[Any], str]:
        """The app and screenshot for ``key``, made with the others of its run if not yet
        made."""
        if key not in self._shots:
            app, made = make()
            assert key in made, f"{key!r} is not among the screenshots made: {list(made)}"
            self._shots.update({k: (app, svg) for k, svg in made.items()})
        return self._shots[key]


def compare_shot(snap_compare: Callable[..., bool], app: App[Any], svg: str,
                 size: tuple[int, int]) -> bool:
    """Compare ``svg`` (a screenshot of ``app`` at ``size`` from :func:`shots`) with this
    test's stored snapshot through ``snap_compare`` itself: its comparison, its
    ``--snapshot-update`` and its report, given this screenshot instead of a new run."""
    import textual._doc

    def taken(**_kwargs: object) -> str:
        return svg

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(textual._doc, "take_svg_screenshot", taken)
        return snap_compare(app, terminal_size=size)
