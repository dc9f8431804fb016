import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loopback TCP helpers: finding a free port for a listener and waiting until something listens on it.
enum LoopbackPort {
    #if canImport(Glibc)
    private static let streamSocket = Int32(SOCK_STREAM.rawValue)
    #else
    private static let streamSocket = SOCK_STREAM
    #endif

    /// A free port on 127.0.0.1 below the kernel's ephemeral range, the ports it gives outgoing
    /// connections: a busy machine's clients then cannot take it between this call and the
    /// listener's bind, nor while a killed broker restarts on it. Falls back to a port the kernel
    /// chooses when that range is too narrow or full.
    static func free() throws -> Int {
        let candidates = listenerPorts(belowEphemeral: ephemeralRangeStart())
        if !candidates.isEmpty {
            for _ in 0..<64 {
                let port = Int.random(in: candidates)
                if let bound = try? bindable(port: port) { return bound }
            }
        }
        return try bindable(port: 0)
    }

    /// The ports `free()` picks from: 4,096 or more below the ephemeral range, above the
    /// well-known and the commonly registered ones; empty when the range starts too low.
    static func listenerPorts(belowEphemeral start: Int) -> Range<Int> {
        let lowest = max(10_000, start - 20_000)
        return start - lowest >= 4096 ? lowest..<start : 0..<0
    }

    /// The first port of the kernel's ephemeral range (Linux: `ip_local_port_range`; elsewhere the
    /// IANA range macOS uses).
    private static func ephemeralRangeStart() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8),
              let first = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first.flatMap({ Int($0) }) else {
            return 49_152
        }
        return first
    }

    /// Binds a probe socket to 127.0.0.1:`port` (0: the kernel chooses) and returns the port bound.
    private static func bindable(port: Int) throws -> Int {
        let fd = socket(AF_INET, streamSocket, 0)
        guard fd >= 0 else { throw MosquittoBrokerError.setupFailed("socket() failed: errno \(errno)") }
        defer { close(fd) }
        var address = loopbackAddress(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw MosquittoBrokerError.setupFailed("bind(127.0.0.1:\(port)) failed: errno \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw MosquittoBrokerError.setupFailed("getsockname failed: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether a TCP connection to 127.0.0.1:`port` succeeds right now.
    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, streamSocket, 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = loopbackAddress(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return result == 0
    }

    private static func loopbackAddress(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
