"""The GM's moves of a Simple Six campaign (d6tui.games.simple_six.moves): a session and a
whole fight played through Session.play, as `d6tui play` and bots do."""

from __future__ import annotations

from pathlib import Path

from d6tui.engine.game import find_move
from d6tui.engine.session import Session
from tests.ui.test_simple_six_flows import new_campaign


def ids(s: Session) -> list[str]:
    return [m.id for m in s.moves()]


def test_a_fight_is_played_to_its_end_by_moves_alone(tmp_path: Path) -> None:
    s = new_campaign(tmp_path)
    assert ids(s)[:2] == ["start_session", "start_fight"]
    s.play(find_move(s.moves(), "start_session"))
    fighters = [m.id for m in s.state.members]
    s.play(find_move(s.moves(), "start_fight"), {"who": fighters})
    assert s.state.combat is not None
    hits = 0
    for _ in range(40):  # rounds, bounded
        s.play(find_move(s.moves(), "roll_initiative"))
        while s.state.combat.actor is not None:
            actor = s.state.member(s.state.combat.actor)
            attacks = [m for m in s.moves() if m.id.startswith("attack:")]
            foes = [t for t in s.state.members if t.sheet.npc != actor.sheet.npc
                    and t.id in s.state.combat.ids and not t.wounds.dead]
            if attacks and foes:
                move = attacks[0]
                target = next(v for v, _ in move.choices[0].options if v in
                              {f.id for f in foes}) if any(
                    v in {f.id for f in foes} for v, _ in move.choices[0].options) else None
                if target is not None:
                    ev = s.play(move, {"target": target})
                    assert ev["type"] == "attacked" and ev["target"] == target
                    hits += bool(ev.get("hit"))
            s.play(find_move(s.moves(), "pass_turn"))
        side_down = {npc for npc in (True, False) if all(
            m.out_of_action for m in s.state.members if m.sheet.npc == npc)}
        if side_down:
            break
    assert hits > 0
    s.play(find_move(s.moves(), "end_fight"))
    assert s.state.combat is None
    s.play(find_move(s.moves(), "end_session"), {"cp": "5"})
    pcs = [m for m in s.state.members if not m.sheet.npc]
    assert all(m.sheet.character_points >= 5 for m in pcs)
    # the save replays to the same campaign
    assert Session.load(s.log.path).state == s.state


def test_only_the_gm_has_moves(tmp_path: Path) -> None:
    s = new_campaign(tmp_path)
    assert s.rules.moves(s.state, 1) == [] and s.rules.moves(s.state, None) == []
    assert s.rules.moves(s.state, 0)


def test_the_fights_order_is_in_the_moves(tmp_path: Path) -> None:
    s = new_campaign(tmp_path, npcs=("Goblin", "Goblin", "Goblin"))
    s.play(find_move(s.moves(), "start_session"))
    s.play(find_move(s.moves(), "start_fight"),
           {"who": ["sir-baelen", "mira", "goblin-1", "goblin-2"]})
    join = find_move(s.moves(), "join_fight")
    assert [v for v, _ in join.choices[0].options] == ["tam", "goblin-3"]
    s.play(find_move(s.moves(), "roll_initiative"))
    ev = s.play(find_move(s.moves(), "join_fight"), {"who": "goblin-3"})
    assert ev["type"] == "combatant_joined" and "roll" in ev  # rolled with the app's dice
    leave = find_move(s.moves(), "leave_fight")
    assert ("goblin-3", "[5] Goblin 3") in leave.choices[0].options  # his key for the fight
    actor = s.state.combat.actor
    s.play(find_move(s.moves(), "hold_turn"))
    assert s.state.combat.held == (actor,)
    s.play(find_move(s.moves(), "act_held"), {"who": actor})
    assert s.state.combat.actor == actor
    still = s.state.combat.order[s.state.combat.current + 1]
    s.play(find_move(s.moves(), "set_initiative"), {"who": still, "total": "0"})
    assert s.state.combat.order[-1] == still
    s.play(find_move(s.moves(), "delay_turn"), {"after": ""})
    assert s.state.combat.order[-1] == actor
