#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// QoS 0 PUBLISH packets queued and, when it can, written by the publishing thread in one
/// gathering `sendmsg` per batch (the event loop writes what the socket did not take): a shadow
/// report's `/update/accepted` and `/update/documents` leave in one write and one TCP segment
/// instead of two, while the bytes are still in the publishing processor's cache, with no loop
/// wake-up, libmosquitto packet allocation, queue lock or `on_publish` callback per message. Each
/// packet's fixed header and topic are encoded here; a payload larger than
/// ``copiedPayloadLimit`` stays in the publisher's buffer and goes to the kernel from there, so a
/// report's kilobytes are not copied into a buffer of the outbox first. Used by MQTT 3.1.1 sessions
/// without TLS (``SessionCore/writesDirectly``); everything else goes through libmosquitto's own queue.
///
/// Open only while the session is connected. When the connection ends the loop empties it,
/// dropping what was not written, as libmosquitto drops its unsent QoS 0 packets; a write cut
/// short by a full socket buffer resumes where it stopped before libmosquitto writes anything.
struct DirectOutbox {
    /// A payload written from the publisher's buffer: it follows `bytes[..<offset]`, and starts at
    /// `streamStart` in everything queued.
    private struct Kept {
        var offset: Int
        var streamStart: Int
        var payload: MQTTPayload
    }

    /// The encoded part of the waiting packets: headers, topics and small payloads, in order.
    private var bytes: [UInt8] = []
    /// The large payloads, in order, each placed after the encoded bytes before it.
    private var kept: [Kept] = []
    /// The bytes of every kept payload.
    private var keptBytes = 0
    /// The first kept payload the socket has not taken whole.
    private var nextKept = 0
    /// How much of everything queued the socket has taken.
    private(set) var written = 0
    /// The messages waiting; counted as sent once all of them are written.
    private(set) var messages = 0
    /// Whether publishes may be added (the session is connected).
    var isOpen = false
    /// The connection's socket while open, for a publishing thread that writes the outbox itself
    /// (valid only while it holds ``SessionCore/socketAccess``).
    var socket: Int32 = -1

    /// The largest remaining length MQTT can express (four length bytes).
    static let maximumRemainingLength = 268_435_455
    /// Payloads up to this size are copied beside their header (one buffer for the kernel to read,
    /// no buffer kept); larger ones are written from the publisher's buffer.
    static let copiedPayloadLimit = 512
    /// The most kept payloads one `sendmsg` gathers (two buffers each, far below `IOV_MAX`); a
    /// longer queue (a socket that was backed up) leaves in several writes.
    static let keptPayloadsPerWrite = 32

    /// Whether bytes wait for the socket.
    var isPending: Bool { written < bytes.count + keptBytes }

    /// Queues a QoS 0 PUBLISH packet (MQTT 3.1.1: fixed header, topic, payload); `false` when the
    /// packet is too large for MQTT, which libmosquitto then reports.
    mutating func append(topic: String, payload: MQTTPayload, retain: Bool) -> Bool {
        let topicLength = topic.utf8.count
        let remaining = 2 + topicLength + payload.count
        guard topicLength <= 65535, remaining <= Self.maximumRemainingLength else { return false }
        let copied = payload.count <= Self.copiedPayloadLimit
        if bytes.isEmpty { bytes.reserveCapacity(max(256, copied ? remaining + 5 : 2 * (topicLength + 7))) }
        bytes.append(retain ? 0x31 : 0x30)
        var length = remaining
        repeat {
            var digit = UInt8(length & 0x7F)
            length >>= 7
            if length > 0 { digit |= 0x80 }
            bytes.append(digit)
        } while length > 0
        bytes.append(UInt8(topicLength >> 8))
        bytes.append(UInt8(topicLength & 0xFF))
        bytes.append(contentsOf: topic.utf8)
        if copied {
            payload.withUnsafeBytes { bytes.append(contentsOf: $0) }
        } else {
            if kept.isEmpty { kept.reserveCapacity(2) }
            kept.append(Kept(offset: bytes.count, streamStart: bytes.count + keptBytes, payload: payload))
            keptBytes += payload.count
        }
        messages += 1
        return true
    }

