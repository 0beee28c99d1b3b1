"""Widgets and text input: buttons, lists, dialogs, tooltips, text fields, key caps, chart lines.
Imports common.engine and below."""
