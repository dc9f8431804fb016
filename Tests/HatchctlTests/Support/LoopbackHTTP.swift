import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        let raw = try await exchange(bytes, port: port)
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

    /// Connects, writes `bytes`, half-closes, and reads until the server closes.
    static func exchange(_ bytes: [UInt8], port: Int) async throws -> [UInt8] {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try blockingExchange(bytes, port: port) })
            }
        }
    }

    private static func blockingExchange(_ bytes: [UInt8], port: Int) throws -> [UInt8] {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw LoopbackHTTPError.socket(errno) }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw LoopbackHTTPError.socket(errno) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else { throw LoopbackHTTPError.socket(errno) }
            offset += written
        }
        shutdown(descriptor, Int32(SHUT_WR))
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 { throw LoopbackHTTPError.socket(errno) }
            if count == 0 { return answer }
            answer += buffer[..<count]
        }
    }
}

enum LoopbackHTTPError: Error {
    case socket(Int32)
    case malformedResponse(String)
}
