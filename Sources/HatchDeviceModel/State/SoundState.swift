/// The sound (`current.sound`): `id` is the product's sound id (``HardwareProduct/noSoundID`` for no
/// sound); volume `v` 0…65535; `url` the sound's file; with `until` `"duration"` it stops `duration`
/// seconds after it started, with `"indefinite"` it plays until changed.
public struct SoundState: Sendable, Hashable, Codable {
    /// Sound id, or the product's ``HardwareProduct/noSoundID``.
    public var id: Int
    /// Volume 0…65535.
    public var v: Int
    /// Muted.
    public var mute: Bool = false
    /// The sound's file (the vendor's no-sound file when nothing plays).
    public var url: String = ""
    /// Seconds the sound plays when ``until`` is ``PlaybackUntil/duration``.
    public var duration: Int = 0
    /// Whether the sound ends after ``duration`` or plays until changed.
    public var until: PlaybackUntil = .indefinite

    /// Creates a sound state; unmuted, with no file and no duration by default.
    public init(id: Int, v: Int, mute: Bool = false, url: String = "", duration: Int = 0, until: PlaybackUntil = .indefinite) {
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
        until = (try? c.decodeIfPresent(PlaybackUntil.self, forKey: .until)) ?? .indefinite
    }

    /// No sound on a Restore-family or Rest 2nd gen device (id 19998 and the vendor's no-sound file).
    public static let off = SoundState.off(for: .restoreV5)

    /// No sound on `product`, at volume `v`: id 19998 with the vendor's no-sound file, or 0 on a
    /// Rest Mini and a Rest+ (`RestMiniAudioTrack.NONE`, `RestPlusAudioTrack.NONE`).
    public static func off(for product: HardwareProduct, v: Int = 0) -> SoundState {
        product.noSoundID == WireConstants.restMiniNoSoundID
            ? SoundState(id: product.noSoundID, v: v)
            : SoundState(id: product.noSoundID, v: v, url: WireConstants.noSoundURL)
    }

    /// Whether `id` means "no sound" (19998 on every product, and 0 on a Rest Mini and a Rest+).
    public var isNoSound: Bool { id == WireConstants.soundOffID || id == 0 }

    /// Whether a sound is audible.
    public var isPlaying: Bool { !isNoSound && !mute && v > 0 }

    /// The wire form.
    public var jsonValue: JSONValue {
        // In key order, as objects keep their fields.
        ["duration": .int(duration), "id": .int(id), "mute": .bool(mute), "until": .string(until.rawValue),
         "url": .string(url), "v": .int(v)]
    }

    /// The wire fields that differ from `old`, as the patch that turns `old.jsonValue` into
    /// ``jsonValue``; `nil` when none do. Devices report a sound change without diffing trees.
    public func changes(from old: SoundState) -> JSONValue? {
        var fields = JSONObject(minimumCapacity: 6)
        if duration != old.duration { fields.appendInOrder("duration", .int(duration)) }
        if id != old.id { fields.appendInOrder("id", .int(id)) }
        if mute != old.mute { fields.appendInOrder("mute", .bool(mute)) }
        if until != old.until { fields.appendInOrder("until", .string(until.rawValue)) }
        if url != old.url { fields.appendInOrder("url", .string(url)) }
        if v != old.v { fields.appendInOrder("v", .int(v)) }
        return fields.isEmpty ? nil : .object(fields)
    }
}
