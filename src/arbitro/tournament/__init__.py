"""The event: participants, movements, rounds, travellers, rankings, director's records.

Laws 2-8, 15, 79, 81-83 and 90-93.
"""
