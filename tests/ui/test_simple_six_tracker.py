"""The GM's tracker at the table, from the keyboard: a combatant's key never moves to another
when someone falls, a helpless target is asked about first, the attack box shows the TNs and
the verdict, a group of goblins attacks on one box, the fight's order changes (a newcomer,
a delay), the help cites the SRD, the log comes beside the tracker as the terminal grows,
the way home asks first, "4" adds four goblins, and at 160x45 the tracker has the
defense columns beside the log."""

from __future__ import annotations

from pathlib import Path

from d6tui.games.simple_six import campaign, fight_roster
from d6tui.ui.screens.home import HomeScreen
from d6tui.ui.screens.modals import ChoiceModal, ConfirmModal, TextPrompt
from d6tui.ui.simple_six.attack_box import AttackBox
from d6tui.ui.simple_six.screen import SimpleSixScreen
from d6tui.ui.simple_six.widgets import GMTracker
from tests.ui.helpers import enter_faces, make_app, settle, sync
from tests.ui.test_simple_six_flows import new_campaign

FIVE = ("Goblin", "Goblin", "Goblin", "Goblin")


async def _until(pilot, test, limit: int = 200) -> None:  # noqa: ANN001
    for _ in range(limit):
        if test():
            return
        await pilot.pause(0.01)
    raise AssertionError("the screen never got there")


def _to_act(s, who: str) -> None:  # noqa: ANN001
    for _ in range(30):
        fight = s.state.combat
        if fight.actor == who:
            return
        if fight.actor is None:
            s.do(campaign.start_round, dice=s.dice)
        else:
            s.do(campaign.pass_turn)
    raise AssertionError(f"{who} never acts")


def _back_to(s, seq: int) -> None:  # noqa: ANN001 - a Session
    """Undo the log's effective events after the one numbered ``seq``."""
    while s.undo_target is not None and s.undo_target["seq"] > seq:
        s.undo()


@sync
async def test_a_key_stays_with_its_combatant_then_four_goblins_attack_on_one_box(
        saves: Path) -> None:
    """Three PCs and five goblins on one screen, each fight from the campaign as it was
    (the one before undone): a combatant's key never moves to another when someone falls
    (the dead are listed with their state and not attacked; his key again attacks); then
    goblins whose turns come together attack as a group on one box (not their own targets,
    no hero point line: templates give NPCs none), one verdict a goblin."""
    s = new_campaign(saves, npcs=FIVE)
    made = s.events[-1]["seq"]
    s.do(campaign.start_session)
    s.do(campaign.start_combat, [m.id for m in s.state.members])
    fight = s.state.combat
    keys = {i: fight.tag(i) for i in fight.ids}
    assert list(keys.values()) == ["1", "2", "3", "4", "5", "6", "7"]
    s.do(campaign.start_round, dice=s.dice)
    _to_act(s, "tam")
    # Goblin 1 (key 4) falls: Goblin 2 keeps key 5
    s.do(campaign.attack, "tam", "goblin-1", skill="Bow", weapon="Bow", range_="short",
         typed={"attack": ([6] * 5, [5]), "damage": ([6] * 4, [6, 6, 6, 2])})
    assert s.state.member("goblin-1").wounds.dead
    s.do(campaign.pass_turn)
    _to_act(s, "sir-baelen")
    app = make_app(saves, session=s)
    told: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tracker = str(app.screen.query_one(GMTracker).render())
        assert any(line.endswith("Dead") and "Goblin 1" in line and line[1] == "4"
                   for line in tracker.splitlines()), tracker
        await pilot.press("a")
        await _until(pilot, lambda: isinstance(app.screen, AttackBox))
        box = app.screen
        shown = str(box.query_one("#attack-targets").render())
        assert "[4] Goblin 1  (Dead)" in shown  # still listed, with his state
        await pilot.press("4")  # the dead are not attacked
        await pilot.pause()
        assert box.plan.target == "" and "dead" in str(box.query_one("#error").render())
        await pilot.press("5")
        await pilot.pause()
        assert box.plan.target == "goblin-2"
        lines = str(box.query_one("#attack-lines").render())
        assert "Parry" in lines and "-> TN" in lines
        before = len(s.events)
        await pilot.press("5")  # his key again attacks
        await _until(pilot, lambda: len(s.events) > before
                     and isinstance(app.screen, SimpleSixScreen))
        ev = s.events[-1]
        assert ev["type"] == "attacked" and ev["target"] == "goblin-2"
        await _until(pilot, lambda: isinstance(app.screen, SimpleSixScreen))
        # four goblins on one box, in a fight begun afresh
        _back_to(s, made)
        s.do(campaign.start_session)
        s.do(campaign.start_combat, [m.id for m in s.state.members])
        s.do(campaign.start_round, dice=s.dice)
        first = next(i for i in s.state.combat.order if i.startswith("goblin"))
        _to_act(s, first)
        # the other goblins' turns come right after his: a group acts where no one is between
        for i in s.state.combat.order[s.state.combat.current + 1:]:
            if i.startswith("goblin"):
                s.do(fight_roster.set_initiative, i, 50)
        app.screen.refresh_game()
        await pilot.pause()
        app.screen.notify = lambda message, **kw: told.append(str(message))  # type: ignore
        before = len(s.events)
        await pilot.press("g")
        await _until(pilot, lambda: isinstance(app.screen, AttackBox))
        assert "Goblins 1, 2, 3, 4 attack" in app.screen.title_text
        assert not any(t.id.startswith("goblin") for t in app.screen.targets)  # not its own
        # the group's own members are not its targets
        shown = str(app.screen.query_one("#attack-targets").render())
        assert "Goblin" not in shown and "Sir Baelen" in shown, shown
        # no hero point line: templates give NPCs none
        assert "hero points" not in str(app.screen.query_one("#attack-lines").render())
        await pilot.press(s.state.combat.tag("sir-baelen"), "enter")
        await _until(pilot, lambda: isinstance(app.screen, SimpleSixScreen) and told)
        attacks = [e for e in s.events[before:] if e["type"] == "attacked"]
        assert sorted(e["attacker"] for e in attacks) == [f"goblin-{n}" for n in range(1, 5)]
        assert all(e["target"] == "sir-baelen" for e in attacks)
        assert s.events[before]["type"] == "turns_grouped"
        assert len(told[-1].splitlines()) == 4  # one verdict a goblin


