import Foundation

/// What was written to a broker on this machine that it has not read yet: the bytes in the kernel's
/// queues of every TCP connection to its port, at both ends (Linux `/proc/net/tcp` and
/// `/proc/net/tcp6`). A publisher that writes faster than the broker reads fills these queues, so
/// messages counted as they are written include work the broker has not done yet; `fleet bench`
/// waits for them to drain and counts the time it took.
public enum BrokerBacklog {
    /// The bytes queued on the connections to `port`: unread at the broker's end, and unsent or not
    /// yet acknowledged at the client's (a byte the broker received but did not acknowledge yet is
    /// in both). `nil` where the kernel does not list its connections this way (macOS).
    public static func bytes(port: Int) -> Int? {
        var total: Int?
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            // Read to the end: the kernel reports a size of 0 for these files, and
            // `FileManager.contents(atPath:)` stops after the first page.
            guard let handle = FileHandle(forReadingAtPath: table) else { continue }
            defer { try? handle.close() }
            guard let text = try? handle.readToEnd() else { continue }
            total = (total ?? 0) + queuedBytes(inTable: text, port: port)
        }
        return total
    }

    /// Waits until the connections to `port` hold less than ``drainedBytes`` (keep-alive and
    /// acknowledgement traffic never quite stops), at most `limit`; returns how long it waited.
    /// Returns at once where ``bytes(port:)`` cannot read the queues.
    @discardableResult
    public static func drain(port: Int, limit: Duration = .seconds(60)) async -> Duration {
        let started = ContinuousClock.now
        while ContinuousClock.now - started < limit, !isDrained(port: port) {
            try? await Task.sleep(for: .milliseconds(pollMilliseconds))
        }
        return ContinuousClock.now - started
    }

    /// ``drain(port:limit:)`` for a caller on a thread of its own (the ceiling's clients).
    @discardableResult
    public static func drainBlocking(port: Int, limit: Duration = .seconds(60)) -> Duration {
        let started = ContinuousClock.now
        while ContinuousClock.now - started < limit, !isDrained(port: port) {
            Thread.sleep(forTimeInterval: Double(pollMilliseconds) / 1000)
        }
        return ContinuousClock.now - started
    }

    /// Below this many queued bytes the broker has caught up: a few messages' worth.
    public static let drainedBytes = 64 * 1024
    /// How often both drains look at the queues.
    private static let pollMilliseconds = 10

    private static func isDrained(port: Int) -> Bool {
        guard let queued = bytes(port: port) else { return true }
        return queued < drainedBytes
    }

    /// The sum of the send and receive queues (`tx_queue:rx_queue`, hexadecimal) of the lines of a
    /// `/proc/net/tcp` table whose local or remote port is `port`.
    public static func queuedBytes(inTable table: Data, port: Int) -> Int {
        var total = 0
        table.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var fields = ProcTCPLine()
            for byte in bytes {
                if byte == UInt8(ascii: "\n") {
                    if fields.localPort == port || fields.remotePort == port { total += fields.queued }
                    fields = ProcTCPLine()
                } else {
                    fields.consume(byte)
                }
            }
        }
        return total
    }
}

/// The fields of one `/proc/net/tcp` line that ``BrokerBacklog`` reads, parsed a byte at a time:
/// `sl: local_address rem_address st tx_queue:rx_queue …`, addresses as `HEXADDR:HEXPORT`.
private struct ProcTCPLine {
    var localPort = -1
    var remotePort = -1
    var queued = 0
    /// Which whitespace-separated field the next byte belongs to (0: `sl:`).
    private var field = -1
    private var inField = false
    private var value = 0
    /// Whether the digits read so far in this field come after its `:`.
    private var afterColon = false

    mutating func consume(_ byte: UInt8) {
        if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
            if inField { finishField() }
            inField = false
            return
        }
        if !inField {
            inField = true
            field += 1
            value = 0
            afterColon = false
        }
        guard (1...4).contains(field) else { return }
        if byte == UInt8(ascii: ":") {
            // The part before the colon: an address (skipped) or tx_queue.
            if field == 4 { queued += value }
            value = 0
            afterColon = true
            return
        }
        guard let digit = Self.hexDigit(byte) else { return }
        value = value &* 16 &+ digit
    }

    private mutating func finishField() {
        guard afterColon else { return }
        switch field {
        case 1: localPort = value
        case 2: remotePort = value
        case 4: queued += value
        default: break
        }
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        default: nil
        }
    }
}
