/// One dependency a module needs from its container: a type, optionally under a key.
///
/// `Requirement(ContentClient.self)` is met by `registerSingleton(ContentClient.self) { … }` in the module's
/// own `registerDependencies` or in any ancestor (non-local registrations only).
public struct Requirement: Sendable, Hashable, CustomStringConvertible {
    /// Identity of the required type.
    public let typeIdentifier: ObjectIdentifier
    /// The type as written, e.g. `ContentClient` or `any DeviceSettingsViewControllerProvider`.
    public let typeName: String
    /// The registration key, if the requirement is keyed.
    public let key: AnyDependencyKey?
    /// A custom accessor name (otherwise the macro derives one from the type and key).
    public let accessorName: String?

    /// Requires `type` registered without a key.
    public init<T>(_ type: T.Type, accessorName: String? = nil) {
        self.typeIdentifier = ObjectIdentifier(type)
        self.typeName = TypeName.of(type)
        self.key = nil
        self.accessorName = accessorName
    }

    /// Requires `type` registered under `key`.
    public init<T, Key: Hashable & Sendable>(_ type: T.Type, key: Key, accessorName: String? = nil) {
        self.typeIdentifier = ObjectIdentifier(type)
        self.typeName = TypeName.of(type)
        self.key = AnyDependencyKey(key)
        self.accessorName = accessorName
    }

    /// `ContentClient` or `HatchAnalyticsClient (key: AnalyticsKey.amplitude)`.
    public var description: String {
        key.map { "\(typeName) (key: \($0))" } ?? typeName
    }
}
