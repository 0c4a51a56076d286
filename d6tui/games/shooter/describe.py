"""D6 Shooter events in words, for the log view (DESIGN "The log").

Each event is told from the event alone, its outcome facts included when it carries them
(:data:`d6tui.games.shooter.fold.OUTCOME_KEYS`).
"""

from __future__ import annotations

from typing import Any

from d6tui.words import plural


def _faces(roll: Any) -> str:
    faces = roll.get("faces", []) if isinstance(roll, dict) else []
    src = " (table dice)" if isinstance(roll, dict) and roll.get("source") == "table" else ""
    return (", ".join(str(f) for f in faces) or "nothing") + src


def _names(names: Any) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``."""
    names = [str(n) for n in names] if isinstance(names, list) else []
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _count(e: dict, key: str) -> int:
    v = e.get(key)
    return len(v) if isinstance(v, list) else 0


def _escape_words(e: dict) -> str:
    """What an Escape, a Jail Break or a failed hunt took, from the outcome facts."""
    lost = e.get("lost_names")
    return _names(lost) if isinstance(lost, list) and lost else ""


def _hunt_outcome(e: dict) -> str:
    """The words after a hunt step (draw, roll, re-roll, Reload, give up): capture or failure."""
    out = e.get("outcome")
    name = e.get("name", "the bandit")
    if out == "captured":
        return f": {name} is captured"
    if out == "last_chance":
        needs = e.get("needs", 0)
        return (f": {plural(needs, 'symbol')} still missing after the third roll; "
                f"a skull re-roll may still save the hunt")
    if out != "failed":
        return ""
    others = [n for c, n in zip(e.get("lost", []), e.get("lost_names", []), strict=False)
              if c != e.get("card")]
    also = f"; {_names(others)} {'escapes' if len(others) == 1 else 'escape'} too" if others \
        else ""
    reason = e.get("reason")
    needs = e.get("needs", 0)
    if reason == "dice":
        left = e.get("dice_left", 0)
        still = "" if e.get("type") == "card_drawn" else "still "
        why = (f"{name} {still}needs {plural(needs, 'symbol')}, "
               f"{plural(left, 'die', 'dice')} left")
        return f": {why}, so the hunt fails{also}"
    if reason == "rolls":
        return (f": {name} got away ({plural(needs, 'symbol')} still missing after the third "
                f"roll){also}")
    return f"{also}"


def describe(event: dict, state_before: object = None) -> str:
    """One event in words, from the event alone, for the log view (DESIGN "The log").

    Outcome facts (:data:`d6tui.games.shooter.fold.OUTCOME_KEYS`) are told when the event
    carries them: a capture, a failed hunt and why, what an Escape, Jail Break or Dynamite
    took, a won or lost dice challenge, a Shooting Contest's winner, a promotion. Saves
    written before those facts existed are described without them.

    Args:
        event: a stored event.
        state_before: the game before the event (unused: the event says enough).

    Returns:
        A short sentence, such as ``"Ann rolled heart, skull, joker for Dusty Pete"``.
    """
    e = event
    by = e.get("by", "?")
    t = e.get("type")
    out = e.get("outcome")
    if t == "game_started":
        return f"the game began: {', '.join(e.get('players', []))}"
    if t == "card_drawn":
        verb = "pressed on and drew" if e.get("press_on") else "drew"
        shuf = " (the discard pile was shuffled into a new deck)" if "reshuffled" in e else ""
        if e.get("kind") == "bandit":
            return (f"{by} {verb} {e.get('name')} ({' '.join(e.get('symbols', []))}){shuf}"
                    f"{_hunt_outcome(e)}")
        text = f"{by} {verb} the event {e.get('name')}{shuf}"
        lost = _escape_words(e)
        if out == "discarded":
            what = "no bandit in play" if e.get("effect") == "escape" else "an empty jail"
            return f"{text}: with {what} it is discarded; draw again"
        if out == "escaped":
            return f"{text}: {lost or 'the bandits in play'} escaped; the turn ends"
        if out == "broke_out":
            return f"{text}: {_jail_break_words(e)}"
        if "opponent" in e:
            return f"{text}: {by} and {e['opponent']} shoot it out"
        return text
    if t == "deck_exhausted":
        return f"{by} found no card left to draw; the turn ends"
    if t == "dice_rolled":
        text = f"{by} rolled {_faces(e.get('roll'))} for {e.get('name')} (roll {e.get('roll_no')})"
        if e.get("purpose") == "hunt":
            return text + _hunt_outcome(e)
        if out == "won":
            return f"{text}: {e.get('name')} is won; choose a store card"
        if out == "failed":
            return f"{text}: {e.get('name')} is lost after three rolls; the turn ends"
        if out == "blew":
            lost = _escape_words(e)
            fled = f"{lost} fled" if lost else "no bandit fled"
            return f"{text}: the Dynamite blew {e.get('target')}'s jail open; {fled}"
        if out == "fizzled":
            return f"{text}: the Dynamite fizzled; {e.get('target')}'s jail is safe"
        return text
    if t == "skull_rerolled":
        return f"{by} re-rolled a skull: {_faces(e.get('roll'))}{_hunt_outcome(e)}"
    if t == "reload_played":
        n = e.get("skulls", 0)
        return (f"{by} played Reload: {plural(n, 'skull die', 'skull dice')} back"
                f"{_hunt_outcome(e)}")
    if t == "surrounded_played":
        n = _count(e, "jailed")
        jailed = f"; {plural(n, 'bandit')} go to jail" if n > 1 else ""
        return f"{by} played We Have You Surrounded and captured {e.get('name')}{jailed}"
    if t == "gave_up":
        lost_names = e.get("lost_names")
        if isinstance(lost_names, list) and lost_names:
            return f"{by} gave up on {e.get('name')}: {_names(lost_names)} lost; the turn ends"
        return f"{by} gave up on {e.get('name')}; {plural(_count(e, 'lost'), 'bandit')} lost"
    if t == "hunt_stopped":
        names = e.get("names")
        if isinstance(names, list) and names:
            return f"{by} stopped and jailed {_names(names)}"
        return f"{by} stopped and jailed {plural(_count(e, 'cards'), 'bandit')}"
    if t == "horseback_played":
        return f"{by} played Horseback: the escaping bandits are jailed"
    if t == "night_watch_played":
        return f"{by} played Night Watch against {e.get('against_name')}: nothing is lost"
    if t == "card_accepted":
        text = f"{by} let the {e.get('name')} happen"
        if out == "escaped":
            return f"{text}: {_escape_words(e) or 'the bandits in play'} escaped"
        if out == "broke_out":
            return f"{text}: {_jail_break_words(e)}"
        return text
    if t == "contest_rolled":
        text = (f"Shooting Contest: {by} rolled {_faces(e.get('roll'))}; "
                f"{e.get('opponent')} rolled {_faces(e.get('opponent_roll'))}")
        if out == "won":
            return f"{text}: {e.get('winner')} wins the contest (2 Rep in jail)"
        if out == "tie":
            return f"{text}: both reach 3 skulls, so both start over"
        return text
    if t == "reward_taken":
        gave = f", giving up {e['discard']}" if "discard" in e else ""
        return f"{by} took {e.get('name')} from the store{gave}"
    if t == "reward_declined":
        return f"{by} declined the store reward"
    if t == "store_bought":
        return (f"{by} bought {e.get('name')} (${e.get('price')}) with "
                f"{plural(_count(e, 'paying'), 'bandit')} worth ${e.get('paid')}")
    if t == "rep_cashed":
        text = f"{by} cashed {e.get('rep')} Rep ({', '.join(e.get('names', []))})"
        if out == "won":
            return f"{text} and is promoted to Marshal: {by} wins the game"
        if out == "promoted":
            return f"{text} and is promoted to {e.get('rank')}"
        return f"{text} and is now {e.get('rank')}"
    if t == "falsely_accused_played":
        return f"{by} played Falsely Accused: {e.get('name')} leaves {e.get('target')}'s jail"
    if t == "prisoner_transferred":
        return f"{by} played Transfer Prisoner: {e.get('name')} moves from {e.get('target')}'s jail"
    if t == "shackles_played":
        return f"{by} shackled {' and '.join(e.get('names', []))}"
    if t == "dynamite_played":
        return f"{by} lit Dynamite under {e.get('target')}'s jail"
    if t == "turn_ended":
        return f"{by} ended the turn; {e.get('next')} is up"
    return str(t)


def _jail_break_words(e: dict) -> str:
    lost = e.get("lost_names")
    gone = f"{_names(lost)} broke out" if isinstance(lost, list) and lost else \
        "no unshackled bandit was there to break out"
    n = _count(e, "jailed")
    jailed = f"; {plural(n, 'bandit')} in play {'goes' if n == 1 else 'go'} to jail" if n else ""
    return f"{gone}{jailed}; the turn ends"
