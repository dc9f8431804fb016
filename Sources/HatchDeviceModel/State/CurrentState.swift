/// What the device is doing now (`current`).
public struct CurrentState: Sendable, Hashable, Codable {
    /// The running routine, favorite or alarm id; 0 when none.
    public var srId: Int
    /// What is playing.
    public var playing: PlayingMode
    /// The 1-based step of the running routine; 0 when none.
    public var step: Int
    /// Whether the routine is paused.
    public var paused: Bool
    /// The light; absent on products without a light (Rest Mini).
    public var color: ColorState?
    /// The sound.
    public var sound: SoundState

    /// Creates the current state.
    public init(srId: Int = 0, playing: PlayingMode = .none, step: Int = 0, paused: Bool = false,
                color: ColorState?, sound: SoundState) {
        self.srId = srId
        self.playing = playing
        self.step = step
        self.paused = paused
        self.color = color
        self.sound = sound
    }

    /// The wire form.
    public var jsonValue: JSONValue {
        var fields: [String: JSONValue] = [
            "srId": .int(srId), "playing": .string(playing.rawValue), "step": .int(step),
            "paused": .bool(paused), "sound": sound.jsonValue,
        ]
        if let color { fields["color"] = color.jsonValue }
        return .object(fields)
    }
}
