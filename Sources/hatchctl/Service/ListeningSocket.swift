import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket bound and listening on a host and port (port 0: the system picks a free one), with
/// the few POSIX calls the metrics server needs. Descriptors are close-on-exec, and writes never
/// raise SIGPIPE.
struct ListeningSocket: Sendable {
    /// The listening descriptor.
    let descriptor: Int32
    /// The port it listens on (the one picked, for port 0).
    let port: Int

    /// Binds `host` (an address or a name: `127.0.0.1`, `0.0.0.0`, `::`, `localhost`) and `port`, and listens.
    init(host: String, port: Int) throws(MetricsServerError) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_flags = AI_PASSIVE
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .unknownHost(host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var lastError: Int32 = 0
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard descriptor >= 0 else {
                lastError = errno
                continue
            }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            guard bind(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0, listen(descriptor, 64) == 0 else {
                lastError = errno
                close(descriptor)
                continue
            }
            self.descriptor = descriptor
            self.port = Self.boundPort(descriptor) ?? port
            return
        }
        throw .cannotListen(host: host, port: port, reason: String(cString: strerror(lastError)))
    }

    /// Accepts one connection: its descriptor (close-on-exec, no SIGPIPE), or `nil` when none is waiting.
    func acceptConnection() -> Int32? {
        #if canImport(Glibc)
        let connection = Glibc.accept(descriptor, nil, nil)
        #else
        let connection = Darwin.accept(descriptor, nil, nil)
        #endif
        guard connection >= 0 else { return nil }
        _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return connection
    }

    /// Stops listening.
    func stopListening() {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }

    /// Writes all of `bytes` to `connection`, giving up after `timeout` milliseconds without progress.
    static func write(_ bytes: [UInt8], to connection: Int32, timeout: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard wait(connection, for: Int16(POLLOUT), timeout: timeout) else { return false }
            #if canImport(Glibc)
            let sent = bytes.withUnsafeBytes { send(connection, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            #else
            let sent = bytes.withUnsafeBytes { send(connection, $0.baseAddress! + offset, $0.count - offset, 0) }
            #endif
            if sent > 0 {
                offset += sent
            } else if sent < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Reads what `connection` has (up to `limit` bytes), waiting at most `timeout` milliseconds;
    /// empty at end of file, `nil` on time-out or error.
    static func read(_ connection: Int32, limit: Int, timeout: Int32) -> [UInt8]? {
        guard wait(connection, for: Int16(POLLIN), timeout: timeout) else { return nil }
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress!, limit, 0) }
        guard count >= 0 else { return nil }
        return Array(buffer[..<count])
    }

    /// Waits until `descriptor` is ready for `events`; `false` on time-out or error.
    static func wait(_ descriptor: Int32, for events: Int16, timeout: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        while true {
            let ready = poll(&entry, 1, timeout)
            if ready < 0, errno == EINTR { continue }
            return ready > 0
        }
    }

    private static func boundPort(_ descriptor: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) } }
        case AF_INET6:
            return withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) } }
        default:
            return nil
        }
    }
}
