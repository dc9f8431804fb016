#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import HatchMosquittoBroker
import Testing

/// ``BrokerBacklog``: the bytes the kernel holds for a broker's port, read from `/proc/net/tcp`.
@Suite("broker backlog")
struct BrokerBacklogTests {
    /// Two connections to port 0x075B (1883), one listener, one unrelated connection, and a header.
    static let table = """
          sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
           0: 0100007F:075B 00000000:0000 0A 00000000:00000003 00:00000000 00000000     0        0 1147 1 0000000050597012 100 0 0 10 0
           1: 0100007F:075B 0200007F:C0AE 01 00000000:0000A000 00:00000000 00000000     0        0 2001 1 0000000000000000 20 4 30 10 -1
           2: 0200007F:C0AE 0100007F:075B 01 00001000:00000000 01:00000014 00000000     0        0 2002 1 0000000000000000 20 4 30 10 -1
           3: 0100007F:1F90 0100007F:D431 01 00FF0000:00FF0000 00:00000000 00000000     0        0 2003 1 0000000000000000 20 4 30 10 -1

        """

    @Test("sums both queues of every line whose local or remote port is the broker's, in hexadecimal")
    func parsesTheTable() {
        // The listener's 3 (its accept queue), the broker end's 0xA000 and the client end's 0x1000.
        #expect(BrokerBacklog.queuedBytes(inTable: Data(Self.table.utf8), port: 1883) == 3 + 0xA000 + 0x1000)
        #expect(BrokerBacklog.queuedBytes(inTable: Data(Self.table.utf8), port: 8080) == 2 * 0xFF0000)
        #expect(BrokerBacklog.queuedBytes(inTable: Data(Self.table.utf8), port: 1) == 0)
        #expect(BrokerBacklog.queuedBytes(inTable: Data(), port: 1883) == 0)
    }

    @Test("IPv6 addresses (32 hexadecimal digits) are read the same way")
    func parsesIPv6Lines() {
        let line = "   0: 00000000000000000000000001000000:075B 00000000000000000000000001000000:E2F4 01 00000000:00000400 00:00000000 00000000     0        0 3001 1 0000000000000000 20 4 30 10 -1\n"
        #expect(BrokerBacklog.queuedBytes(inTable: Data(line.utf8), port: 1883) == 0x400)
    }

    #if os(Linux)
    @Test("bytes written to a listener that nobody reads are counted, and drain waits until they are read")
    func countsUnreadBytes() async throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try #require(withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) } } == 0)
        try #require(listen(listener, 4) == 0)
        try #require(withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } } == 0)
        let port = Int(UInt16(bigEndian: address.sin_port))
        // Linux lists its connections: the count is there to read.
        #expect(BrokerBacklog.bytes(port: port) != nil)

        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        try #require(withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, length) } } == 0)
        var clientAddress = sockaddr_in()
        var clientLength = socklen_t(MemoryLayout<sockaddr_in>.size)
        try #require(withUnsafeMutablePointer(to: &clientAddress) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(client, $0, &clientLength) } } == 0)
        let clientPort = Int(UInt16(bigEndian: clientAddress.sin_port))
        let payload = [UInt8](repeating: 0x61, count: 100_000)
        #expect(payload.withUnsafeBytes { send(client, $0.baseAddress, $0.count, 0) } == payload.count)
        // The broker's end holds what it has not read (before it even accepted the connection), and
        // the client's what the broker has not acknowledged yet or has no room for: every byte at
        // least once, none more than twice. The port's count covers every socket on this machine
        // that uses the port number (an IPv6 listener of another process may share it), so it is at
        // least this connection's; the connection's own two ends are exact.
        let queued = try #require(BrokerBacklog.bytes(port: port))
        #expect(queued >= payload.count, "\(queued)")
        let own = try Self.connectionQueuedBytes(port: port, clientPort: clientPort)
        #expect(own >= payload.count && own <= 2 * payload.count, "\(own)")

        // Unread, the queues do not drain: `drain` waits out its limit.
        let undrained = await BrokerBacklog.drain(port: port, limit: .milliseconds(200))
        #expect(undrained >= .milliseconds(200), "\(undrained)")

        let server = accept(listener, nil, nil)
        try #require(server >= 0)
        defer { close(server) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var total = 0
        while total < payload.count {
            let count = buffer.withUnsafeMutableBytes { recv(server, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            total += count
        }
        #expect(total == payload.count)
        // Read, they do: `drain` returns without waiting out its limit, and the connection's own
        // queues are below the drained mark.
        let waited = await BrokerBacklog.drain(port: port, limit: .seconds(30))
        #expect(waited < .seconds(30), "\(waited)")
        #expect(try Self.connectionQueuedBytes(port: port, clientPort: clientPort) < BrokerBacklog.drainedBytes)
    }

    /// Both queues of the two ends of the one IPv4 connection between `clientPort` and `port`, read
    /// from `/proc/net/tcp` by their address pair alone.
    private static func connectionQueuedBytes(port: Int, clientPort: Int) throws -> Int {
        let table = try String(decoding: FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/net/tcp")).readToEnd() ?? Data(), as: UTF8.self)
        let ends: Set<[Int]> = [[port, clientPort], [clientPort, port]]
        var total = 0
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 4,
                  let local = fields[1].split(separator: ":").last.flatMap({ Int($0, radix: 16) }),
                  let remote = fields[2].split(separator: ":").last.flatMap({ Int($0, radix: 16) }),
                  ends.contains([local, remote]) else { continue }
            total += fields[4].split(separator: ":").compactMap { Int($0, radix: 16) }.reduce(0, +)
        }
        return total
    }
    #endif
}
