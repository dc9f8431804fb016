#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
@testable import HatchMQTT
import Testing

@Suite("QoS 0 outbox", .timeLimit(.minutes(1)))
struct DirectOutboxTests {
    /// A connected, non-blocking AF_UNIX stream pair with a small send buffer, so writes are cut short.
    private func smallBufferPair() -> (writer: Int32, reader: Int32) {
        let (writer, reader) = SocketPair.make()
        var size: Int32 = 4096
        _ = setsockopt(writer, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        for end in [writer, reader] { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        return (writer, reader)
    }

    /// MQTT 3.1.1's encoding of a QoS 0 PUBLISH, written out independently of the outbox.
    private func expectedPacket(topic: String, payload: [UInt8], retain: Bool) -> [UInt8] {
        var packet: [UInt8] = [retain ? 0x31 : 0x30]
        var length = 2 + topic.utf8.count + payload.count
        repeat {
            packet.append(UInt8(length % 128) | (length >= 128 ? 0x80 : 0))
            length /= 128
        } while length > 0
        packet += [UInt8(topic.utf8.count / 256), UInt8(topic.utf8.count % 256)] + Array(topic.utf8) + payload
        return packet
    }

    private func drain(_ fd: Int32, into received: inout [UInt8]) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            received += buffer[0..<count]
        }
    }

    /// Writes the outbox until it is empty, reading the other end as it goes: what arrived, the
    /// messages the writes reported sent, and how many writes the socket cut short.
    private func writeAll(_ outbox: inout DirectOutbox, to writer: Int32, readingFrom reader: Int32)
        -> (received: [UInt8], sent: Int, cutShort: Int) {
        var received: [UInt8] = []
        var cutShort = 0
        var sent = 0
        while outbox.isPending {
            let result = outbox.write(to: writer)
            #expect(!result.failed)
            sent += result.sent
            if outbox.isPending { cutShort += 1 }
            drain(reader, into: &received)
        }
        drain(reader, into: &received)
        return (received, sent, cutShort)
    }

    @Test("packets of every size leave byte for byte and in order, however the socket cuts the writes short")
    func partialWritesResumeWhereTheyStopped() throws {
        let (writer, reader) = smallBufferPair()
        defer { close(writer); close(reader) }
        var outbox = DirectOutbox()
        var expected: [UInt8] = []
        // Around the length field's boundaries, small and large.
        let sizes = [0, 1, 127, 256, 257, 16_383, 16_400, 70_000, 3, 200_000]
        for (index, size) in sizes.enumerated() {
            let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index) }
            let topic = "$aws/things/thing-\(index)/shadow/update/\(index.isMultiple(of: 2) ? "accepted" : "documents")"
            let appended = outbox.append(topic: topic, payload: Self.payload(payload, malloced: index.isMultiple(of: 2)), retain: index == 3)
            #expect(appended)
            expected += expectedPacket(topic: topic, payload: payload, retain: index == 3)
        }
        #expect(outbox.messages == sizes.count)
        let (received, sent, cutShort) = writeAll(&outbox, to: writer, readingFrom: reader)
        #expect(cutShort > 0)
        #expect(sent == sizes.count)
        #expect(received.count == expected.count)
        #expect(received == expected)
        #expect(outbox.messages == 0)
    }

    @Test("more kept payloads than one write gathers, copied ones between them, leave in order")
    func longQueuesLeaveInSeveralWrites() throws {
        let (writer, reader) = smallBufferPair()
        defer { close(writer); close(reader) }
        var outbox = DirectOutbox()
        var expected: [UInt8] = []
        let limit = DirectOutbox.copiedPayloadLimit
        // Empty, inline-sized (`Data` keeps up to 14 bytes in itself), copied and kept payloads.
        let sizes = [0, 14, limit, limit + 1, 700, 3_000]
        let count = sizes.count * DirectOutbox.keptPayloadsPerWrite + 5
        for index in 0..<count {
            let size = sizes[index % sizes.count]
            let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 &+ index) }
            let topic = "hatch/\(index)"
            let appended = outbox.append(topic: topic, payload: MQTTPayload(Data(payload)), retain: false)
            #expect(appended)
            expected += expectedPacket(topic: topic, payload: payload, retain: false)
        }
        #expect(outbox.messages == count)
        let (received, sent, cutShort) = writeAll(&outbox, to: writer, readingFrom: reader)
        #expect(cutShort > 0)
        #expect(sent == count)
        #expect(received == expected)
    }

    @Test("a packet too large for MQTT's length field is refused and nothing is queued")
    func oversizedPacketIsRefused() {
        var outbox = DirectOutbox()
        let payload = Data(count: DirectOutbox.maximumRemainingLength)
        let appended = outbox.append(topic: "big", payload: MQTTPayload(payload), retain: false)
        #expect(!appended)
        #expect(!outbox.isPending)
    }

    @Test("a closed peer fails the write and empties the outbox")
    func closedPeerFailsTheWrite() throws {
        let (writer, reader) = smallBufferPair()
        defer { close(writer) }
        close(reader)
        var outbox = DirectOutbox()
        let appended = outbox.append(topic: "a/b", payload: MQTTPayload(Data(repeating: 1, count: 1000)), retain: false)
        #expect(appended)
        let result = outbox.write(to: writer)
        #expect(result.failed && result.sent == 0)
        #expect(!outbox.isPending)
    }

    /// `bytes` as a payload: `Data`, or a buffer from `malloc` taken over as a JSON writer hands one over.
    static func payload(_ bytes: [UInt8], malloced: Bool) -> MQTTPayload {
        guard malloced else { return MQTTPayload(Data(bytes)) }
        let buffer = UnsafeMutableRawBufferPointer(start: malloc(max(1, bytes.count)), count: bytes.count)
        buffer.copyBytes(from: bytes)
        return MQTTPayload(takingOwnershipOf: buffer)
    }
}
