"""Simple Six widgets, each named after what sits on the GM's table.

``CharacterSheet`` is the paper sheet of one character; ``GMTracker`` is the GM's roster and
initiative tracker. Both are given the whole :class:`~d6tui.games.simple_six.state.Campaign`
(immutable, their view: :class:`~d6tui.ui.widgets.state_view.StateView`) and the id of the
character the GM has picked; they draw it in ``render_view`` and never change it (DESIGN
"UI conventions").
"""

from __future__ import annotations

from pathlib import Path

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive

from d6tui.games.simple_six import reflexes, wounds
from d6tui.games.simple_six.campaign import Campaign, Combat, Member
from d6tui.games.simple_six.content import in_use
from d6tui.games.simple_six.effects import MARKS
from d6tui.games.simple_six.magic import tn_words
from d6tui.games.simple_six.perks import spent_text
from d6tui.games.simple_six.sheet import (
    armor_value,
    derived,
    parry_skill,
    unarmed_damage,
    weapon_damage,
)
from d6tui.ui.widgets.state_view import StateView

_CSS = (Path(__file__).with_name("widgets.tcss")).read_text(encoding="utf-8")


def wound_text(member: Member, round_no: int | None = None) -> str:
    """The character's harm and what it does now, in a few words ("Wound Level Effects")."""
    if member.body is not None:
        b = member.body
        return "dead" if b.dead else f"BP {b.current}/{b.maximum}"
    w = member.wounds
    level = w.level
    if level == wounds.WoundLevel.UNHARMED:
        return "unharmed"
    if level == wounds.WoundLevel.DEAD:
        return "Dead"
    if level == wounds.WoundLevel.MORTALLY_WOUNDED:
        return f"Mortally Wounded, Might roll each round ({w.mortal_rounds} so far)"
    if level == wounds.WoundLevel.INCAPACITATED:
        if w.stay_up_pending:
            return "Incapacitated: Stamina 15 to stay up"
        if not w.awake:
            return f"Incapacitated: out {w.knocked_out_minutes or '?'} min"
        return "Incapacitated -3D"
    pen = wounds.penalty(w, round_no)
    tail = f" -{pen}D" if pen else " (stun over)"
    return f"{level.label}{tail}"


def fit_name(name: str, width: int) -> str:
    """``name`` in at most ``width`` characters, cut in the middle so a numbered name stays
    told apart: ``"Orc Warrior 12"`` in 11 is ``"Orc War… 12"``, never ``"Orc Warrior"``.

    The last word is kept when the name ends in a number (or a short word); otherwise the end
    is cut with an ellipsis.
    """
    if len(name) <= width:
        return name
    if width < 2:
        return name[:width]
    head, _, last = name.rpartition(" ")
    if head and (last.isdigit() or len(last) <= 3) and width >= len(last) + 3:
        return name[: width - len(last) - 2].rstrip() + "\u2026 " + last
    return name[: width - 1] + "\u2026"


def spell_marks(member: Member) -> str:
    """The tracker's compact marks for the spells on a character (B Bless, H Hasten, Z
    Slumber...; ``*`` another spell) and a ``c`` for each spell he keeps up."""
    marks = "".join(dict.fromkeys(MARKS.get(e.spell, "*") for e in member.effects))
    return marks + "c" * len(member.caster.maintained)


def short_wound(member: Member, round_no: int | None = None) -> str:
    """The wound column of the tracker: a short word and the dice it costs."""
    if member.spell_helpless and member.wounds.level < wounds.WoundLevel.INCAPACITATED:
        return {"Paralysis": "Para", "Slumber": "Zzz", "Petrify": "Stone"}.get(
            next(e.spell for e in member.effects if e.helpless), "Help")
    if member.body is not None:
        return "dead" if member.body.dead else f"{member.body.current}BP"
    w = member.wounds
    names = {0: "ok", 1: "Stun", 2: "Wnd", 3: "SevW", 4: "Inc", 5: "Mort", 6: "Dead"}
    word = names[int(w.level)]
    pen = wounds.penalty(w, round_no)
    if pen is None:
        return word + (" ?" if w.stay_up_pending else " out") if w.level < 6 else word
    return f"{word} -{pen}D" if pen else word


