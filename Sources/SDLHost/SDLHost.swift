// SDLHost module: see docs/Architecture.md
