/// Ordered, duplicate-checked registrations shared by a builder and its registrars.
final class RegistrationCollector {
    /// Where a registration came from, to decide what may replace what.
    enum Origin {
        case explicit
        case imported
    }

    private(set) var specs: [RegistrationSpec] = []
    private var indexByKey: [RegistrationKey: Int] = [:]
    private var origins: [Origin] = []
    /// Set while overrides are applied: a registration replaces an existing one instead of throwing.
    var replacesExisting = false
    /// The builder's owner type name, for error messages.
    let ownerName: () -> String

    init(ownerName: @escaping () -> String) {
        self.ownerName = ownerName
    }

    /// Adds an explicit registration; throws on a duplicate unless overriding.
    func add(_ spec: RegistrationSpec) throws(DependencyRegistrationError) {
        if let index = indexByKey[spec.key] {
            guard replacesExisting || origins[index] == .imported else {
                let existing = specs[index]
                throw DependencyRegistrationError.duplicate(
                    typeName: spec.typeName,
                    key: spec.key.key?.description,
                    builder: ownerName(),
                    existingScope: existing.scope,
                    existingIsMainActor: existing.isMainActor,
                    existingIsLocal: existing.isLocal
                )
            }
            specs[index] = spec
            origins[index] = .explicit
            return
        }
        append(spec, origin: .explicit)
    }

    /// Adds or replaces a value (inputs never throw: the last one given wins).
    func replace(_ spec: RegistrationSpec) {
        if let index = indexByKey[spec.key] {
            specs[index] = spec
            origins[index] = .explicit
        } else {
            append(spec, origin: .explicit)
        }
    }

    /// Adds a registration exported by an imported module unless one for the same type and key exists.
    func addImported(_ spec: RegistrationSpec) {
        guard indexByKey[spec.key] == nil else { return }
        append(spec, origin: .imported)
    }

    private func append(_ spec: RegistrationSpec, origin: Origin) {
        indexByKey[spec.key] = specs.count
        specs.append(spec)
        origins.append(origin)
    }
}
