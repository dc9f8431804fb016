/// Ordered, duplicate-checked registrations shared by a builder and its registrars.
///
/// A module registers a handful of things, so duplicates are found by a linear scan: cheaper than hashing
/// for the sizes that occur, and it keeps `buildChild` to a few allocations.
final class RegistrationCollector {
    /// The registrations, in order.
    private(set) var specs: [RegistrationSpec] = []
    /// Indices in `specs` of registrations exported by an imported module (an explicit one may replace them);
    /// empty, so never allocated, outside test mode.
    private var importedIndices: [Int] = []
    /// Set while overrides are applied: a registration replaces an existing one instead of throwing.
    var replacesExisting = false
    /// The builder's owner, for error messages.
    let ownerType: Any.Type

    init(ownerType: Any.Type) {
        self.ownerType = ownerType
    }

    /// Adds an explicit registration; throws on a duplicate unless overriding or replacing an import.
    func add(_ spec: RegistrationSpec) throws(DependencyRegistrationError) {
        guard let index = index(of: spec.key) else {
            specs.append(spec)
            return
        }
        guard replacesExisting || importedIndices.contains(index) else {
            let existing = specs[index]
            throw DependencyRegistrationError.duplicate(
                typeName: spec.typeName,
                key: spec.key.key?.description,
                builder: TypeName.of(ownerType),
                existingScope: existing.scope,
                existingIsMainActor: existing.isMainActor,
                existingIsLocal: existing.isLocal
            )
        }
        setExplicit(spec, at: index)
    }

    /// Adds or replaces a value (inputs never throw: the last one given wins).
    func replace(_ spec: RegistrationSpec) {
        if let index = index(of: spec.key) {
            setExplicit(spec, at: index)
        } else {
            specs.append(spec)
        }
    }

    /// Adds a registration exported by an imported module unless one for the same type and key exists.
    func addImported(_ spec: RegistrationSpec) {
        guard index(of: spec.key) == nil else { return }
        importedIndices.append(specs.count)
        specs.append(spec)
    }

    private func setExplicit(_ spec: RegistrationSpec, at index: Int) {
        specs[index] = spec
        importedIndices.removeAll { $0 == index }
    }

    private func index(of key: RegistrationKey) -> Int? {
        specs.firstIndex { $0.key == key }
    }
}
