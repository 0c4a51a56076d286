"""The new-campaign part of the new-game form: the settings "Making the Game Your Own" asks a
GM to choose (attribute and skill dice and limits, skill list, combat system, wounds or Body
Points, magic, the optional rules that change rolls, and those that change the attributes).

Text syntax of the attribute options:

- Attribute names: four names for Might, Agility, Wit and Charm, in that order, separated by
  commas (``Power, Grace, Reason, Poise``); empty keeps the usual names.
- Added attributes: names separated by commas (``Perception, Courage``).
- Skill defaults: ``Attribute: Skill, Skill`` groups separated by ``;``
  (``Perception: Search, Tracking; Courage: Courage``); skills not named keep their attribute.
- Quasi skills: names separated by commas (``Spiritual, Etheric, Corporeal``); the CP price of
  a first die bought later is a number (10 or 20 in the SRD).
"""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Footer, Input, Label, Select

from d6tui.games.simple_six.content import ATTRIBUTES, content
from d6tui.games.simple_six.settings import parse_skill_defaults
from d6tui.ui.widgets.field import Field

#: (key, label, choices) of each setting picked from a list; the first choice is the default.
CHOICES: tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...] = (
    ("skill_list", "Skill list (Skills)", ()),
    ("combat", "Combat", (("Fast Static Combat", "static"),
                          ("Traditional OpenD6 Combat", "traditional"))),
    ("wounds", "Harm", (("Wound levels", "levels"),
                        ("Body Points, Might rolled + 20", "body_points/rolled"),
                        ("Body Points, 4 per Might die", "body_points/fixed"))),
    ("magic", "Magic (Access to Magic)", (("Sorcerer perk needed", "sorcerer"),
                                          ("Everyone", "everyone"), ("No magic", "none"))),
    ("wild_one", "A 1 on the wild die", (("counts", "counts"),
                                          ("drops itself and the highest", "drops"),
                                          ("flags a complication", "complication"))),
    ("hero_points", "Hero points", (("+6 each, up to three", "static"),
                                    ("double the dice (traditional)", "traditional"))),
)

#: (key, label, default) of each die code or number typed in.
TYPED: tuple[tuple[str, str, str], ...] = (
    ("attribute_dice", "Attribute dice", ""),
    ("attribute_min", "Least per attribute", "1D"),
    ("attribute_max", "Most per attribute", "4D"),
    ("price_max", "Higher Attributes at a Price", ""),
    ("skill_dice", "Skill and perk dice", ""),
    ("skill_max", "Most in one skill at start", ""),
    ("max_complications", "Complications allowed", "2"),
    ("increasing_damage", "Increasing Damage (empty: off)", ""),
    ("rolling_limit", "Rolling Limit (empty: off)", ""),
    ("cp_limit", "Most CP on one roll (empty: any)", ""),
    ("attribute_names", "Renaming Attributes", ""),
    ("extra_attributes", "Added attributes", ""),
    ("skill_attributes", "Skill defaults (added attr.)", ""),
    ("paranormal_attributes", "Paranormal (added attr.)", ""),
    ("quasi_skills", "Quasi skills (paranormal)", ""),
    ("quasi_first_die", "CP for a quasi skill's 1st die", "10"),
)

#: What the optional fields hold, shown while they are empty (a left-out die code takes the
#: default the placeholder names).
PLACEHOLDERS = {
    "attribute_dice": "e.g. 12D, +3D per added attribute",
    "price_max": "up to, e.g. 5D (empty: off)",
    "skill_dice": "e.g. 7D (16D with No Attributes)",
    "skill_max": "e.g. 2D (4D with No Attributes)",
    "increasing_damage": "step, e.g. 5",
    "rolling_limit": "dice, e.g. 10",
    "cp_limit": "points, e.g. 3",
    "attribute_names": "e.g. Power, Grace, Reason, Poise",
    "extra_attributes": "e.g. Perception, Courage",
    "skill_attributes": "e.g. Perception: Search, Tracking",
    "paranormal_attributes": "added ones that may be 0D",
    "quasi_skills": "e.g. Spiritual, Etheric, Corporeal",
}

#: Typed fields that are whole numbers, and where they go (``wild`` or the settings).
NUMBERS = {"increasing_damage": "settings", "rolling_limit": "wild", "cp_limit": "wild",
           "max_complications": "settings", "quasi_first_die": "settings"}

#: The most each number field takes (a roll has at most 99 dice; a sheet at most 9999 CP).
MOST = {"increasing_damage": 99, "rolling_limit": 99, "cp_limit": 9999,
        "max_complications": 99, "quasi_first_die": 99}

#: The longest name an added, renamed attribute or quasi skill takes (the sheet's columns).
NAME_MAX = 20


def check_names(label: str, names: list[str]) -> None:
    """Refuse a name that is too long or has no letter (``99999`` is no attribute's name).

    Raises:
        ValueError: with ``label`` and the name.
    """
    for name in names:
        if len(name) > NAME_MAX:
            raise ValueError(f"{label}: {name[:NAME_MAX]}... is longer than {NAME_MAX}"
                             " characters")
        if not any(ch.isalpha() for ch in name):
            raise ValueError(f"{label}: {name!r} is not a name (it needs a letter)")

