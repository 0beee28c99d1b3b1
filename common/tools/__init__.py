"""Developer tools: the scene catalog, timedemo, the message catalogues, the Spanish style check, the
terminal progress bar. Imports any room but the shell's scenes."""
