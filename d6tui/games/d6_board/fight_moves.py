"""What a hunter may do in a fight, as moves (Part V "Combat": the seven steps): the enemies
that may be fought, the weapons that may be played and the fight's moves for a seat. The
fight's events fold in :mod:`.combat`. No Textual imports.
"""

from __future__ import annotations

from d6tui.engine.game import Choice, DiceRequest, Move, Pips
from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board import hides
from d6tui.games.d6_board.act import move
from d6tui.games.d6_board.combat import (
    enemy_class,
    enemy_die,
    enemy_label,
    enemy_total,
    hero_total,
    hero_wins,
    is_monster,
    red_cards,
)
from d6tui.games.d6_board.content import MONSTER_CLASSES
from d6tui.games.d6_board.red_cards import red_what
from d6tui.games.d6_board.skill_use import useless
from d6tui.games.d6_board.state import CUBE, STATS, Board


def fight_targets(state: Board) -> list[str]:
    """The enemies the hero may declare a fight with now."""
    if state.combat is not None or not state.begun or state.prompts:
        return []
    if state.locked and state.locked in state.engaged:
        return [state.locked]
    pool = state.engaged or tuple(e.token for e in fx.hostile(state, state.current,
                                                              state.hero.space))
    cubes = [t for t in pool if t.startswith(CUBE)]
    return list(cubes or pool)


def weapon_options(state: Board) -> list[tuple[str, list[str], bool]]:
    """(id, weapons, holy) for every legal weapon choice (Step 4; "Dual Wield": two at
    most; no Advantage cards in chib form)."""
    h = state.hero
    out: list[tuple[str, list[str], bool]] = [("natural", ["natural"], False)]
    c = state.combat
    assert c is not None
    if (not h.chib and enemy_class(state, c.enemy) == "undead"
            and h.gold >= int(state.rules["prices"]["holy_water"])):
        out.append(("holy", ["natural"], True))
    if h.chib:
        return out
    weapons = [cid for cid in h.hand if cid.startswith("A")
               and state.card(cid)["kind"] == "weapon"]
    seen = set()
    for w in weapons:
        card = state.card(w)
        key = (card["name"],)
        if key not in seen:
            seen.add(key)
            out.append((w, [w], False))
        if "dual_wield" in card.get("flags", []):
            out.append((f"{w}+natural", [w, "natural"], False))
            for o in weapons:
                if o != w and (card["name"], state.card(o)["name"]) not in seen:
                    seen.add((card["name"], state.card(o)["name"]))
                    out.append((f"{w}+{o}", [w, o], False))
    return out


def weapon_label(state: Board, weapons: list[str], holy: bool) -> str:
    """``Battle Axe d10 + natural d6``."""
    parts = []
    for w in weapons:
        if w == "natural":
            d = 12 if holy else fx.natural_die(state, state.current)
            parts.append(f"{'Holy Water ' if holy else ''}natural d{d}")
        else:
            card = state.card(w)
            flags = "".join(f" {f.replace('_', ' ')}" for f in card.get("flags", []))
            parts.append(f"{card['name']} d{card['die']}{flags}")
    return " + ".join(parts)


