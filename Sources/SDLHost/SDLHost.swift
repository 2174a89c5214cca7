// SDLHost shows the engine in an SDL2 window. It re-exports EmitterKit, so a windowed program needs one
// `import SDLHost`; the input value types (Key, InputEvent, InputState, ScriptedInput, controllers) live in
// EmitterKit so that headless games and tests use them without SDL.
@_exported import EmitterKit
