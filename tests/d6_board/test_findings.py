"""The tester's findings on the D6 board screen and rules, each with its fix: the map's
enemies and arrows fit their space, HP shows (on the class board: in test_wording.py), the
season-over panel scores, refusals cite the
rule, a Fountain roll that raises nothing waits for nothing, every move and space is reached
by its number, and the words read right."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.d6_board.describe import scoring, waiting_for, winner_line
from d6tui.games.d6_board.moves import moves as legal_moves
from d6tui.games.d6_board.state import Enemy, Prompt, glory
from d6tui.ui.d6_board.widgets import GameMap, short_enemy
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.words import article, plural
from tests.d6_board.helpers import begun, ids, new_session, play, put, set_up
from tests.d6_board.ui_helpers import (
    advanced_game,
    press_move,
    settle,
    show_position,
    until_phase,
)
from tests.ui.helpers import make_app, sync, until


def _crowd(state, space: str, kinds: list[str]):  # noqa: ANN001, ANN202
    tokens = []
    for k in kinds:
        t = sorted(x for x in state.bag if state.tokens[x] == k and x not in tokens)[0]
        tokens.append(t)
    enemies = tuple(Enemy(t, state.tokens[t], space, hp=2 if i == 0 else 1,
                          buffs=1 if i == 1 else 0) for i, t in enumerate(tokens))
    return replace(state, enemies=enemies, bag=state.bag - set(tokens)), tokens


def test_short_enemy_has_a_gap_before_the_die_and_its_hp() -> None:
    """"Know Thine Enemy": name, die, buff coins and HP (a heart and the count)."""
    state = set_up()
    state, (t,) = _crowd(state, "3", ["kraken"])
    e = state.enemy(t)
    assert short_enemy(state, t, e.buffs, e.hp) == f"{state.kind(t)['name'][:5]} d12\u26652"
    assert short_enemy(state, t, 1, 1, 8) == f"{state.kind(t)['name'][:8]} d12+1\u26651"


@pytest.mark.parametrize("width", [18, 30])
def test_every_enemy_keeps_its_die_in_a_crowded_space(width: int) -> None:
    """Four enemies in one space at 80x24 (18 columns) and 160x50: each shows its die and
    HP; no line is wider than the space."""
    state = set_up()
    kinds = ["kraken", "gnoll", "mushroom", "bone_bandit"]
    kinds = [k for k in kinds if any(state.tokens[t] == k for t in state.bag)]
    state, tokens = _crowd(state, "3", kinds)
    head, body = GameMap().cell(state, "3", width)
    assert all(len(line) <= width for line in head + body)
    text = " ".join(body)
    for t in tokens:
        k = state.kind(t)
        die = f"d{k['die']}" if k.get("die") else f"a{k.get('attack', 3)}"
        assert f" {die}" in text
    assert text.count("\u2665") == len(tokens) and "\u26652" in text and "+1" in text


def test_the_move_marker_never_pushes_the_arrows_off() -> None:
    """A space a move leads to is marked ``*``; its arrows still show whole at 80x24."""
    state = set_up()
    m = GameMap()
    m.targets = frozenset({"4", "7"})
    for space in ("4", "7"):
        head, _ = m.cell(state, space, 18)
        assert head[0].startswith(f"*{space}")
        assert any(">" + ",".join(state.links(space)) in line for line in head)


def test_refused_moves_cite_the_rule() -> None:
    """A move that is not legal says which rule forbids it, with its section."""
    with pytest.raises(RuleError, match=r"still being set up: Ann: choose boards \(Setup\)"):
        new_session().find_move("move:1")
    s = until_phase(new_session(), "turn")
    with pytest.raises(RuleError, match=r"begin the turn first.*\(Beginning Your Turn\)"):
        s.find_move("move:1")
    s.state = begun(s.state, "V")
    with pytest.raises(RuleError, match=r"no arrow leads from the Village to space 9.*"
                                        r"\(Moving\); the legal moves are"):
        s.find_move("move:9")
    with pytest.raises(RuleError, match=r"no hunting there \(The Village\)"):
        s.find_move("hunt")
    with pytest.raises(RuleError, match=r"not your move.*\(Taking a Turn\)"):
        s.find_move("rest", 1)


def test_a_fountain_roll_that_raises_nothing_waits_for_nothing() -> None:
    """A Fountain of You roll no stat is lower than is spent at once: Training Camp is
    offered straight away (rulebook "What You Can Pay to Do in the Village")."""
    state = begun(set_up(), "V", gold=3, stats=(4, 5, 4, 4))
    state = play(state, "fountain", {"roll": 3})
    assert state.fountain == 0 and state.heroes[0].gold == 2
    assert "train:strength" in ids(state) and "fountain:none" not in ids(state)
    assert "nothing rose" in state.note


def test_words() -> None:
    """"an alchemy reward", "1 action", "2 actions"."""
    assert article("alchemy") == "an alchemy" and article("wild") == "a wild"
    assert article("undead") == "an undead" and article("HP") == "an HP"
    assert plural(1, "action") == "1 action" and plural(2, "action") == "2 actions"
    state = set_up()
    state = replace(state, prompts=(Prompt(0, "reward", "alchemy"),))
    assert "an alchemy reward" in waiting_for(state)
    state = begun(set_up(), "V")
    state = replace(state, actions=2)
    assert waiting_for(state).endswith("1 action left")


def test_season_over_scoring_lines() -> None:
    """"The End of the Game": the winner and how each hunter scored, first first."""
    s = until_phase(new_session(3), "over")
    st = s.state
    lines = scoring(st)
    assert len(lines) == 3 and lines[0].startswith("*")
    best = st.winners[0]
    assert f"{st.heroes[best].name} wins" in winner_line(st) or "share" in winner_line(st)
    for i, h in enumerate(st.heroes):
        line = next(x for x in lines if x[2:].startswith(h.name + ":"))
        assert f"{glory(st, i)} glory (" in line and f"{h.gold} gold" in line


@sync
async def test_season_over_panel(saves: Path) -> None:
    """The panel of a finished season holds the winner line and a line per hunter."""
    s = until_phase(advanced_game(saves, 0), "over")
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        from textual.widgets import OptionList

        ol = app.screen.query_one("#moves", OptionList)
        texts = [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]
        assert texts[0] == winner_line(s.state)
        assert texts[1:] == scoring(s.state)


def _crowded(state):  # noqa: ANN001, ANN202
    """Four enemies in a space of each map row, and their tokens."""
    kinds = sorted({state.tokens[t] for t in state.bag})
    enemies, tokens = (), []
    for i, space in enumerate(("2", "5", "9")):  # four enemies in a space of each row
        more, new = _crowd(state, space, kinds[4 * i:4 * i + 4])
        state, enemies, tokens = more, enemies + more.enemies, tokens + new
    return replace(state, enemies=enemies), tokens


@sync
async def test_the_moves_list_and_the_map_at_80x24(saves: Path) -> None:
    """One board screen at 80x24, shown one position after another:

    - A crowded map fits without scrolling: the lowest map row and the Styx River are on
      screen, even with a crowded space in every row: enemy names are cut shorter so that
      two share a line, each still with its die (and its HP when it has more than its
      natural one).
    - A digit that no move of the list has (0, or past the end) runs nothing and says in
      one line which numbers the list has.
    - Rent a Horse gives up to a dozen rides: they are listed after every other move, so a
      fight, the moves, the hunt and the gather keep the first numbers; a fight here comes
      first.
    - In a list of ten moves or more, ``1`` then ``2`` runs move 12; a list of spaces is
      picked by the spaces' own numbers (0 for the Village).
    - Every entry of a long list is reached by its number (the twelfth by ``1 2``).
    """
    s = until_phase(advanced_game(saves, 0), "turn")
    base = s.state
    state, tokens = _crowded(begun(base, "V", stats=(4, 4, 4, 4)))
    s.state = state
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(5):
            await pilot.pause()
        screen = app.screen
        game_map = screen.query_one("#map", GameMap)
        full = len(game_map.draw(78).plain.split("\n"))
        assert game_map.budget and full > game_map.budget  # it would not fit uncut
        assert screen.query_one("#boards").max_scroll_y == 0
        text = game_map.render().plain
        assert " 10 " in text or "*10 " in text  # the lowest row is drawn
        assert "Styx River" in text
        for t in tokens:  # each enemy keeps its die; more than one HP keeps its heart
            e = state.enemy(t)
            assert f" d{state.kind(t)['die']}" in text
            if e.hp > 1:
                assert f"d{state.kind(t)['die']}{f'+{e.buffs}' if e.buffs else ''}" \
                    f"\u2665{e.hp}" in text

        # a number no move has
        await show_position(pilot, s, begun(base, "5", stats=(4, 4, 4, 4)))
        n = len(screen._keys)
        assert n > 1
        before = len(s.events)
        await pilot.press("0")
        await pilot.pause()
        note = str(screen.query_one("#note").render())
        assert note == f"\u00bb No move 0 in the list: type 1-{n}"
        assert len(s.events) == before

        # rides last, a fight first
        await show_position(pilot, s, begun(base, "4", gold=6, stats=(4, 4, 4, 4)))
        listed = [m.id for m in screen._keys]
        rides = [i for i, m in enumerate(listed) if m.startswith("ride:")]
        assert rides and rides == list(range(len(listed) - len(rides), len(listed)))
        assert listed.index("hunt") < rides[0]
        with_goblin, tok = put(s.state, "goblin", "4")
        await show_position(pilot, s, with_goblin)
        assert screen._keys[0].id == f"fight:{tok}"  # a fight here comes first

        # two-digit moves and space numbers
        village = begun(base, "V", gold=6, stats=(4, 4, 4, 4))
        await show_position(pilot, s, village)
        moves = screen._moves
        assert len(moves) >= 12
        cube = [m.id for m in moves].index("cube") + 1
        await pilot.press(*str(cube))
        if screen._typed:
            await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChoiceModal))
        modal = app.screen
        assert isinstance(modal, ChoiceModal)
        assert modal.numbers == [int(v) for _, v in modal.options]
        await pilot.press("7")
        await until(pilot, lambda: s.state.heroes[0].cube)
        assert s.state.heroes[0].cube == "7"
        await settle(pilot)

        # the twelfth entry and past
        await show_position(pilot, s, village)
        assert [m.id for m in screen._moves].index("train:skill") >= 9
        await press_move(pilot, "train:skill")
        await settle(pilot)
        assert s.state.heroes[0].stat("skill") == 5


def test_two_alike_wild_hides_are_one_choice() -> None:
    """"Wild Hides": two Skeleton hides are alike, so converting one is listed once a
    specialty slot, not twice with the same words."""
    state = begun(set_up(), "V")
    bones = sorted(t for t in state.bag if state.tokens[t] == "skeleton")[:2]
    state = replace(state.with_hero(0, wild=tuple(bones)), bag=state.bag - set(bones),
                    prompts=(Prompt(0, "convert"),))
    labels = [m.label for m in legal_moves(state, 0)]
    assert labels and len(labels) == len(set(labels)) == 3


def test_a_won_roll_lists_resolve_first_and_names_the_tie_rule() -> None:
    """Step 7: a won roll is resolved by move 1; a tie says whether strength 6 won it."""
    state = begun(set_up(), "5", stats=(4, 4, 4, 4), hand=())
    from tests.d6_board.helpers import put
    state, tok = put(state, "goblin", "5")
    state = play(state, f"fight:{tok}")
    while state.combat.step != "weapon":
        state = play(state, "pass")
    won = play(state, "attack:natural", {"hero1": 4, "enemy": 1})
    assert legal_moves(won, 0)[0].id == "resolve"
    tie = play(state, "attack:natural", {"hero1": 3, "enemy": 3})
    last = [m for m in legal_moves(tie, 0) if m.id == "resolve"][0]
    assert last.label.endswith("(you lose: a tie wins only with strength 6)")
    assert legal_moves(tie, 0)[0].id != "resolve"


@sync
async def test_120x40_shows_the_map_one_hunters_boards_and_the_log(saves: Path) -> None:
    """From 100x32 the map, the class and gather boards of the hunter to move and the log
    are on screen together; ``]`` turns to the next hunter's boards."""
    s = until_phase(advanced_game(saves, 0), "turn")
    app = make_app(saves, session=s)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        cur = s.state.current
        shown = {w.id for w in screen.query(".panel") if w.display}
        assert shown == {"panel-map", f"class-{cur}", f"gather-{cur}"}
        assert screen.query_one("#log").display
        await pilot.press("right_square_bracket")
        await pilot.pause()
        nxt = (cur + 1) % len(s.state.heroes)
        shown = {w.id for w in screen.query(".panel") if w.display}
        assert shown == {"panel-map", f"class-{nxt}", f"gather-{nxt}"}


def test_a_cash_cube_on_the_map_is_its_owners() -> None:
    """"Cash Cube": the map names the owner ("Bob's Cube d12♥1") where the space's width
    allows, else "Cube:Bo" (the owner's mark), never "Cube2"."""
    state = set_up()
    state = replace(state, enemies=(Enemy("cube:1", "cash_cube", "1"),))
    state = state.with_hero(1, cube="1")
    bob = state.heroes[1].name
    assert short_enemy(state, "cube:1", room=30) == f"{bob}'s Cube d12\u26651"
    assert short_enemy(state, "cube:1", room=8) == f"Cube:{bob[:2]} d12\u26651"
    text = GameMap().cell(state, "1", 24)[1]
    assert f"{bob}'s Cube d12\u26651" in text
