#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket calls and `SO_` options HatchMQTT uses, with one branch per C library, so the rest of
/// the module stays free of platform conditions.
enum PortableSocket {
    /// Shuts both directions of `fd` down; the event loop then sees the hang-up and libmosquitto
    /// reports the disconnect.
    static func shutdown(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
        #elseif canImport(Darwin)
        _ = Darwin.shutdown(fd, SHUT_RDWR)
        #endif
    }

    /// Whether this platform sends without `SIGPIPE` per call (`MSG_NOSIGNAL`), which
    /// ``send(_:_:_:)`` needs; elsewhere sessions write through libmosquitto only.
    static var canSendWithoutSignal: Bool {
        #if canImport(Glibc)
        true
        #else
        false
        #endif
    }

    /// `send` on a non-blocking socket without raising `SIGPIPE` when the peer has gone; the bytes
    /// taken, or -1 with `errno` set.
    static func send(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.send(fd, bytes, count, Int32(MSG_NOSIGNAL))
        #else
        Darwin.send(fd, bytes, count, 0)
        #endif
    }

    /// Gathers `count` buffers into one write on a non-blocking socket (`sendmsg`), without raising
    /// `SIGPIPE` where ``canSendWithoutSignal``; the bytes taken, or -1 with `errno` set.
    static func send(_ fd: Int32, vectors: UnsafeMutablePointer<iovec>, count: Int) -> Int {
        #if canImport(Glibc)
        var message = msghdr()
        message.msg_iov = vectors
        message.msg_iovlen = count
        return Glibc.sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
        #else
        return Darwin.writev(fd, vectors, Int32(count))
        #endif
    }

    /// Whether the last failed call was interrupted by a signal (`EINTR`).
    static var lastErrorIsInterrupted: Bool { errno == EINTR }

    /// Whether the last failed call would have blocked (`EAGAIN`/`EWOULDBLOCK`).
    static var lastErrorWouldBlock: Bool { errno == EAGAIN || errno == EWOULDBLOCK }

    /// Whether `fd` is an AF_UNIX stream socket (`SO_DOMAIN` on Linux; the bound address family on
    /// Darwin, which has no `SO_DOMAIN`).
    static func isUnixStreamSocket(_ fd: Int32) -> Bool {
        var type: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &length) == 0 else { return false }
        #if canImport(Glibc)
        guard type == Int32(SOCK_STREAM.rawValue) else { return false }
        var domain: Int32 = 0
        length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &length) == 0 else { return false }
        return domain == AF_UNIX
        #else
        guard type == SOCK_STREAM else { return false }
        var address = sockaddr_storage()
        length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return named == 0 && Int32(address.ss_family) == AF_UNIX
        #endif
    }
}
