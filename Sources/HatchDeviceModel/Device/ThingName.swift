/// The AWS IoT thing name of a device: `{product}_{mac as 12 lower-case hex digits}`, e.g.
/// `restoreV5_a4c138001122`. Both the simulator and the clients derive it the same way, so a MAC
/// and a product are enough to find a device's topics.
public struct ThingName: Sendable, Hashable, Codable, CustomStringConvertible, Comparable {
    /// The name as it appears in topics.
    public let rawValue: String

    /// The thing name of the device with this product and MAC address.
    public init(product: HardwareProduct, macAddress: MacAddress) {
        rawValue = "\(product.rawValue)_\(macAddress.compact)"
    }

    /// Wraps an existing thing name (read from a topic or a registry record).
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A thing name read from outside (a topic, a file name), or `nil` unless it is 1 to 128 of the
    /// characters AWS IoT allows (`a-z A-Z 0-9 : _ -`), which also keeps it safe as a file name.
    public init?(validating text: String) {
        func allowed(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: ":"), UInt8(ascii: "_"), UInt8(ascii: "-"): return true
            default: return false
            }
        }
        guard (1...128).contains(text.utf8.count), text.utf8.allSatisfy(allowed) else { return nil }
        rawValue = text
    }

    /// Decodes from a plain string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes as a plain string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The product and MAC encoded in the name, when it follows the `{product}_{mac}` pattern.
    public var parts: (product: HardwareProduct, macAddress: MacAddress)? {
        let pieces = rawValue.split(separator: "_", maxSplits: 1).map(String.init)
        guard pieces.count == 2, let product = HardwareProduct(rawValue: pieces[0]),
              let mac = try? MacAddress(validating: pieces[1]) else { return nil }
        return (product, mac)
    }

    /// The name itself.
    public var description: String { rawValue }

    /// Orders by the raw name.
    public static func < (lhs: ThingName, rhs: ThingName) -> Bool { lhs.rawValue < rhs.rawValue }
}
