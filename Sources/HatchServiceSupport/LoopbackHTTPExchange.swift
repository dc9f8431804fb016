import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One HTTP exchange with a server on 127.0.0.1, blocking: connect, write the request, half-close,
/// read until the server closes. Enough for scraping a `/metrics` endpoint (`fleet bench` reads the
/// shadow service's) without an HTTP client library.
public enum LoopbackHTTPExchange {
    /// Why an exchange failed.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// A socket call failed with this `errno`.
        case socket(operation: String, errno: Int32)

        public var description: String {
            switch self {
            case .socket(let operation, let code): return "\(operation) failed: \(String(cString: strerror(code)))"
            }
        }
    }

    /// Sends `bytes` to 127.0.0.1:`port` and returns everything the server answers; each read waits
    /// at most `timeoutSeconds`.
    public static func exchange(_ bytes: [UInt8], port: Int, timeoutSeconds: Int = 10) throws(Failure) -> [UInt8] {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw .socket(operation: "socket", errno: errno) }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw .socket(operation: "connect to 127.0.0.1:\(port)", errno: errno) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else { throw .socket(operation: "write", errno: errno) }
            offset += written
        }
        #if canImport(Glibc)
        shutdown(descriptor, Int32(SHUT_WR))
        #else
        shutdown(descriptor, SHUT_WR)
        #endif
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(timeoutSeconds * 1000))
            if polled == 0 { throw .socket(operation: "read (no answer within \(timeoutSeconds) s)", errno: ETIMEDOUT) }
            if polled < 0 { throw .socket(operation: "poll", errno: errno) }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 { throw .socket(operation: "read", errno: errno) }
            if count == 0 { return answer }
            answer += buffer[..<count]
        }
    }

    /// ``exchange(_:port:timeoutSeconds:)`` on a Dispatch thread, for async callers: the blocking
    /// reads never hold a thread of the cooperative pool.
    public static func exchangeAsync(_ bytes: [UInt8], port: Int, timeoutSeconds: Int = 10) async throws -> [UInt8] {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { () throws(Failure) in try exchange(bytes, port: port, timeoutSeconds: timeoutSeconds) })
            }
        }
    }
}
