import Synchronization

/// The `{"timestamp": N}` leaves of shadow metadata, shared by every document updated at the same
/// second. A fleet's devices run on one clock, so their stored metadata trees point at a few shared
/// leaf objects instead of holding an allocation per field each (about 5 KB per device).
public enum MetadataLeaves {
    /// The leaves of the most recent timestamps, newest last.
    private static let recent = Mutex<[(timestamp: Int, leaf: JSONValue)]>([])
    /// How many timestamps are remembered: enough for every second a busy fleet reports in at once.
    static let capacity = 64

    /// The shared `{"timestamp": timestamp}`.
    public static func leaf(for timestamp: Int) -> JSONValue {
        recent.withLock { entries in
            if let entry = entries.last(where: { $0.timestamp == timestamp }) { return entry.leaf }
            let leaf = JSONValue.object(JSONObject(sortedFields: [(key: "timestamp", value: .int(timestamp))]))
            if entries.count >= capacity { entries.removeFirst() }
            entries.append((timestamp, leaf))
            return leaf
        }
    }
}
