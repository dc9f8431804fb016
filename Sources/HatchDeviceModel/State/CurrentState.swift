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

    /// Decodes leniently: a Rest Mini reports no `srId` or `paused` (0 and `false`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        srId = try c.decodeIfPresent(Int.self, forKey: .srId) ?? 0
        playing = try c.decodeIfPresent(PlayingMode.self, forKey: .playing) ?? PlayingMode.none
        step = try c.decodeIfPresent(Int.self, forKey: .step) ?? 0
        paused = try c.decodeIfPresent(Bool.self, forKey: .paused) ?? false
        color = try c.decodeIfPresent(ColorState.self, forKey: .color)
        sound = try c.decode(SoundState.self, forKey: .sound)
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
