"""Fixtures for the whole suite: no test reads or writes the real user's folders.

Every test gets its own config, data and saves folders (``XDG_CONFIG_HOME``,
``XDG_DATA_HOME``, ``D6TUI_CONFIG``, ``D6TUI_SAVES``) under its ``tmp_path``. Before any test
runs (while modules are imported and collected) the same variables point at a throwaway
folder, so content read at import time never comes from the real config either. Pilot's
idle wait looks in short slices (``quick_idle``). Once collected, the live objects are frozen
out of the garbage collector's scans and it runs less often (``pytest_collection_finish``).
"""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests import bytecode_warm, settled_render, shared_css

#: The variables that decide where d6tui reads config and saves (see d6tui/paths.py).
FOLDER_VARIABLES = ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "D6TUI_CONFIG", "D6TUI_SAVES")


def _folders(root: Path) -> dict[str, Path]:
    return {
        "config": root / "config",
        "data": root / "data",
        "saves": root / "saves",
    }


def _point_at(dirs: dict[str, Path], setenv: Callable[[str, str], None]) -> None:
    values = {
        "XDG_CONFIG_HOME": dirs["data"] / "xdg-config",
        "XDG_DATA_HOME": dirs["data"] / "xdg-data",
        "D6TUI_CONFIG": dirs["config"],
        "D6TUI_SAVES": dirs["saves"],
    }
    assert set(values) == set(FOLDER_VARIABLES)
    for name, value in values.items():
        setenv(name, str(value))


_session_root: Path | None = None

#: Where the tests' temporary folders go when this machine has a folder in memory (Linux's
#: ``/dev/shm``). Every move a test makes is appended and ``fsync``-ed as in the app; on this
#: project's virtual disk an ``fsync`` takes ~13 ms of waiting, thousands of times a run. In
#: memory the same code runs (the same writes, locks, renames and ``fsync`` calls) without the
#: wait. ``D6TUI_TESTS_ON_DISK=1`` (or ``--basetemp``) keeps them on the disk.
MEMORY_DIR = Path("/dev/shm")
_memory_basetemp: Path | None = None

#: ``pytest -n auto`` starts this many xdist workers per CPU: a UI test spends about a third of
#: its time waiting (Pilot's idle slices, the real ``ssh`` client, a server's replies), and
#: another worker's test uses the core meanwhile.
WORKERS_PER_CPU = 2


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Point the folder variables at a throwaway folder before test modules are imported, put
    the run's temporary folders in memory where that is possible (:data:`MEMORY_DIR`), and
    have the test modules' rewritten bytecode cached once for all workers
    (:func:`tests.bytecode_warm.warm`). Textual's CSS is parsed once per process, not once
    per app (:mod:`tests.shared_css`; ``D6TUI_TESTS_OWN_CSS=1`` leaves each app its own),
    and a headless app draws its screen each time it settles, not on every refresh
    (:mod:`tests.settled_render`; ``D6TUI_TESTS_EVERY_FRAME=1`` draws every refresh).
    ``-n`` without ``--dist`` uses xdist's ``worksteal`` scheduler (an idle worker takes
    tests still queued on a busy one) with the long files spread (:func:`spread_long_files`).

    Runs before pytest's own ``tmp_path`` plugin reads ``--basetemp``; xdist workers are
    given their folder under it by the controller, so only the controller picks one."""
    global _session_root, _memory_basetemp
    _session_root = Path(tempfile.mkdtemp(prefix="d6tui-tests-"))
    _point_at(_folders(_session_root), os.environ.__setitem__)
    if (config.option.basetemp is None and not hasattr(config, "workerinput")
            and not os.environ.get("D6TUI_TESTS_ON_DISK")
            and MEMORY_DIR.is_dir() and os.access(MEMORY_DIR, os.W_OK)):
        _memory_basetemp = Path(tempfile.mkdtemp(prefix="d6tui-pytest-", dir=MEMORY_DIR))
        config.option.basetemp = str(_memory_basetemp)
    bytecode_warm.warm(config)
    if getattr(config.option, "dist", None) == "load" and not _dist_given(config):
        # -n alone: idle workers take tests queued on busy ones (spread_long_files)
        config.option.dist = "worksteal"
    if not os.environ.get("D6TUI_TESTS_OWN_CSS"):
        shared_css.install()
    if not os.environ.get("D6TUI_TESTS_EVERY_FRAME"):
        settled_render.install()


def _dist_given(config: pytest.Config) -> bool:
    """Whether the command line chose xdist's scheduler itself (``--dist``, ``-d``)."""
    return any(a == "-d" or a.startswith("--dist") for a in config.invocation_params.args)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the throwaway folders (the in-memory one last, by the process that made it)."""
    if _session_root is not None:
        shutil.rmtree(_session_root, ignore_errors=True)
    if _memory_basetemp is not None:
        shutil.rmtree(_memory_basetemp, ignore_errors=True)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto``: :data:`WORKERS_PER_CPU` workers per CPU this process may use
    (``PYTEST_XDIST_AUTO_NUM_WORKERS`` still decides when set)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own hook reads it
    affinity = getattr(os, "sched_getaffinity", None)
    cpus = len(affinity(0)) if affinity else (os.cpu_count() or 1)
    return WORKERS_PER_CPU * cpus


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Path]]:
    """Config, data and saves in this test's temp folders (not created; ``saves`` creates
    the save folder)."""
    dirs = _folders(tmp_path)
    _point_at(dirs, monkeypatch.setenv)
    yield dirs


@pytest.fixture
def saves(isolated: dict[str, Path]) -> Path:
    """The test's save folder (created)."""
    isolated["saves"].mkdir(parents=True, exist_ok=True)
    return isolated["saves"]


