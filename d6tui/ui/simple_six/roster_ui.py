"""The Simple Six screen's roster keys: a new player character, an NPC from a template,
sessions and their awards, spending character points, and sheets exported or imported
("Campaign", "Non-Player Character", "Spending Character Points").
"""

from __future__ import annotations

import json
from pathlib import Path

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import advancement, campaign, roster_edit
from d6tui.games.simple_six.character_moves import draft_json
from d6tui.games.simple_six.codes import DieCode
from d6tui.games.simple_six.creation import NAME_MAX
from d6tui.games.simple_six.export import read_sheet_toml, sheet_markdown, sheet_toml
from d6tui.games.simple_six.roster import WHITE_WIZARD
from d6tui.games.simple_six.sheet import can_use_magic
from d6tui.games.simple_six.state import Campaign
from d6tui.games.simple_six.templates import Template, next_name, templates
from d6tui.ui.screens.modals import ChoiceModal, ConfirmModal, TextPrompt
from d6tui.ui.simple_six.forms import CharacterForm, NumbersModal
from d6tui.ui.simple_six.host import SixHost

#: The mark of a house value (DESIGN "Content data").
HOUSE = " \u2302"


async def create(screen: SixHost) -> None:
    """Make a player character with the form; every rule is checked as it is typed."""
    draft = await screen.app.push_screen_wait(CharacterForm(screen.campaign.settings))
    if draft is None:
        return
    if await screen.roll_move("create_character", {"sheet": draft_json(draft)},
                              who=draft.name):
        screen.selected = campaign.slug(draft.name)
        screen.refresh_game()


async def add_npc(screen: SixHost) -> None:
    """Add an NPC from a template (house templates are marked ⌂)."""
    try:
        found = campaign_templates(screen.campaign)
    except (RuleError, OSError, ValueError) as e:
        screen.notify(f"The NPC templates do not read: {e}", severity="error")
        return
    options: list[tuple[str, Template]] = [
        (f"{t.stars} {t.name}{HOUSE if t.house else ''}  {t.notes}", t) for t in found]
    template = await screen.app.push_screen_wait(ChoiceModal(
        "Which NPC? (\u2302 = house template: the SRD gives no numbers)", options))
    if template is None:
        return
    taken = {m.sheet.name.lower() for m in screen.campaign.members}
    name = next_name(template.name, taken)
    while True:  # a refused name is asked again, as typed
        name = await screen.app.push_screen_wait(TextPrompt(
            f"Name of the {template.name} (or a number: 4 adds {template.name} 1 to 4)",
            name))
        if name is None:
            return
        count = group_count(name)
        if count is not None:
            break
        refused = group_refused(name)
        if refused:
            screen.notify(refused, severity="warning", timeout=5)
        elif any(m.id == campaign.slug(name) for m in screen.campaign.members):
            screen.notify(f"There is already a character called {name}: pick another"
                        " name.", severity="warning", timeout=5)
        elif len(name) > NAME_MAX:
            screen.notify(f"A name takes at most {NAME_MAX} characters, not {len(name)}.",
                        severity="warning", timeout=5)
        else:
            break
    answers: dict[str, str] = {"template": template.name}
    if count is None:
        names = [name]
    else:  # "4 Goblins": a group, numbered on from those on the roster, undone as one
        names = []
        for _ in range(count):
            names.append(next_name(template.name, taken | {n.lower() for n in names}))
        # Named by its first event's number too: a later group of the same names is another.
        answers["batch"] = (f"{names[0]} to {names[-1]}, #{len(screen.session.events) + 1}"
                            if count > 1 else "")
    for n in names:
        if not await screen.roll_move("add_npc", {**answers, "name": n}, who=n):
            break
        screen.selected = campaign.slug(n)
    screen.refresh_game()


#: The most NPCs one "add" makes at once.
MOST_IN_GROUP = 30


def group_count(text: str) -> int | None:
    """How many NPCs a name typed as a number asks for: ``"4"`` or ``"4 Goblins"`` -> 4;
    None for a name (1 to :data:`MOST_IN_GROUP`)."""
    head = text.strip().split(" ", 1)[0]
    if not (head.isascii() and head.isdigit()) or not 1 <= int(head) <= MOST_IN_GROUP:
        return None
    return int(head)


def group_refused(text: str) -> str:
    """Why a name typed as a number asks for no group it can have (``"0"``, ``"50 Goblins"``:
    a group is 1 to :data:`MOST_IN_GROUP` NPCs), or ``""``: a number is never taken as a
    name."""
    head = text.strip().split(" ", 1)[0]
    if head.isascii() and head.isdigit() and group_count(text) is None:
        return (f"A group is 1 to {MOST_IN_GROUP} NPCs at once, not {int(head)}: type a "
                f"{'larger' if int(head) < 1 else 'smaller'} number, or a name.")
    return ""


