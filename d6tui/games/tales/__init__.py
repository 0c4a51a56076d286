"""6x6 Tales: the pure rules of the solo game (rulebook R01-R10, events E01-E39, journal
J01-J09). Never imports Textual."""
