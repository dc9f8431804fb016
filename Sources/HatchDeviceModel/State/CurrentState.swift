/// What the device is doing now (`current`).
public struct CurrentState: Sendable, Hashable, Codable {
    /// The running routine, favorite or alarm id; 0 when none.
    public var srId: Int = 0
    /// What is playing.
    public var playing: PlayingMode = .none
    /// The 1-based step of the running routine; 0 when none.
    public var step: Int = 0
    /// Whether the routine is paused.
    public var paused: Bool = false
    /// The light; absent on products without a light (Rest Mini).
    public var color: ColorState?
    /// The sound.
    public var sound: SoundState

    /// Creates the device's current activity; idle by default.
    public init(srId: Int = 0, playing: PlayingMode = .none, step: Int = 0, paused: Bool = false, color: ColorState?, sound: SoundState) {
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
        var fields = JSONObject(minimumCapacity: 6)
        // In key order, as objects keep their fields.
        if let color { fields.appendInOrder("color", color.jsonValue) }
        fields.appendInOrder("paused", .bool(paused))
        fields.appendInOrder("playing", .string(playing.rawValue))
        fields.appendInOrder("sound", sound.jsonValue)
        fields.appendInOrder("srId", .int(srId))
        fields.appendInOrder("step", .int(step))
        return .object(fields)
    }

    /// The wire fields that differ from `old`, as the patch that turns `old.jsonValue` into
    /// ``jsonValue`` (`null` for a light that went away); `nil` when none do. A routine step
    /// changes a few of them, and devices report it without building and diffing trees.
    public func changes(from old: CurrentState) -> JSONValue? {
        var fields = JSONObject(minimumCapacity: 6)
        switch (color, old.color) {
        case (let color?, let previous?): if let change = color.changes(from: previous) { fields.appendInOrder("color", change) }
        case (let color?, nil): fields.appendInOrder("color", color.jsonValue)
        case (nil, .some): fields.appendInOrder("color", .null)
        case (nil, nil): break
        }
        if paused != old.paused { fields.appendInOrder("paused", .bool(paused)) }
        if playing != old.playing { fields.appendInOrder("playing", .string(playing.rawValue)) }
        if let change = sound.changes(from: old.sound) { fields.appendInOrder("sound", change) }
        if srId != old.srId { fields.appendInOrder("srId", .int(srId)) }
        if step != old.step { fields.appendInOrder("step", .int(step)) }
        return fields.isEmpty ? nil : .object(fields)
    }
}
