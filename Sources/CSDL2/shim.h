// CSDL2: Debian's libsdl2-dev, found as <SDL2/SDL.h> on the default include path. Only SDLHost imports it.
#include <SDL2/SDL.h>
