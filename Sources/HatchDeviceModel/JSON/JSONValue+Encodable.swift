import Foundation

extension JSONValue {
    /// The JSON form of any `Encodable` value (records, requests); not for hot paths.
    public init(encoding value: some Encodable) throws {
        let data = try JSONEncoder().encode(value)
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Decodes a `Decodable` type from this value (records, requests); not for hot paths.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: jsonData)
    }
}
