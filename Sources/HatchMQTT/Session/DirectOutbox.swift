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
/// wake-up, libmosquitto packet allocation, queue lock or `on_publish` callback per message. Only
/// each packet's fixed header and topic are encoded here; the payload is kept as the publisher's
/// `Data` and handed to the kernel from there, so a report's kilobytes are never copied into a
/// buffer of the outbox. Used by MQTT 3.1.1 sessions without TLS (``SessionCore/writesDirectly``);
/// everything else goes through libmosquitto's own queue.
///
/// Open only while the session is connected. When the connection ends the loop empties it,
/// dropping what was not written, as libmosquitto drops its unsent QoS 0 packets; a write cut
/// short by a full socket buffer resumes where it stopped before libmosquitto writes anything.
struct DirectOutbox {
    /// One waiting packet: where its fixed header and topic end in ``heads``, and its payload.
    private struct Packet {
        var headEnd: Int
        var payload: Data
    }

    /// The fixed header and topic of every waiting packet, back to back.
    private var heads: [UInt8] = []
    /// The waiting packets, in order.
    private var packets: [Packet] = []
    /// Packets the socket has taken whole.
    private var done = 0
    /// Bytes of packet ``done`` the socket has taken.
    private var partial = 0
    /// Whether publishes may be added (the session is connected).
    var isOpen = false
    /// The connection's socket while open, for a publishing thread that writes the outbox itself
    /// (valid only while it holds ``SessionCore/socketAccess``).
    var socket: Int32 = -1

    /// The largest remaining length MQTT can express (four length bytes).
    static let maximumRemainingLength = 268_435_455
    /// The most packets one `sendmsg` gathers (two buffers each, far below `IOV_MAX`); a longer
    /// queue (a socket that was backed up) leaves in several writes.
    static let packetsPerWrite = 32

    /// The messages waiting; counted as sent once all of them are written.
    var messages: Int { packets.count }

    /// Whether bytes wait for the socket.
    var isPending: Bool { done < packets.count }

    /// Queues a QoS 0 PUBLISH packet (MQTT 3.1.1: fixed header, topic, payload); `false` when the
    /// packet is too large for MQTT, which libmosquitto then reports.
    mutating func append(topic: String, payload: Data, retain: Bool) -> Bool {
        let topicLength = topic.utf8.count
        let remaining = 2 + topicLength + payload.count
        guard topicLength <= 65535, remaining <= Self.maximumRemainingLength else { return false }
        if packets.isEmpty {
            heads.reserveCapacity(2 * (topicLength + 7))
            packets.reserveCapacity(2)
        }
        heads.append(retain ? 0x31 : 0x30)
        var length = remaining
        repeat {
            var digit = UInt8(length & 0x7F)
            length >>= 7
            if length > 0 { digit |= 0x80 }
            heads.append(digit)
        } while length > 0
        heads.append(UInt8(topicLength >> 8))
        heads.append(UInt8(topicLength & 0xFF))
        heads.append(contentsOf: topic.utf8)
        packets.append(Packet(headEnd: heads.count, payload: payload))
        return true
    }

    /// Writes what waits until done or the socket is full. Returns the messages now fully written
    /// (all of them once nothing waits, else none) and whether the socket failed.
    mutating func write(to socket: Int32) -> (sent: Int, failed: Bool) {
        while done < packets.count {
            let count = writeNext(to: socket)
            if count > 0 {
                advance(by: count)
            } else if count < 0, PortableSocket.lastErrorIsInterrupted {
                continue
            } else if count < 0, PortableSocket.lastErrorWouldBlock {
                return (0, false)
            } else {
                removeAll()
                return (0, true)
            }
        }
        let sent = packets.count
        removeAll()
        return (sent, false)
    }

    /// Drops every packet and frees the buffers (a drained outbox keeps no memory per connection).
    mutating func removeAll() {
        heads = []
        packets = []
        done = 0
        partial = 0
    }

    /// One gathering write of the next ``packetsPerWrite`` packets from where the socket stopped.
    private func writeNext(to socket: Int32) -> Int {
        let end = min(packets.count, done + Self.packetsPerWrite)
        return heads.withUnsafeBytes { heads in
            withUnsafeTemporaryAllocation(of: iovec.self, capacity: 2 * (end - done)) { vectors in
                gather(done, end: end, heads: heads, into: vectors, count: 0, socket: socket)
            }
        }
    }

    /// Points `vectors` at the head and payload of packets `index..<end` (each payload is reachable
    /// only inside its `withUnsafeBytes`, hence one level per packet), then writes them, skipping
    /// what the socket already took.
    private func gather(_ index: Int, end: Int, heads: UnsafeRawBufferPointer, into vectors: UnsafeMutableBufferPointer<iovec>,
                        count: Int, socket: Int32) -> Int {
        guard index < end else {
            var first = 0
            var skip = partial
            while skip > 0, skip >= vectors[first].iov_len {
                skip -= vectors[first].iov_len
                first += 1
            }
            vectors[first].iov_base = vectors[first].iov_base.map { $0 + skip }
            vectors[first].iov_len -= skip
            return PortableSocket.send(socket, vectors: vectors.baseAddress! + first, count: count - first)
        }
        let headStart = index == 0 ? 0 : packets[index - 1].headEnd
        return packets[index].payload.withUnsafeBytes { payload in
            var count = count
            vectors[count] = iovec(iov_base: UnsafeMutableRawPointer(mutating: heads.baseAddress! + headStart),
                                   iov_len: packets[index].headEnd - headStart)
            count += 1
            if let base = payload.baseAddress, payload.count > 0 {
                vectors[count] = iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: payload.count)
                count += 1
            }
            return gather(index + 1, end: end, heads: heads, into: vectors, count: count, socket: socket)
        }
    }

    /// Moves past `count` bytes the socket took.
    private mutating func advance(by count: Int) {
        var count = count
        while count > 0, done < packets.count {
            let headStart = done == 0 ? 0 : packets[done - 1].headEnd
            let size = packets[done].headEnd - headStart + packets[done].payload.count
            if count < size - partial {
                partial += count
                return
            }
            count -= size - partial
            done += 1
            partial = 0
        }
    }
}
