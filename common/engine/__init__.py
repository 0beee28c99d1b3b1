"""The frame loop and scenes: the app, the scene stack, the fixed-step clock, layers, tweens, sounds,
text and colours, and the system's notifications. Imports common.data and common.packs."""
