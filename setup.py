"""Package discovery for setuptools (everything else is in pyproject.toml).

Every package under ``d6tui/`` is found, and the top-level ``themes/`` folder is installed as
``d6tui.themes`` so the shipped themes are inside the wheel.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["d6tui", "d6tui.*"]), "d6tui.themes"],
    package_dir={"d6tui.themes": "themes"},
)
