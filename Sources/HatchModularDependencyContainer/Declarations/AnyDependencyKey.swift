/// A type-erased registration key (any `Hashable & Sendable` value) that prints the way it was written,
/// for example `AnalyticsKey.amplitude`.
public struct AnyDependencyKey: Hashable, Sendable, CustomStringConvertible {
    /// The key as it was given.
    public let base: any Hashable & Sendable
    /// Wraps `base`, which is Sendable, so sharing it is safe.
    nonisolated(unsafe) private let hashable: AnyHashable

    /// Wraps `base`; wrapping an `AnyDependencyKey` again keeps the original.
    public init(_ base: some Hashable & Sendable) {
        if let already = base as? AnyDependencyKey {
            self = already
        } else {
            self.base = base
            self.hashable = AnyHashable(base)
        }
    }

    public static func == (lhs: AnyDependencyKey, rhs: AnyDependencyKey) -> Bool {
        lhs.hashable == rhs.hashable
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hashable)
    }

    /// `AnalyticsKey.amplitude` for enum cases, `"name"` for strings, the value itself otherwise.
    public var description: String {
        if Mirror(reflecting: base).displayStyle == .enum {
            return "\(TypeName.of(type(of: base))).\(base)"
        }
        return String(reflecting: base)
    }
}
