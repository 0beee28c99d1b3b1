"""Sprite packs: finding and reading packs, the sprite book scenes draw from, checking a pack, making a
new one. Imports common.data."""
