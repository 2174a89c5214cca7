// ParticleDesigner module: see docs/Architecture.md
