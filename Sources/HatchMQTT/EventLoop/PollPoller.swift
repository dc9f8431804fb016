#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The portable backend: poll(2) over a compact `pollfd` array, woken through a self-pipe. Works on
/// Linux and Darwin; ``MQTTEventLoopBackend/poll`` selects it on Linux.
///
/// The array holds the wake-up pipe in slot 0 and one slot per watched socket; `slotOfDescriptor`
/// maps a descriptor to its slot, and removal moves the last slot into the hole, so registering,
/// changing and removing are O(1) and one `poll` covers every socket (tens of thousands included).
///
/// poll(2) has no kernel-side registration, so a closed socket stays in the array until it is
/// deregistered; if one is left behind anyway, poll reports `POLLNVAL` and the slot is dropped.
final class PollPoller: SocketPoller {
    private static let wakeToken: UInt64 = 0

    private let wakeReadFD: Int32
    private let wakeWriteFD: Int32
    // Loop-confined.
    private var descriptors: [pollfd] = []
    private var tokens: [UInt64] = []
    /// Indexed by descriptor number; -1 when the descriptor is not watched.
    private var slotOfDescriptor: [Int] = []
    private var readyTokens: [(UInt64, SocketEvents)] = []
    private var invalid: [Int32] = []

    var backend: MQTTEventLoopBackend { .poll }

    init() {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0, "HatchMQTT: cannot create the event loop's wake-up pipe (errno \(errno))")
        for fd in ends {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        wakeReadFD = ends[0]
        wakeWriteFD = ends[1]
        append(wakeReadFD, token: Self.wakeToken, writable: false)
    }

    /// The number of watched sockets (the wake-up pipe not counted).
    var count: Int { descriptors.count - 1 }

    func register(_ fd: Int32, token: UInt64, writable: Bool) -> Bool {
        guard fd >= 0 else { return false }
        if let slot = slot(of: fd) {
            // A stale slot whose descriptor number was reused: the new socket takes it over.
            tokens[slot] = token
            descriptors[slot].events = Self.interest(writable: writable)
            descriptors[slot].revents = 0
        } else {
            append(fd, token: token, writable: writable)
        }
        return true
    }

    func setWriteInterest(_ fd: Int32, token: UInt64, writable: Bool) {
        guard let slot = slot(of: fd), tokens[slot] == token else { return }
        descriptors[slot].events = Self.interest(writable: writable)
    }

    func deregister(_ fd: Int32, token: UInt64) {
        guard let slot = slot(of: fd), tokens[slot] == token else { return }
        remove(slot: slot)
    }

    func wait(timeoutMilliseconds: Int32, _ ready: (UInt64, SocketEvents) -> Void) throws(SocketPollerError) -> Bool {
        let count = descriptors.withUnsafeMutableBufferPointer {
            poll($0.baseAddress, nfds_t($0.count), timeoutMilliseconds)
        }
        if count < 0 {
            if errno == EINTR { return false }
            throw SocketPollerError(errno: errno)
        }
        var woken = false
        var remaining = Int(count)
        var slot = 0
        // Collect first: the handlers register and deregister sockets, which moves slots.
        while remaining > 0 && slot < descriptors.count {
            let revents = descriptors[slot].revents
            if revents != 0 {
                remaining -= 1
                if slot == 0 {
                    drainWakeUps()
                    woken = true
                } else if revents & Int16(POLLNVAL) != 0 {
                    invalid.append(descriptors[slot].fd)
                } else {
                    readyTokens.append((tokens[slot], Self.socketEvents(revents)))
                }
            }
            slot += 1
        }
        for fd in invalid {
            if let slot = self.slot(of: fd) { remove(slot: slot) }
        }
        invalid.removeAll(keepingCapacity: true)
        for (token, events) in readyTokens { ready(token, events) }
        readyTokens.removeAll(keepingCapacity: true)
        return woken
    }

    func wake() {
        var one: UInt8 = 1
        // A full pipe already holds a pending wake-up, so EAGAIN is fine.
        _ = write(wakeWriteFD, &one, 1)
    }

    func close() {
        #if canImport(Glibc)
        Glibc.close(wakeReadFD)
        Glibc.close(wakeWriteFD)
        #elseif canImport(Darwin)
        Darwin.close(wakeReadFD)
        Darwin.close(wakeWriteFD)
        #endif
    }

    // MARK: Slots

    private func slot(of fd: Int32) -> Int? {
        guard fd >= 0, Int(fd) < slotOfDescriptor.count else { return nil }
        let slot = slotOfDescriptor[Int(fd)]
        return slot >= 0 ? slot : nil
    }

    private func append(_ fd: Int32, token: UInt64, writable: Bool) {
        let index = Int(fd)
        if index >= slotOfDescriptor.count {
            slotOfDescriptor.append(contentsOf: repeatElement(-1, count: max(index + 1, slotOfDescriptor.count * 2) - slotOfDescriptor.count))
        }
        slotOfDescriptor[index] = descriptors.count
        descriptors.append(pollfd(fd: fd, events: Self.interest(writable: writable), revents: 0))
        tokens.append(token)
    }

    /// Removes `slot` by moving the last slot into it. Slot 0 (the wake-up pipe) is never removed.
    private func remove(slot: Int) {
        precondition(slot > 0, "HatchMQTT: the wake-up pipe cannot be deregistered")
        slotOfDescriptor[Int(descriptors[slot].fd)] = -1
        let last = descriptors.count - 1
        if slot != last {
            descriptors[slot] = descriptors[last]
            tokens[slot] = tokens[last]
            slotOfDescriptor[Int(descriptors[slot].fd)] = slot
        }
        descriptors.removeLast()
        tokens.removeLast()
    }

    private func drainWakeUps() {
        var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        while withUnsafeMutableBytes(of: &buffer, { read(wakeReadFD, $0.baseAddress, $0.count) }) > 0 {}
    }

    private static func interest(writable: Bool) -> Int16 {
        Int16(POLLIN) | (writable ? Int16(POLLOUT) : 0)
    }

    private static func socketEvents(_ bits: Int16) -> SocketEvents {
        var events: SocketEvents = []
        if bits & Int16(POLLIN | POLLPRI) != 0 { events.insert(.readable) }
        if bits & Int16(POLLOUT) != 0 { events.insert(.writable) }
        if bits & Int16(POLLHUP) != 0 { events.insert(.hangUp) }
        if bits & Int16(POLLERR) != 0 { events.insert(.error) }
        return events
    }
}
