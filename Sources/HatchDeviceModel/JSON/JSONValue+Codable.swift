import Foundation

extension JSONValue: Codable {
    /// Decodes any JSON value; integers stay integers.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode(JSONObject.self))
        }
    }

    /// Encodes the value as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue {
    /// Parses JSON text. Throws ``JSONValueError/malformed(_:)`` for anything that is not JSON.
    public init(data: Data) throws(JSONValueError) {
        self = try JSONParser.parse(data)
    }

    /// Parses JSON text from a string.
    public init(json: String) throws(JSONValueError) {
        try self.init(data: Data(json.utf8))
    }

    /// Compact JSON text with sorted keys (deterministic, so documents can be compared and hashed).
    public var jsonData: Data {
        var writer = JSONByteWriter()
        write(into: &writer)
        return writer.makeData()
    }

    /// Compact JSON text with sorted keys, as bytes (for assembling payloads from parts).
    public var encodedBytes: [UInt8] {
        var writer = JSONByteWriter()
        write(into: &writer)
        return writer.makeArray()
    }

    /// Compact JSON text with sorted keys, as a string.
    public var jsonString: String { String(decoding: jsonData, as: UTF8.self) }

    /// The size in bytes of the compact JSON text (used for the 8 KB shadow limit).
    public var encodedByteCount: Int {
        var writer = JSONByteWriter()
        write(into: &writer)
        return writer.byteCount
    }

    /// Appends the compact JSON text (sorted keys) to `output`, for building payloads from parts.
    public func write(into output: inout JSONByteWriter) {
        switch self {
        case .null: output.append("null")
        case .bool(let value): output.append(value ? "true" : "false")
        case .int(let value): Self.writeInteger(value, into: &output)
        case .double(let value):
            if value.isFinite {
                var text = String(value)
                text.withUTF8 { output.append($0) }
            } else {
                output.append("null")
            }
        case .string(let value): Self.writeString(value, into: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for index in values.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                values[index].write(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let fields) where fields.count == 1 && fields[0].key == "timestamp":
            // A shadow metadata leaf, the most common object of all.
            output.append(#"{"timestamp":"#)
            fields[0].value.write(into: &output)
            output.append(UInt8(ascii: "}"))
        case .object(let fields):
            Self.writeObject(fields, into: &output) { value, output in value.write(into: &output) }
        }
    }

    /// Appends the decimal digits of `value` (no `String` in between: reports are mostly integers),
    /// two digits per step, straight into the buffer. Inlinable: the encoders of other modules
    /// write a few dozen per report, and a call each cost as much as the digits.
    @inlinable @inline(__always)
    public static func writeInteger(_ value: Int, into output: inout JSONByteWriter) {
        if value >= 0 && value < 10 { return output.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)) }
        output.appendInPlace(atMost: 20) { writeDigits(of: value, to: $0) }
    }

    /// Writes the decimal digits of `value` at `buffer`, which has room for 20 bytes, two digits per
    /// step; returns how many it wrote. For encoders that write into a buffer they already sized.
    @inlinable @inline(__always)
    public static func writeDigits(of value: Int, to buffer: UnsafeMutablePointer<UInt8>) -> Int {
        var magnitude = value.magnitude
        let length = (value < 0 ? 1 : 0) &+ decimalDigitCount(magnitude)
        if value < 0 { buffer[0] = UInt8(ascii: "-") }
        let pairs = digitPairs.utf8Start
        var end = length
        while magnitude >= 100 {
            let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
            magnitude /= 100
            end &-= 2
            buffer[end] = pairs[pair]
            buffer[end &+ 1] = pairs[pair &+ 1]
        }
        if magnitude >= 10 {
            let pair = Int(truncatingIfNeeded: magnitude) &* 2
            buffer[end &- 2] = pairs[pair]
            buffer[end &- 1] = pairs[pair &+ 1]
        } else {
            buffer[end &- 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
        }
        return length
    }

    /// The number of decimal digits of `value`: four at a time, then the rest.
    @inlinable @inline(__always)
    static func decimalDigitCount(_ value: UInt) -> Int {
        var value = value, count = 1
        while value >= 10_000 {
            value /= 10_000
            count &+= 4
        }
        if value >= 100 { return count &+ (value >= 1000 ? 3 : 2) }
        return count &+ (value >= 10 ? 1 : 0)
    }

    /// "00" through "99", two bytes each.
    @usableFromInline
    static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Appends `{"key":value,…}` with each value written by `writeValue`.
    @inline(__always)
    private static func writeObject(_ fields: JSONObject, into output: inout JSONByteWriter,
                                    writeValue: (JSONValue, inout JSONByteWriter) -> Void) {
        output.append(UInt8(ascii: "{"))
        fields.fields.withUnsafeBufferPointer { fields in
            for index in fields.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(fields[index].key, into: &output)
                output.append(UInt8(ascii: ":"))
                writeValue(fields[index].value, &output)
            }
        }
        output.append(UInt8(ascii: "}"))
    }

    /// Appends the compact JSON of this value to `output` and that of its ``metadata(timestamp:)``
    /// to `metadata`, in one walk and without building the metadata (each key is encoded once): a
    /// shadow update's reply carries both. `leaf` is the encoded `{"timestamp":N}`.
    public func write(into output: inout JSONByteWriter, metadata: inout JSONByteWriter, leaf: UnsafeRawBufferPointer) {
        switch self {
        case .object(let fields):
            output.append(UInt8(ascii: "{"))
            metadata.append(UInt8(ascii: "{"))
            fields.fields.withUnsafeBufferPointer { fields in
                for index in fields.indices {
                    if index > 0 {
                        output.append(UInt8(ascii: ","))
                        metadata.append(UInt8(ascii: ","))
                    }
                    let keyStart = output.byteCount
                    Self.writeString(fields[index].key, into: &output)
                    output.append(UInt8(ascii: ":"))
                    output.withUnsafeBytes { metadata.append(UnsafeRawBufferPointer(rebasing: $0[keyStart...])) }
                    if fields[index].value.isNull {
                        output.append("null")
                        metadata.append("null")
                    } else {
                        fields[index].value.write(into: &output, metadata: &metadata, leaf: leaf)
                    }
                }
            }
            output.append(UInt8(ascii: "}"))
            metadata.append(UInt8(ascii: "}"))
        case .array(let values):
            output.append(UInt8(ascii: "["))
            metadata.append(UInt8(ascii: "["))
            for index in values.indices {
                if index > 0 {
                    output.append(UInt8(ascii: ","))
                    metadata.append(UInt8(ascii: ","))
                }
                values[index].write(into: &output, metadata: &metadata, leaf: leaf)
            }
            output.append(UInt8(ascii: "]"))
            metadata.append(UInt8(ascii: "]"))
        default:
            write(into: &output)
            metadata.append(leaf)
        }
    }

    /// Appends `string` as a JSON string (quoted, escaped where JSON needs it): copied as it is
    /// while no byte needs escaping (keys and values of shadow documents never do). Inlinable, as
    /// ``writeInteger(_:into:)``.
    @inlinable @inline(__always)
    public static func writeString(_ string: String, into output: inout JSONByteWriter) {
        // Read in place: no copy of the string to make contiguous (native strings are).
        let plain = string.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var plain = true
            output.appendInPlace(atMost: bytes.count + 2) { buffer in
                buffer[0] = UInt8(ascii: "\"")
                // Eight bytes at a time while none is a control character, `"` or `\\`.
                var start = 0
                if let base = bytes.baseAddress {
                    let raw = UnsafeRawPointer(base), destination = UnsafeMutableRawPointer(buffer + 1)
                    while start &+ 8 <= bytes.count {
                        let word = raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)
                        if needsEscaping(word) { break }
                        destination.storeBytes(of: word, toByteOffset: start, as: UInt64.self)
                        start &+= 8
                    }
                }
                for index in start..<bytes.count {
                    let byte = bytes[index]
                    if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                        plain = false
                        return 0
                    }
                    buffer[index &+ 1] = byte
                }
                buffer[bytes.count &+ 1] = UInt8(ascii: "\"")
                return bytes.count &+ 2
            }
            return plain
        }
        if plain != true { writeEscaped(string, into: &output) }
    }

    /// Whether any of the eight bytes of `word` is below 0x20, `"` or `\\` (exact for each test:
    /// a byte of 0x80 or more never counts).
    @inlinable @inline(__always)
    static func needsEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- 0x20 &* ones) & ~word & highs
        let quote = word ^ (0x22 &* ones), backslash = word ^ (0x5C &* ones)
        let quotes = (quote &- ones) & ~quote & highs
        let backslashes = (backslash &- ones) & ~backslash & highs
        return (control | quotes | backslashes) != 0
    }

    @usableFromInline
    static func writeEscaped(_ string: String, into output: inout JSONByteWriter) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(#"\""#)
            case UInt8(ascii: "\\"): output.append(#"\\"#)
            case 0x0A: output.append(#"\n"#)
            case 0x0D: output.append(#"\r"#)
            case 0x09: output.append(#"\t"#)
            case 0..<0x20:
                let hex: StaticString = "0123456789abcdef"
                output.append(#"\u00"#)
                output.append(hex.utf8Start[Int(byte >> 4)])
                output.append(hex.utf8Start[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

/// Why a payload could not be read as JSON.
public enum JSONValueError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not valid JSON; the associated text is the parser's explanation.
    case malformed(String)

    /// A message that says what went wrong and what to do.
    public var description: String {
        switch self {
        case .malformed(let reason): return "The payload is not valid JSON (\(reason)); send a UTF-8 JSON object."
        }
    }
}
