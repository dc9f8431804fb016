import Foundation
@testable import HatchMosquittoBroker
import Testing

/// A private broker's port comes from below the kernel's ephemeral range, so the outgoing
/// connections of a busy machine never take it before the broker binds it or while it restarts.
@Suite("loopback listener ports")
struct LoopbackPortTests {
    @Test("the ports chosen from lie below the ephemeral range, at 10,000 or above, and there are enough of them",
          arguments: [(32_768, 12_768..<32_768), (49_152, 29_152..<49_152), (20_000, 10_000..<20_000), (14_000, 0..<0), (1_024, 0..<0)])
    func listenerPortsBelowTheEphemeralRange(start: Int, expected: Range<Int>) {
        #expect(LoopbackPort.listenerPorts(belowEphemeral: start) == expected)
    }

    #if os(Linux)
    @Test("a free port is below this machine's ephemeral range when that range leaves room, and nothing listens on it")
    func freePortIsBelowTheEphemeralRange() throws {
        let text = try String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)
        let start = try #require(text.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) })
        let range = LoopbackPort.listenerPorts(belowEphemeral: start)
        for _ in 0..<20 {
            let port = try MosquittoBroker.freeLoopbackPort()
            if !range.isEmpty { #expect(range.contains(port), "\(port) outside \(range)") }
            #expect(!LoopbackPort.accepts(port), "something listens on \(port)")
        }
    }
    #endif
}
