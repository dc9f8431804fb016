extension DependencyContainer {
    /// Checks that every declared requirement resolves from this container; reports all unmet ones at once.
    /// Only looks registrations up; constructs nothing.
    func validate(_ declared: DeclaredRequirements, module: Any.Type) throws(DependencyValidationError) {
        var unmet: [DependencyValidationError.UnmetRequirement] = []
        for requirement in declared.requirements {
            if requirement.key == nil, isUsableOffMainActor(requirement.typeIdentifier) { continue }
            let key = RegistrationKey(typeIdentifier: requirement.typeIdentifier, key: requirement.key)
            let found = registration(for: key, memoize: false)
            if found == nil || found?.isMainActor == true {
                unmet.append(unmetRequirement(.requirement, key: key, typeName: requirement.typeName, accessor: requirement.accessorName, found: found))
            }
        }
        for requirement in declared.mainActor {
            let key = RegistrationKey(typeIdentifier: requirement.typeIdentifier, key: requirement.key)
            if registration(for: key, memoize: false) == nil {
                unmet.append(unmetRequirement(.mainActor, key: key, typeName: requirement.typeName, accessor: requirement.accessorName, found: nil))
            }
        }
        for input in declared.inputs {
            if isUsableOffMainActor(input.typeIdentifier) { continue }
            let key = RegistrationKey(typeIdentifier: input.typeIdentifier, key: nil)
            let found = registration(for: key, memoize: false)
            if found == nil || found?.isMainActor == true {
                unmet.append(unmetRequirement(.input, key: key, typeName: input.typeName, accessor: input.accessorName, found: found))
            }
        }
        guard !unmet.isEmpty else { return }
        throw DependencyValidationError(module: TypeName.of(module), containerChain: chain, isTestMode: mode == .testing, unmet: unmet)
    }

    /// Whether an unkeyed resolution of the type from this container finds a registration that is not
    /// main-actor only (own registrations first, then the nearest ancestor's non-local one): the common case
    /// of validation, answered without retaining anything. `false` sends the caller to the full lookup.
    private func isUsableOffMainActor(_ identifier: ObjectIdentifier) -> Bool {
        if let own = unkeyed.lookup(identifier) {
            return own._withUnsafeGuaranteedRef { !$0.isMainActor }
        }
        var ancestor = parent.map(Unmanaged.passUnretained)
        while let container = ancestor {
            let usable: Bool? = container._withUnsafeGuaranteedRef { container in
                guard let found = container.unkeyed.lookup(identifier) else { return nil }
                return found._withUnsafeGuaranteedRef { $0.isLocal ? nil : !$0.isMainActor }
            }
            if let usable { return usable }
            ancestor = container._withUnsafeGuaranteedRef { $0.parent.map(Unmanaged.passUnretained) }
        }
        return false
    }

    private func unmetRequirement(
        _ kind: DependencyValidationError.UnmetRequirement.Kind,
        key: RegistrationKey,
        typeName: String,
        accessor: String?,
        found: Registration?
    ) -> DependencyValidationError.UnmetRequirement {
        let requested = key.key.map { "\(typeName) (key: \($0))" } ?? typeName
        let problem: String
        let fix: String
        if let found, found.isMainActor {
            let place = found.declaringContainer.map { $0.chain.joined(separator: " → ") } ?? name
            problem = "it is registered with `mainActor` in \(place), so it cannot be resolved off the main actor."
            fix = "declare it under `mainActor:` (its accessor is then @MainActor), or register it without `mainActor` if the type is Sendable."
        } else if kind == .input {
            problem = "no input provided in this container or its ancestors."
            fix = mode == .testing
                ? "`builder.provideInput(\(typeName).self, value)` in mockRegistration(in:) or `testing { }`."
                : "`childBuilder.provideInput(\(typeName).self, value)` in the buildChild closure that creates this module."
        } else {
            problem = "not registered in this container or any ancestor."
            let registration = kind == .mainActor ? "builder.mainActor.registerSingleton" : "builder.registerSingleton"
            fix = mode == .testing
                ? "`try \(registration)(\(typeName).self\(key.key.map { ", key: \($0)" } ?? "")) { _ in … }` in mockRegistration(in:), or import the child module whose mocks register \(requested)."
                : "`try \(registration)(\(typeName).self\(key.key.map { ", key: \($0)" } ?? "")) { container in … }` in this module's registerDependencies(in:) or in an ancestor's."
        }
        return DependencyValidationError.UnmetRequirement(
            kind: kind,
            typeName: typeName,
            key: key.key?.description,
            accessorName: accessor,
            problem: problem,
            nearMisses: NearMissFinder(container: self).nearMisses(for: key, onMainActor: kind == .mainActor)
                .filter { found == nil || $0.kind != .mainActor },
            fix: fix
        )
    }
}
