#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import CMosquitto

/// One thread of an ``MQTTEventLoop``: an epoll set over the sockets of the sessions assigned to it,
/// an eventfd to wake it, a job inbox for other threads, timers, and the periodic
/// `mosquitto_loop_misc` tick that sends keep-alive pings.
///
/// Every libmosquitto call that can open or close a session's socket happens on this thread, so the
/// epoll registrations never race with socket closure. Other threads only enqueue jobs and, for
/// QoS 0 publishes, ask for a write (``requestWrite(_:)``).
final class EventLoopThread: @unchecked Sendable {
    private struct Inbox {
        var jobs: [@Sendable () -> Void] = []
        var writes: [SessionCore] = []
        var wakePending = false
        var stopping = false
    }

    private static let wakeID: UInt64 = 0
    private static let miscInterval = Duration.milliseconds(500)
    /// Connection attempts allowed at once per thread, so a burst of thousands of sessions does not
    /// overflow the broker's listen backlog (overflowed SYNs are retried only after a second).
    private static let maxConcurrentConnects = 128

    let name: String
    private let epollFD: Int32
    private let wakeFD: Int32
    private let inbox = Locked(Inbox())

    // Loop-confined state: touched only on this thread.
    private var sessions: [UInt64: SessionCore] = [:]
    private var timers: [LoopTimer] = []
    private var nextMisc = ContinuousClock.now
    private var connectsInFlight = 0
    private var waitingConnects: [() -> Void] = []
    private var waitingConnectsHead = 0