#: (key, label) of the optional rules switched on or off.
SWITCHES: tuple[tuple[str, str], ...] = (
    ("halfway_there", "Halfway There"),
    ("character_point_dice", "Character points buy extra wild dice"),
    ("traditional_might_damage", "Traditional OpenD6 Might Damage"),
    ("no_attributes", "No Attributes (skills start at 2D)"),
    ("independent_skills", "Independent Skills (attribute chosen per roll)"),
)

#: Switches that are settings of their own (the others are options of the wild die roll).
SETTING_SWITCHES = ("traditional_might_damage", "no_attributes", "independent_skills")


def read_attribute_names(text: str) -> dict[str, str]:
    """The "Renaming Attributes" field: four names in the order Might, Agility, Wit, Charm.

    Returns:
        id -> name, only for the names that differ from the id (empty text: ``{}``).

    Raises:
        ValueError: not four names.
    """
    names = [n.strip() for n in text.split(",")] if text.strip() else []
    if not names:
        return {}
    if len(names) != len(ATTRIBUTES) or not all(names):
        raise ValueError(f"Renaming Attributes: four names, for {', '.join(ATTRIBUTES)} in that"
                         f" order, not {len([n for n in names if n])}")
    return {a: n for a, n in zip(ATTRIBUTES, names, strict=True) if n != a}


class CampaignSetup(Vertical):
    """The settings of a new Simple Six campaign; :meth:`options` reads them for
    ``check_options``.

    Twenty-five settings do not fit a modal at 80x24 beside the title, seed and buttons, so the
    whole form scrolls instead of a small box inside it, with the error line and the
    Start/Cancel buttons kept at its foot (``-with-setup``, which the new-game form gives its
    box for every setup widget, styled in ``modals.tcss``), and a Footer shows the form's keys.
    """

    DEFAULT_CSS = (Path(__file__).with_name("setup.tcss")).read_text(encoding="utf-8")
    #: Its rules (``setup.tcss``) name CampaignSetup themselves.
    SCOPED_CSS = False

    def on_mount(self) -> None:
        if not self.screen.query(Footer):
            self.screen.mount(Footer())
        # The form focuses its Title field (at the foot, where typing a title still goes);
        # open scrolled to the top, so the skill list and the combat and harm choices are
        # seen first.
        self.call_after_refresh(self._open_at_top)

    def _open_at_top(self) -> None:
        parent = self.parent
        while parent is not None and not getattr(parent, "is_scrollable", False):
            parent = parent.parent
        for node in (self.parent, parent):
            if node is not None and hasattr(node, "scroll_home"):
                node.scroll_home(animate=False)

    def compose(self) -> ComposeResult:
        lists = tuple((f"{sl.name}", sl.id) for sl in content().skill_lists.values())
        lists = tuple(sorted(lists, key=lambda p: p[1] != "fantasy"))
        for key, label, choices in CHOICES:
            with Horizontal(classes="setup-row"):
                yield Label(label, classes="setup-label")
                opts = lists if key == "skill_list" else choices
                yield Select(opts, value=opts[0][1], allow_blank=False, id=f"set-{key}",
                             classes="setup-select")
        for key, label, default in TYPED:
            with Horizontal(classes="setup-row"):
                yield Label(label, classes="setup-label")
                yield Field(default, placeholder=PLACEHOLDERS.get(key, ""), id=f"set-{key}",
                            classes="setup-input")
        for key, label in SWITCHES:
            yield Checkbox(label, False, id=f"set-{key}", classes="setup-switch")

    def options(self) -> dict:
        """The settings as ``check_options`` takes them.

        Raises:
            ValueError: a number that is not whole, or attribute names that are not four.
            RuleError: skill defaults not written ``Attribute: Skill, Skill``.
        """
        out: dict = {}
        wild: dict = {}
        for key, _label, _choices in CHOICES:
            value = str(self.query_one(f"#set-{key}", Select).value)
            if key == "wounds":
                kind, _, method = value.partition("/")
                out["wounds"] = kind
                if method:
                    out["body_points"] = method
            elif key in ("wild_one", "hero_points"):
                wild[key] = value
            else:
                out[key] = value
        for key, label, _default in TYPED:
            text = self.query_one(f"#set-{key}", Input).value.strip()
            if not text:
                continue
            if key in NUMBERS:
                try:
                    n = int(text)
                except ValueError:
                    raise ValueError(f"{label}: a whole number, or empty") from None
                if not 0 <= n <= MOST.get(key, 9999):
                    raise ValueError(f"{label}: a whole number, 0 to {MOST.get(key, 9999)}")
                (wild if NUMBERS[key] == "wild" else out)[key] = n
            elif key == "attribute_names":
                names = read_attribute_names(text)
                check_names(label, list(names.values()))
                if names:
                    out[key] = names
            elif key in ("extra_attributes", "quasi_skills", "paranormal_attributes"):
                out[key] = [a.strip() for a in text.split(",") if a.strip()]
                check_names(label, out[key])
            elif key == "skill_attributes":
                out[key] = parse_skill_defaults(text)
            else:
                out[key] = text
        for key, _label in SWITCHES:
            on = self.query_one(f"#set-{key}", Checkbox).value
            if on:
                (out if key in SETTING_SWITCHES else wild)[key] = True
        if "cp_limit" in wild and not wild.get("character_point_dice"):
            raise ValueError("Most CP on one roll: only with \"Character points buy extra wild"
                             " dice\" on (empty it, or switch that on)")
        out["wild"] = wild
        return out
