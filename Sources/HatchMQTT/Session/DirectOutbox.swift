/// QoS 0 PUBLISH packets encoded and, when it can, written by the publishing thread in one `send`
/// per batch (the event loop writes what the socket did not take): a shadow report's
/// `/update/accepted` and `/update/documents` leave in one write and one TCP segment instead of
/// two, while the bytes are still in the publishing processor's cache, with no loop wake-up,
/// libmosquitto packet allocation, queue lock or `on_publish` callback per message. Used by MQTT
/// 3.1.1 sessions without TLS (``SessionCore/writesDirectly``); everything else goes through
/// libmosquitto's own queue.
///
/// Open only while the session is connected. When the connection ends the loop empties it,
/// dropping what was not written, as libmosquitto drops its unsent QoS 0 packets; a write cut
/// short by a full socket buffer resumes where it stopped before libmosquitto writes anything.
struct DirectOutbox {
    /// The encoded packets waiting, from ``written`` on.
    private(set) var bytes: [UInt8] = []
    /// How much of ``bytes`` the socket has taken.
    private(set) var written = 0
    /// The messages in ``bytes``; counted as sent once all of ``bytes`` is written.
    private(set) var messages = 0
    /// Whether publishes may be added (the session is connected).
    var isOpen = false
    /// The connection's socket while open, for a publishing thread that writes the outbox itself
    /// (valid only while it holds ``SessionCore/socketAccess``).
    var socket: Int32 = -1

    /// The largest remaining length MQTT can express (four length bytes).
    static let maximumRemainingLength = 268_435_455

    /// Whether bytes wait for the socket.
    var isPending: Bool { written < bytes.count }

    /// Appends a QoS 0 PUBLISH packet (MQTT 3.1.1: fixed header, topic, payload); `false` when the
    /// packet is too large for MQTT, which libmosquitto then reports.
    mutating func append(topic: String, payload: UnsafeRawBufferPointer, retain: Bool) -> Bool {
        let topicLength = topic.utf8.count
        let remaining = 2 + topicLength + payload.count
        guard topicLength <= 65535, remaining <= Self.maximumRemainingLength else { return false }
        if bytes.isEmpty { bytes.reserveCapacity(max(remaining + 5, 1024)) }
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
        bytes.append(contentsOf: payload)
        messages += 1
        return true
    }

    /// Writes what waits with `send` until done or the socket is full. Returns the messages now
    /// fully written (all of them once ``bytes`` is empty, else none) and whether the socket failed.
    mutating func write(to socket: Int32) -> (sent: Int, failed: Bool) {
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                PortableSocket.send(socket, buffer.baseAddress! + written, buffer.count - written)
            }
            if count > 0 {
                written += count
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

    /// Drops every packet and frees the buffer (a drained outbox keeps no memory per connection).
    mutating func removeAll() {
        bytes = []
        written = 0
        messages = 0
    }
}
