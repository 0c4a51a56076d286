"""A heuristic player and a headless driver, for benchmarks, example saves and tests.

The bot only ever picks one of :func:`legal.actions`, so everything it does is legal; it
explores, levels up, heals when hurt, fights when it can win and takes the safer branch of
risky events. It is a fair sparring partner, not a strong player.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable

from d6tui.engine.dice import Dice
from d6tui.engine.session import Session
from d6tui.games.tales import commands, island, legal, play, services
from d6tui.games.tales.rules import RULES
from d6tui.games.tales.state import Tale

Action = legal.Action
#: Commands whose rolls the driver makes with the session's dice.
ROLLERS = (commands.roll, commands.attack, commands.flee, services.gamble, commands.use_item)
#: Raise these stats, in this order, while below the value given (R10).
LEVEL_PLAN = (("atk", 3), ("max_hp", 6), ("dmg", 2), ("atk", 5), ("spd", 3), ("max_hp", 8))
#: The bot's answer to each choice, first allowed option wins.
PREFERRED = {
    "choose:e09": ("grab", "let"), "choose:e18": ("smash",), "choose:e32": ("flee",),
    "choose:e10": ("flee",), "choose:gamble": ("gold",), "choose:e22": (),
}


class Bot:
    """A heuristic 6x6 Tales player.

    Args:
        seed: makes its few random picks reproducible.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def pick(self, state: Tale) -> Action:
        """The action to take now.

        Args:
            state: the tale (not over).

        Raises:
            ValueError: nothing is legal (the tale is over).
        """
        acts = legal.actions(state)
        if not acts:
            raise ValueError("the tale waits for nothing")
        by_fn: dict[Callable[..., dict], list[Action]] = {}
        for a in acts:
            by_fn.setdefault(a[0], []).append(a)
        h = state.hero
        assert h is not None
        if commands.complete_quest in by_fn:
            return by_fn[commands.complete_quest][0]
        p = play.pending(state)
        if p.kind == "held":  # dice seen and held: the bot keeps them as rolled
            return by_fn[commands.keep_roll][0]
        if p.kind == "fight":
            return self._fight(state, by_fn)
        if p.kind == "shop":
            return self._shop(state, by_fn)
        if p.kind == "choose":
            return self._choose(state, p.what, p.options)
        if p.kind == "roll":
            return by_fn[commands.roll][0]
        if state.step == "level_up":
            for stat, below in LEVEL_PLAN:
                if getattr(h, stat) < below:
                    for a in by_fn.get(commands.level_up, []):
                        if a[1][0] == stat:
                            return a
                    break
            return by_fn[commands.skip_level_up][0]
        if state.step == "movement":
            return self._move(state, by_fn)
        if state.step == "square_event":
            risky = state.square.event in ("E10", "E31", "E27", "E16") and h.hp < 4
            return by_fn[commands.pass_event if risky else commands.play_event][0]
        return acts[0] if commands.end_turn not in by_fn else by_fn[commands.end_turn][0]

    def _fight(self, state: Tale, by_fn: dict) -> Action:
        h, f = state.hero, state.fight
        assert h is not None and f is not None
        if f.phase == "break":
            heal = [a for a in by_fn.get(commands.use_scroll, [])
                    if len(a[1]) == 1 and state.content.scrolls[a[1][0]].effect == "heal"]
            if h.hp <= f.dmg and heal:
                return heal[0]
            if h.hp <= f.dmg and commands.flee in by_fn and f.hp > h.dmg:
                return by_fn[commands.flee][0]
            for a in by_fn.get(commands.use_scroll, []):
                if a[1][1:] == ("ignite",):
                    return a
            hurt = [a for a in by_fn.get(commands.use_scroll, [])
                    if len(a[1]) == 1 and state.content.scrolls[a[1][0]].effect == "damage"]
            if hurt and f.hp > h.dmg:
                return hurt[0]
        return by_fn[commands.attack][0]

    def _shop(self, state: Tale, by_fn: dict) -> Action:
        h = state.hero
        assert h is not None
        for fn in (services.heal, services.cure, services.rest, services.take_quest):
            if fn in by_fn:
                return by_fn[fn][0]
        if services.give_food in by_fn:
            return by_fn[services.give_food][0]
        for a in by_fn.get(services.buy, []):
            scroll = a[1][0]
            if state.content.scrolls[scroll].effect == "heal" and h.gold >= 4 and \
                    h.scrolls.count(scroll) < 2:
                return a
        if services.take_gift in by_fn:
            return by_fn[services.take_gift][-1]
        return by_fn[services.leave][0]

    def _choose(self, state: Tale, what: str, options: tuple[str, ...]) -> Action:
        if what == "choose:rotate":
            return (commands.place_road, (int(self._best_rotation(state, options)),), {})
        if what == "choose:dungeon":
            h = state.hero
            assert h is not None
            want = "small_room" if "small_room" in options else (
                "risk" if h.hp >= 3 else "exit")
            return (commands.choose, (want,), {})
        if what == "choose:e31":
            h = state.hero
            assert h is not None
            return (commands.choose, ("D" if h.hp > 4 and self.rng.random() < 0.5 else "A",),
                    {})
        if what == "choose:treasure":
            return (commands.choose, (max(options, key=lambda o: abs(int(o) - 7)),), {})
        for want in PREFERRED.get(what, ()):
            if want in options:
                return (commands.choose, (want,), {})
        return (commands.choose, (options[0],), {})

    def _best_rotation(self, state: Tale, options: tuple[str, ...]) -> str:
        top = state.top
        assert top is not None
        shape = top.arg.split("|")[0]
        base = state.content.road_exits(shape)

        def openness(option: str) -> int:
            exits = island.rotate(base, int(option))
            return sum(1 for d in exits if island.neighbour(top.n, d) is not None)

        return max(options, key=openness)

    def _move(self, state: Tale, by_fn: dict) -> Action:
        moves = {a[1][0]: a for a in by_fn.get(commands.move, [])}
        if moves:
            step = self._towards_goal(state, set(moves))
            if step:
                return moves[step]
        return by_fn[commands.stop][0]

    def _wanted(self, state: Tale, event: str) -> bool:
        """Whether a square's event is worth the trip."""
        h = state.hero
        assert h is not None
        if event in ("E11", "E07", "E16", "E20", "E12", "E27", "E10", "E31"):
            return h.hp >= 3
        if event == "E38":
            return h.has("Mango")
        if event == "E22":
            return len(h.scrolls) >= 2
        if event == "E19":
            return h.atk >= 3 and h.hp >= 3
        if event in ("E01", "E08", "E15"):
            return h.hp < h.max_hp - 1 or bool(h.poison)
        return False

    def _towards_goal(self, state: Tale, allowed: set[str]) -> str:
        """The first step of a shortest road to an unrevealed square or a square event."""
        start = state.pos
        seen = {start}
        queue: deque[tuple[int, str]] = deque()
        # In compass order, not the set's: a set of strings iterates in an order that changes
        # from one process to the next (hash randomisation), and the bot must replay the same.
        for d in (d for d in island.DIRS if d in allowed):
            j = island.neighbour(start, d)
            if j is not None:
                queue.append((j, d))
                seen.add(j)
        while queue:
            i, first = queue.popleft()
            sq = state.squares[i]
            if not sq.revealed or self._wanted(state, sq.event):
                return first
            for d in sq.exits:
                j = island.neighbour(i, d)
                if j is None or j in seen:
                    continue
                nxt = state.squares[j]
                if nxt.revealed and island.OPPOSITE[d] not in nxt.exits:
                    continue
                seen.add(j)
                queue.append((j, first))
        return ""


def play_tale(session: Session, bot: Bot, limit: int = 10_000) -> int:
    """Let ``bot`` play ``session`` until the tale ends (E17) or ``limit`` actions.

    Args:
        session: a tales session.
        bot: the player.
        limit: the most actions to take.

    Returns:
        How many actions were taken.
    """
    n = 0
    while not session.state.over and n < limit:
        fn, args, kwargs = bot.pick(session.state)
        if fn in ROLLERS:
            kwargs = dict(kwargs, dice=session.dice)
        session.do(fn, *args, **kwargs)
        n += 1
    return n


def headless_tale(name: str, race: str, seed: int) -> Session:
    """A whole tale played by the bot in memory, with the app's dice seeded.

    Args:
        name: the hero's name.
        race: dwarf, elf, human or hobbit.
        seed: seeds the dice and the bot.
    """
    session = Session.new(RULES, {"name": name, "race": race, "seed": seed}, dice=Dice(seed))
    play_tale(session, Bot(seed))
    return session

