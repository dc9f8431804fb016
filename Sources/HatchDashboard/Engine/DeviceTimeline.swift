/// The recent history of every device's light, volume, what plays and connection, for the page's
/// timelines: a ring of at most ``capacity`` points per device, a point added only when the card
/// changed, so memory stays bounded at any fleet size and a slow ramp keeps hours of history.
package struct DeviceTimeline: Sendable {
    /// Points kept per device.
    package static let capacity = 128

    /// What plays, interned: `playing` of a point indexes it. The first 255 distinct texts are kept;
    /// later ones share the last slot.
    package private(set) var names: [String] = []
    private var nameIndex: [String: UInt8] = [:]
    private var rings: [String: RingBuffer<TimelinePoint>] = [:]

    /// An empty timeline.
    package init() {}

    /// Adds the state of `card` at `t` (Unix seconds) to its device's ring, unless it shows what the last point shows.
    package mutating func record(_ card: DeviceCard, at t: Int64) {
        let light = card.light.flatMap { $0.on ? $0 : nil }
        let channels = light.map { Self.channels($0.css) } ?? (0, 0, 0)
        let point = TimelinePoint(
            t: t, r: channels.0, g: channels.1, b: channels.2, brightness: UInt8(clamping: light?.brightness ?? 0),
            volume: UInt8(clamping: card.volume), online: card.presence == "online", playing: intern(Self.activity(card.playing)))
        if let last = rings[card.thing]?.last, last.sameState(as: point) { return }
        rings[card.thing, default: RingBuffer(capacity: Self.capacity)].append(point)
    }

    /// The points of `thing`, oldest first.
    package func points(of thing: String) -> [TimelinePoint] { rings[thing]?.elements ?? [] }

    /// What plays without its step counter (`Wind down (step 1/2)` → `Wind down`), so that a
    /// routine's steps share a name.
    static func activity(_ playing: String) -> String {
        playing.range(of: " (step ").map { String(playing[..<$0.lowerBound]) } ?? playing
    }

    private mutating func intern(_ name: String) -> UInt8 {
        if let index = nameIndex[name] { return index }
        guard names.count < 255 else { return 254 }
        let index = UInt8(names.count)
        names.append(name)
        nameIndex[name] = index
        return index
    }

    /// `rgb(255, 0, 0)` as three bytes.
    static func channels(_ css: String) -> (UInt8, UInt8, UInt8) {
        let numbers = css.split { !$0.isNumber }.compactMap { UInt8($0) }
        guard numbers.count == 3 else { return (0, 0, 0) }
        return (numbers[0], numbers[1], numbers[2])
    }
}
