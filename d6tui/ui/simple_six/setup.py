"""The new-campaign part of the new-game form: the settings "Making the Game Your Own" asks a
GM to choose (attribute and skill dice and limits, skill list, combat system, wounds or Body
Points, magic, and the optional rules that change rolls)."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Footer, Input, Label, Select

from d6tui.games.simple_six.content import content

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
    ("attribute_dice", "Attribute dice", "12D"),
    ("attribute_min", "Least per attribute", "1D"),
    ("attribute_max", "Most per attribute", "4D"),
    ("skill_dice", "Skill and perk dice", "7D"),
    ("skill_max", "Most in one skill at start", "2D"),
    ("increasing_damage", "Increasing Damage (empty: off)", ""),
    ("rolling_limit", "Rolling Limit (empty: off)", ""),
)

#: What the two optional numbers count, shown while they are empty.
PLACEHOLDERS = {"increasing_damage": "step, e.g. 5", "rolling_limit": "dice, e.g. 10"}

#: (key, label) of the optional rules switched on or off.
SWITCHES: tuple[tuple[str, str], ...] = (
    ("halfway_there", "Halfway There"),
    ("character_point_dice", "Character points buy extra wild dice"),
    ("traditional_might_damage", "Traditional OpenD6 Might Damage"),
)


class CampaignSetup(Vertical):
    """The settings of a new Simple Six campaign; :meth:`options` reads them for
    ``check_options``.

    Sixteen settings do not fit a modal at 80x24 beside the title, seed and buttons, so the
    whole form scrolls instead of a small box inside it, with the error line and the
    Start/Cancel buttons kept at its foot (``-with-setup`` on the form's box, styled in
    ``setup.tcss``), and a Footer shows the form's keys.
    """

    DEFAULT_CSS = (Path(__file__).with_name("setup.tcss")).read_text(encoding="utf-8")
    #: The rules reach the form box around this widget (see ``setup.tcss``).
    SCOPED_CSS = False

    def on_mount(self) -> None:
        if self.parent is not None:
            self.parent.add_class("-with-setup")
        if not self.screen.query(Footer):
            self.screen.mount(Footer())

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
                yield Input(default, placeholder=PLACEHOLDERS.get(key, ""), id=f"set-{key}",
                            classes="setup-input")
        for key, label in SWITCHES:
            yield Checkbox(label, False, id=f"set-{key}", classes="setup-switch")

    def options(self) -> dict:
        """The settings as ``check_options`` takes them.

        Raises:
            ValueError: a number that is not whole.
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
            if key in ("increasing_damage", "rolling_limit"):
                try:
                    n = int(text)
                except ValueError:
                    raise ValueError(f"{label}: a whole number, or empty") from None
                (wild if key == "rolling_limit" else out)[key] = n
            else:
                out[key] = text
        for key, _label in SWITCHES:
            on = self.query_one(f"#set-{key}", Checkbox).value
            if on:
                (out if key == "traditional_might_damage" else wild)[key] = True
        out["wild"] = wild
        return out
