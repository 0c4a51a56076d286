"""Simple Six through the screen, from the keyboard: a campaign set up in the new-game form,
characters made with the rules checked as they are typed, NPCs from templates, a full combat
round, table dice, magic, wounds, healing, the session's end and CP spent."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Footer, Input, OptionList, Select, Static

from d6tui.engine.dice import Dice
from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign
from d6tui.games.simple_six.campaign import add_from_template
from d6tui.games.simple_six.creation import Draft
from d6tui.games.simple_six.templates import templates
from d6tui.ui.screens.home import HomeScreen
from d6tui.ui.screens.modals import ChoiceModal, ConfirmModal, TextPrompt
from d6tui.ui.screens.new_game import NewGameForm
from d6tui.ui.simple_six.attack_box import AttackBox
from d6tui.ui.simple_six.forms import CharacterForm, NumbersModal, WildDiceInput
from d6tui.ui.simple_six.screen import SimpleSixScreen
from d6tui.ui.simple_six.widgets import GMTracker
from tests.ui.helpers import attack_box, make_app, pick_number, settle, sync, to_game

BAELEN = Draft("Sir Baelen", {"Might": "4D", "Agility": "3D", "Wit": "2D", "Charm": "3D"},
               skills={"Sword": "2D", "Dodge": "1D", "Medicine": "1D", "Stealth": "1D",
                       "Persuasion": "1D"},
               specializations={"Athletics: Running": "1D"},
               weapons=["Sword"], armor=["Chainmail", "Shield"])
MIRA = Draft("Mira", {"Might": "2D", "Agility": "3D+1", "Wit": "4D", "Charm": "2D+2"},
             skills={"Magic": "2D", "Dodge": "1D", "Medicine": "1D"}, perks=["Sorcerer"],
             spells=["Lightning Bolt", "Light", "Slumber", "Charm"], weapons=["Knife"],
             complications=["Crazy"])
TAM = Draft("Tam", {"Might": "3D", "Agility": "4D", "Wit": "3D", "Charm": "2D"},
            skills={"Bow": "2D", "Dodge": "2D", "Stealth": "2D", "Tracking": "1D"},
            weapons=["Bow", "Knife"], armor=["Leather"])


def new_campaign(saves: Path, *, seed: int = 7, options: dict | None = None,
                 npcs: tuple[str, ...] = ("Goblin", "Orc Warrior"),
                 dice: Dice | None = None) -> Session:
    """A campaign saved in ``saves`` with the three PCs and some NPCs from the templates;
    ``dice``: one stream for every fresh roll instead of the seed's per-event streams."""
    s = Session.new("simple_six", {"seed": seed, **(options or {})},
                    path=saves / "campaign.toml", title="Rust and Ruin", dice=dice)
    for d in (BAELEN, MIRA, TAM):
        s.do(campaign.add_character, d, dice=s.dice)
    by_name = {t.name: t for t in templates()}
    for n, name in enumerate(npcs, start=1):
        s.do(add_from_template, by_name[name], f"{name} {n}", dice=s.dice)
    return s


async def answer_choices(pilot: Pilot, pick: str = "1") -> None:
    """Answer every choice list with ``pick`` until none is left on screen."""
    for _ in range(12):
        await pilot.pause()
        if isinstance(pilot.app.screen, ChoiceModal):
            await pilot.press(pick)
        else:
            return


def choice_options(screen: object) -> list:
    """The ``(label, value)`` options of the open choice list."""
    assert isinstance(screen, ChoiceModal)
    return screen.options


@sync
async def test_new_campaign_from_the_home_screen(saves: Path) -> None:
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        await to_game(pilot, "simple_six")
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameForm)
        form.query_one("#set-combat", Select).value = "traditional"
        form.query_one("#set-wounds", Select).value = "body_points/fixed"
        form.query_one("#set-attribute_dice", Input).value = "14D"
        await pilot.press(*"Moonfall", "ctrl+s")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        s = screen.session.state.settings
        assert (s.combat, s.wounds, s.body_points, str(s.attribute_dice)) == (
            "traditional", "body_points", "fixed", "14D")
        assert screen.session.title == "Moonfall"
        assert "An empty campaign" in str(screen.query_one("#banner", Static).render())


