/// A registration a builder refused.
public enum DependencyRegistrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The same type and key was registered twice in one builder.
    case duplicate(
        typeName: String,
        key: String?,
        builder: String,
        existingScope: DependencyScope,
        existingIsMainActor: Bool,
        existingIsLocal: Bool
    )

    public var description: String {
        switch self {
        case let .duplicate(typeName, key, builder, scope, isMainActor, isLocal):
            let requested = key.map { "\(typeName) (key: \($0))" } ?? typeName
            let flavour = (isLocal ? "local " : "") + (isMainActor ? "main-actor " : "") + scope.description
            return """
                Duplicate registration of \(requested) in \(builder): it is already registered as a \(flavour). \
                Each type and key can be registered once per builder. Remove one of the two registrations, \
                give one a different key, or — to replace a registration on purpose — do it in buildChild's \
                closure, `testing { }` or `buildChildWithOverrides`, where a later registration overrides.
                """
        }
    }
}
