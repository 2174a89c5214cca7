// Tests of the SDLHost module are added here.