@sync
async def test_create_a_character_with_every_rule_checked(saves: Path) -> None:
    """On an empty campaign at 80x24: the palette lists "Time passes" (T, the screen's
    active, described game bindings: GameCommands); the character form shows every problem
    (scrolled to the last with PageDown) and how to save (its last line, above the Footer,
    says why ctrl+s did not add, with no toast over the list); emptied, a character typed
    in it with every broken rule listed with its section, refused until fixed, then added;
    then an NPC from a house template (marked as the house's in the list): Ogre 1, an NPC at
    scale 2."""
    session = Session.new("simple_six", {"seed": 1}, path=saves / "c.toml")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        active = screen.active_bindings["T"]
        assert active.enabled and active.node is screen
        assert active.binding.id == "simple_six.time"
        assert active.binding.description == "Time passes"
        await pilot.press("c")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, CharacterForm)
        # at 80x24 the form shows every problem and how to save
        typed = {"name": "Thorin", "attr-might": "3D", "attr-agility": "4D", "attr-wit": "2D",
                 "attr-charm": "3D", "skills": "Axe 3D, Dodge 1D",
                 "specializations": "Brawling: Punch 1D", "perks": "Dwarf",
                 "complications": "Greedy, Crazy, Enemies", "armor": "Chain mail",
                 "spells": "Light"}
        for key, value in typed.items():
            form.query_one(f"#{key}", Input).value = value
        await pilot.pause()
        hint = form.query_one("#save-hint", Static)
        assert "ctrl+s adds the character" in str(hint.render())
        assert 0 <= hint.region.y and hint.region.bottom <= 23  # above the Footer
        footer = form.query_one(Footer)
        assert footer.region.bottom == 24
        assert "ctrl+s" in form.active_bindings and "c" not in form.active_bindings
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CharacterForm)
        assert not app._notifications  # no toast over the list
        said = str(hint.render())
        assert "Not added" in said and "PageDown" in said
        # the list scrolls: its last problem is reached with PageDown
        box = form.query_one("#problems-box")
        problems = str(form.query_one("#problems", Static).render()).splitlines()
        assert sum(p.startswith("\u2717") for p in problems) >= 5
        for _ in range(6):
            await pilot.press("pagedown")
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y > 0
        # emptied, the same form typed afresh from its first field
        for key in typed:
            form.query_one(f"#{key}", Input).value = ""
        form.query_one("#name", Input).focus()
        await pilot.pause()
        await pilot.press(*"Brin", "tab", *"5D", "tab", *"3D", "tab", *"2D", "tab", *"2D")
        await pilot.press("tab", *"Sword 3D, Dodge 2D")
        await pilot.pause()
        shown = str(form.query_one("#problems", Static).render())
        # every problem listed, each with its section
        assert "(Attributes)" in shown or "(Increasing the Attribute Range)" in shown
        assert "(How to Make a Character)" in shown
        assert shown.count("\u2717") >= 2
        await pilot.press("ctrl+s")  # refused: nothing is added
        await pilot.pause()
        assert isinstance(app.screen, CharacterForm)
        assert len(session.state.members) == 0
        # fix it: Might 4D, Wit 3D; 7D of skills with Sword at the 2D cap
        form.query_one("#attr-might", Input).value = "4D"
        form.query_one("#attr-wit", Input).value = "3D"
        form.query_one("#skills", Input).value = "Sword 2D, Dodge 2D, Medicine 1D+1, Stealth 0D+2"
        form.query_one("#specializations", Input).value = "Athletics: Running 1D"
        form.query_one("#weapons", Input).value = "Sword"
        form.query_one("#armor", Input).value = "Leather, Shield"
        await pilot.pause()
        assert "\u2713" in str(form.query_one("#problems", Static).render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        brin = session.state.member("Brin").sheet
        assert str(brin.skill("Sword")) == "6D"
        assert str(brin.specialization_code("Athletics", "Running")) == "6D"
        assert screen.selected == "brin"
        assert "Brin" in str(screen.query_one("#sheet").render())
        # an NPC from a house template (Ogre, scale 2)
        await pilot.press("n")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, ChoiceModal)
        assert all("\u2302" in label for label, _ in modal.options)  # house mark
        ogre = [i for i, (_l, t) in enumerate(modal.options) if t.name == "Ogre"][0]
        await pick_number(pilot, ogre + 1)
        await pilot.pause()
        assert isinstance(app.screen, TextPrompt)
        await pilot.press("enter")
        await pilot.pause()
        ogre_1 = session.state.member("Ogre 1").sheet
        assert ogre_1.npc and ogre_1.scale == 2


