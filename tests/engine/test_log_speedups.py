"""The log's fast paths give what the slow ones gave: an event block written without
tomli_w's machinery is the text tomli_w writes, and a parse from the memo
(``engine/toml_memo.py``) is the document ``tomllib`` gives, a copy the caller owns."""

from __future__ import annotations

import tomllib
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from d6tui.engine import toml_memo
from d6tui.engine.logcheck import INT_MAX, INT_MIN
from d6tui.engine.logfile import _scalar, _scalar_tomli_w, event_block

SCALARS = (st.integers(INT_MIN, INT_MAX) | st.booleans() | st.text()
           | st.floats(allow_nan=False)
           | st.datetimes(timezones=st.sampled_from([UTC, timezone(timedelta(hours=-5))])))


@settings(max_examples=200)
@given(SCALARS)
def test_a_scalar_is_written_as_tomli_w_writes_it(value: object) -> None:
    assert _scalar(value) == _scalar_tomli_w(value)


@settings(max_examples=40)
@given(st.dictionaries(st.text(min_size=1, max_size=8).filter(lambda k: k not in
                                                               ("seq", "type", "at")),
                       st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3)
                                    | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                                    max_leaves=8), max_size=5))
def test_an_event_block_parses_back_to_the_event(keys: dict) -> None:
    event = {"seq": 1, "type": "x", "at": datetime(2026, 12, 1, tzinfo=UTC), **keys}
    doc = tomllib.loads(event_block(event))
    assert doc["events"] == [event]


def test_the_memo_keeps_a_text_parsed_twice_and_gives_each_caller_its_own_copy() -> None:
    toml_memo.clear()
    text = '[[events]]\nseq = 1\ntype = "x"\nfacts = { a = [1, 2, { b = "c" }] }\n' + "#" * 80
    for i in range(4):  # noted, then kept, then from the memo
        doc = toml_memo.loads(text)
        assert doc == tomllib.loads(text)
        doc["events"][0]["facts"]["a"][2]["b"] = "changed"
        doc["events"].append({})
        assert (text in toml_memo._kept) == (i >= 1)


def test_the_memo_never_keeps_a_failed_parse() -> None:
    toml_memo.clear()
    bad = "a = [1, 2\n" + "#" * 100
    for _ in range(2):
        with pytest.raises(tomllib.TOMLDecodeError):
            toml_memo.loads(bad)
    assert toml_memo._chars == 0


def test_the_memo_keeps_at_most_its_bound() -> None:
    toml_memo.clear()
    texts = [f"v = {i}\n" + "#" * (toml_memo.MAX_CHARS // 4) for i in range(10)]
    for i, t in enumerate(texts):
        assert toml_memo.loads(t) == {"v": i} == toml_memo.loads(t)  # kept when seen twice
    assert 0 < toml_memo._chars <= toml_memo.MAX_CHARS
    assert len(toml_memo._kept) == 3 and list(toml_memo._kept) == texts[-3:]
    toml_memo.clear()


def test_an_event_block_leaves_none_out_and_names_a_number_too_large() -> None:
    from d6tui.engine.errors import RuleError

    at = datetime(2026, 12, 1, tzinfo=UTC)
    block = event_block({"seq": 1, "type": "x", "at": at, "gone": None,
                         "facts": {"a": None, "b": (1, 2), "c": {"d": None}}})
    assert tomllib.loads(block)["events"] == [
        {"seq": 1, "type": "x", "at": at, "facts": {"b": [1, 2], "c": {}}}]
    with pytest.raises(RuleError, match=r"^cp = 10{25} is too large to keep"):
        event_block({"seq": 1, "type": "x", "at": at, "facts": [{"cp": 10**25}]})
    with pytest.raises(RuleError, match=r"^facts = 10{30} is too large"):
        event_block({"seq": 1, "type": "x", "at": at, "facts": [1, 10**30]})


def test_a_checked_piece_is_checked_again_when_the_limits_change(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path

    from d6tui.engine import limits
    from d6tui.engine.errors import LogError

    piece = "v = [[[[1]]]]\n" + "#" * 300
    limits.check_piece(Path("x"), piece)
    assert piece not in limits._passed  # kept when it passes a second time
    limits.check_piece(Path("x"), piece)
    assert piece in limits._passed
    limits.check_piece(Path("x"), piece)  # from the memo
    monkeypatch.setattr(limits, "MAX_DEPTH", 3)
    with pytest.raises(LogError, match="nested more than 3 deep"):
        limits.check_piece(Path("x"), piece)
    deep = "v = " + "[" * 40 + "1" + "]" * 40 + "\n" + "#" * 300
    monkeypatch.undo()
    for _ in range(2):  # a refused piece is never kept
        with pytest.raises(LogError, match="nested more than 32 deep"):
            limits.check_piece(Path("x"), deep)


def test_the_memo_gives_right_documents_to_threads_that_evict_each_other(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from concurrent.futures import ThreadPoolExecutor

    toml_memo.clear()
    monkeypatch.setattr(toml_memo, "MAX_CHARS", 1000)  # three texts at most: evictions
    texts = [f"v = {i}\n" + "#" * 300 for i in range(8)]

    def work(k: int) -> bool:
        return all(toml_memo.loads(texts[(k + j) % 8]) == {"v": (k + j) % 8}
                   for j in range(400))

    with ThreadPoolExecutor(4) as pool:
        assert all(pool.map(work, range(8)))
    assert toml_memo._chars <= 1000
    toml_memo.clear()