@sync
async def test_a_helpless_target_ctrl_r_and_a_newcomer_joining(saves: Path) -> None:
    """Three PCs and two goblins on one screen, each fight from the campaign as it was (the
    one before undone): a helpless target is asked about first ("Attack anyway?": no, not
    attacked; the plan kept, yes) and the verdict is told; with every roll typed, ctrl+r
    lets d6tui roll the attack and the damage is still asked for; the fight's order menu
    (``o``, each entry on its own letter) lets a newcomer join (he gets the next key and an
    initiative roll) and the actor delay to the end of the round."""
    from d6tui.ui.simple_six.forms import WildDiceInput
    from tests.ui.helpers import attack_box

    s = new_campaign(saves, npcs=("Goblin", "Goblin"))
    made = s.events[-1]["seq"]
    s.do(campaign.start_session)
    s.do(campaign.start_combat, ["tam", "sir-baelen", "goblin-1"])
    s.do(campaign.start_round, dice=s.dice)
    _to_act(s, "tam")
    # the goblin is incapacitated, not yet rolled to stay up: helpless
    s.do(campaign.attack, "tam", "goblin-1", skill="Bow", weapon="Bow", range_="short",
         typed={"attack": ([6] * 5, [5]), "damage": ([3] * 4, [3])})
    assert s.state.member("goblin-1").out_of_action
    app = make_app(saves, session=s)
    told: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.notify = lambda message, **kw: told.append(str(message))  # type: ignore
        tam_actions = s.state.combat.actions_left("tam")
        if not tam_actions:
            s.do(campaign.pass_turn)
            _to_act(s, "sir-baelen")
            app.screen.refresh_game()
        actor = s.state.combat.actor
        await pilot.press("a")
        await _until(pilot, lambda: isinstance(app.screen, AttackBox))
        await pilot.press(s.state.combat.tag("goblin-1"))
        await pilot.pause()
        assert "none:" in str(app.screen.query_one("#attack-lines").render())
        before = len(s.events)
        await pilot.press("enter")
        await _until(pilot, lambda: isinstance(app.screen, ConfirmModal))
        assert "Attack anyway?" in app.screen.question
        await pilot.press("escape")  # not attacked
        await _until(pilot, lambda: isinstance(app.screen, SimpleSixScreen))
        assert len(s.events) == before
        await pilot.press("a")
        await _until(pilot, lambda: isinstance(app.screen, AttackBox))
        await pilot.press("enter")  # the plan is kept: the goblin again
        await _until(pilot, lambda: isinstance(app.screen, ConfirmModal))
        await pilot.press("y")
        await _until(pilot, lambda: len(s.events) > before and told)
        ev = s.events[-1]
        assert ev["type"] == "attacked" and ev["attacker"] == actor and ev["helpless"]
        name = s.state.member(actor).sheet.name
        assert told[-1].startswith(f"{name} on Goblin 1: ")
        assert ("missed:" in told[-1]) or ("hit for" in told[-1] and "against Soak" in told[-1])
        await _until(pilot, lambda: isinstance(app.screen, SimpleSixScreen))
        del app.screen.notify  # the screen's own notices again
        # ctrl+r, in a fight begun afresh
        _back_to(s, made)
        s.do(campaign.start_session)
        s.do(campaign.start_combat, ["tam", "goblin-1"])
        s.do(campaign.start_round, dice=s.dice)
        _to_act(s, "tam")
        app.screen.refresh_game()
        await pilot.pause()
        await pilot.press("t")  # every roll typed
        await pilot.press("a")
        await _until(pilot, lambda: isinstance(app.screen, AttackBox))
        await attack_box(pilot, "goblin-1", weapon="Bow")
        await _until(pilot, lambda: isinstance(app.screen, WildDiceInput))
        assert "Bow for Tam" in app.screen.prompt
        await pilot.press("ctrl+r")  # d6tui rolls the attack
        for _ in range(4):  # the damage, if it hit, is still asked for
            await pilot.pause()
            if isinstance(app.screen, WildDiceInput):
                assert "damage" in app.screen.prompt.lower()
                await enter_faces(pilot, " ".join(["3"] * app.screen.dice))
        await _until(pilot, lambda: isinstance(app.screen, SimpleSixScreen))
        ev = next(e for e in reversed(s.events) if e["type"] == "attacked")
        assert ev["attack"]["source"] == "app"
        assert ev["hit"]  # with these seeded dice: so the damage was still typed
        assert ev["damage"]["source"] == "table"
        # a newcomer joins and the actor delays, in a fight begun afresh, table dice off
        await pilot.press("t", "t")  # the players' only, then off
        await pilot.pause()
        assert not app.screen.table_mode
        _back_to(s, made)
        s.do(campaign.start_session)
        s.do(campaign.start_combat, ["sir-baelen", "mira", "goblin-1"])
        s.do(campaign.start_round, dice=s.dice)
        app.screen.refresh_game()
        await pilot.pause()
        await pilot.press("o")
        await _until(pilot, lambda: isinstance(app.screen, ChoiceModal))
        assert app.screen.keys[[v for _l, v in app.screen.options].index("join")] == "a"
        await pilot.press("a")  # each entry's own letter, whichever are offered
        await _until(pilot, lambda: isinstance(app.screen, ChoiceModal)
                     and "joins" in app.screen.title_text)
        values = [v for _l, v in app.screen.options]
        await pilot.press(str(values.index("goblin-2") + 1))
        await _until(pilot, lambda: "goblin-2" in s.state.combat.ids)
        fight = s.state.combat
        assert fight.tag("goblin-2") == "4" and "goblin-2" in fight.order
        assert s.events[-1]["type"] == "combatant_joined" and "roll" in s.events[-1]
        actor = fight.actor
        await pilot.press("o")
        await _until(pilot, lambda: isinstance(app.screen, ChoiceModal))
        assert app.screen.keys[[v for _l, v in app.screen.options].index("leave")] == "t"
        await pilot.press("d")
        await _until(pilot, lambda: isinstance(app.screen, ChoiceModal)
                     and "after whom" in app.screen.title_text)
        await pilot.press(str(len(app.screen.options)))  # last in the round
        await _until(pilot, lambda: s.state.combat.order[-1] == actor)
        assert s.state.combat.actor != actor


