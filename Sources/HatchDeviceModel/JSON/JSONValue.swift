import Foundation

/// A JSON value, used for partial shadow documents (`state.desired`, `state.reported`, deltas and
/// metadata) where fields may be absent, and where `null` means "delete this field" as in AWS IoT
/// classic shadows.
///
/// Integers and floating-point numbers are kept apart so that documents round-trip byte for byte
/// (`65535` never becomes `65535.0`).
public enum JSONValue: Sendable, Hashable {
    /// JSON `null`; in a shadow update it deletes the field.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fraction.
    case int(Int)
    /// A number with a fraction or an exponent.
    case double(Double)
    /// A string.
    case string(String)
    /// An array; shadow updates replace arrays whole.
    case array([JSONValue])
    /// An object; shadow updates merge objects field by field.
    case object(JSONObject)
}

extension JSONValue {
    /// The empty object `{}`.
    public static let emptyObject = JSONValue.object([:])

    /// The fields when this is an object, otherwise `nil`.
    public var objectValue: JSONObject? {
        if case .object(let fields) = self { return fields }
        return nil
    }

    /// The integer when this is an integer (or a double without fraction), otherwise `nil`.
    public var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 9e15: return Int(value)
        default: return nil
        }
    }

    /// The number as a `Double` when this is a number, otherwise `nil`.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// The Boolean when this is `true` or `false`, otherwise `nil`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The string when this is a string, otherwise `nil`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements when this is an array, otherwise `nil`.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// `true` for `null`.
    public var isNull: Bool { self == .null }

    /// A short name of the value's JSON type, for error messages ("an object", "a string").
    public var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a Boolean"
        case .int: return "an integer"
        case .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The field `key` when this is an object; `nil` when absent or when this is not an object.
    public subscript(key: String) -> JSONValue? {
        get { objectValue?[key] }
        set {
            var fields = objectValue ?? [:]
            self = .null  // the only reference left is `fields`: the change happens in place
            fields[key] = newValue
            self = .object(fields)
        }
    }

    /// The value at a path of object keys, e.g. `["current", "sound", "v"]`.
    public subscript(path path: [String]) -> JSONValue? {
        get {
            var value: JSONValue? = self
            for key in path { value = value?[key] }
            return value
        }
        set { set(newValue, at: path[...]) }
    }

    /// Sets the value at `path`, changing each object on the way in place (``JSONObject``'s
    /// subscript moves the child out while it changes), so no level is copied.
    private mutating func set(_ newValue: JSONValue?, at path: ArraySlice<String>) {
        guard let first = path.first else {
            if let newValue { self = newValue }
            return
        }
        if path.count == 1 {
            self[first] = newValue
            return
        }
        var fields = objectValue ?? [:]
        self = .null  // the only reference left is `fields`
        if fields[first] != nil {
            fields[first]!.set(newValue, at: path.dropFirst())
        } else {
            var child = JSONValue.emptyObject
            child.set(newValue, at: path.dropFirst())
            fields[first] = child
        }
        self = .object(fields)
    }
}

extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// A Boolean literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A floating-point literal.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A dictionary literal; later duplicates win.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}
