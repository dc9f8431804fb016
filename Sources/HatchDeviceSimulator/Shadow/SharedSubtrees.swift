import HatchDeviceModel
import Synchronization

/// The objects a device's first report stores (`clock`, `deviceInfo`, `toddlerLock`, … and their
/// metadata), shared with an equal one another device stored shortly before: devices with the same
/// settings keep one copy of each instead of one each, and devices stamped in the same second one
/// metadata tree of each. A device that later changes a shared object gets its own copy then (copy
/// on write), so sharing never shows in its document.
enum SharedSubtrees {
    /// Which tree an object is stored in: values and metadata never match, so each has its own candidates.
    enum Tree: Sendable {
        case state, metadata
    }

    /// Objects remembered per field name and tree, oldest first: enough for the few distinct values a
    /// fleet's devices share (and the seconds a burst of connects spans), few enough to compare quickly.
    static let candidatesPerField = 8

    private struct Key: Hashable {
        let field: String
        let tree: Tree
    }

    private static let recent = Mutex<[Key: [JSONValue]]>([:])

    /// `value`, or an equal object remembered for `field` in `tree` (whose storage it then shares).
    /// Values other than non-empty objects are returned as they are: they own no storage worth sharing.
    static func shared(_ value: JSONValue, field: String, in tree: Tree) -> JSONValue {
        guard case .object(let fields) = value, !fields.isEmpty else { return value }
        let key = Key(field: field, tree: tree)
        return recent.withLock { share(value, among: &$0[key, default: []]) }
    }

    /// An equal one of `candidates`, or `value`, which then joins them (the oldest leaves past the limit).
    private static func share(_ value: JSONValue, among candidates: inout [JSONValue]) -> JSONValue {
        if let equal = candidates.first(where: { $0 == value }) { return equal }
        candidates.append(value)
        if candidates.count > candidatesPerField { candidates.removeFirst() }
        return value
    }
}
