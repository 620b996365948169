"""The Laws as functions over values and table states, one module per group of Laws.

Nothing here keeps state: each function takes what it needs (an auction, a hand, the
cards played to a trick) and answers a question the Laws ask, citing the Law.
"""
