"""The Textual user interface of d6tui: app, screens, widgets and their ``.tcss``.

Only this package imports Textual (DESIGN "Layers").
"""
