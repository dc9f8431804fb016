/// The light (`current.color`): channels and intensity 0…65535; `id` 9998 is off, 9999 custom,
/// anything else a preset. With `until` `"duration"` it goes off `duration` seconds after it was set;
/// with `"indefinite"` it stays until changed (both as the firmware reports them).
public struct ColorState: Sendable, Hashable, Codable {
    /// Preset id, ``WireConstants/customColorID`` or ``WireConstants/colorOffID``.
    public var id: Int
    /// Red 0…65535.
    public var r: Int = 0
    /// Green 0…65535.
    public var g: Int = 0
    /// Blue 0…65535.
    public var b: Int = 0
    /// White 0…65535.
    public var w: Int = 0
    /// Intensity 0…65535.
    public var i: Int = 0
    /// Seconds the colour stays on when ``until`` is ``PlaybackUntil/duration``.
    public var duration: Int = 0
    /// Whether the colour ends after ``duration`` or stays until changed.
    public var until: PlaybackUntil = .indefinite

    /// Creates a light state; channels, intensity and duration default to 0, indefinitely.
    public init(
        id: Int,
        r: Int = 0,
        g: Int = 0,
        b: Int = 0,
        w: Int = 0,
        i: Int = 0,
        duration: Int = 0,
        until: PlaybackUntil = .indefinite
    ) {
        self.id = id
        self.r = r
        self.g = g
        self.b = b
        self.w = w
        self.i = i
        self.duration = duration
        self.until = until
    }

    /// Decodes leniently: absent channels are 0, an absent id is a custom colour.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(Int.self, forKey: .id) ?? WireConstants.customColorID
        r = try c.decodeIfPresent(Int.self, forKey: .r) ?? 0
        g = try c.decodeIfPresent(Int.self, forKey: .g) ?? 0
        b = try c.decodeIfPresent(Int.self, forKey: .b) ?? 0
        w = try c.decodeIfPresent(Int.self, forKey: .w) ?? 0
        i = try c.decodeIfPresent(Int.self, forKey: .i) ?? 0
        duration = try c.decodeIfPresent(Int.self, forKey: .duration) ?? 0
        until = (try? c.decodeIfPresent(PlaybackUntil.self, forKey: .until)) ?? .indefinite
    }

    /// The light off.
    public static let off = ColorState(id: WireConstants.colorOffID)

    /// Whether the light is lit.
    public var isOn: Bool { id != WireConstants.colorOffID && i > 0 }

    /// The wire form.
    public var jsonValue: JSONValue {
        // In key order, as objects keep their fields.
        ["b": .int(b), "duration": .int(duration), "g": .int(g), "i": .int(i), "id": .int(id), "r": .int(r),
         "until": .string(until.rawValue), "w": .int(w)]
    }

    /// The wire fields that differ from `old`, as the patch that turns `old.jsonValue` into
    /// ``jsonValue``; `nil` when none do. Devices report a light change without diffing trees.
    public func changes(from old: ColorState) -> JSONValue? {
        var fields = JSONObject(minimumCapacity: 8)
        if b != old.b { fields.appendInOrder("b", .int(b)) }
        if duration != old.duration { fields.appendInOrder("duration", .int(duration)) }
        if g != old.g { fields.appendInOrder("g", .int(g)) }
        if i != old.i { fields.appendInOrder("i", .int(i)) }
        if id != old.id { fields.appendInOrder("id", .int(id)) }
        if r != old.r { fields.appendInOrder("r", .int(r)) }
        if until != old.until { fields.appendInOrder("until", .string(until.rawValue)) }
        if w != old.w { fields.appendInOrder("w", .int(w)) }
        return fields.isEmpty ? nil : .object(fields)
    }
}