@sync
async def test_the_wide_tracker_has_the_defense_columns_beside_the_log(saves: Path) -> None:
    s = new_campaign(saves)
    s.do(campaign.start_session)
    s.do(campaign.start_combat, [m.id for m in s.state.members])
    app = make_app(saves, session=s)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.query_one("#log").display and screen.query_one("#tracker-box").display
        text = str(screen.query_one(GMTracker).render())
        assert "Dod Blk Par Soak" in text.splitlines()[0]
        assert "Orc Warrior 2" in text  # the whole name
        await pilot.resize_terminal(80, 24)  # narrow again: no defense columns
        await settle(pilot)
        text = str(screen.query_one(GMTracker).render())
        assert "Soak" not in text



@sync
async def test_table_dice_for_the_players_only(saves: Path) -> None:
    from d6tui.ui.simple_six.forms import WildDiceInput
    from tests.ui.helpers import attack_box

    s = new_campaign(saves, npcs=("Goblin",), options={"combat": "traditional"})
    s.do(campaign.start_session)
    s.do(campaign.start_combat, ["tam", "goblin-1"])
    s.do(campaign.start_round, dice=s.dice)
    _to_act(s, "tam")
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not app.screen.table_mode
        await pilot.press("t")  # every roll typed
        await pilot.pause()
        assert s.events[-1]["type"] == "table_dice" and app.screen.table_mode
        assert s.events[-1]["all"] is True
        await pilot.press("t")  # then the players' only
        await pilot.pause()
        assert app.screen.table_setting == "players"
        assert s.events[-1]["type"] == "table_dice" and s.events[-1]["seats"] == [0]
        await pilot.press("a")
        await _until(pilot, lambda: isinstance(app.screen, AttackBox))
        await attack_box(pilot, "goblin-1", weapon="Bow", defense="dodge")
        asked = []
        for _ in range(6):  # Tam's rolls are typed; the goblin's dodge and resist are not
            await _until(pilot, lambda: not isinstance(app.screen, AttackBox))
            modal = app.screen
            if not isinstance(modal, WildDiceInput):
                break
            asked.append(modal.prompt)
            await enter_faces(pilot, " ".join(["6"] * (modal.dice - 1) + ["5"]))
            await pilot.pause()
        while isinstance(app.screen, ChoiceModal):  # no hero points
            await pilot.press("1")
            await pilot.pause()
    ev = next(e for e in reversed(s.events) if e["type"] == "attacked")
    assert asked and all("for Tam" in text for text in asked), asked
    assert ev["attack"]["source"] == "table" and ev["defense"]["roll"]["source"] == "app"
    if ev["hit"]:
        assert ev["damage"]["source"] == "table" and ev["resist"]["source"] == "app"