async def edit(screen: SixHost) -> None:
    """Edit the picked roster entry: rename him, set his hero points, or take him off the
    roster (asked first; refused with the reason while something still names him)."""
    m = screen.picked()
    if m is None:
        return
    c = screen.campaign
    opts = [("rename", "name"), (f"hero points ({m.sheet.hero_points} now)", "hero"),
            ("take off the roster", "remove")]
    what = await screen.app.push_screen_wait(ChoiceModal(f"Edit {m.sheet.name}", opts))
    if what == "name":
        name = await screen.app.push_screen_wait(TextPrompt(f"New name of {m.sheet.name}",
                                                            m.sheet.name))
        if name is not None:
            screen.play("edit_character", {"who": m.id, "name": name})
    elif what == "hero":
        got = await screen.app.push_screen_wait(NumbersModal(
            f"Hero points of {m.sheet.name}", [("hp", "Hero points", m.sheet.hero_points)],
            note="NPCs from templates have none unless you give them (Hero Points)."))
        if got is not None:
            screen.play("edit_character", {"who": m.id, "hero_points": str(got["hp"])})
    elif what == "remove":
        why = roster_edit.removal_refused(c, m.id)
        if why is not None:
            screen.notify(why, title="Not now", severity="warning", timeout=6)
            return
        if await screen.app.push_screen_wait(ConfirmModal(
                f"Take {m.sheet.name} off the roster? (Undo brings him back.)", "Remove")):
            screen.play("remove_character", {"who": m.id})


async def session(screen: SixHost) -> None:
    """Start a session, or end it awarding CP and hero points to the player characters."""
    c = screen.campaign
    if not c.in_session:
        screen.play("start_session")
        return
    pcs = [m for m in c.members if not m.sheet.npc]
    rows = [(f"cp:{m.id}", f"{m.sheet.name}: CP", 5) for m in pcs]
    rows += [(f"hp:{m.id}", f"{m.sheet.name}: hero points earned", 0) for m in pcs]
    got = await screen.app.push_screen_wait(NumbersModal(
        f"End session {c.session}", rows,
        note="Three to seven CP is usual for a session (Experience)."))
    if got is None:
        return
    cp = {k[3:]: v for k, v in got.items() if k.startswith("cp:")}
    hp = {k[3:]: v for k, v in got.items() if k.startswith("hp:") and v}
    came: dict[str, list[str]] = {}
    for m in pcs:  # "Complications": a CP for each that came up, one each at most
        asked = [x for x in m.sheet.complications if x != WHITE_WIZARD]
        if not asked:
            continue
        picked = await screen.app.push_screen_wait(ChoiceModal(
            f"{m.sheet.name}: which complications came up this session? (1 CP each)",
            [(x, x) for x in asked], multiple=True, minimum=0,
            note="Space picks, Enter accepts (none: Enter). A White Wizard's CP comes by"
                 " itself (Magic Complications)."))
        if picked is None:
            return
        if picked:
            came[m.id] = list(picked)
    awards = {k: {"cp": v, "hero_points": hp.get(k, 0), "complications": came.get(k, [])}
              for k, v in cp.items()}
    screen.play("end_session", {"cp": "0", "awards": json.dumps(awards)})


