"""The play obligations of the trick games, each described once.

One module per game holds what a player must play — follow suit, trump when void, head the
trick, the game's own forms (Bourré's cinch, Hearts' first trick and breaking hearts, Thousand's
marriages and their trump timing) — and the constants they need. Both the engines' legality
(``scoring/<game>/``) and the claim checker's readable play model (:mod:`scoring.claims.games`)
read them, so the two cannot disagree on a constant; the test suite checks that they give the
same legal cards on random positions.
"""
