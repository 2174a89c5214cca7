// SceneFormat module: see docs/Architecture.md
