import Foundation
import HatchDeviceModel
import Testing

@Suite("JSONByteWriter")
struct JSONByteWriterTests {
    @Test("appends of every kind survive the buffer growing many times over, and each way out gives the same bytes")
    func growsAndHandsOver() {
        var writer = JSONByteWriter(capacity: 16)
        var expected: [UInt8] = []
        for round in 0..<200 {
            writer.append(UInt8(ascii: "["))
            writer.append("key")
            let piece = Array("piece-\(round)".utf8)
            writer.append(piece)
            piece.withUnsafeBufferPointer { writer.append($0) }
            writer.appendInPlace(atMost: 8) { buffer in
                buffer[0] = UInt8(ascii: "]")
                return 1
            }
            expected += Array("[key".utf8) + piece + piece + [UInt8(ascii: "]")]
        }
        #expect(writer.byteCount == expected.count)
        #expect(writer.withUnsafeBytes { Array($0) } == expected)
        #expect(writer.array(from: 4) == Array(expected.dropFirst(4)))
        #expect(writer.makeArray() == expected)

        for transient in [false, true] {
            var full = JSONByteWriter(capacity: 4)
            full.append("1234")
            #expect(full.makeData(transient: transient) == Data("1234".utf8))
            var roomy = JSONByteWriter(capacity: 1024)
            roomy.append("{}")
            #expect(roomy.makeData(transient: transient) == Data("{}".utf8))
        }
    }

    @Test("integers are written as JSON writes them, at every digit count and both ends of Int",
          arguments: [0, 7, 9, 10, 42, 99, 100, 101, 999, 1000, 9999, 10_000, 65535, 99_999_999, 100_000_000, 1_767_592_980,
                      999_999_999_999_999_999, 1_000_000_000_000_000_000, -1, -9, -10, -65535, -10_000, Int.max, Int.min])
    func integers(_ value: Int) {
        var writer = JSONByteWriter(capacity: 16)
        JSONValue.writeInteger(value, into: &writer)
        #expect(String(decoding: writer.makeArray(), as: UTF8.self) == String(value))
    }

    @Test("strings are copied as they are unless JSON needs them escaped")
    func strings() throws {
        let cases: [(String, String)] = [
            ("", #""""#), ("current", #""current""#), ("Ünïcødé ✓", #""Ünïcødé ✓""#),
            ("a\"b\\c", #""a\"b\\c""#), ("line\nfeed\ttab\r", #""line\nfeed\ttab\r""#), ("\u{01}", #""\u0001""#),
            // Longer than a small string: stored on the heap and read in place.
            (String(repeating: "a", count: 40), "\"" + String(repeating: "a", count: 40) + "\""),
            ("https://images.hatchbaby.com/content/\"sounds\"", #""https://images.hatchbaby.com/content/\"sounds\"""#),
        ]
        for (string, json) in cases {
            var writer = JSONByteWriter(capacity: 16)
            JSONValue.writeString(string, into: &writer)
            let written = String(decoding: writer.makeArray(), as: UTF8.self)
            #expect(written == json)
            #expect(try JSONValue(json: written) == .string(string))
        }
    }
}
