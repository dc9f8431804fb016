import Yams

/// A YAML mapping whose keys were checked against those allowed, with each value's cursor.
struct MappingCursor {
    /// The mapping itself (its line is the mapping's first line).
    let cursor: NodeCursor
    /// The keys as written, in order.
    let keys: [String]
    private let values: [String: NodeCursor]

    /// Reads the keys; an unknown key is an error at its line that lists the allowed ones.
    init(_ mapping: Node.Mapping, cursor: NodeCursor, allowed: [String]) throws(ScenarioFileError) {
        self.cursor = cursor
        var keys: [String] = []
        var values: [String: NodeCursor] = [:]
        for (keyNode, valueNode) in mapping {
            let keyLine = keyNode.mark?.line ?? cursor.line
            guard case let .scalar(scalar) = keyNode else {
                throw ScenarioFileError(FieldLocation(file: cursor.file, line: keyLine, field: cursor.field),
                                        "a key must be a name; allowed keys: \(NodeCursor.list(allowed))")
            }
            let key = scalar.string
            guard allowed.contains(key) else {
                throw ScenarioFileError(FieldLocation(file: cursor.file, line: keyLine, field: cursor.path(key)),
                                        "unknown key `\(key)`; allowed keys here: \(NodeCursor.list(allowed))")
            }
            var value = NodeCursor(node: valueNode, field: cursor.path(key), line: valueNode.mark?.line ?? keyLine, file: cursor.file)
            // A missing value, a list or a mapping is reported at its key (a block's first item is on the next line).
            switch valueNode {
            case .mapping, .sequence: value = NodeCursor(node: valueNode, field: value.field, line: keyLine, file: cursor.file)
            case .scalar, .alias: if value.isNull { value = NodeCursor(node: valueNode, field: value.field, line: keyLine, file: cursor.file) }
            }
            keys.append(key)
            values[key] = value
        }
        self.keys = keys
        self.values = values
    }

    /// The value of `key`, or `nil` when the mapping lacks it.
    subscript(_ key: String) -> NodeCursor? { values[key] }

    /// The value of `key`; a missing key is an error at the mapping's line.
    func required(_ key: String, _ what: String) throws(ScenarioFileError) -> NodeCursor {
        guard let value = values[key] else { throw missing(key, what) }
        return value
    }

    /// The error for a required key the mapping lacks.
    func missing(_ key: String, _ what: String) -> ScenarioFileError {
        ScenarioFileError(FieldLocation(file: cursor.file, line: cursor.line, field: cursor.path(key)),
                          "`\(key)` is required here; write \(what)")
    }

    /// The keys of `candidates` present, in the order written.
    func present(_ candidates: [String]) -> [String] { keys.filter(candidates.contains) }

    /// Exactly one of `candidates`: its key and value; none or several is an error.
    func exactlyOne(of candidates: [String], _ what: String) throws(ScenarioFileError) -> (key: String, value: NodeCursor) {
        let found = present(candidates)
        guard let first = found.first, let value = values[first] else {
            throw cursor.error("\(what) needs exactly one of \(NodeCursor.list(candidates)); write one of them")
        }
        if found.count > 1, let second = values[found[1]] {
            throw second.error("\(what) takes exactly one of \(NodeCursor.list(candidates)), found `\(found[0])` and `\(found[1])`; write only one")
        }
        return (first, value)
    }
}
