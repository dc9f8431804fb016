/// One registration inside one container; as an ``InstanceCell`` it also holds the singleton or input value.
@usableFromInline
final class Registration: InstanceCell, @unchecked Sendable {
    let spec: RegistrationSpec
    /// Singletons and inputs publish their value in this cell.
    let servesFromCell: Bool
    /// …and `resolve` may read it there (main-actor values only `resolveMainActor`).
    let servesFromCellOffMainActor: Bool
    /// The container that declared this registration. Set once in the container's initializer, before the
    /// container is published; the container owns the registration, so it outlives every use.
    unowned(unsafe) var declaringContainer: DependencyContainer?

    init(spec: RegistrationSpec) {
        self.spec = spec
        servesFromCell = spec.scope == .singleton || spec.scope == .input
        servesFromCellOffMainActor = servesFromCell && !spec.isMainActor
        if case .value(let box) = spec.factory {
            super.init(value: box)
        } else {
            super.init()
        }
    }

    /// The cell holding this registration's singleton or input value: the registration itself.
    var cell: InstanceCell { self }
    var isMainActor: Bool { spec.isMainActor }
    var isLocal: Bool { spec.isLocal }
    var scope: DependencyScope { spec.scope }

    /// `HatchAnalyticsClient (key: AnalyticsKey.amplitude)`.
    var displayName: String {
        spec.key.key.map { "\(spec.typeName) (key: \($0))" } ?? spec.typeName
    }
}
