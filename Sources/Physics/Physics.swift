// Physics module: see docs/Architecture.md
