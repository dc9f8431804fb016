/// The head of an HTTP/1.x request (request line and header fields), parsed strictly enough that a
/// malformed request is answered with 400 and never reaches a handler.
public struct HTTPRequestHead: Sendable, Hashable {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The name as sent (compare case-insensitively).
        public let name: String
        /// The value without surrounding whitespace.
        public let value: String
    }

    /// `GET`, `HEAD`, ….
    public let method: String
    /// The request target as sent (`/metrics?x=1`).
    public let target: String
    /// `HTTP/1.0` or `HTTP/1.1`.
    public let version: String
    /// The header fields, in order.
    public let fields: [Field]

    /// The path of the target, without the query (`/metrics`).
    public var path: String {
        String(target.prefix { $0 != "?" && $0 != "#" })
    }

    /// The first value of the field `name` (case-insensitive).
    public func value(of name: String) -> String? {
        fields.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The longest head accepted; a longer one is a bad request.
    public static let maximumSize = 16 * 1024

    /// Parses the head at the start of `bytes`: `nil` while its blank line has not arrived yet.
    /// Lines may end in CRLF or LF (RFC 9112 §2.2).
    public static func parse(_ bytes: [UInt8]) throws(HTTPRequestError) -> HTTPRequestHead? {
        guard let end = headEnd(in: bytes) else {
            if bytes.count > maximumSize { throw .headTooLarge }
            return nil
        }
        guard end <= maximumSize else { throw .headTooLarge }
        var lines: [[UInt8]] = []
        var line: [UInt8] = []
        for byte in bytes[..<end] {
            if byte == UInt8(ascii: "\n") {
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                lines.append(line)
                line = []
            } else {
                line.append(byte)
            }
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first else { throw .malformedRequestLine }
        let (method, target, version) = try parseRequestLine(requestLine)
        var fields: [Field] = []
        for raw in lines.dropFirst() {
            fields.append(try parseField(raw))
        }
        let head = HTTPRequestHead(method: method, target: target, version: version, fields: fields)
        if version == "HTTP/1.1", head.value(of: "Host") == nil { throw .missingHost }
        return head
    }

    /// The index just after the blank line that ends the head (`\r\n\r\n` or `\n\n`).
    private static func headEnd(in bytes: [UInt8]) -> Int? {
        var previousWasNewline = false
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "\n"):
                if previousWasNewline { return index + 1 }
                previousWasNewline = true
            case UInt8(ascii: "\r"):
                continue
            default:
                previousWasNewline = false
            }
        }
        return nil
    }

    private static func parseRequestLine(_ line: [UInt8]) throws(HTTPRequestError) -> (String, String, String) {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty, parts[0].allSatisfy(isTokenCharacter),
              parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw .malformedRequestLine }
        let method = String(decoding: parts[0], as: UTF8.self)
        var target = String(decoding: parts[1], as: UTF8.self)
        let version = String(decoding: parts[2], as: UTF8.self)
        // Absolute form (`GET http://host:9090/metrics HTTP/1.1`, as proxies send it): keep the path.
        if let scheme = target.range(of: "://"), target.lowercased().hasPrefix("http") {
            let afterAuthority = target[scheme.upperBound...].firstIndex(of: "/")
            target = afterAuthority.map { String(target[$0...]) } ?? "/"
        }
        guard target.hasPrefix("/") || (target == "*" && method == "OPTIONS") else { throw .malformedRequestLine }
        guard version.hasPrefix("HTTP/"), version.count == 8 else { throw .malformedRequestLine }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw .unsupportedVersion(version) }
        return (method, target, version)
    }

    private static func parseField(_ line: [UInt8]) throws(HTTPRequestError) -> Field {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0,
              line[..<colon].allSatisfy(isTokenCharacter) else { throw .malformedField }
        let value = line[(colon + 1)...]
        // Field values are visible ASCII, obs-text, spaces and tabs; no other control characters.
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else { throw .malformedField }
        let trimmed = value.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
        return Field(name: String(decoding: line[..<colon], as: UTF8.self), value: String(decoding: Array(trimmed), as: UTF8.self))
    }

    /// RFC 9110 `tchar`: the characters of methods and field names.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}

/// Why a request head was refused; every case is answered with 400 (or 505 for another HTTP version).
public enum HTTPRequestError: Error, Hashable, CustomStringConvertible {
    /// The request line is not `METHOD /target HTTP/1.x`.
    case malformedRequestLine
    /// A header line is not `Name: value`.
    case malformedField
    /// An HTTP/1.1 request without `Host`.
    case missingHost
    /// The head is longer than ``HTTPRequestHead/maximumSize``.
    case headTooLarge
    /// A version other than HTTP/1.0 and HTTP/1.1.
    case unsupportedVersion(String)
    /// The client closed the connection or sent nothing in time.
    case incomplete

    public var description: String {
        switch self {
        case .malformedRequestLine: return "the request line must be METHOD /path HTTP/1.1"
        case .malformedField: return "a header field must be Name: value"
        case .missingHost: return "an HTTP/1.1 request needs a Host header"
        case .headTooLarge: return "the request head is longer than \(HTTPRequestHead.maximumSize) bytes"
        case .unsupportedVersion(let version): return "\(version) is not supported; use HTTP/1.1"
        case .incomplete: return "the request ended before its blank line"
        }
    }

    /// The response status for this error.
    public var status: HTTPResponse.Status {
        if case .unsupportedVersion = self { return .httpVersionNotSupported }
        return .badRequest
    }
}