    init(name: String) {
        self.name = name
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeFD = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
        precondition(epollFD >= 0 && wakeFD >= 0, "HatchMQTT: cannot create epoll/eventfd (errno \(errno))")
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = Self.wakeID
        _ = epoll_ctl(epollFD, EPOLL_CTL_ADD, wakeFD, &event)
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    /// Asks the thread to exit after its current iteration.
    func stop() {
        inbox.withLock { $0.stopping = true }
        wake()
    }

    // MARK: Cross-thread entry points

    /// Runs `job` on this thread, soon. Safe from any thread.
    func execute(_ job: @escaping @Sendable () -> Void) {
        let needsWake = inbox.withLock { inbox -> Bool in
            inbox.jobs.append(job)
            defer { inbox.wakePending = true }
            return !inbox.wakePending
        }
        if needsWake { wake() }
    }

    /// Asks this thread to write `core`'s queued packets (a QoS 0 publish made on another thread).
    /// Coalesced: one request per session until the loop picks it up.
    func requestWrite(_ core: SessionCore) {
        guard !core.writeScheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let needsWake = inbox.withLock { inbox -> Bool in
            inbox.writes.append(core)
            defer { inbox.wakePending = true }
            return !inbox.wakePending
        }
        if needsWake { wake() }
    }

    private func wake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, MemoryLayout<UInt64>.size)
    }

    // MARK: Loop-thread API (call only on this thread)

    /// Starts tracking `core`; its socket is added to epoll by ``updateInterest(_:)``.
    func add(_ core: SessionCore) { sessions[core.id] = core }

    /// Stops tracking `core` (its socket must already be closed).
    func remove(_ core: SessionCore) { sessions.removeValue(forKey: core.id) }

    /// Runs `job` on this thread after `delay`.
    func schedule(after delay: Duration, _ job: @escaping () -> Void) {
        let timer = LoopTimer(deadline: .now.advanced(by: delay), job: job)
        // Kept sorted latest-first so due timers pop from the end.
        var low = 0, high = timers.count
        while low < high {
            let mid = (low + high) / 2
            if timers[mid].deadline > timer.deadline { low = mid + 1 } else { high = mid }
        }
        timers.insert(timer, at: low)
    }

    /// Starts `attempt` now, or when fewer than the allowed number of connects are in flight.
    /// Each admitted attempt must end with ``connectAttemptEnded()``.
    func admitConnect(_ attempt: @escaping () -> Void) {
        if connectsInFlight < Self.maxConcurrentConnects {
            connectsInFlight += 1
            attempt()
        } else {
            waitingConnects.append(attempt)
        }
    }

    /// Releases a connect slot and admits the next waiting attempt.
    func connectAttemptEnded() {
        connectsInFlight -= 1
        guard waitingConnectsHead < waitingConnects.count else { return }
        let next = waitingConnects[waitingConnectsHead]
        waitingConnectsHead += 1
        if waitingConnectsHead == waitingConnects.count {
            waitingConnects.removeAll(keepingCapacity: true)
            waitingConnectsHead = 0
        }
        connectsInFlight += 1
        next()
    }

    /// Brings `core`'s epoll registration in line with its socket: adds a new socket, and arms
    /// EPOLLOUT exactly while libmosquitto has bytes to write (`mosquitto_want_write`).
    func updateInterest(_ core: SessionCore) {
        let fd = core.socket
        if fd != core.registeredFD {
            // A closed socket leaves epoll by itself; a new one is added.
            core.registeredFD = -1
            guard fd >= 0 else { return }
            let wantsWrite = core.wantsWrite
            var event = epoll_event()
            event.events = EPOLLIN.rawValue | (wantsWrite ? EPOLLOUT.rawValue : 0)
            event.data.u64 = core.id
            if epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) == 0 {
                core.registeredFD = fd
                core.writeArmed = wantsWrite
            }
            return
        }
        guard fd >= 0 else { return }
        let wantsWrite = core.wantsWrite
        guard wantsWrite != core.writeArmed else { return }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | (wantsWrite ? EPOLLOUT.rawValue : 0)
        event.data.u64 = core.id
        _ = epoll_ctl(epollFD, EPOLL_CTL_MOD, fd, &event)
        core.writeArmed = wantsWrite
    }

    // MARK: The loop

    private func run() {
        FileDescriptorLimit.raise()
        let capacity = 512
        let events = UnsafeMutablePointer<epoll_event>.allocate(capacity: capacity)
        defer { events.deallocate() }
        while true {
            let count = epoll_wait(epollFD, events, Int32(capacity), timeoutMilliseconds())
            if count < 0 && errno != EINTR { break }
            var woken = false
            for index in 0..<max(0, Int(count)) {
                let event = events[index]
                if event.data.u64 == Self.wakeID {
                    woken = true
                    continue
                }
                sessions[event.data.u64]?.handle(events: event.events)
            }
            if woken, processInbox() { break }
            runDueTimers()
            tickIfDue()
        }
        close(epollFD)
        close(wakeFD)
    }

    /// Runs queued jobs and write requests; returns true when the loop should stop.
    private func processInbox() -> Bool {
        var drained: UInt64 = 0
        _ = read(wakeFD, &drained, MemoryLayout<UInt64>.size)
        let (jobs, writes, stopping) = inbox.withLock { inbox in
            defer {
                inbox.jobs.removeAll(keepingCapacity: true)
                inbox.writes.removeAll(keepingCapacity: true)
                inbox.wakePending = false
            }
            return (inbox.jobs, inbox.writes, inbox.stopping)
        }
        for job in jobs { job() }
        for core in writes { core.flushRequestedWrites() }
        return stopping
    }

    private func runDueTimers() {
        let now = ContinuousClock.now
        while let last = timers.last, last.deadline <= now {
            timers.removeLast()
            last.job()
        }
    }

    private func tickIfDue() {
        let now = ContinuousClock.now
        guard now >= nextMisc else { return }
        nextMisc = now.advanced(by: Self.miscInterval)
        for core in sessions.values { core.tick() }
    }

    private func timeoutMilliseconds() -> Int32 {
        let now = ContinuousClock.now
        var deadline = nextMisc
        if let timer = timers.last, timer.deadline < deadline { deadline = timer.deadline }
        guard deadline > now else { return 0 }
        let wait = now.duration(to: deadline)
        return Int32(min(1000, max(1, (wait.seconds * 1000).rounded(.up))))
    }
}
