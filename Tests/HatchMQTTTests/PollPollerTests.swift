#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
@testable import HatchMQTT
import Testing

@Suite("poll(2) backend", .timeLimit(.minutes(1)))
struct PollPollerTests {
    /// `count` connected AF_UNIX stream socket pairs.
    private func socketPairs(_ count: Int) -> [(Int32, Int32)] {
        (0..<count).map { _ in SocketPair.make() }
    }

    private func ready(_ poller: PollPoller, timeout: Int32 = 0) throws -> (woken: Bool, events: [UInt64: SocketEvents]) {
        var events: [UInt64: SocketEvents] = [:]
        let woken = try poller.wait(timeoutMilliseconds: timeout) { events[$0, default: []].formUnion($1) }
        return (woken, events)
    }

    @Test("10,000 sockets in one poll: only the readable ones are reported; removal keeps the slot map right")
    func tenThousandSockets() throws {
        FileDescriptorLimit.raise()
        try #require(FileDescriptorLimit.current.soft > 10_200, "needs an open-file limit above 10,200")
        let pairs = socketPairs(5_000)
        defer { pairs.forEach { close($0.0); close($0.1) } }
        let poller = PollPoller()
        defer { poller.close() }
        for (a, b) in pairs {
            #expect(poller.register(a, token: UInt64(a) + 1_000_000, writable: false))
            #expect(poller.register(b, token: UInt64(b) + 1_000_000, writable: false))
        }
        #expect(poller.count == 10_000)
        #expect(try ready(poller).events.isEmpty)

        var byte: UInt8 = 7
        for index in [0, 2_500, 4_999] { _ = write(pairs[index].0, &byte, 1) }
        let events = try ready(poller, timeout: 1_000).events
        #expect(Set(events.keys) == Set([0, 2_500, 4_999].map { UInt64(pairs[$0].1) + 1_000_000 }))
        #expect(events.values.allSatisfy { $0 == .readable })
        for index in [0, 2_500, 4_999] { _ = read(pairs[index].1, &byte, 1) }
        #expect(try ready(poller).events.isEmpty)

        // Remove every even pair (swap-remove moves later slots), then check a survivor still reports.
        for (index, pair) in pairs.enumerated() where index % 2 == 0 {
            poller.deregister(pair.0, token: UInt64(pair.0) + 1_000_000)
            poller.deregister(pair.1, token: UInt64(pair.1) + 1_000_000)
        }
        #expect(poller.count == 5_000)
        let survivor = pairs[3_333]
        _ = write(survivor.0, &byte, 1)
        #expect(try Set(ready(poller, timeout: 1_000).events.keys) == [UInt64(survivor.1) + 1_000_000])
    }

    @Test("write interest is reported only while armed; a hang-up and a closed descriptor are handled")
    func interestHangUpAndStaleDescriptors() throws {
        let pairs = socketPairs(3)
        let poller = PollPoller()
        defer { poller.close() }
        for (index, pair) in pairs.enumerated() { _ = poller.register(pair.0, token: UInt64(index + 1), writable: false) }
        #expect(try ready(poller).events.isEmpty)
        poller.setWriteInterest(pairs[0].0, token: 1, writable: true)
        #expect(try ready(poller, timeout: 1_000).events == [1: .writable])
        poller.setWriteInterest(pairs[0].0, token: 1, writable: false)
        #expect(try ready(poller).events.isEmpty)

        close(pairs[1].1)  // the peer hangs up
        // Waits up to a second: on a busy machine the hang-up can reach the socket after a zero-timeout poll.
        let hungUp = try #require(try ready(poller, timeout: 1_000).events[2])
        #expect(!hungUp.isDisjoint(with: .needsRead))

        close(pairs[2].0)  // closed without deregistering: POLLNVAL drops the slot, nothing is reported
        #expect(try ready(poller).events[3] == nil)
        #expect(poller.count == 2)
        // A deregistration with another session's token leaves the slot alone.
        poller.deregister(pairs[0].0, token: 99)
        #expect(poller.count == 2)
        [pairs[0].0, pairs[0].1, pairs[1].0, pairs[2].1].forEach { _ = close($0) }
    }

    @Test("a wake-up from another thread ends a long wait at once, and a wait without one blocks until its timeout")
    func wakeUps() throws {
        let poller = PollPoller()
        defer { poller.close() }
        let clock = ContinuousClock()
        var start = clock.now
        #expect(try ready(poller, timeout: 100).woken == false)
        #expect(start.duration(to: clock.now) >= .milliseconds(90))

        nonisolated(unsafe) let shared = poller
        Thread.detachNewThread {
            usleep(50_000)
            shared.wake()
        }
        start = clock.now
        #expect(try ready(poller, timeout: 10_000).woken)
        #expect(start.duration(to: clock.now) < .seconds(5))
        // The wake-up was drained: the next wait times out.
        #expect(try ready(poller, timeout: 10).woken == false)
    }
}
