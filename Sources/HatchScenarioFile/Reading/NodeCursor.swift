import Foundation
import Yams

/// A YAML node with where it was written: the file, the line and the field's path. Its typed accessors
/// throw a ``ScenarioFileError`` that says what was found, what is expected and where.
struct NodeCursor {
    /// The node.
    let node: Node
    /// The field's path, e.g. `stages[2].faults[0].at`.
    let field: String
    /// The line of the value (the key's line when the value is missing).
    let line: Int
    /// The scenario file, as given.
    let file: String

    /// The cursor of the document's root.
    init(root node: Node, file: String) {
        self.init(node: node, field: "(document)", line: node.mark?.line ?? 1, file: file)
    }

    init(node: Node, field: String, line: Int, file: String) {
        self.node = node
        self.field = field
        self.line = line
        self.file = file
    }

    /// Where the value was written.
    var location: FieldLocation { FieldLocation(file: file, line: line, field: field) }

    /// An error about this value.
    func error(_ message: String) -> ScenarioFileError { ScenarioFileError(location, message) }

    /// The path of a key under this mapping.
    func path(_ key: String) -> String { field == "(document)" ? key : "\(field).\(key)" }

    // MARK: - What the node is

    /// Whether the value is missing (`key:`, `~`, `null`).
    var isNull: Bool {
        guard case let .scalar(scalar) = node, scalar.style == .plain else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// The scalar's text as written, or `nil` for a list, a mapping or a missing value.
    var text: String? {
        guard case let .scalar(scalar) = node, !isNull else { return nil }
        return scalar.string
    }

    /// Whether the scalar was written plain (not quoted, not a block scalar).
    var isPlain: Bool {
        guard case let .scalar(scalar) = node else { return false }
        return scalar.style == .plain
    }

    /// What was found, for messages: `nothing`, `a list`, `a mapping` or the text.
    var found: String {
        if isNull { return "nothing" }
        switch node {
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .alias: return "an alias"
        case let .scalar(scalar): return "`\(scalar.string)`"
        }
    }

    /// An error saying what was expected and what was found.
    func expected(_ what: String) -> ScenarioFileError { error("expected \(what), found \(found)") }

    // MARK: - Typed accessors

    /// Any text (a scalar of any style); `nonEmpty` rejects the empty string.
    func string(nonEmpty: Bool = true) throws(ScenarioFileError) -> String {
        guard let text else { throw expected(nonEmpty ? "non-empty text" : "text") }
        if nonEmpty, text.trimmingCharacters(in: .whitespaces).isEmpty { throw error("must not be empty; write some text") }
        return text
    }

    /// A plain whole number in `range`.
    func wholeNumber(in range: ClosedRange<Int>) throws(ScenarioFileError) -> Int {
        let what = "a whole number \(Self.describe(range))"
        guard isPlain, let text, let value = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text) else { throw expected(what) }
        guard range.contains(value) else { throw error("\(value) is out of range; write \(what)") }
        return value
    }

    /// A plain number (integer or decimal) that `isAllowed` accepts; `allowed` says which are.
    func number(_ allowed: String, where isAllowed: (Double) -> Bool) throws(ScenarioFileError) -> Double {
        guard isPlain, let text, let value = Self.parseNumber(text) else { throw expected("a number \(allowed)") }
        guard isAllowed(value) else { throw error("\(text) is out of range; write a number \(allowed)") }
        return value
    }

    /// A share 0…1.
    func share() throws(ScenarioFileError) -> Double {
        try number("from 0 to 1 (a share, e.g. 0.25)") { (0...1).contains($0) }
    }

    /// `true` or `false`.
    func bool() throws(ScenarioFileError) -> Bool {
        guard isPlain, let text else { throw expected("true or false") }
        switch text.lowercased() {
        case "true": return true
        case "false": return false
        default: throw expected("true or false")
        }
    }

    /// One of an enumeration's raw values.
    func oneOf<Value: RawRepresentable & CaseIterable>(_ type: Value.Type, what: String) throws(ScenarioFileError) -> Value
    where Value.RawValue == String {
        let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
        guard let text else { throw expected("\(what): one of \(allowed)") }
        guard let value = Value(rawValue: text) else { throw error("unknown \(what) `\(text)`; write one of \(allowed)") }
        return value
    }

    /// The items of a list, each with its path `field[i]`; `nonEmpty` rejects `[]`.
    func list(of what: String, nonEmpty: Bool = true) throws(ScenarioFileError) -> [NodeCursor] {
        guard case let .sequence(sequence) = node else { throw expected("a list of \(what)") }
        if nonEmpty, sequence.isEmpty { throw error("the list is empty; write at least one of \(what)") }
        return sequence.enumerated().map { index, item in
            NodeCursor(node: item, field: "\(field)[\(index)]", line: item.mark?.line ?? line, file: file)
        }
    }

    /// The mapping, checked against the keys it may have.
    func mapping(_ what: String, allowed: [String]) throws(ScenarioFileError) -> MappingCursor {
        guard case let .mapping(mapping) = node else { throw expected("\(what) (a mapping with \(Self.list(allowed)))") }
        return try MappingCursor(mapping, cursor: self, allowed: allowed)
    }

    // MARK: - Helpers

    /// `a`, `a or b`, `a, b or c` — keys as a reader sees them.
    static func list(_ items: [String], conjunction: String = "or") -> String {
        let quoted = items.map { "`\($0)`" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + quoted[quoted.count - 1]
    }

    static func describe(_ range: ClosedRange<Int>) -> String {
        if range.upperBound == .max { return ">= \(range.lowerBound)" }
        if range.count == 2 { return "\(range.lowerBound) or \(range.upperBound)" }
        return "from \(range.lowerBound) to \(range.upperBound)"
    }

    /// A decimal number as YAML writes it (no hex, no infinities).
    static func parseNumber(_ text: String) -> Double? {
        guard text.wholeMatch(of: /[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?/) != nil, let value = Double(text), value.isFinite else {
            return nil
        }
        return value
    }
}
