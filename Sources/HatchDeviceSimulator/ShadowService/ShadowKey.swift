import HatchDeviceModel

/// One shadow the shadow service keeps: a thing's classic shadow (`name == nil`) or one of its named
/// shadows. Each is its own document with its own version, client tokens and file.
public struct ShadowKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The thing.
    public var thing: ThingName
    /// The named shadow, or `nil` for the classic one.
    public var name: ShadowName?

    /// The classic shadow of `thing`, or its shadow `name`.
    public init(_ thing: ThingName, name: ShadowName? = nil) {
        self.thing = thing
        self.name = name
    }

    /// The shadow's topics.
    public var topics: Topics.Shadow { Topics.Shadow(thing, name: name) }

    /// The separator between thing and shadow name in a file name: neither name can contain it.
    static let fileSeparator = "~"

    /// `{thing}` or `{thing}~{shadowName}`: the stem of its file in the state folder.
    var fileStem: String { name.map { thing.rawValue + Self.fileSeparator + $0.rawValue } ?? thing.rawValue }

    /// The key of a file stem, or `nil` when the stem names no valid thing (and shadow).
    init?(fileStem: String) {
        let parts = fileStem.split(separator: Self.fileSeparator, maxSplits: 1, omittingEmptySubsequences: false)
        guard let thing = ThingName(validating: String(parts[0])) else { return nil }
        if parts.count == 2 {
            guard let name = ShadowName(validating: String(parts[1])) else { return nil }
            self.init(thing, name: name)
        } else {
            self.init(thing)
        }
    }

    /// `thing` or `thing/shadowName`, for logs.
    public var description: String { name.map { "\(thing.rawValue)/\($0.rawValue)" } ?? thing.rawValue }

    /// By thing, the classic shadow first, then by shadow name.
    public static func < (lhs: ShadowKey, rhs: ShadowKey) -> Bool {
        if lhs.thing != rhs.thing { return lhs.thing < rhs.thing }
        switch (lhs.name, rhs.name) {
        case (nil, nil), (_?, nil): return false
        case (nil, _?): return true
        case (let left?, let right?): return left < right
        }
    }
}
