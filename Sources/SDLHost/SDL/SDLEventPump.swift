import CSDL2

/// Takes SDL's queued events (non-blocking), and pushes synthetic ones for tests.
enum SDLEventPump {
    /// Every queued event, oldest first.
    static func drain() -> [SDL_Event] {
        var events: [SDL_Event] = []
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 { events.append(event) }
        return events
    }

    /// Queues an event as if the platform had sent it; false when SDL refused it.
    @discardableResult
    static func push(_ event: SDL_Event) -> Bool {
        var copy = event
        return SDL_PushEvent(&copy) == 1
    }
}
