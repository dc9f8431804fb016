import HatchMemberwiseInit

/// One `buildChild(X.self)`, `tryBuildChild(X.self)` or `buildChildWithOverrides(X.self)` call.
@MemberwiseInit(.public)
public struct BuildSite: Codable, Hashable, Sendable {
    /// Which call it is.
    public enum Kind: String, Codable, Sendable {
        /// `buildChild`: production, non-throwing.
        case buildChild
        /// `tryBuildChild`: production, throwing.
        case tryBuildChild
        /// `buildChildWithOverrides`: test mode, with mock overrides.
        case buildChildWithOverrides

        /// The call's name as written in source.
        var callName: String { rawValue }
    }

    /// The built module's type name.
    public var childName: String
    /// Which call.
    public var kind: Kind
    /// What the call was made on.
    public var receiver: ReceiverReference
    /// Enclosing type names, innermost first; the fallback parent when the receiver is a bare container.
    public var enclosingTypes: [String]
    /// Registrations and inputs made in the configure / overrides closure.
    public var registrations: [RegistrationDeclaration] = []
    /// Where the call stands.
    public var position: SourcePosition

    /// Whether the call builds a test-mode child (overrides, or made on a `.testing()` value).
    public var isTestMode: Bool {
        if kind == .buildChildWithOverrides { return true }
        if case .typeNamed(_, true) = receiver { return true }
        return false
    }

    /// `buildChild(X.self) at file:line`.
    var label: String { "\(kind.callName)(\(childName).self) at \(position)" }
}