@sync
async def test_table_dice_for_a_check_and_a_spell_then_a_full_combat_round(
        saves: Path) -> None:
    """One campaign's screen, in turn: with table dice on (``t``), Mira's Wit check is typed
    (too few faces refused, kept) and so is her Light spell at TN 15, numbered by the hero
    points (0 spends none), failed (Magic -1D); table dice off again (``t`` twice more),
    session 1 and a fight of five: declared actions, initiative in order, every combatant
    attacking through the box in turn (the actor highlighted), hits against Soak, the fight
    ended; the recorded session replays to the same state."""
    session = new_campaign(saves)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        await pilot.press("j")  # Mira
        await pilot.pause()
        assert screen.selected == "mira"
        await pilot.press("t", "x")
        await pilot.pause()
        await pick_number(pilot, 3)  # Wit 4D
        await pilot.pause()
        assert isinstance(app.screen, NumbersModal)
        app.screen.query_one("#n0", Input).value = "15"
        await pilot.press("ctrl+s")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, WildDiceInput) and modal.dice == 4
        await pilot.press(*"3 5 2", "enter")  # too few faces: refused, kept
        await pilot.pause()
        assert isinstance(app.screen, WildDiceInput)
        assert "wild" in str(modal.query_one("#error").render()).lower() or str(
            modal.query_one("#error").render())
        modal.query_one("#faces", Input).value = "3 5 2 6 4"
        await pilot.press("enter")
        await pilot.pause()
        roll = session.events[-1]["roll"]
        assert roll["source"] == "table" and roll["wild"] == [6, 4] and roll["total"] == 20
        assert roll["success"]
        # a spell at its TN, typed too: Light is TN 15
        await pilot.press("m")
        await pilot.pause()
        light = [i for i, (_l, v) in enumerate(choice_options(app.screen)) if v == "Light"][0]
        await pick_number(pilot, light + 1)
        await pilot.pause()
        assert "Hero points on casting Light" in app.screen.title_text
        # numbered by the points themselves: 0 spends none (Hero Points)
        assert [str(app.screen._row(i)) for i in range(2)] == ["0. none", "1. 1 hero point"]
        await pick_number(pilot, 0)  # none
        await pilot.pause()
        assert isinstance(app.screen, WildDiceInput)
        await pilot.press(*"1 1 1 1 1 2", "enter")
        await pilot.pause()
        ev = session.events[-1]
        assert ev["type"] == "spell_cast" and ev["tn"] == 15 and ev["roll"]["total"] < 15
        assert session.state.member("mira").caster.failures == 1
        assert "Magic -1D" in str(screen.query_one("#sheet").render())
        await pilot.press("t", "t")  # the players' only, then off
        await pilot.pause()
        assert not screen.table_mode
        await pilot.press("s")  # session 1
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceModal)
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await pilot.pause()
        fight = session.state.combat
        assert fight is not None and len(fight.ids) == 5
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, NumbersModal)
        app.screen.query_one("#n0", Input).value = "2"  # Sir Baelen declares two actions
        await pilot.press("ctrl+s")
        await pilot.pause()
        fight = session.state.combat
        assert fight.round == 1 and len(fight.order) == 5
        assert fight.declared("sir-baelen") == 2
        totals = screen.query_one("#tracker", GMTracker).initiative
        assert [totals[w] for w in fight.order] == sorted(totals.values(), reverse=True)
        attacks = 0
        while session.state.combat.actor is not None:
            actor = session.state.combat.actor
            tracker = str(screen.query_one("#tracker", GMTracker).render())
            line = next(x for x in tracker.splitlines() if x.startswith("\u25ba"))
            assert session.state.member(actor).sheet.name in line  # the actor highlighted
            if not session.state.member(actor).out_of_action:
                before = len(session.events)
                await pilot.press("a")
                await pilot.pause()
                box = app.screen
                assert isinstance(box, AttackBox)
                foe = next(t for t in box.targets if not t.dead)
                await attack_box(pilot, foe.id)
                await answer_choices(pilot)
                if isinstance(app.screen, ConfirmModal):  # "just a flesh wound": not now
                    assert "flesh wound" in app.screen.question
                    await pilot.press("escape")
                    await pilot.pause()
                assert len(session.events) == before + 1
                assert session.events[-1]["type"] == "attacked"
                attacks += 1
            await pilot.press("space")
            await pilot.pause()
        assert attacks >= 4
        hits = [e for e in session.events if e["type"] == "attacked" and e.get("hit")]
        assert hits  # the seeded dice hit at least once, so the loop below checks something
        for e in hits:  # every hit moved its target's wound level (or was soaked)
            assert "damage" in e and "resistance" in e
        assert "all acted" in str(screen.query_one("#tracker", GMTracker).render())
        await pilot.press("f")
        await pilot.pause()
        if isinstance(app.screen, ChoiceModal):  # a Might roll against death due: skipped
            assert "Might against death is due" in app.screen.title_text
            await pick_number(pilot, 2)
        await pilot.press("y")
        await pilot.pause()
        assert session.state.combat is None
    # the recorded session replays to the same state
    again = Session.load(saves / "campaign.toml")
    assert again.state == session.state


