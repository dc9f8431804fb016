/// The sound (`current.sound`): `id` 19998 is no sound; volume `v` 0…65535; `url` for streamed
/// sounds; `duration` (seconds) and `until` (epoch seconds) end it, 0 meaning never.
public struct SoundState: Sendable, Hashable, Codable {
    /// Sound id or ``WireConstants/soundOffID``.
    public var id: Int
    /// Volume 0…65535.
    public var v: Int
    /// Muted.
    public var mute: Bool
    /// Stream URL, empty for built-in sounds.
    public var url: String
    /// Seconds the sound plays; 0 = until changed.
    public var duration: Int
    /// Epoch second at which the sound stops; 0 = none.
    public var until: Int

    /// Creates a sound.
    public init(id: Int, v: Int, mute: Bool = false, url: String = "", duration: Int = 0, until: Int = 0) {
        self.id = id
        self.v = v
        self.mute = mute
        self.url = url
        self.duration = duration
        self.until = until
    }

    /// Decodes leniently: absent fields take the defaults of ``init(id:v:mute:url:duration:until:)``.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(Int.self, forKey: .id) ?? WireConstants.soundOffID
        v = try c.decodeIfPresent(Int.self, forKey: .v) ?? 0
        mute = try c.decodeIfPresent(Bool.self, forKey: .mute) ?? false
        url = try c.decodeIfPresent(String.self, forKey: .url) ?? ""
        duration = try c.decodeIfPresent(Int.self, forKey: .duration) ?? 0
        until = try c.decodeIfPresent(Int.self, forKey: .until) ?? 0
    }

    /// No sound.
    public static let off = SoundState(id: WireConstants.soundOffID, v: 0)

    /// Whether a sound is audible.
    public var isPlaying: Bool { id != WireConstants.soundOffID && !mute && v > 0 }

    /// The wire form.
    public var jsonValue: JSONValue {
        ["id": .int(id), "v": .int(v), "mute": .bool(mute), "url": .string(url),
         "duration": .int(duration), "until": .int(until)]
    }
}