def defense_marks(fight: Combat | None, who: str) -> str:
    """What a combatant's defenses left on him until his next turn, shortly: ``FD`` for a
    full dodge held, ``r-1D`` for a reflex penalty ("Defensive Options"); "" for none."""
    marks = []
    if reflexes.held_dodge(fight, who) is not None:
        marks.append("FD")
    dice = reflexes.reflex_dice(fight, who)
    if dice:
        marks.append(f"r-{dice}D")
    return " ".join(marks)


class _CampaignWidget(StateView):
    """A widget drawn from the campaign (its view, given with :meth:`update_view`) and the
    picked character (:attr:`selected`, a member's id)."""

    DEFAULT_CSS = _CSS
    SCOPED_CSS = False
    # Redrawn by :meth:`redraw`, which lays the screen out again only when the height changes.
    view: reactive[Campaign | None] = reactive(None, repaint=False)
    selected: reactive[str | None] = reactive(None, repaint=False)

    def watch_view(self) -> None:
        self.redraw()

    def watch_selected(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        """Draw the widget again; lay the screen out again only when its height at the
        width it has changes (a move that keeps every line count, such as picking another
        combatant in a fight, only repaints it: a layout of the whole screen costs more than
        the drawing)."""
        width, height = self._content_height_cache
        self.refresh()
        if not self.is_mounted or width is None or width != self.size.width:
            self.refresh(layout=True)
            return
        if self.get_content_height(self.size, self.size, width) != height:
            self.refresh(layout=True)

    @property
    def campaign(self) -> Campaign | None:
        """The campaign drawn (the view, by its name in this game)."""
        return self.view

    #: Whether NPCs' statistics are this seat's to see (False at a player's seat at a
    #: shared table, whose view holds none: nothing made up from an emptied sheet is shown).
    npc_stats = True

    @campaign.setter
    def campaign(self, campaign: Campaign | None) -> None:
        self.update_view(campaign)

    #: The last drawing and what it was drawn from (:meth:`render`).
    _drawn: tuple = (None, None, None)

    def _drawn_from(self) -> tuple:
        """What a drawing depends on besides the view (compared with ``==``)."""
        return (self.selected, self.npc_stats, self.size.width)

    def notify_style_update(self) -> None:
        """Styles changed (a theme, a class): the next drawing is made afresh."""
        self._drawn = (None, None, None)
        super().notify_style_update()

    def render(self) -> RenderableType:
        """The widget drawn with the campaign's own tables (armor values, weapon damage,
        perks) in use, as its rules read them (:mod:`d6tui.games.simple_six.tables`); the
        same view drawn again at the same width is the drawing kept (the height check of
        :meth:`redraw` and the paint after it draw it once)."""
        view, after = self.view, self._drawn_from()
        if self._drawn[0] is view and view is not None and self._drawn[1] == after:
            return self._drawn[2]
        own = view.content if view is not None else None
        with in_use(own.rules if own is not None else None):
            drawn = super().render()
        self._drawn = (view, after, drawn)
        return drawn


class CharacterSheet(_CampaignWidget):
    """The picked character's sheet, laid out like the paper one: attributes with their skills
    under them, specializations, perks and complications, gear with damage, the static
    defenses, Soak with armor in brackets, Move or Body Points, wounds, hero and character
    points ("How to Make a Character", "Static Defenses")."""

    COMPONENT_CLASSES = {"sheet--name", "sheet--attr", "sheet--label", "sheet--muted",
                         "sheet--harm"}

    def render_view(self, campaign: Campaign) -> Text:
        out = Text(no_wrap=False)
        member = next((m for m in campaign.members if m.id == self.selected), None)
        if member is None:
            out.append("No character picked.\n\n", self.get_component_rich_style("sheet--muted"))
            out.append("c  make a player character\nn  add an NPC from a template\n")
            return out
        s = campaign.settings
        sh = member.sheet
        name = self.get_component_rich_style("sheet--name")
        label = self.get_component_rich_style("sheet--label")
        muted = self.get_component_rich_style("sheet--muted")
        harm = self.get_component_rich_style("sheet--harm")
        width = max(30, self.size.width or 60)
        kind = "NPC" if sh.npc else "PC"
        tail = f"{kind}  Hero {sh.hero_points}  CP {sh.character_points}"
        if sh.scale:
            tail = f"scale {sh.scale}D  " + tail
        out.append(sh.name[: max(8, width - len(tail) - 2)], name)
        out.append(" " * max(2, width - len(sh.name) - len(tail)) + tail, label)
        out.append("\n")
        if sh.npc and not self.npc_stats:  # a player's seat at a table: the GM's notes
            out.append("Statistics are the GM's (Nonplayer Characters)\n", muted)
        else:
            self._stats(out, campaign, member, width)
        rnd = campaign.combat.round if campaign.combat else None
        text = s.rename(wound_text(member, rnd))
        hurt = member.out_of_action or (member.body is None and member.wounds.level > 0)
        if member.body is None or member.body.dead:  # Body Points are already on the line
            out.append("Wounds ", label)
            out.append(text, harm if hurt else "")
        held = reflexes.held_dodge(campaign.combat, member.id)
        if held is not None:
            out.append("  full dodge" + (f" {held.total}+10" if held.total is not None else
                                          " +10") + " until next turn", harm)
        reflex = reflexes.reflex_dice(campaign.combat, member.id)
        if reflex:
            out.append(f"  reflex -{reflex}D until next turn", harm)
        if member.caster.failures:
            out.append(f"  Magic -{member.caster.failures}D (failed casts)", harm)
        if member.caster.maintained:
            out.append("\nKeeping up ", label)
            out.append(", ".join(member.caster.maintained) + " (an action each)", muted)
        if member.spell_helpless:
            out.append(f"\nHelpless: {member.spell_helpless}", harm)
        if member.effects:
            out.append("\nSpells on ", label)
            out.append(", ".join(f"{e.label()} ({e.left(campaign.minutes)})"
                                 for e in member.effects))
        if member.tools or member.items:
            out.append("\nMagic items ", label)
            out.append(", ".join([t.label(campaign.minutes) for t in member.tools]
                                 + list(member.items)))
        return out


    def _stats(self, out: Text, campaign: Campaign, member: Member, width: int) -> None:
        """The sheet's statistics: attributes and skills, perks, gear, defenses, Move."""
        s = campaign.settings
        sh = member.sheet
        attr = self.get_component_rich_style("sheet--attr")
        label = self.get_component_rich_style("sheet--label")
        muted = self.get_component_rich_style("sheet--muted")
        harm = self.get_component_rich_style("sheet--harm")
        # attributes two by two, each with its skills under it (its own list when skills
        # stand apart: "No Attributes", "Independent Skills")
        col = max(14, width // 2)
        attrs = list(sh.attributes)
        apart = not attrs or s.independent_skills
        for start in range(0, len(attrs), 2):
            columns = []
            for a, code in attrs[start:start + 2]:
                lines: list[tuple[str, Style | None]] = [
                    (f"{s.attribute_name(a).upper()} {code}", attr)]
                for e in sh.skills if not apart else ():
                    if e.attribute == a:
                        lines.append((f"  {e.name} {sh.skill(e.name, s)}", None))
                columns.append(lines)
            for i in range(max(len(c) for c in columns)):
                for j, c in enumerate(columns):
                    text, style = c[i] if i < len(c) else ("", None)
                    text = text[: col - 1]
                    out.append(text, style or "")
                    if j == 0 and len(columns) > 1:
                        out.append(" " * (col - len(text)))
                out.append("\n")
        if apart:
            out.append("Skills ", label)
            if not attrs:
                out.append("(2D + dice) ", muted)
            else:
                out.append("(own dice; attribute picked per roll) ", muted)
            code_of = (lambda n: sh.skill(n, s)) if not attrs else sh.own_dice
            out.append(", ".join(f"{e.name} {code_of(e.name)}" for e in sh.skills) or "none")
            out.append("\n")
        if sh.quasi:
            out.append("Quasi skills ", label)
            out.append(", ".join(f"{q} {c}" for q, c in sh.quasi) + "\n")
        if sh.specializations:
            out.append("Specializations ", label)
            out.append(", ".join(f"{x.key} {sh.specialization_code(x.skill, x.name, s)}"
                                 for x in sh.specializations) + "\n")
        spells = tuple(f"{sp} ({tn_words(sp)})" for sp in sh.spells)  # "The Grimoire"
        for title, items in (("Perks", sh.perks), ("Complications", sh.complications),
                             ("Spells", spells)):
            if items:
                out.append(f"{title} ", label)
                out.append(", ".join(items))
                # once-per-session perks spent or declared this session ("General Perks")
                spent = spent_text(member) if title == "Perks" else ""
                if spent:
                    out.append(f" ({spent})", harm)
                out.append("\n")
        gear = [f"{w} {weapon_damage(sh, w, s)}" for w in sh.weapons]
        gear.append(f"bare hands {unarmed_damage(sh, s)}")
        gear += list(sh.armor)
        out.append("Gear ", label)
        out.append(", ".join(gear) + "\n")
        d = derived(sh, s)
        # Static defenses are the TNs only under Fast Static Combat; Traditional rolls them.
        # Soak is the static resistance to wound levels; Body Points take armor as DR.
        if s.combat == "static":
            # no melee weapon carried: no Parry (bare hands block, "Static Defenses")
            parry = str(d.parry) if parry_skill(sh, s) else "-"
            for lab, value in (("Block", d.block), ("Dodge", d.dodge), ("Parry", parry)):
                out.append(f"{lab} ", label)
                out.append(f"{value}  ")
        if s.wounds == "body_points":
            out.append("DR ", label)
            out.append(f"{armor_value(sh)}\n")
        elif s.combat == "static":
            out.append("Soak ", label)
            out.append(f"{d.soak_base}({d.soak})\n")
        else:
            out.append("Resist ", label)
            resist = s.attribute_name("Might") if sh.attributes else "Toughness"
            out.append(f"{resist} {sh.attribute('Might')} + armor {armor_value(sh)}\n")
        if d.body_points is not None:
            out.append("Body Points ", label)
            out.append(f"{member.body.current if member.body else d.body_points}/"
                       f"{d.body_points}  ")
        else:
            out.append("Move ", label)
            out.append(f"{d.move} ft  ")

class GMTracker(_CampaignWidget):
    """The GM's roster and initiative tracker.

    In a fight: the round, then each combatant in initiative order (highest first) with the
    total rolled, the actions declared, the wound level, and what his defenses left until his
    next turn (``FD`` full dodge, ``r-1D`` reflex penalty); ► marks who acts, ✓ those done.
    Out of a fight: everyone on the roster. The picked character is highlighted.
    """

    COMPONENT_CLASSES = {"tracker--actor", "tracker--picked", "tracker--muted",
                         "tracker--heading", "tracker--harm"}

    #: Initiative totals by id, set by the screen from the round's event.
    initiative: reactive[dict[str, int]] = reactive(dict, repaint=False)

    def watch_initiative(self) -> None:
        self.redraw()

    def _drawn_from(self) -> tuple:
        return (*super()._drawn_from(), tuple(self.initiative.items()))

    #: A tracker at least this wide shows the defense columns (Dodge, Block, Parry, Soak).
    WIDE = 54

    def rows(self, campaign: Campaign) -> list[str]:
        """Ids in the order drawn: initiative order in a fight, then those holding their turn,
        the rest of the fight, then everyone else."""
        fight = campaign.combat
        first: list[str] = []
        if fight is not None:
            first = list(dict.fromkeys([*fight.order, *fight.held, *fight.ids]))
        return first + [m.id for m in campaign.members if m.id not in first]

    def _columns(self, campaign: Campaign, m: Member) -> str:
        """The defense columns of a wide tracker: static Dodge, Block, Parry and Soak, or
        the resistance dice under Traditional combat ("Static Defenses")."""
        s = campaign.settings
        if m.sheet.npc and not self.npc_stats:
            return f"{'-':>3} {'-':>3} {'-':>3} {'-':>4}" if s.combat == "static" else \
                f"{'-':>5} {' '}"
        d = derived(m.sheet, s)
        if s.combat == "static":
            soak = armor_value(m.sheet) if s.wounds == "body_points" else d.soak
            return f"{d.dodge:>3} {d.block:>3} {d.parry:>3} {soak:>4}"
        return f"{str(m.sheet.attribute('Might')):>5}+{armor_value(m.sheet)}"

    def _heading(self, campaign: Campaign) -> str:
        s = campaign.settings
        if s.combat == "static":
            return "Dod Blk Par " + ("  DR" if s.wounds == "body_points" else "Soak")
        return "Resist  "

    def render_view(self, campaign: Campaign) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis")
        heading = self.get_component_rich_style("tracker--heading")
        muted = self.get_component_rich_style("tracker--muted")
        actor_style = self.get_component_rich_style("tracker--actor")
        picked = self.get_component_rich_style("tracker--picked")
        harm = self.get_component_rich_style("tracker--harm")
        fight = campaign.combat
        if not campaign.members:
            out.append("The roster is empty.", muted)
            return out
        width = max(20, self.size.width or 30)
        wide = width >= self.WIDE
        if fight is None:
            out.append("Roster", heading)
            sess = f"session {campaign.session}" if campaign.in_session else "between sessions"
            out.append(f"  {sess}", muted)
        else:
            out.append(f"Round {fight.round}" if fight.round else "Fight: roll initiative",
                       heading)
            if fight.round and fight.actor is None:
                out.append("  all acted", muted)
        if wide:
            cols = self._heading(campaign)
            used = out.cell_len
            out.append(" " * max(1, width - used - len(cols)) + cols, muted)
        out.append("\n")
        rnd = fight.round if fight else None
        fighting = set(fight.ids) if fight else set()
        shown_rest = False
        for who in self.rows(campaign):
            m = campaign.member(who)
            if fight is not None and who not in fighting and not shown_rest:
                out.append("not fighting\n", muted)
                shown_rest = True
            mark = "  "
            init = "   " if fight is not None else ""
            acts = "  "
            tag = ""
            if fight is not None:
                # the combatant's key for the whole fight, in every picker (fight_roster)
                tag = f"{fight.tag(who)} " if who in fighting else "  "
            if fight is not None and who in fighting:
                if who in fight.order:
                    pos = fight.order.index(who)
                    mark = "\u25ba " if pos == fight.current else (
                        "\u2713 " if pos < fight.current else "  ")
                    if m.out_of_action and pos != fight.current:
                        mark = "\u2717 "  # fallen: his turn is skipped
                    init = f"{dict(fight.totals).get(who, self.initiative.get(who, 0)):>2} "
                elif who in fight.held:
                    mark = "\u2026 "  # holding his turn
                    init = f"{dict(fight.totals).get(who, 0):>2} "
                elif fight.round:
                    init = "-- "
                # "Concentration (CONC)": each spell kept up counts as an action
                n = fight.declared(who) + len(m.caster.maintained)
                acts = f"x{n}" if n > 1 else "  "
            kind = "N" if m.sheet.npc else "P"
            wound = short_wound(m, rnd) if not wide else wound_word(m, rnd)
            marks = defense_marks(fight, who)
            if marks:
                wound = f"{wound} {marks}"
            fx = spell_marks(m)
            fx = f" {fx}" if fx else ""
            cols = f" {self._columns(campaign, m)}" if wide else ""
            if wide:
                wound = f"{wound:<16}"
            if tag:
                mark = mark[0]  # the mark and the key share the first columns: "►1 "
            name_w = max(4, width - len(mark) - len(tag) - len(init) - len(acts) - len(wound)
                         - len(fx) - len(cols) - 4)
            shown = fit_name(m.sheet.name, name_w)
            line = Text(f"{mark}{tag}{init}{kind} {shown:<{name_w}}{fx} {acts} ")
            line.append(wound, harm if (m.out_of_action or wound.strip() not in (
                "ok",) and not wound.strip().endswith("BP")) else "")
            line.append(cols)
            if fight is not None and fight.actor == who:
                line.stylize(actor_style)
            if who == self.selected:
                line.stylize(picked)
            if m.out_of_action:
                line.stylize(muted)
            out.append_text(line)
            out.append("\n")
        return out


def wound_word(member: Member, round_no: int | None = None) -> str:
    """The wound column of a wide tracker: the level's whole name (or the spell holding him)
    and the dice it costs, in at most 16 characters."""
    short = short_wound(member, round_no)
    if member.spell_helpless or member.body is not None:
        return short
    w = member.wounds
    if w.level == wounds.WoundLevel.UNHARMED:
        return "ok"
    tail = short.partition(" ")[2]
    return f"{w.level.label} {tail}".strip()[:16]
