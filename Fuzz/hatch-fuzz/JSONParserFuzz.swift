import Foundation
import HatchDeviceModel

/// The JSON parser: any bytes either fail to parse or give a value that writes back to text which
/// parses to the same value (so what the shadow stores is what it publishes).
enum JSONParserFuzz {
    static func run(_ data: Data) {
        guard let value = try? JSONValue(data: data) else { return }
        let written = value.jsonData
        guard let again = try? JSONValue(data: written) else {
            fatalError("JSON written from a parsed value does not parse: \(String(decoding: written.prefix(200), as: UTF8.self))")
        }
        if again != value { fatalError("JSON changes when written and parsed again: \(String(decoding: written.prefix(200), as: UTF8.self))") }
    }
}