@sync
async def test_goblins_added_edited_then_help_the_log_and_the_way_home(saves: Path) -> None:
    """One campaign's screen (three PCs, no NPC yet) at 80x24, in turn: ``n`` with "4
    Goblins" adds Goblin 1 to 4 at once, with no hero points (templates give NPCs none);
    ``E`` gives Goblin 1 two hero points, and takes Goblin 2 off the roster, asked first;
    ``?`` opens the help, which cites the SRD ("Static Defenses", "Wound Level Chart") and
    lists the keys; the log comes beside the tracker when the terminal grows to 160x45, and
    once the GM hides it with ``l`` a resize leaves it hidden; Escape asks before going home
    (no: still at the table; yes: the home screen)."""
    from textual.widgets import Input

    from d6tui.ui.screens.help import HelpScreen
    from d6tui.ui.simple_six.forms import NumbersModal

    s = new_campaign(saves, npcs=())
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        # four goblins at once
        await pilot.press("n")
        await _until(pilot, lambda: isinstance(app.screen, ChoiceModal))
        names = [t.name for _l, t in app.screen.options]
        await pilot.press(str(names.index("Goblin") + 1))
        await _until(pilot, lambda: isinstance(app.screen, TextPrompt))
        app.screen.query_one("#text").value = "4 Goblins"
        await pilot.press("enter")
        await _until(pilot, lambda: len(s.state.members) == 7)
        goblins = [m for m in s.state.members if m.sheet.npc]
        assert [m.sheet.name for m in goblins] == [f"Goblin {n}" for n in range(1, 5)]
        assert all(m.sheet.hero_points == 0 for m in goblins)
        await _until(pilot, lambda: app.screen is screen)
        # one undo takes the group back, one redo brings it back (one batch)
        batches = {e.get("batch") for e in s.events[-4:]}
        assert len(batches) == 1 and str(batches.pop()).startswith("Goblin 1 to Goblin 4")
        await pilot.press("u")
        await _until(pilot, lambda: len(s.state.members) == 3)
        assert any(n.message.startswith("Undone: Goblin 1 to Goblin 4, the 4 added together")
                   for n in app._notifications)
        await pilot.press("ctrl+y")
        await _until(pilot, lambda: len(s.state.members) == 7)
        # the GM gives an NPC hero points and removes an entry
        app.screen.selected = "goblin-1"
        await pilot.press("E")
        await _until(pilot, lambda: isinstance(app.screen, ChoiceModal))
        await pilot.press("2")  # hero points
        await _until(pilot, lambda: isinstance(app.screen, NumbersModal))
        app.screen.query_one("#n0", Input).value = "2"
        await pilot.press("ctrl+s")
        await _until(pilot, lambda: s.state.member("goblin-1").sheet.hero_points == 2)
        app.screen.selected = "goblin-2"
        await pilot.press("E")
        await _until(pilot, lambda: isinstance(app.screen, ChoiceModal))
        await pilot.press("3")  # off the roster, asked first
        await _until(pilot, lambda: isinstance(app.screen, ConfirmModal))
        await pilot.press("y")
        await _until(pilot, lambda: "goblin-2" not in [m.id for m in s.state.members])
        await _until(pilot, lambda: app.screen is screen)
        # the help
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Static Defenses" in app.screen.text and "Wound Level Chart" in app.screen.text
        assert any("New PC" in d for _, d in app.screen.keys)
        await pilot.press("escape")
        await _until(pilot, lambda: app.screen is screen)
        # the log beside the tracker when the terminal grows
        assert not screen.query_one("#log").display
        await pilot.resize_terminal(160, 45)
        await settle(pilot)
        assert screen.query_one("#log").display and screen.has_class("-wide")
        assert screen.query_one("#tracker-box").display
        await pilot.press("l")  # the GM hides it: a resize leaves it so
        await pilot.resize_terminal(150, 45)
        await settle(pilot)
        assert not screen.query_one("#log").display
        # the way home asks first
        await pilot.press("escape")
        await _until(pilot, lambda: isinstance(app.screen, ConfirmModal))
        await pilot.press("escape")  # no: still at the table
        await _until(pilot, lambda: isinstance(app.screen, SimpleSixScreen))
        await pilot.press("escape")
        await _until(pilot, lambda: isinstance(app.screen, ConfirmModal))
        await pilot.press("y")
        await _until(pilot, lambda: isinstance(app.screen, HomeScreen))


def test_every_list_of_combatants_takes_their_keys_for_the_fight(saves: Path) -> None:
    from textual.app import App

    from d6tui.ui.simple_six.pickers import member_choice

    s = new_campaign(saves, npcs=("Goblin", "Goblin"))
    s.do(campaign.start_combat, ["goblin-2", "tam", "mira"])  # keys 1, 2, 3
    people = [s.state.member(i) for i in ("mira", "sir-baelen", "goblin-2")]
    got: list = []

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(member_choice(s.state, "Who treats Tam?", people), got.append)

    @sync
    async def run() -> None:
        app = Host()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            modal = app.screen
            # combatants by their key; Sir Baelen, not fighting, by one no combatant has
            assert modal.keys == ["3", "4", "1"]
            assert "[1] Goblin 2" in str(modal.query_one("#choices").get_option_at_index(2)
                                         .prompt)
            await pilot.press("1")
            await pilot.pause()
        assert got == ["goblin-2"]

    run()