    /// Writes what waits until done or the socket is full. Returns the messages now fully written
    /// (all of them once nothing waits, else none) and whether the socket failed.
    mutating func write(to socket: Int32) -> (sent: Int, failed: Bool) {
        while isPending {
            let count = writeNext(to: socket)
            if count > 0 {
                written += count
                while nextKept < kept.count, kept[nextKept].streamStart + kept[nextKept].payload.count <= written { nextKept += 1 }
            } else if count < 0, PortableSocket.lastErrorIsInterrupted {
                continue
            } else if count < 0, PortableSocket.lastErrorWouldBlock {
                return (0, false)
            } else {
                removeAll()
                return (0, true)
            }
        }
        let sent = messages
        removeAll()
        return (sent, false)
    }

    /// Drops every packet and frees the buffers (a drained outbox keeps no memory per connection).
    mutating func removeAll() {
        bytes = []
        kept = []
        keptBytes = 0
        nextKept = 0
        written = 0
        messages = 0
    }

    /// One gathering write from where the socket stopped, through the next ``keptPayloadsPerWrite``
    /// kept payloads and the encoded bytes around them.
    private func writeNext(to socket: Int32) -> Int {
        let end = min(kept.count, nextKept + Self.keptPayloadsPerWrite)
        // Where the first buffer starts: after the last kept payload the socket took whole.
        let (offset, streamStart) = nextKept == 0 ? (0, 0)
            : (kept[nextKept - 1].offset, kept[nextKept - 1].streamStart + kept[nextKept - 1].payload.count)
        return bytes.withUnsafeBytes { bytes in
            withUnsafeTemporaryAllocation(of: iovec.self, capacity: 2 * (end - nextKept) + 1) { vectors in
                gather(nextKept, end: end, from: offset, bytes: bytes, into: vectors, count: 0, skipping: written - streamStart,
                       socket: socket)
            }
        }
    }

    /// Points `vectors` at the encoded bytes from `offset` on and the kept payloads `index..<end`
    /// between them (each payload is reachable only inside its `withUnsafeBytes`, hence one level
    /// per payload), then writes them, leaving out the first `skip` bytes (already taken).
    private func gather(_ index: Int, end: Int, from offset: Int, bytes: UnsafeRawBufferPointer,
                        into vectors: UnsafeMutableBufferPointer<iovec>, count: Int, skipping skip: Int, socket: Int32) -> Int {
        var count = count
        func add(_ buffer: UnsafeRawBufferPointer) {
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
            vectors[count] = iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: buffer.count)
            count += 1
        }
        let encodedEnd = index < kept.count ? kept[index].offset : bytes.count
        add(UnsafeRawBufferPointer(rebasing: bytes[offset..<encodedEnd]))
        guard index < end else {
            var first = 0
            var skip = skip
            while skip > 0, first < count, skip >= vectors[first].iov_len {
                skip -= vectors[first].iov_len
                first += 1
            }
            guard first < count else { return 0 }
            let start = vectors[first].iov_base! + skip
            if count - first == 1 {
                // One buffer (small packets only): a plain `send`, which costs the kernel less than `sendmsg`.
                return PortableSocket.send(socket, start, vectors[first].iov_len - skip)
            }
            vectors[first].iov_base = start
            vectors[first].iov_len -= skip
            return PortableSocket.send(socket, vectors: vectors.baseAddress! + first, count: count - first)
        }
        return kept[index].payload.withUnsafeBytes { payload in
            add(payload)
            return gather(index + 1, end: end, from: encodedEnd, bytes: bytes, into: vectors, count: count, skipping: skip, socket: socket)
        }
    }
}
