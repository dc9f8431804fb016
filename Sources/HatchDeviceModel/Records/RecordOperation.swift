/// What a record request does.
public enum RecordOperation: String, Sendable, Hashable, Codable, CaseIterable {
    /// Add a record; id 0 or absent assigns the next free id.
    case create
    /// Replace the record with the same id.
    case edit
    /// Remove the record with `id`.
    case delete
    /// Set `enabled` (default true) on the record with `id`.
    case enable
}
