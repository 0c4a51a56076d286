"""Tables the SSH screen tests open on the in-memory table service."""

from __future__ import annotations


def ann_and_bob_dungeon(service):
    """A D6 Dungeon table (seed 5) opened by Ann on ``service``, with Bob joined: the table."""
    from d6tui.engine.registry import load_rules

    tables = service.service.tables
    table = service.do(lambda: tables.open(load_rules("dungeon"),
                                           {"players": ["Ann", "Bob"], "seed": 5}, "ann"))
    service.do(lambda: table.join("bob"))
    return table
