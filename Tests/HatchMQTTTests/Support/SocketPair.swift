#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Connected AF_UNIX stream sockets for tests of the socket code below MQTT (pollers, the QoS 0 outbox).
enum SocketPair {
    /// One connected pair; stops the test process if the system has no descriptors left.
    static func make() -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let made = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends)
        #else
        let made = socketpair(AF_UNIX, SOCK_STREAM, 0, &ends)
        #endif
        precondition(made == 0, "socketpair failed: errno \(errno)")
        return (ends[0], ends[1])
    }
}
