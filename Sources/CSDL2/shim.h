// CSDL2: Debian's libsdl2-dev (pkg-config sdl2). Only SDLHost and the benchmark's SDL anchor import it.
#include <SDL2/SDL.h>
