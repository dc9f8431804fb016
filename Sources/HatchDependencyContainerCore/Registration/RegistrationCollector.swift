/// Ordered, duplicate-checked registrations shared by a builder and its registrars.
///
/// A module registers a handful of things, so duplicates are found by a linear scan: cheaper than hashing
/// for the sizes that occur, and it keeps `buildChild` to a few allocations.
final class RegistrationCollector {
    /// The registrations, in order.
    private(set) var registrations: [Registration] = []
    /// Indices in `registrations` of registrations exported by an imported module (an explicit one may replace them);
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
    func add(_ registration: Registration) throws(DependencyRegistrationError) {
        guard let index = index(of: registration.key) else {
            registrations.append(registration)
            return
        }
        guard replacesExisting || importedIndices.contains(index) else {
            let existing = registrations[index]
            throw DependencyRegistrationError.duplicate(
                typeName: registration.typeName,
                key: registration.key.key?.description,
                builder: TypeName.of(ownerType),
                existingScope: existing.scope,
                existingIsMainActor: existing.isMainActor,
                existingIsLocal: existing.isLocal
            )
        }
        setExplicit(registration, at: index)
    }

    /// Adds or replaces a value (inputs never throw: the last one given wins).
    func replace(_ registration: Registration) {
        if let index = index(of: registration.key) {
            setExplicit(registration, at: index)
        } else {
            registrations.append(registration)
        }
    }

    /// Adds a registration exported by an imported module unless one for the same type and key exists.
    func addImported(_ registration: Registration) {
        guard index(of: registration.key) == nil else { return }
        importedIndices.append(registrations.count)
        registrations.append(registration)
    }

    private func setExplicit(_ registration: Registration, at index: Int) {
        registrations[index] = registration
        importedIndices.removeAll { $0 == index }
    }

    private func index(of key: RegistrationKey) -> Int? {
        registrations.firstIndex { $0.key == key }
    }
}
