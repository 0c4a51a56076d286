"""What changed a total, in the log's words: the weapon and its die, the card, skill or
potion that moved a combat total, the stealth roll and its target, the bounties handed in
at the Village and their glory (the log view and the Markdown export share these lines).

:func:`line` rewrites the stored outcome (``event["note"]``) of an event with what the
state before it says, so older saves read the same way. It names only what the table
sees: cards once they are played, never a card drawn into a hand.
"""

from __future__ import annotations

from d6tui.games.d6_board.state import VILLAGE, Board
from d6tui.words import plural

#: Wild and gather rewards in the game's words.
REWARDS = {"coins": "two coins", "advantage": "an Advantage card",
           "alchemy": "Alchemy (a potion bottle)"}


def _stealth(event: dict, before: Board, name: str = "stealth") -> str:
    """``stealth check 2 under stealth 4: passed`` (a tie fails: "On Stealth")."""
    roll = event.get(name)
    if not isinstance(roll, dict) or not roll.get("faces"):
        return ""
    face = int(roll["faces"][0])
    stat = before.hero.stat("stealth")
    ok = face < stat
    word = "under" if ok else "not under"
    return f"stealth check {face} {word} stealth {stat}: {'passed' if ok else 'failed'}"


def _weapons(event: dict, before: Board) -> str:
    """``Short Sword (d8)``, ``natural d6``, ``Holy Water's d12``."""
    from d6tui.games.d6_board import effects as fx

    out = []
    for w in event.get("weapons", []):
        if w == "natural":
            out.append("Holy Water's d12" if event.get("holy") else
                       f"natural d{fx.natural_die(before, before.current)}")
        else:
            card = before.card(w)
            out.append(f"{card['name']} (d{card['die']})")
    n = sum(1 for k in event if k.startswith("hero") and k[4:].isdigit())
    if n > len(out):
        out.append("the companion's extra die")
    return " and ".join(out)


def _against(event: dict, before: Board) -> str:
    from d6tui.games.d6_board.combat import enemy_die, fixed_attack

    c = before.combat
    if c is None:
        return ""
    name = before.kind(c.enemy)["name"]
    die = enemy_die(before, c.enemy)
    if not die:
        return f"the {name}'s fixed attack {fixed_attack(before, c.enemy)}"
    face = (event.get("enemy") or {}).get("faces", ["?"])[0]
    return f"the {name}'s d{die}, {face}{_enemy_bits(before)}"


def _enemy_bits(before: Board) -> str:
    """What the enemy adds to its die at the roll: ``" + 2 buffs + 1 environment"``
    ("Enemy Engagement": buffs, environment, the Hunters' Moon; ``combat.enemy_bonuses``)."""
    from d6tui.games.d6_board.combat import enemy_bonuses

    return "".join(f" + {b}" for b in enemy_bonuses(before))


def _red(event: dict, before: Board) -> str:
    """A red card's effect on the fight: ``+1 buff on the Kobold``."""
    c = before.combat
    if c is None:
        return ""
    card = before.card(event["card"])
    v = int(card.get("value", 1))
    name = before.kind(c.enemy)["name"]
    return {"buff": f"+{v} buff on the {name}", "extra_hp": f"+{v} HP on the {name}",
            "steal": f"steals up to {plural(v, 'gold coin')}",
            "aid": f"+{v} to the hero", "ward": "Shield Wall for the hero",
            "ambush": "another enemy joins the fight"}.get(card.get("effect", ""), "")


