/// The fields of a JSON object, kept sorted by key.
///
/// Shadow documents are small objects that are merged, compared and written as sorted compact JSON
/// on every report. Kept in key order in one array, a lookup is a binary search with no hashing,
/// writing needs no sort, merging walks two sorted lists, and a stored tree costs one allocation
/// per object. It reads like a `[String: JSONValue]`: subscripts by key, iterates as
/// `(key, value)` pairs (in key order) and is written with dictionary literals.
public struct JSONObject: Sendable, Hashable {
    /// One field: its key and value.
    public typealias Element = (key: String, value: JSONValue)

    /// The fields in ascending key order, each key once.
    public private(set) var fields: [Element]

    /// An empty object.
    public init() { fields = [] }

    /// An empty object with room for `capacity` fields.
    public init(minimumCapacity capacity: Int) {
        fields = []
        fields.reserveCapacity(capacity)
    }

    /// The fields of `dictionary`.
    public init(_ dictionary: [String: JSONValue]) {
        fields = dictionary.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
    }

    /// The fields of `elements`; for a key given twice, `combine` picks the value (default: the later one).
    public init(_ elements: some Sequence<(String, JSONValue)>,
                uniquingKeysWith combine: (JSONValue, JSONValue) -> JSONValue = { _, later in later }) {
        // Parsed documents and literals are mostly in order already.
        let given = Array(elements)
        var ordered = true
        for index in given.indices.dropFirst() where !(given[index - 1].0 < given[index].0) {
            ordered = false
            break
        }
        if ordered {
            fields = given.map { (key: $0.0, value: $0.1) }
            return
        }
        var sorted = given.enumerated().map { (offset: $0.offset, key: $0.element.0, value: $0.element.1) }
        // Stable by key, so the later of two equal keys comes last.
        sorted.sort { $0.key != $1.key ? $0.key < $1.key : $0.offset < $1.offset }
        var fields: [Element] = []
        fields.reserveCapacity(sorted.count)
        for element in sorted {
            if let last = fields.last, last.key == element.key {
                fields[fields.count - 1].value = combine(last.value, element.value)
            } else {
                fields.append((key: element.key, value: element.value))
            }
        }
        self.fields = fields
    }

    /// Fields already in ascending key order with each key once (callers that build them in order).
    init(sortedFields: [Element]) {
        fields = sortedFields
    }

    /// The keys, in ascending order.
    public var keys: [String] { fields.map(\.key) }

    /// The values, in key order.
    public var values: [JSONValue] { fields.map(\.value) }

