// CZlib: Debian zlib1g-dev (pkg-config zlib). Only ParticleDesigner imports it (gzip of embedded textures).
#include <zlib.h>
