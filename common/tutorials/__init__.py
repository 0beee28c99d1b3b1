"""Tutorials: steps and their checks, the progress file, the coach panel, Learn to play.
Imports common.ui and below, and common.games."""
