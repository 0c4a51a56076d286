"""The suite's own test order under xdist (tests/conftest.py): the long files are spread over
the blocks the workers start with, nothing is lost or reordered within a file."""

from __future__ import annotations

from tests.conftest import LONG_FILES, block_sizes, spread_long_files


def _items() -> list[str]:
    longs = list(LONG_FILES)[:6]
    items = [f"tests/a/test_{i % 7}.py::t{i}" for i in range(200)]
    for j, path in enumerate(longs):
        items[20 * j + 5: 20 * j + 5] = [f"{path}::t{k}" for k in range(3)]
    return items


def _path(item: object) -> str:
    return str(item).split("::", 1)[0]


def test_block_sizes_split_as_the_worksteal_scheduler_does() -> None:
    assert block_sizes(2598, 4) == [649, 649, 650, 650]
    assert block_sizes(3, 4) == [0, 1, 1, 1]
    assert sum(block_sizes(1001, 3)) == 1001


def test_long_files_open_the_blocks_and_every_test_stays() -> None:
    items = _items()
    out = spread_long_files(items, 4, _path)
    assert sorted(out) == sorted(items)
    for path in {_path(i) for i in items}:  # each file keeps its order
        assert [i for i in out if _path(i) == path] == [i for i in items if _path(i) == path]
    starts, at = [], 0
    for size in block_sizes(len(out), 4):
        starts.append(out[at:at + size])
        at += size
    heads = [{_path(i) for i in block[:3]} for block in starts]
    assert all(h <= set(LONG_FILES) for h in heads)  # every block opens with a long file
    # the longest of the six lands alone at the front of a block of its own
    longest = max(list(LONG_FILES)[:6], key=LONG_FILES.__getitem__)
    assert sum(longest in h for h in heads) == 1


def test_one_worker_runs_the_long_files_first() -> None:
    items = _items()
    out = spread_long_files(items, 1, _path)
    assert all(_path(i) in LONG_FILES for i in out[:18])
    assert [i for i in out if _path(i) not in LONG_FILES] == \
        [i for i in items if _path(i) not in LONG_FILES]


def test_a_run_of_long_files_only_keeps_every_test() -> None:
    items = [f"{path}::t{k}" for path in list(LONG_FILES)[:3] for k in range(4)]
    out = spread_long_files(items, 4, _path)
    assert sorted(out) == sorted(items)