@sync
async def test_wounds_heal_end_session_and_spend_cp(saves: Path) -> None:
    session = new_campaign(saves, seed=3)
    s = session
    s.do(campaign.start_session)
    s.do(campaign.start_combat, ["orc-warrior-2", "sir-baelen"])
    s.do(campaign.start_round, dice=s.dice)
    # the orc hits Sir Baelen hard enough to incapacitate him (typed dice)
    if s.state.combat.actor != "orc-warrior-2":
        s.do(campaign.pass_turn)
    s.do(campaign.attack, "orc-warrior-2", "sir-baelen", skill="Axe", weapon="Axe",
         defense="dodge", typed={"attack": ([6, 6, 6, 6], [6, 5]), "damage": (
             [5, 5, 5, 5, 5], [5])})  # 32 against Soak 22: Incapacitated
    assert s.state.member("sir-baelen").wounds.stay_up_pending
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        screen.selected = "sir-baelen"
        screen.refresh_game()
        level = s.state.member("sir-baelen").wounds.level
        await pilot.press("w")
        await answer_choices(pilot)
        await pilot.pause()
        assert s.events[-1]["type"] == "stay_up_rolled"
        assert not s.state.member("sir-baelen").wounds.stay_up_pending
        await pilot.press("f", "y")
        await pilot.pause()
        assert s.state.combat is None
        screen.selected = "sir-baelen"
        await pilot.press("H")
        await pilot.pause()
        potion = [i for i, (_l, v) in enumerate(choice_options(app.screen)) if v == "potion"][0]
        await pilot.press(str(potion + 1))
        await pilot.pause()
        assert s.events[-1]["type"] == "healed"
        assert s.state.member("sir-baelen").wounds.level < max(level, 1) + 1
        await pilot.press("s")  # end the session
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, NumbersModal)
        modal.query_one("#n0", Input).value = "12"
        await pilot.press("ctrl+s")
        await pilot.pause()
        asked = []
        while isinstance(app.screen, ChoiceModal):  # each PC's complications: none came up
            asked.append(app.screen.title_text)
            await pilot.press("enter")
            await pilot.pause()
        assert asked and all("came up this session" in t for t in asked)
        ended = s.events[-1]
        assert ended["type"] == "session_ended" and ended["cp"]["sir-baelen"] == 12
        assert s.state.member("sir-baelen").sheet.character_points == 12
        screen.selected = "sir-baelen"
        await pilot.press("v")
        await pilot.pause()
        await pilot.press("1")  # a skill pip
        await pilot.pause()
        sword = [i for i, (_l, v) in enumerate(choice_options(app.screen)) if v == "Sword"][0]
        app.screen.query_one("#choices", OptionList).highlighted = sword
        await pilot.press("enter")
        await pilot.pause()
        spent = s.events[-1]
        assert spent["type"] == "cp_spent" and spent["cost"] == 6
        assert str(s.state.member("sir-baelen").sheet.skill("Sword")) == "6D+1"
    assert s.rules.export_markdown is not None
    md = s.rules.export_markdown(s)
    assert "## Session 1" in md and "Sir Baelen 12 CP" in md and "### Sir Baelen" in md


