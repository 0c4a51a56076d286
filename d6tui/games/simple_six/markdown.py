"""A Simple Six campaign's log as a readable Markdown record (``d6tui export --format
markdown``): sessions, rounds, every roll and wound, CP awarded, each sheet as it stands and
the vehicles."""

from __future__ import annotations

from d6tui.engine.log import ENGINE_EVENT_TYPES
from d6tui.engine.session_dice import again_words
from d6tui.games.simple_six.describe import describe, name_of, names_in
from d6tui.games.simple_six.export import log_markdown, sheet_markdown
from d6tui.games.simple_six.fold import fold
from d6tui.games.simple_six.record import dice_words
from d6tui.games.simple_six.report import vehicles_markdown
from d6tui.games.simple_six.roster import new_state
from d6tui.games.simple_six.state import Member

#: Events after which the record says the character's wound level (or Body Points).
HARM_EVENTS = frozenset({"attacked", "stay_up_rolled", "mortal_rolled", "flesh_wound_taken",
                   "healed", "spell_cast", "repaired", "bolt_thrown"})

#: Events whose line in the record already gives every face.
FACES_SHOWN = frozenset({"rolled", "destiny_rerolled", "cp_added"})


def harm_words(m: Member) -> str:
    """Where a character's wounds stand, in words (wound level or Body Points)."""
    if m.body is not None:
        return f"{m.body.current}/{m.body.maximum} Body Points" + (
            ", dead" if m.body.dead else "")
    return m.wounds.level.label


def condition_words(m: Member) -> str:
    """A sheet's line for "The characters now": wounds and the magic penalty."""
    parts = [f"**Wounds:** {m.wounds.level.label}" if m.body is None
             else f"**Body Points now:** {harm_words(m)}"]
    if m.caster.failures:
        parts.append(f"**Magic:** -{m.caster.failures}D for failed spells"
                     " (Casting Spells)")
    if m.effects:
        parts.append("**Spells on them:** " + ", ".join(e.label() for e in m.effects))
    if m.caster.maintained:
        parts.append("**Keeping up:** " + ", ".join(m.caster.maintained))
    return "  \n".join(parts)


def export_markdown(session) -> str:  # noqa: ANN001 - an engine Session
    """The campaign's log as a readable Markdown record (``d6tui export --format markdown``):
    sessions, rounds, every roll and wound, CP awarded, and each sheet as it stands now with its
    wound level (or Body Points) and magic penalty.

    Undone events stay in the record, struck through and marked "(undone)", as in the log view;
    they are not folded, so the wounds told after them are those that stand.
    """
    entries = [e for e in session.history()
               if e.event.get("type") not in ("undone", "redone", "retitled")]
    undone = {e.event.get("seq") for e in entries if e.undone}
    folded = [new_state(session.header.options)]
    # the engine's table dice and notes fold nothing: the record gives their words
    engine_words = {e.event.get("seq"): e.text for e in entries
                    if e.event.get("type") in ENGINE_EVENT_TYPES}

    def with_wounds(ev: dict) -> str:
        if ev.get("seq") in engine_words:
            return engine_words[ev.get("seq")]
        before = folded[0]
        if ev.get("seq") in undone:
            return f"~~{describe(ev, names_in(before))}{again_words(ev)}~~ (undone)"
        # fold as we go, so each hit and wound roll says where it left the character
        folded[0] = after = fold(before, ev)
        text = describe(ev, names_in(after)) + again_words(ev)
        hits = ("attacked", "spell_cast", "bolt_thrown")
        who = ev.get("target") if ev["type"] in hits else ev.get("who")
        if ev["type"] in HARM_EVENTS and who is not None:
            m = after.member(str(who))
            old = before.member(str(who))
            if (m.wounds, m.body) != (old.wounds, old.body) or ev["type"] not in hits:
                text += f" \u2192 {m.sheet.name}: {harm_words(m)}"
        if ev["type"] not in FACES_SHOWN:  # every die, short (README: every roll)
            dice = dice_words(ev, lambda i: name_of(i, names_in(after)))
            if dice:
                text += f" [{dice}]"
        return after.settings.rename(text)  # "Renaming Attributes": the campaign's names

    text = log_markdown(session.title, [e.event for e in entries], with_wounds, undone)
    state = session.state
    sheets = [sheet_markdown(m.sheet, state.settings, m.body.current if m.body else None
                             ).rstrip("\n") + "\n\n" + condition_words(m) + "\n"
              for m in state.members]
    if sheets:
        # each sheet's "# Name" becomes a third-level heading under this one
        text += "\n## The characters now\n\n" + "\n".join("##" + s for s in sheets)
    return text + vehicles_markdown(state)
