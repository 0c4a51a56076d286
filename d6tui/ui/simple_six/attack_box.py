"""The attack box of the Simple Six tracker: one box for the whole attack, with the numbers.

Every combatant is listed with his key for the fight (the tracker's) and his state; the
weapon, range, cover, the target's defense and hero points are lines with a default, each
changed by one letter. A target's key picks him and shows his defenses with their values
and the TNs they give, the best first; Enter (or his key again) attacks. What it offers is
asked of :mod:`d6tui.games.simple_six.attack_preview`; the box decides nothing itself
("Combat", "Static Defenses", "Defensive Options").

Dismisses an :class:`AttackPlan`, or None on Escape.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, Static

from d6tui.games.simple_six import attack_preview
from d6tui.games.simple_six.state import Campaign
from d6tui.ui.screens.modals import CANCEL, Modal

RANGES = (("short", "short"), ("medium", "medium +5"), ("long", "long +10"),
          ("point_blank", "point blank -5"))
COVERS = ((0, "none"), (50, "half +5"), (75, "three quarters +10"))


@dataclass(frozen=True)
class AttackPlan:
    """What the GM chose in the box.

    Attributes:
        target: the target's id ("" until one is picked).
        weapon: the weapon row's index (the last is bare hands).
        range: the range row's index (missile weapons).
        cover: the cover row's index (missile weapons).
        defense: the defense row's index (0 is the best).
        hero_points: the attacker's hero points on the roll.
        declared: (Traditional) the defense was declared with the round's actions.
    """

    target: str = ""
    weapon: int = 0
    range: int = 0
    cover: int = 0
    defense: int = 0
    hero_points: int = 0
    declared: bool = False


class AttackBox(Modal[AttackPlan]):
    """The attack of ``attacker`` (or of a group, ``group`` naming them), every choice on one
    box.

    Args:
        campaign: the campaign now.
        attacker: the id of the one whose turn it is.
        plan: the choices to start from (the group's last attack); the target is kept only
            when he still stands.
        title: the box's first line ("Sir Baelen attacks").
        most_hero_points: hero points the attacker may spend on the roll (0: the line is
            left out).
        group: the ids attacking together (a group attack): none of them is a target.
    """

    BINDINGS = [
        CANCEL,
        Binding("enter", "attack", "Attack", priority=True, id="simple_six.attack_go"),
        Binding("w", "cycle('weapon')", "Weapon", id="simple_six.attack_weapon"),
        Binding("d", "cycle('defense')", "Defense", id="simple_six.attack_defense"),
        Binding("r", "cycle('range')", "Range", id="simple_six.attack_range"),
        Binding("c", "cycle('cover')", "Cover", id="simple_six.attack_cover"),
        Binding("h", "cycle('hero_points')", "Hero points", id="simple_six.attack_hero"),
        Binding("x", "cycle('declared')", "Declared", id="simple_six.attack_declared"),
    ]

    HELP = ("The attack, on one box. Press a target's key (the tracker's number or letter):"
            " his defenses show with the TN each gives, the best first. w, d, r, c and h"
            " change the weapon, the defense, the range, the cover and the hero points; x"
            " whether a rolled defense was declared (Traditional). Enter, or the target's"
            " key again, attacks. Escape cancels: nothing is recorded.")

    #: More targets than this are listed two to a line (the box stays within 80x24).
    ONE_COLUMN = 8
    #: The width of one target's cell when two share a line.
    HALF = 33

    def __init__(self, campaign: Campaign, attacker: str, *, plan: AttackPlan | None = None,
                 title: str = "", most_hero_points: int = 0,
                 group: Sequence[str] = ()) -> None:
        super().__init__()
        self.campaign = campaign
        self.attacker = attacker
        self.title_text = title or f"{campaign.member(attacker).sheet.name} attacks"
        self.most_hero_points = most_hero_points
        self.targets = attack_preview.targets(campaign, attacker, group=group)
        self.weapons = attack_preview.weapons(campaign, attacker)
        plan = plan or AttackPlan()
        standing = {t.id for t in self.targets if not t.dead}
        if plan.target not in standing:
            only = [t.id for t in self.targets if not t.dead]
            plan = replace(plan, target=only[0] if len(only) == 1 else "")
        self.plan = replace(plan, weapon=min(plan.weapon, len(self.weapons) - 1),
                            hero_points=min(plan.hero_points, most_hero_points))
        #: Keys typed so far of a target's key that takes two characters.
        self.typed = ""

    # -- what the rules offer for the plan -----------------------------------------------

    @property
    def ranged(self) -> bool:
        """The weapon picked is a missile weapon."""
        return self.weapons[self.plan.weapon].ranged

    def defenses(self) -> list[attack_preview.DefenseRow]:
        """The picked target's defenses against this attack, the best first ([] with no
        target)."""
        if not self.plan.target:
            return []
        return attack_preview.defenses(
            self.campaign, self.attacker, self.plan.target, ranged=self.ranged,
            range_=RANGES[self.plan.range][0] if self.ranged else None,
            cover=COVERS[self.plan.cover][0] if self.ranged else 0)

    def key_of(self, index: int) -> str:
        """The key that picks target ``index`` (for tools that drive the box)."""
        return self.targets[index].tag

    # -- drawing ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box", id="attack-box"):
            yield Static(self.title_text, classes="modal-title", markup=False)
            yield Static(id="attack-targets", markup=False)
            yield Static(id="attack-lines", markup=False)
            yield Label("", classes="modal-error", id="error", markup=False)
            yield Static("A target's key picks him; Enter (or his key again) attacks."
                         " Esc cancels", classes="modal-hint", markup=False)

    def on_mount(self) -> None:
        self._draw()

    def _draw(self) -> None:
        rows = Text()
        # more than fit at 80x24: two to a line, each cut to half the box
        two = len(self.targets) > self.ONE_COLUMN
        for i, t in enumerate(self.targets):
            mark = "\u25ba" if t.id == self.plan.target else " "
            cell = f"{mark}[{t.tag}] {t.name}  ({t.words})"
            if two:
                cell = f"{cell[:self.HALF - 1]:<{self.HALF}}"
            line = Text(cell)
            if t.dead:
                line.stylize("dim")
            elif t.id == self.plan.target:
                line.stylize("bold reverse")
            rows.append_text(line)
            if not two or i % 2 == 1 or i == len(self.targets) - 1:
                rows.append("\n")
        self.query_one("#attack-targets", Static).update(rows)
        out = Text()
        out.append(f"w weapon   {self.weapons[self.plan.weapon].label}\n")
        if self.ranged:
            out.append(f"r range    {RANGES[self.plan.range][1]}   "
                       f"c cover {COVERS[self.plan.cover][1]}\n")
        defs = self.defenses()
        if defs:
            self.plan = replace(self.plan, defense=min(self.plan.defense, len(defs) - 1))
            out.append("d defense  ")
            for i, row in enumerate(defs):
                pick = i == self.plan.defense
                out.append(("\u25ba " if pick else "  ") + row.label + "\n",
                           "bold" if pick else "")
                if i < len(defs) - 1:
                    out.append("           ")
            if self.campaign.settings.combat != "static" and defs[self.plan.defense].tn is None:
                out.append("x declared " + ("yes: no extra penalty" if self.plan.declared else
                                            "no: -1D on his rolls till his turn") + "\n")
        else:
            out.append("d defense  (pick a target to see his defenses)\n", "dim")
        if self.most_hero_points:
            out.append(f"h hero points {self.plan.hero_points} (up to {self.most_hero_points};"
                       " Hero Points)\n")
        self.query_one("#attack-lines", Static).update(out)

    def _error(self, text: str) -> None:
        self.query_one("#error", Label).update(text)

    # -- keys ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the lines shown take their key."""
        if action == "cycle":
            what = parameters[0] if parameters else ""
            if what in ("range", "cover"):
                return self.ranged
            if what == "hero_points":
                return self.most_hero_points > 0
            if what == "declared":
                return self.campaign.settings.combat != "static"
            if what == "weapon":
                return len(self.weapons) > 1
            return True
        return super().check_action(action, parameters)

    def action_cycle(self, what: str) -> None:
        """Move one line on to its next choice."""
        p = self.plan
        if what == "weapon":
            p = replace(p, weapon=(p.weapon + 1) % len(self.weapons), defense=0)
        elif what == "range":
            p = replace(p, range=(p.range + 1) % len(RANGES))
        elif what == "cover":
            p = replace(p, cover=(p.cover + 1) % len(COVERS))
        elif what == "defense":
            n = max(1, len(self.defenses()))
            p = replace(p, defense=(p.defense + 1) % n)
        elif what == "hero_points":
            p = replace(p, hero_points=(p.hero_points + 1) % (self.most_hero_points + 1))
        elif what == "declared":
            p = replace(p, declared=not p.declared)
        self.plan = p
        self._error("")
        self._draw()

    def on_key(self, event: events.Key) -> None:
        """A target's key (one character, or two for a key past the letters)."""
        ch = event.character or ""
        if not ch or not ch.isprintable() or event.key in ("enter", "escape"):
            return
        typed = self.typed + ch
        tags = [t.tag for t in self.targets]
        if not any(tag.startswith(typed) for tag in tags):
            if self.typed:
                self.typed = ""
                self._error("")
            return
        event.stop()
        event.prevent_default()
        if typed not in tags or sum(tag.startswith(typed) for tag in tags) > 1:
            self.typed = typed
            self._error(f"Key {typed}\u2026")
            return
        self.typed = ""
        self.pick(typed)

    def pick(self, tag: str) -> None:
        """Pick the target whose key is ``tag``; his key again attacks."""
        row = next(t for t in self.targets if t.tag == tag)
        if row.dead:
            self._error(f"{row.name} is dead: there is nothing to attack.")
            return
        if row.id == self.plan.target:
            self.action_attack()
            return
        self.plan = replace(self.plan, target=row.id, defense=0)
        self._error("")
        self._draw()

    def action_attack(self) -> None:
        """Enter: attack the picked target with the lines as they stand."""
        if self.typed:
            tag, self.typed = self.typed, ""
            if any(t.tag == tag for t in self.targets):
                self.pick(tag)
            return
        if not self.plan.target:
            self._error("Pick a target first: press his key.")
            return
        self.dismiss(self.plan)

    def choices(self) -> dict:
        """The attack command's keywords for the plan as it stands: ``weapon``, ``range_``,
        ``cover``, ``defense``, ``full_dodge``, ``defense_declared``, ``hero_points``."""
        return plan_keywords(self.campaign, self.attacker, self.plan)


def plan_keywords(c: Campaign, attacker: str, plan: AttackPlan) -> dict:
    """What :func:`d6tui.games.simple_six.attacks.attack` takes for ``plan`` (its weapon
    by name, range and cover for a missile, the defense row's value)."""
    weapons = attack_preview.weapons(c, attacker)
    w = weapons[min(plan.weapon, len(weapons) - 1)]
    kw: dict = {"weapon": w.weapon}
    if w.ranged:
        kw["range_"] = RANGES[plan.range][0]
        if COVERS[plan.cover][0]:
            kw["cover"] = COVERS[plan.cover][0]
    defs = attack_preview.defenses(c, attacker, plan.target, ranged=w.ranged,
                                   range_=kw.get("range_"), cover=kw.get("cover", 0))
    row = defs[min(plan.defense, len(defs) - 1)]
    if row.value in ("dodge", "block", "parry", "full_dodge"):
        kw["defense"] = row.value
        if c.settings.combat != "static" and row.value != "full_dodge":
            kw["defense_declared"] = plan.declared
    elif row.value == "full":
        kw["defense"] = "dodge"
        kw["full_dodge"] = True
    if plan.hero_points:
        kw["hero_points"] = plan.hero_points
    return kw
