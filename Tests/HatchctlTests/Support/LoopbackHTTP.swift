import Foundation
import HatchServiceSupport

/// A minimal HTTP client on a plain loopback socket, for scraping `/metrics` and for sending
/// requests no well-behaved client would send. Blocking calls run on a Dispatch thread.
enum LoopbackHTTP {
    /// A parsed answer.
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    /// `GET path` on 127.0.0.1:`port`.
    static func get(_ path: String, port: Int) async throws -> Response {
        try await send(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUser-Agent: hatchctl-tests\r\n\r\n".utf8), port: port)
    }

    /// Sends raw `bytes`, reads the answer to the end, and parses it.
    static func send(_ bytes: [UInt8], port: Int) async throws -> Response {
        let raw = try await LoopbackHTTPExchange.exchangeAsync(bytes, port: port)
        let text = String(decoding: raw, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw LoopbackHTTPError.malformedResponse(text) }
        let headLines = text[..<split.lowerBound].split(separator: "\r\n").map(String.init)
        guard let statusLine = headLines.first, statusLine.hasPrefix("HTTP/1.1 "),
              let status = Int(statusLine.dropFirst(9).prefix(3)) else { throw LoopbackHTTPError.malformedResponse(text) }
        var headers: [String: String] = [:]
        for line in headLines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: String(text[split.upperBound...]))
    }
}

enum LoopbackHTTPError: Error {
    case malformedResponse(String)
}
