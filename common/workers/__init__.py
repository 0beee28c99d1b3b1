"""Worker processes the window starts (bots thinking, levels proved): they give way to the window,
end with it, and keep the collector's pauses short. Pygame-free. Imports nothing else of common."""