    /// The same object as a dictionary (for APIs that take one).
    public var dictionary: [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: fields.lazy.map { ($0.key, $0.value) })
    }

    /// Where `key` is, or where it would go to keep the order.
    @inlinable @inline(__always)
    func position(of key: String) -> (index: Int, found: Bool) {
        fields.withUnsafeBufferPointer { Self.position(of: key, in: $0) }
    }

    /// Where `key` is among `fields` (in key order, as ``withUnsafeMutableFields(_:)`` gives them),
    /// or `nil` when absent. For the keys of a sorted walk, `start` is where the one after the last
    /// key found would be: the field there is tried first (a patch often names neighbouring
    /// fields), then only the fields after it.
    @inlinable
    public static func index(of key: String, in fields: UnsafeMutableBufferPointer<Element>, from start: Int = 0) -> Int? {
        guard start < fields.count else { return nil }
        if fields[start].key == key { return start }
        let rest = UnsafeBufferPointer(rebasing: fields[(start + 1)...])
        let (index, found) = position(of: key, in: rest)
        return found ? start + 1 + index : nil
    }

    /// Where `key` is among `fields` (in key order), or where it would go to keep the order: a
    /// binary search with no hashing.
    @inlinable @inline(__always)
    static func position(of key: String, in fields: UnsafeBufferPointer<Element>) -> (index: Int, found: Bool) {
        var low = 0, high = fields.count
        while low < high {
            let middle = (low + high) / 2
            if fields[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return (low, low < fields.count && fields[low].key == key)
    }

    /// The value of `key`; setting `nil` removes the field. Changes a nested value in place.
    public subscript(key: String) -> JSONValue? {
        get {
            let (index, found) = position(of: key)
            return found ? fields[index].value : nil
        }
        _modify {
            let (index, found) = position(of: key)
            var value: JSONValue?
            if found {
                // Moved out, so the value is uniquely referenced while the caller changes it.
                value = fields[index].value
                fields[index].value = .null
            }
            defer {
                switch (found, value) {
                case (true, let value?): fields[index].value = value
                case (true, nil): fields.remove(at: index)
                case (false, let value?): fields.insert((key: key, value: value), at: index)
                case (false, nil): break
                }
            }
            yield &value
        }
        set {
            let (index, found) = position(of: key)
            switch (found, newValue) {
            case (true, let value?): fields[index].value = value
            case (true, nil): fields.remove(at: index)
            case (false, let value?): fields.insert((key: key, value: value), at: index)
            case (false, nil): break
            }
        }
    }

    /// The value at `position` (in key order), changed in place.
    public subscript(valueAt position: Int) -> JSONValue {
        get { fields[position].value }
        _modify { yield &fields[position].value }
    }

    /// The position of `key` among the fields (in key order), or `nil` when absent.
    @inlinable
    public func index(forKey key: String) -> Int? {
        let (index, found) = position(of: key)
        return found ? index : nil
    }

    /// Removes `key`; returns the value it had.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        let (index, found) = position(of: key)
        return found ? fields.remove(at: index).value : nil
    }

    /// The same keys with each value transformed (no re-sorting).
    public func mapValues(_ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        JSONObject(sortedFields: try fields.map { (key: $0.key, value: try transform($0.value)) })
    }

    /// The fields for which `isIncluded` holds.
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> JSONObject {
        JSONObject(sortedFields: try fields.filter(isIncluded))
    }

    /// A copy with the fields of `other` added; for a key in both, `combine` picks the value.
    public func merging(_ other: JSONObject, uniquingKeysWith combine: (JSONValue, JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        var result = self
        for (key, value) in other {
            if let existing = result[key] { result[key] = try combine(existing, value) } else { result[key] = value }
        }
        return result
    }

    /// Gives `body` the fields in place, for merges that replace many values in one walk without a
    /// uniqueness check per field. `body` may change values but must leave every key as it is (the
    /// order is the object's invariant).
    /// Not generic, so a caller in another module pays no generic-metadata lookup per call.
    public mutating func withUnsafeMutableFields(_ body: (UnsafeMutableBufferPointer<Element>) -> Void) {
        fields.withUnsafeMutableBufferPointer { body($0) }
    }

    /// Reserves room for `capacity` fields.
    public mutating func reserveCapacity(_ capacity: Int) {
        fields.reserveCapacity(capacity)
    }

    /// Sets a field, cheapest when its key sorts after every key present (builders that go in key
    /// order append); any other key is put in its place.
    public mutating func appendInOrder(_ key: String, _ value: JSONValue) {
        if let last = fields.last, !(last.key < key) {
            self[key] = value
        } else {
            fields.append((key: key, value: value))
        }
    }

    /// Whether both objects have the same keys with equal values.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.fields.count == rhs.fields.count else { return false }
        // One storage shared by both (a device's constant firmware fields, an unchanged subtree):
        // equal without comparing a field.
        if lhs.fields.withUnsafeBufferPointer({ $0.baseAddress }) == rhs.fields.withUnsafeBufferPointer({ $0.baseAddress }) { return true }
        for (left, right) in zip(lhs.fields, rhs.fields) where left.key != right.key || left.value != right.value { return false }
        return true
    }

    /// Hashes the fields in key order, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields.count)
        for field in fields {
            hasher.combine(field.key)
            hasher.combine(field.value)
        }
    }
}

extension JSONObject: RandomAccessCollection {
    /// The position of the first field (the smallest key).
    @inlinable public var startIndex: Int { 0 }
    /// The position after the last field.
    @inlinable public var endIndex: Int { fields.count }
    /// The field at `position`, in key order.
    @inlinable public subscript(position: Int) -> Element { fields[position] }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// A dictionary literal; later duplicates win.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}

extension JSONObject: Codable {
    /// Decodes a JSON object.
    public init(from decoder: any Decoder) throws {
        self.init(try [String: JSONValue](from: decoder))
    }

    /// Encodes the fields as a JSON object.
    public func encode(to encoder: any Encoder) throws {
        try dictionary.encode(to: encoder)
    }
}
