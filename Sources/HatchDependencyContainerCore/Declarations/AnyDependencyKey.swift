/// A type-erased registration key (any `Hashable & Sendable` value) that prints the way it was written,
/// for example `AnalyticsKey.amplitude`.
public struct AnyDependencyKey: Hashable, Sendable, CustomStringConvertible {
    private let box: AnyDependencyKeyBox

    /// The key as it was given.
    public var base: any Hashable & Sendable { box.base }

    /// Wraps `base`; wrapping an `AnyDependencyKey` again keeps the original.
    public init(_ base: some Hashable & Sendable) {
        if let already = base as? AnyDependencyKey {
            self = already
        } else {
            box = AnyDependencyKeyBox(base)
        }
    }

    public static func == (lhs: AnyDependencyKey, rhs: AnyDependencyKey) -> Bool {
        lhs.box === rhs.box || lhs.box.hashable == rhs.box.hashable
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.hashable)
    }

    /// `AnalyticsKey.amplitude` for enum cases, `"name"` for strings, the value itself otherwise.
    public var description: String {
        if Mirror(reflecting: box.base).displayStyle == .enum {
            return "\(TypeName.of(type(of: box.base))).\(box.base)"
        }
        return String(reflecting: box.base)
    }
}

/// One shared box per key, so copying a key is a single retain.
final class AnyDependencyKeyBox: Sendable {
    let base: any Hashable & Sendable
    /// Wraps `base`, which is Sendable, so sharing it is safe.
    nonisolated(unsafe) let hashable: AnyHashable

    init(_ base: any Hashable & Sendable) {
        self.base = base
        self.hashable = AnyHashable(base)
    }
}
