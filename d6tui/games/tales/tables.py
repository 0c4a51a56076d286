"""The d6 tables printed in the events booklet (E05, E14, E20, E25, E31, E32, E35, E39): what
a die roll of an event picks. Plain data; the rules that read them are in :mod:`.rolls`.
"""

from __future__ import annotations

#: E05 and E25: the picture drawn by 1d6.
ABANDONED = {1: "E11", 2: "E11", 3: "E16", 4: "E16", 5: "E20", 6: "E20"}
SOURCES = {1: "E31", 2: "E31", 3: "E10", 4: "E10", 5: "E27", 6: "E27"}
SITES = {"E11": "tower", "E16": "pyramid", "E20": "lake", "E31": "rift", "E10": "portal",
         "E27": "cave", "E12": "hut"}
#: E14: the kind of quest by 1d6, and the event written on its place.
QUEST_KINDS = {1: "veteran", 2: "veteran", 3: "mango", 4: "mango", 5: "scrolls", 6: "scrolls"}
QUEST_EVENTS = {"veteran": "E19", "mango": "E38", "scrolls": "E22"}
#: E20: the Water Spirit's route by 1d6.
ROUTES = {
    1: ("I-1", "VI-1", "VI-6"), 2: ("I-1", "VI-1", "VI-6"), 3: ("VI-1", "VI-6", "I-1"),
    4: ("I-6", "I-1", "VI-1"), 5: ("VI-6", "I-6", "I-1"), 6: ("VI-6", "I-6", "I-1"),
}
#: E39: the terrain closed today by 1d6.
WEATHER = {1: "swamp", 2: "swamp", 3: "mountains", 4: "mountains", 5: "forest", 6: "forest"}
#: E31 B: the rift's monster by 1d6 (week 1 monsters, R08).
RIFT_MONSTERS = {1: "swamp", 2: "swamp", 3: "forest", 4: "mountains", 5: "plains", 6: "plains"}
#: E32: the Knight's servant by 1d6.
SERVANTS = {1: "ghoul", 2: "ghoul", 3: "spider", 4: "gold_slime", 5: "troll", 6: "troll"}
#: Sick man (E35 [6]) takes these.
FOOD = ("Carrot", "Tomato", "Pear")