async def spend(screen: SixHost) -> None:
    """Spend the picked character's CP ("Spending Character Points")."""
    m = screen.picked()
    if m is None:
        return
    s = screen.campaign.settings
    sh = m.sheet
    kinds = [("a skill pip", "skill"), ("a specialization pip", "specialization"),
             ("an attribute pip", "attribute"), ("a perk", "perk")]
    if can_use_magic(sh, s):  # only those who can work magic learn spells
        kinds.append(("a spell", "spell"))
    kinds.append(("buy off a complication", "buy_off"))
    if s.quasi_skills:
        kinds.append(("a quasi skill", "quasi"))
    kind = await screen.app.push_screen_wait(ChoiceModal(
        f"{sh.name} has {sh.character_points} CP. Spend them on", kinds))
    if kind is None:
        return
    price = None
    from_book = False
    target: str | None
    if kind == "skill":
        opts = [(f"{n} {sh.skill(n, s)}  ({advancement.skill_cost(sh, n, s)} CP)", n)
                for n, _a in s.skills.skills]
        target = await screen.app.push_screen_wait(ChoiceModal("Raise which skill?", opts))
    elif kind == "attribute":
        opts = [(f"{s.attribute_name(a)} {sh.attribute(a)}"
                 f"  ({advancement.attribute_price(sh, a, s)} CP)", a) for a in s.attributes]
        if not opts:
            screen.notify("This campaign has no attributes (No Attributes).",
                        severity="warning")
            return
        target = await screen.app.push_screen_wait(ChoiceModal("Raise which attribute?",
                                                             opts))
    elif kind == "quasi":
        opts = []
        for q in s.quasi_skills:
            code = sh.quasi_code(q) or DieCode(0)
            cost = s.quasi_first_die if not code.total_pips else code.dice
            opts.append((f"{q} {code}  ({cost} CP)", q))
        target = await screen.app.push_screen_wait(ChoiceModal("Raise which quasi skill?",
                                                             opts))
    elif kind == "specialization":
        target = await screen.app.push_screen_wait(TextPrompt(
            "Which specialization?", placeholder="e.g. Athletics: Running"))
    elif kind == "perk":
        opts = [(f"{p.name} ({advancement.PERK_COST_FACTOR * p.cost} CP)", p.name)
                for p in s.content.perks.values()
                if p.kind != "racial" and not sh.has_perk(p.name)]
        target = await screen.app.push_screen_wait(ChoiceModal("Buy which perk?", opts))
    elif kind == "spell":
        opts = [(sp.name, sp.name) for sp in s.content.spells.values()
                if sp.name not in sh.spells]
        target = await screen.app.push_screen_wait(ChoiceModal("Learn which spell?", opts))
        if target is not None:
            book = await screen.app.push_screen_wait(ChoiceModal(
                "Learnt how?", [("on their own (2 CP)", False),
                                ("from another's spell book holding it (1 CP)", True)]))
            if book is None:
                return
            from_book = bool(book)
    else:
        opts = [(c, c) for c in sh.complications]
        if not opts:
            screen.notify(f"{sh.name} has no complication.", severity="warning")
            return
        target = await screen.app.push_screen_wait(ChoiceModal("Buy off which?", opts))
        if target is not None:
            text = await screen.app.push_screen_wait(TextPrompt("The GM's price in CP"))
            if text is None:
                return
            try:
                price = int(text)
            except ValueError:
                screen.notify("The price is a whole number of CP.", severity="error")
                return
    if target is None:
        return
    screen.play("spend_cp", {"who": m.id, "kind": kind, "target": target,
                             **({"price": str(price)} if price is not None else {}),
                             **({"from_book": "yes"} if from_book else {})})


def export_sheet(screen: SixHost) -> None:
    """Write the picked sheet as Markdown (to print) and TOML (to import elsewhere)."""
    m = screen.picked()
    if m is None:
        return
    folder = (screen.session.log.path.parent if screen.session.log else Path.cwd()) / "sheets"
    base = folder / f"{m.id}-sheet"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        base.with_suffix(".md").write_text(
            sheet_markdown(m.sheet, screen.campaign.settings,
                           m.body.current if m.body else None,
                           wounds=m.wounds.level.label if m.body is None else None),
            encoding="utf-8")
        base.with_suffix(".toml").write_text(sheet_toml(m.sheet), encoding="utf-8")
    except OSError as e:
        screen.notify(f"Could not write the sheet: {e}", severity="error")
        return
    screen.notify(f"Wrote {base.name}.md and {base.name}.toml in {folder} (the rules'"
                " attribute names are kept in the TOML, for import)", timeout=8,
                markup=False)


async def import_sheet(screen: SixHost) -> None:
    """Add a character from a sheet file another campaign exported (``X``)."""
    folder = screen.session.log.path.parent if screen.session.log else Path.cwd()
    text = await screen.app.push_screen_wait(TextPrompt(
        "Import a sheet: the TOML file's path",
        placeholder=str(folder / "sheets" / "name-sheet.toml")))
    if text is None:
        return
    path = Path(text).expanduser()
    if not path.is_absolute():
        path = folder / path
    try:
        text = path.read_text(encoding="utf-8")
        sheet = read_sheet_toml(text)
    except (OSError, RuleError) as e:
        screen.notify(str(e), title="Cannot import", severity="error", timeout=8)
        return
    if screen.play("import_character", {"sheet": text}):
        screen.selected = campaign.slug(sheet.name)
        screen.refresh_game()


def campaign_templates(c: Campaign) -> list[Template]:
    """The NPC templates the campaign was begun with (its own copy, :mod:`.tables`); the
    installed ones for a campaign not begun yet."""
    return list(c.content.npcs) if c.content is not None else templates()