def _buff(event: dict, before: Board) -> str:
    """``played Whetstone (+1)``, ``Dogmud (2 gold): die 1 (d8) rerolled to 6``."""
    src = event.get("source", "")
    c = before.combat
    reroll = ""
    if "die" in event and c is not None and event.get("roll"):
        i = int(event["die"])
        face = event["roll"].get("faces", ["?"])[0]
        was = c.faces[i] if i < len(c.faces) else "?"
        reroll = f": die {i + 1} (d{c.dice[i]}) rerolled from {was} to {face}"
    if src == "dogmud":
        return f"Dogmud ({before.rules['prices']['dogmud']} gold){reroll}"
    if src in before.content["skills"]:
        skill = before.content["skills"][src]
        what = {"cleave": " (+2)", "mesmerize": " (the enemy's buffs and environment bonus"
                " count for nothing)"}.get(src, "")
        return f"used {skill['name']}{what}"
    if src in before.content["potions"]:
        return f"drank {before.content['potions'][src]['name']} (+2)"
    if src[:1] in ("A", "Q"):
        card = before.card(src)
        value = card.get("value")
        what = {"plus": f" (+{value})", "critical": " (Critical)", "ward": " (Shield Wall)"
                }.get(card.get("effect", ""), "")
        return f"played {card['name']}{what}{reroll}"
    return ""


def _village(before: Board, dest: str | None) -> str:
    """``handed in 2 bounties for 5 glory``, when the hero reached the Village ("The
    Village": the backpack is emptied for glory)."""
    h = before.hero
    if dest != VILLAGE or not h.backpack:
        return ""
    if before.hc is not None:
        return f"handed in {plural(len(h.backpack), 'bounty', 'bounties')}"
    pts = sum(int(before.card(b)["glory"]) for b in h.backpack)
    return f"handed in {plural(len(h.backpack), 'bounty', 'bounties')} for {pts} glory"


def line(event: dict, before: Board, note: str) -> str:
    """The event's outcome ``note`` with what changed the totals added (see the module
    docstring); the note unchanged for events that need nothing more."""
    t = event.get("type")
    if t in ("moved", "chibbed_out"):
        for verb in ("moved to", "chibbed out to"):
            if note.endswith(f"{verb} {VILLAGE}"):
                note = note[:-len(VILLAGE)] + "the Village"
    try:
        if t == "attacked" and before.combat is not None:
            rolled = note.partition(":")[2].strip()
            faces = "+".join(str(event[f"hero{i}"]["faces"][0])
                             for i in range(1, 9) if f"hero{i}" in event)
            return (f"attacked with {_weapons(event, before)}: rolled {faces} against "
                    f"{_against(event, before)}: {rolled}")
        if t == "gm_played" and before.combat is not None:
            what = _red(event, before)
            return f"{note} ({what})" if what else note
        if t == "hero_buffed" and before.combat is not None:
            what = _buff(event, before)
            return f"{what}: {note}" if what else note
        if t in ("moved", "hunted", "gathered"):
            checks = [s for s in (_stealth(event, before),
                                  _stealth(event, before, "stealth_mid")) if s]
            checked = ("stealth check", "the stealth", "spotted", "a Cash")
            if t == "moved" and not note.startswith(checked):
                village = _village(before, (event.get("path") or [None])[-1])
                if village:
                    note = f"{note}: {village}"
            if checks and note.startswith("stealth check: failed; "):
                note = note.removeprefix("stealth check: failed; ")
            elif "stealth check" in note:
                return note  # the outcome names the roll already
            return "; ".join([*checks, note])
        if t in ("chibbed_out", "potion_drunk"):
            dest = event.get("to") if t == "chibbed_out" else (
                VILLAGE if event.get("potion") == "wingso" else None)
            village = _village(before, dest)
            return f"{note}: {village}" if village else note
        if t == "skills_refreshed" and before.hero.used:
            sk = before.hero.used[0]
            name = before.content["skills"].get(sk, {}).get("name", sk)
            return f"refreshed {name} ({before.rules['prices']['refresh']} gold)"
        if t == "reward_chosen" and before.prompts and before.prompts[0].reward == "wild":
            return f"Wild: took {REWARDS.get(event.get('pick', ''), event.get('pick'))}"
    except (KeyError, IndexError, TypeError, ValueError):
        return note  # an odd event of an old save keeps its stored words
    return note


__all__ = ["REWARDS", "line"]
