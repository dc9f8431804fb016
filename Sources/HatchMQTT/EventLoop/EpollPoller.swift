#if os(Linux)
import Glibc
import CMosquitto

/// The Linux backend: an epoll set, woken by an eventfd.
///
/// A closed socket leaves the epoll set by itself, so ``deregister(_:token:)`` has nothing to do:
/// it is called when the socket is about to close or has just closed, and deleting by descriptor
/// number then could remove a newer socket that reuses the number.
final class EpollPoller: SocketPoller {
    private static let wakeToken: UInt64 = 0
    private static let capacity = 512

    private let epollFD: Int32
    private let wakeFD: Int32
    private let events: UnsafeMutablePointer<epoll_event>

    var backend: MQTTEventLoopBackend { .epoll }

    init() {
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeFD = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
        precondition(epollFD >= 0 && wakeFD >= 0, "HatchMQTT: cannot create epoll/eventfd (errno \(errno))")
        events = .allocate(capacity: Self.capacity)
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = Self.wakeToken
        _ = epoll_ctl(epollFD, EPOLL_CTL_ADD, wakeFD, &event)
    }

    deinit { events.deallocate() }

    func register(_ fd: Int32, token: UInt64, writable: Bool) -> Bool {
        var event = Self.event(token: token, writable: writable)
        return epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) == 0
    }

    func setWriteInterest(_ fd: Int32, token: UInt64, writable: Bool) {
        var event = Self.event(token: token, writable: writable)
        _ = epoll_ctl(epollFD, EPOLL_CTL_MOD, fd, &event)
    }

    func deregister(_ fd: Int32, token: UInt64) {}

    func wait(timeoutMilliseconds: Int32, _ ready: (UInt64, SocketEvents) -> Void) throws(SocketPollerError) -> Bool {
        let count = epoll_wait(epollFD, events, Int32(Self.capacity), timeoutMilliseconds)
        if count < 0 {
            if errno == EINTR { return false }
            throw SocketPollerError(errno: errno)
        }
        var woken = false
        for index in 0..<Int(count) {
            let event = events[index]
            if event.data.u64 == Self.wakeToken {
                var drained: UInt64 = 0
                _ = read(wakeFD, &drained, MemoryLayout<UInt64>.size)
                woken = true
            } else {
                ready(event.data.u64, Self.socketEvents(event.events))
            }
        }
        return woken
    }

    func wake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, MemoryLayout<UInt64>.size)
    }

    func close() {
        Glibc.close(epollFD)
        Glibc.close(wakeFD)
    }

    private static func event(token: UInt64, writable: Bool) -> epoll_event {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | (writable ? EPOLLOUT.rawValue : 0)
        event.data.u64 = token
        return event
    }

    private static func socketEvents(_ bits: UInt32) -> SocketEvents {
        var events: SocketEvents = []
        if bits & EPOLLIN.rawValue != 0 { events.insert(.readable) }
        if bits & EPOLLOUT.rawValue != 0 { events.insert(.writable) }
        if bits & EPOLLHUP.rawValue != 0 { events.insert(.hangUp) }
        if bits & EPOLLERR.rawValue != 0 { events.insert(.error) }
        return events
    }
}
#endif
