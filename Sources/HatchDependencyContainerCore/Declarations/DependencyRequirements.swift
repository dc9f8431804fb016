/// A feature module's declared dependencies: what it needs from its parent (`requirements`), what must be
/// resolved on the main actor, and the runtime inputs it expects.
///
/// The `@DependencyRequirements(...)` macro generates a conformance; a hand-written one works the same:
/// store the container, expose `requirements`, and add accessors that call
/// ``DependencyContainer/requirement(_:accessor:)``, ``DependencyContainer/mainActorRequirement(_:accessor:)``
/// or ``DependencyContainer/input(_:accessor:)``.
public protocol DependencyRequirements: Sendable {
    /// Wraps the container this module's dependencies resolve from, so factories can write `Self(container)`.
    init(_ container: DependencyContainer)

    /// The container this module's accessors resolve from.
    var container: DependencyContainer { get }

    /// Static metadata that `buildChild` validates before handing the module out (and the analyzer reads).
    static var requirements: DeclaredRequirements { get }

    /// Production registrations of this module, run by `buildChild` before validation.
    /// The default registers nothing. Not run in test mode (see ``TestDependencyProvider``).
    static func registerDependencies(in builder: DependencyBuilder<Self>)
}

extension DependencyRequirements {
    /// Registers nothing: a leaf module only consumes what its parent provides.
    public static func registerDependencies(in builder: DependencyBuilder<Self>) {}

    /// Builds, validates and returns a child module's dependencies from this module's container.
    ///
    /// The child's `registerDependencies(in:)` runs first (in production mode), then `configure`, where
    /// inputs are provided and registrations may be overridden. If the child's requirements cannot all be
    /// met, the process stops with the full validation report; use
    /// ``DependencyContainer/tryBuildChild(_:_:)`` to receive it as an error instead.
    public func buildChild<Child: DependencyRequirements>(
        _ child: Child.Type,
        _ configure: (DependencyBuilder<Child>) -> Void = { _ in }
    ) -> Child {
        container.buildChild(child, configure)
    }

    /// The throwing twin of ``buildChild(_:_:)``: returns the validation report as a typed error.
    public func tryBuildChild<Child: DependencyRequirements>(
        _ child: Child.Type,
        _ configure: (DependencyBuilder<Child>) -> Void = { _ in }
    ) throws(DependencyValidationError) -> Child {
        try container.tryBuildChild(child, configure)
    }
}
