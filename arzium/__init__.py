"""Arzium: the area-majority card game of sleepwalkers (rules, bots, saves; scenes use pygame)."""
