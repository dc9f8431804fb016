/// A runtime value a module expects at navigation time, provided with
/// `childBuilder.provideInput(T.self, value)` in `buildChild`'s closure (or by any ancestor).
public struct InputRequirement: Sendable, Hashable, CustomStringConvertible {
    /// Identity of the input type.
    public let typeIdentifier: ObjectIdentifier
    /// The type as written, e.g. `MacAddress`.
    public let typeName: String
    /// A custom accessor name (otherwise the macro derives one from the type).
    public let accessorName: String?

    /// Expects an input value of `type`.
    public init<T>(_ type: T.Type, accessorName: String? = nil) {
        self.typeIdentifier = ObjectIdentifier(type)
        self.typeName = TypeName.of(type)
        self.accessorName = accessorName
    }

    public var description: String { typeName }
}
