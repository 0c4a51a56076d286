"""Every awaited roll, choice, place and step has a prompt naming its section."""

from __future__ import annotations

import re

from d6tui.engine.dice import Dice
from d6tui.engine.session import Session
from d6tui.games.tales import prompts, rolls
from d6tui.games.tales.bot import ROLLERS, Bot
from d6tui.games.tales.rules import RULES

SECTION = re.compile(r"\((?:[REJ]\d\d)(?:, [REJ]\d\d)*\)")


def test_every_roll_task_has_a_prompt() -> None:
    for what in rolls.ROLL_DICE:
        assert SECTION.search(prompts.PROMPTS[f"roll:{what}"]), what


def test_prompts_through_a_tale() -> None:
    session = Session.new(RULES, {"name": "Bot", "race": "human"}, dice=Dice(9))
    bot = Bot(9)
    seen = set()
    while not session.state.over:
        text = prompts.prompt(session.state)
        assert SECTION.search(text), text
        seen.add(text.split(":")[0])
        fn, args, kwargs = bot.pick(session.state)
        if fn in ROLLERS:
            kwargs = dict(kwargs, dice=session.dice)
        session.do(fn, *args, **kwargs)
    assert SECTION.search(prompts.prompt(session.state))
    assert len(seen) > 5