def combat_moves(state: Board, seat: int | None) -> list[Move]:
    """The fight's moves: declare, GM prompts, transform, attack, buffs, resolve."""
    if state.prompts:
        p = state.prompts[0]
        if p.seat != seat:
            return []
        if p.kind == "gm_card" and state.combat is not None:
            out = [move("gm_played", f"Play {state.card(cid)['name']} ("
                        f"{red_what(state.card(cid))}) on {state.hero.name}'s fight", seat,
                        mid=f"red:{cid}", card=cid, section="The Role of the GM")
                   for cid in red_cards(state, seat, state.combat.enemy)]
            out.append(move("gm_passed", "Pass (play nothing)", seat, mid="pass",
                            section="The Role of the GM", key="p"))
            return out
        if p.kind == "poison":
            h = state.heroes[seat]
            return [move("poisoned", f"Drop {s} ({h.stat(s)} to {h.stat(s) - 1})", seat,
                         mid=f"poison:{s}", stat=s, section="Poison")
                    for s in STATS if h.stat(s) > 3]
        if p.kind == "convert":
            h = state.heroes[seat]
            spec = state.content["gather_boards"][h.board]["specialty"]
            return [move("hide_converted", f"Make the {state.kind(t)['name']} hide a "
                         f"{spec[i]} hide", seat, mid=f"convert:{t}:{i}", token=t, slot=i,
                         section="Wild Hides")
                    for t in _unalike(state, h.wild) for i in range(3) if not h.specialty[i]]
        return []
    if seat != state.current or state.phase != "turn":
        return []
    out: list[Move] = []
    for t in fight_targets(state):
        out.append(move("fight_declared", f"Fight the {enemy_label(state, t)}", seat,
                        mid=f"fight:{t}", enemy=t, section="Enemy Engagement", key="f"))
    c = state.combat
    if c is None:
        return out
    gm = state.gm
    if c.step == "weapon":
        if all(state.hero.specialty) and is_monster(state, c.enemy) and not c.transformed:
            opts = tuple((k, k.title()) for k in MONSTER_CLASSES)
            if state.hc is not None:
                en = state.content["enemies"]
                opts = tuple((k, f"{en[k]['name']} ({en[k]['class']})")
                             for k in hides.monsters(state))
            out.append(move("monster_transformed", "Turn in three specialty hides: "
                            "transform the monster", seat, mid="transform",
                            section="Specialty Hides", choices=(Choice(
                                "klass", "Monster to transform it into" if state.hc else
                                "Class to transform it into", opts),)))
        die = enemy_die(state, c.enemy)
        for wid, weapons, holy in weapon_options(state):
            dice = [DiceRequest(f"hero{i + 1}", 1, Pips(s), f"d{s} for {state.hero.name}",
                                seat)
                    for i, s in enumerate(
                        12 if (w == "natural" and holy) else
                        fx.natural_die(state, seat) if w == "natural" else
                        int(state.card(w)["die"]) for w in weapons)]
            extra = hides.extra_die(state, seat, weapons, holy)
            if extra:
                dice.append(DiceRequest(f"hero{len(dice) + 1}", 1, Pips(extra),
                                        f"d{extra} for the companion", seat))
            if die:
                dice.append(DiceRequest("enemy", 1, Pips(die), f"d{die} for the enemy "
                                        f"(rolled by {state.heroes[gm].name}, the GM)", gm))
            label = weapon_label(state, weapons, holy)
            if holy:
                label += f" ({state.rules['prices']['holy_water']} gold)"
            out.append(move("attacked", f"Attack with {label}", seat, mid=f"attack:{wid}",
                            weapons=weapons, holy=holy or None, dice=tuple(dice),
                            section="Step 4", key="a" if wid == "natural" else None))
    if c.step == "rolled":
        h = state.hero
        for i, s in enumerate(c.dice):
            if h.gold >= int(state.rules["prices"]["dogmud"]):
                out.append(move("hero_buffed", f"Dogmud: reroll die {i + 1} (d{s}, now "
                                f"{c.faces[i]}) for {state.rules['prices']['dogmud']} gold",
                                seat, mid=f"dogmud:{i}", source="dogmud", die=i,
                                dice=(DiceRequest("roll", 1, Pips(s), f"d{s} reroll", seat),),
                                section="DOGMUD"))
        seen = set()
        for cid in h.hand:
            card = state.card(cid)
            if cid.startswith("A") and (card["kind"] != "buff" or (
                    h.chib and not fx.werewolf(state, seat))):  # a Werewolf chib may buff
                continue
            if cid.startswith("Q") and (card["banner"] != "green" or card["effect"]
                                        not in ("plus", "reroll")):
                continue
            if card["name"] in seen:
                continue
            seen.add(card["name"])
            eff = card["effect"]
            if eff == "reroll":
                for i, s in enumerate(c.dice):
                    out.append(move("hero_buffed", f"Play {card['name']}: reroll die {i + 1}",
                                    seat, mid=f"buff:{cid}:{i}", source=cid, die=i,
                                    dice=(DiceRequest("roll", 1, Pips(s), f"d{s} reroll",
                                                      seat),), section="Step 6"))
            else:
                out.append(move("hero_buffed", f"Play {card['name']} ({eff} "
                                f"{card.get('value') or ''})".replace(" )", ")"), seat,
                                mid=f"buff:{cid}", source=cid, section="Step 6"))
        for sk in ("cleave", "mesmerize"):
            if fx.skill_ready(state, seat, sk) and not useless(state, seat, sk):
                out.append(move("hero_buffed", f"Skill: {state.content['skills'][sk]['name']}",
                                seat, mid=f"skill:{sk}", source=sk, section="Perform a Skill"))
        if "stoneskin" in h.bottles:
            out.append(move("hero_buffed", "Drink Stoneskin Draught (+2)", seat,
                            mid="potion:stoneskin", source="stoneskin",
                            section="Drink a Potion"))
        tie = hero_total(state) == enemy_total(state)
        outcome = (" (you win: strength 6 wins a tie)" if tie else " (you win)") \
            if hero_wins(state) else (" (you lose: a tie wins only with strength 6)"
                                      if tie else " (you lose)")
        resolve = move("combat_resolved", f"Resolve: {hero_total(state)} against "
                       f"{enemy_total(state)}{outcome}", seat,
                       mid="resolve", section="Step 7", key="enter")
        # a won roll is resolved first (move 1); a lost one after the buffs that may save it
        out.insert(0 if hero_wins(state) else len(out), resolve)
    return out


def _unalike(state: Board, tokens: tuple[str, ...]) -> list[str]:
    """One token of each enemy kind among ``tokens`` (two Skeleton hides are one choice)."""
    seen: dict[str, str] = {}
    for t in tokens:
        seen.setdefault(state.tokens[t], t)
    return list(seen.values())
