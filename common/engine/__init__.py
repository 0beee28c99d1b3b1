"""The frame loop and scenes: the app, the scene stack, the fixed-step clock, layers, tweens, sounds,
text and colours. Imports common.data and common.packs."""
