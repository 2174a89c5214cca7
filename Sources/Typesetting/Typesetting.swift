// Typesetting module: see docs/Architecture.md
