import Synchronization

/// One registration: what a builder records (type, key, scope, factory) and, as an ``InstanceCell``, where
/// its singleton or input value is published, so a singleton's value sits in its registration (no extra hop).
///
/// Builders create registrations; the first container built from one claims it, so building a container
/// allocates nothing more per registration. Any further container built from the same registration
/// (another `freeze()` of the same builder) gets its own copy, with its own cell and so its own singleton.
@usableFromInline
final class Registration: InstanceCell, @unchecked Sendable {
    /// How a value is produced.
    enum Factory: Sendable {
        case sendable(@Sendable (DependencyContainer) throws -> AnyInstanceBox)
        case mainActor(@MainActor (DependencyContainer) throws -> AnyInstanceBox)
        case value(AnyInstanceBox)
    }

    let key: RegistrationKey
    let type: Any.Type
    let scope: DependencyScope
    let isMainActor: Bool
    let isLocal: Bool
    let factory: Factory
    /// Singletons and inputs publish their value in this cell.
    let servesFromCell: Bool
    /// …and `resolve` may read it there (main-actor values only `resolveMainActor`).
    let servesFromCellOffMainActor: Bool
    /// The container that declared this registration. Set once in the container's initializer, before the
    /// container is published; the container owns the registration, so it outlives every use.
    unowned(unsafe) var declaringContainer: DependencyContainer?
    /// Whether a container has taken this registration as its own.
    private let isClaimed = Atomic<Bool>(false)

    /// The registration of `type` under `key`; main-actor exactly when `factory` runs on the main actor.
    init(_ type: Any.Type, key: AnyDependencyKey?, scope: DependencyScope, isLocal: Bool, factory: Factory) {
        self.key = RegistrationKey(typeIdentifier: ObjectIdentifier(type), key: key)
        self.type = type
        self.scope = scope
        self.isMainActor = if case .mainActor = factory { true } else { false }
        self.isLocal = isLocal
        self.factory = factory
        servesFromCell = scope == .singleton || scope == .input
        servesFromCellOffMainActor = servesFromCell && !isMainActor
        if case .value(let box) = factory {
            super.init(value: box)
        } else {
            super.init()
        }
    }

    /// This registration for a new container: itself the first time, else a fresh copy with an empty cell
    /// (inputs start with their value again).
    func claimedForContainer() -> Registration {
        if isClaimed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged { return self }
        let copy = Registration(type, key: key.key, scope: scope, isLocal: isLocal, factory: factory)
        copy.isClaimed.store(true, ordering: .relaxed)
        return copy
    }

    /// The cell holding this registration's singleton or input value: the registration itself.
    var cell: InstanceCell { self }

    /// `HatchAnalyticsClient`.
    var typeName: String { TypeName.of(type) }

    /// `HatchAnalyticsClient (key: AnalyticsKey.amplitude)`.
    var displayName: String {
        key.key.map { "\(typeName) (key: \($0))" } ?? typeName
    }
}