@pytest.fixture(autouse=True)
def quick_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pilot's "wait until the app is idle" looks in 5 ms slices instead of 20 ms ones.

    ``pause()`` and ``press()`` first wait for every pending message of the screen (that part
    is exact), then sleep in slices until one passes with the process nearly idle; each wait
    so costs at least a slice. The same 5% idle threshold is kept (0.25 ms in 5 ms). Every
    folder's Pilot tests get it, not only tests/ui's.
    """
    import textual._wait as wait

    monkeypatch.setattr(wait, "SLEEP_GRANULARITY", 1 / 200)
    monkeypatch.setattr(wait, "SLEEP_IDLE", 1 / 200 / 20)


#: The test files with a single test of about 5 s or more (``--durations``-like figures of the
#: whole suite at ``-n 4`` on a loaded 2-core machine: the file's seconds in all). Under
#: ``pytest -n N`` they are spread over the N blocks the workers start with
#: (:func:`spread_long_files`), each block's share at its front, so that no worker is left
#: alone with long tests at the end while the others sit idle. With them all in one block
#: (as before), that worker ran 25 s after the other three had finished. A path that no
#: longer exists simply moves nothing.
LONG_FILES = {
    "tests/reliability/test_kill.py": 18,
    "tests/shooter/test_shooter_view.py": 15,
    "tests/ssh/test_computer_e2e.py": 11,
    "tests/ssh/test_tables_e2e.py": 20,
    "tests/ui/test_tales_keyline.py": 14,
    "tests/dungeon/test_ui.py": 20,
    "tests/ui/test_simple_six_flows.py": 38,
    "tests/engine/test_log_speedups.py": 9,
    "tests/reliability/test_cuts.py": 12,
    "tests/ui/test_simple_six_magic.py": 14,
    "tests/ui/test_shooter_play.py": 13,
    "tests/ui/test_table_dice_setting.py": 23,
    "tests/dungeon/test_bot.py": 11,
    "tests/d6_board/test_screen.py": 24,
    "tests/ui/test_simple_six_vehicles.py": 7,
    "tests/ui/test_ssh_tales_snapshots.py": 13,
    "tests/reliability/test_screens.py": 9,
    "tests/dungeon/test_fix_round.py": 15,
    "tests/shooter/test_shooter_json.py": 7,
    "tests/ui/test_simple_six_attribute_options.py": 8,
    "tests/ui/test_tales_snapshots.py": 43,
    "tests/ui/test_ssh_game_snapshots.py": 15,
}


def block_sizes(count: int, workers: int) -> list[int]:
    """How many of ``count`` tests each of ``workers`` workers is first handed by xdist's
    ``worksteal`` scheduler (the pending tests split in turn: ``left // workers_left``)."""
    sizes = []
    for i in range(workers):
        sizes.append(count // (workers - i))
        count -= sizes[-1]
    return sizes


def spread_long_files(items: list, workers: int, path_of: Callable[[object], str]) -> list:
    """``items`` reordered for ``workers`` workers: the files of :data:`LONG_FILES`, longest
    first, each to the block with the fewest long seconds so far (blocks as
    :func:`block_sizes`), at the front of its block; the other tests fill the blocks in
    their own order. Every file keeps its own order. One worker: the long files first."""
    rank = {path: i for i, path in enumerate(LONG_FILES)}
    longs: dict[str, list] = {}
    rest = []
    for item in items:
        path = path_of(item)
        (longs.setdefault(path, []) if path in rank else rest).append(item)
    blocks: list[list] = [[] for _ in range(max(1, workers))]
    seconds = [0] * len(blocks)
    for path in sorted(longs, key=lambda p: -LONG_FILES[p]):
        i = min(range(len(blocks)), key=lambda b: seconds[b])
        blocks[i].extend(longs[path])
        seconds[i] += LONG_FILES[path]
    fill = iter(rest)
    for block, size in zip(blocks, block_sizes(len(items), len(blocks)), strict=True):
        block.extend(itertools.islice(fill, max(0, size - len(block))))
    blocks[-1].extend(fill)
    return [item for block in blocks for item in block]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Spread the tests of :data:`LONG_FILES` over the workers' first blocks (xdist workers
    know how many they are from ``PYTEST_XDIST_WORKER_COUNT``; every worker must collect
    the same order, and does: the order depends only on the items and that count)."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    items[:] = spread_long_files(items, workers, lambda item: item.nodeid.split("::", 1)[0])


#: The cyclic garbage collector's thresholds while the tests run (Python's are 700, 10, 10).
GC_THRESHOLDS = (10_000, 50, 100)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Once every test module is imported: what is alive now (modules, test data) is frozen
    out of the garbage collector's scans, and it runs less often.

    Each Pilot app makes and drops tens of thousands of objects, and every collection scanned
    the whole heap of the suite with them: about a quarter of the CPU of a UI test file (user
    time of ``pytest -n 0 tests/ui/test_choice_lists.py tests/dungeon/test_ui.py``: 19.2 and
    15.1 s before, 13.0 and 11.0 s after). Garbage is still collected, later and in bigger
    batches (peak memory about 25 MB more).
    """
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
