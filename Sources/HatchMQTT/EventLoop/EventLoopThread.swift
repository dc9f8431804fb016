import Foundation
import Synchronization
import CMosquitto

/// One thread of an ``MQTTEventLoop``: a ``SocketPoller`` (epoll or poll) over the sockets of the
/// sessions assigned to it, with its wake-up channel, a job inbox for other threads, timers, and the
/// periodic `mosquitto_loop_misc` tick that sends keep-alive pings.
///
/// Every libmosquitto call that can open or close a session's socket happens on this thread, so the
/// poller's registrations never race with socket closure. Other threads only enqueue jobs and, for
/// QoS 0 publishes, ask for a write (``requestWrite(_:)``).
final class EventLoopThread: @unchecked Sendable {
    private struct Inbox {
        var jobs: [@Sendable () -> Void] = []
        var writes: [SessionCore] = []
        var wakePending = false
        var stopping = false
    }

    private static let miscInterval = Duration.milliseconds(500)
    /// Connection attempts allowed at once per thread, so a burst of thousands of sessions does not
    /// overflow the broker's listen backlog (overflowed SYNs are retried only after a second).
    private static let maxConcurrentConnects = 128

    let name: String
    private let poller: any SocketPoller
    private let inbox = Locked.make(Inbox())

    // Loop-confined state: touched only on this thread.
    private var sessions: [UInt64: SessionCore] = [:]
    private var timers: [LoopTimer] = []
    private var nextMisc = ContinuousClock.now
    private var connectsInFlight = 0
    private var waitingConnects: [() -> Void] = []
    private var waitingConnectsHead = 0

    init(name: String, poller: any SocketPoller) {
        self.name = name
        self.poller = poller
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

    private func wake() { poller.wake() }

    // MARK: Loop-thread API (call only on this thread)

    /// Starts tracking `core`; its socket is added to the poller by ``updateInterest(_:)``.
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

    /// Brings `core`'s poller registration in line with its socket: adds a new socket, and arms
    /// write interest exactly while libmosquitto has bytes to write (`mosquitto_want_write`).
    func updateInterest(_ core: SessionCore) {
        let fd = core.socket
        if fd != core.registeredFD {
            // The old socket is gone (epoll dropped it by itself); a new one is added.
            forgetSocket(of: core)
            guard fd >= 0 else { return }
            let wantsWrite = core.wantsWrite
            if poller.register(fd, token: core.id, writable: wantsWrite) {
                core.registeredFD = fd
                core.writeArmed = wantsWrite
            }
            return
        }
        guard fd >= 0 else { return }
        let wantsWrite = core.wantsWrite
        guard wantsWrite != core.writeArmed else { return }
        poller.setWriteInterest(fd, token: core.id, writable: wantsWrite)
        core.writeArmed = wantsWrite
    }

    /// Stops watching `core`'s socket, which has just closed or is about to (libmosquitto closes it
    /// on a disconnect, a reconnect or `mosquitto_destroy`).
    func forgetSocket(of core: SessionCore) {
        if core.registeredFD >= 0 { poller.deregister(core.registeredFD, token: core.id) }
        core.registeredFD = -1
        core.writeArmed = false
    }

    // MARK: The loop

    private func run() {
        FileDescriptorLimit.raise()
        while true {
            let woken: Bool
            do {
                woken = try poller.wait(timeoutMilliseconds: timeoutMilliseconds()) { token, events in
                    sessions[token]?.handle(events: events)
                }
            } catch {
                break
            }
            if woken, processInbox() { break }
            runDueTimers()
            tickIfDue()
        }
        poller.close()
    }

    /// Runs queued jobs and write requests; returns true when the loop should stop.
    private func processInbox() -> Bool {
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
