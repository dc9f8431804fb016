/// The name of an AWS IoT named shadow (`$aws/things/{thing}/shadow/name/{shadowName}/…`): 1 to 64
/// of the characters AWS IoT allows in shadow names (`a-z A-Z 0-9 : _ -` and `$`), so it is also safe
/// in a topic level and a file name. Apps keep their own state in named shadows beside a device's
/// classic shadow; the device firmware never reads them.
public struct ShadowName: Sendable, Hashable, Codable, CustomStringConvertible, Comparable {
    /// The name as it appears in topics.
    public let rawValue: String

    /// The longest shadow name AWS IoT accepts, in bytes.
    public static let maximumLength = 64

    /// A shadow name read from outside (a topic, a file name, a command line), or `nil` unless it is
    /// 1 to ``maximumLength`` of the allowed characters.
    public init?(validating text: String) {
        func allowed(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: ":"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "$"): return true
            default: return false
            }
        }
        guard (1...Self.maximumLength).contains(text.utf8.count), text.utf8.allSatisfy(allowed) else { return nil }
        rawValue = text
    }

    /// Decodes from a plain string, refusing a name AWS IoT would not accept.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let name = ShadowName(validating: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a shadow name (1 to 64 of a-z A-Z 0-9 : _ - $)")
        }
        self = name
    }

    /// Encodes as a plain string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The name itself.
    public var description: String { rawValue }

    /// Orders by the raw name.
    public static func < (lhs: ShadowName, rhs: ShadowName) -> Bool { lhs.rawValue < rhs.rawValue }
}
