/// One registration inside one container, with its singleton cell.
final class Registration: @unchecked Sendable {
    let spec: RegistrationSpec
    /// Holds the singleton or input value (unused by transient and scoped registrations).
    let cell: InstanceCell
    /// The container that declared this registration. Set once in the container's initializer, before the
    /// container is published; the container owns the registration, so it outlives every use.
    unowned(unsafe) var declaringContainer: DependencyContainer?

    /// Singletons and inputs publish their value in `cell`.
    let servesFromCell: Bool
    /// …and can be read there by `resolve` (main-actor values only by `resolveMainActor`).
    let servesFromCellOffMainActor: Bool

    init(spec: RegistrationSpec) {
        self.spec = spec
        servesFromCell = spec.scope == .singleton || spec.scope == .input
        servesFromCellOffMainActor = servesFromCell && !spec.isMainActor
        if case .value(let box) = spec.factory {
            cell = InstanceCell(value: box)
        } else {
            cell = InstanceCell()
        }
    }

    var isMainActor: Bool { spec.isMainActor }
    var isLocal: Bool { spec.isLocal }
    var scope: DependencyScope { spec.scope }

    /// `HatchAnalyticsClient (key: AnalyticsKey.amplitude)`.
    var displayName: String {
        spec.key.key.map { "\(spec.typeName) (key: \($0))" } ?? spec.typeName
    }
}