@sync
async def test_the_target_spends_a_hero_point_then_a_traditional_attack_rolls_the_defense(
        saves: Path) -> None:
    """A Traditional campaign's screen, each fight from the session as it began (the one
    before undone): the attack box asks the target's hero points ("Hero Points", "Body
    Points"): Sir Baelen spends one on his dodge against Tam's bare hands; then Sir Baelen
    attacks the goblin: "no defense" has its TN, the dodge is rolled by the defender,
    declared with the round's actions (no -1D), less 5 for hand-to-hand, and a hit is
    resisted with a Might roll plus armor."""
    session = new_campaign(saves, seed=9, options={"combat": "traditional"})
    s = session
    s.do(campaign.start_session)
    began = s.events[-1]["seq"]
    s.do(campaign.start_combat, ["tam", "sir-baelen"])
    s.do(campaign.start_round, dice=s.dice,
         typed={"tam": ([6, 6, 6], [5]), "sir-baelen": ([1, 1], [1])})
    assert s.state.member("sir-baelen").sheet.hero_points == 1
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("a")
        await pilot.pause()
        box = app.screen
        assert "h hero points 0 (up to 1" in str(box.query_one("#attack-lines").render())
        # the only foe, bare hands, a declared dodge, no hero points on the attack
        await attack_box(pilot, "sir-baelen", weapon=None, defense="dodge", declared=True)
        modal = app.screen
        assert isinstance(modal, ChoiceModal)
        assert "Sir Baelen's hero points against it" in modal.title_text
        assert "defense roll" in modal.title_text
        await pilot.press("1")  # one: numbered by the points
        for _ in range(6):
            await pilot.pause()
            if isinstance(app.screen, ChoiceModal):
                await pilot.press("1")
        ev = next(e for e in reversed(s.events) if e["type"] == "attacked")
        assert ev["defender_hero_points"] == 1
        assert any("hero point" in n for n in ev["defense"]["roll"].get("modifiers", []))
        assert s.state.member("sir-baelen").sheet.hero_points == 0
        # Sir Baelen on the goblin, in a fight begun afresh
        for _ in range(20):
            if app.screen is screen:
                break
            await pilot.pause()
        assert app.screen is screen
        while s.undo_target is not None and s.undo_target["seq"] > began:
            s.undo()
        s.do(campaign.start_combat, ["sir-baelen", "goblin-1"])
        s.do(campaign.start_round, dice=s.dice)
        screen.refresh_game()
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        box = app.screen
        assert isinstance(box, AttackBox)
        foe = box.targets[0]  # the only foe, already picked
        assert box.plan.target == foe.id
        lines = str(box.query_one("#attack-lines").render())
        # Traditional: "no defense" has its TN (10, hand-to-hand -5); the rest are rolled
        assert "no defense -> TN 5" in lines and "Dodge" in lines and "rolled" in lines
        # dodge, rolled by the defender; yes: declared with the round's actions, no -1D
        await attack_box(pilot, foe.id, defense="dodge", declared=True)
        await answer_choices(pilot)  # hero points: none
        ev = s.events[-1]
        assert ev["type"] == "attacked" and ev["system"] == "traditional"
        assert ev["defense"]["declared"] is True
        assert not any("Defensive Options" in n for n in ev["defense"]["roll"].get(
            "modifiers", []))
        # a melee attack: the Dodge roll less 5 for hand-to-hand (Attacking A Target)
        assert ev["defense"]["kind"] == "dodge"
        assert ev["tn"] == ev["defense"]["roll"]["total"] - 5
        if ev["hit"]:
            assert "resist" in ev  # a Might roll plus armor against the damage


@sync
async def test_body_points_roll_typed_and_sheet_export_import(saves: Path) -> None:
    session = Session.new("simple_six", {"seed": 4, "wounds": "body_points"},
                          path=saves / "bp.toml")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("t", "c")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, CharacterForm)
        for key, value in (("name", "Tam"), ("attr-might", "3D"), ("attr-agility", "4D"),
                           ("attr-wit", "3D"), ("attr-charm", "2D"),
                           ("skills", "Bow 2D, Dodge 2D, Stealth 2D, Tracking 1D")):
            form.query_one(f"#{key}", Input).value = value
        await pilot.press("ctrl+s")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, WildDiceInput) and modal.dice == 3  # Might 3D for Body Points
        await pilot.press(*"4 5 w 3", "enter")
        await pilot.pause()
        tam = session.state.member("tam")
        assert tam.body is not None and tam.body.maximum == 32
        assert "Body Points 32/32" in str(screen.query_one("#sheet").render())
        await pilot.press("X")
        await pilot.pause()
        sheets = saves / "sheets"  # apart from the saves
        assert (sheets / "tam-sheet.md").is_file() and (sheets / "tam-sheet.toml").is_file()
        from d6tui.ui.saves_index import is_sheet_export, scan_saves

        assert is_sheet_export(sheets / "tam-sheet.toml")
        (saves / "old-sheet.toml").write_bytes((sheets / "tam-sheet.toml").read_bytes())
        assert "old-sheet.toml" not in [x.path.name for x in scan_saves(saves)]
    other = Session.new("simple_six", {"seed": 5}, path=saves / "other.toml")
    app = make_app(saves, session=other)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("I")
        await pilot.pause()
        assert isinstance(app.screen, TextPrompt)
        app.screen.query_one(Input).value = "sheets/tam-sheet.toml"
        await pilot.press("enter")
        await pilot.pause()
        assert other.events[-1].get("imported") is True
        assert str(other.state.member("tam").sheet.skill("Bow")) == "6D"
