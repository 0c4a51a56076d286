"""Simple Six: die codes, the wild-die roll, character sheets and wounds. Pure rules, no Textual.

The rules are those of the Simple Six System Reference Document (``simple-six-srd.txt``);
docstrings and messages cite its section headings.
"""
