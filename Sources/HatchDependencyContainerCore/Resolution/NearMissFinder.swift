/// Looks through the hierarchy for registrations close to one that could not be used. Error path only.
struct NearMissFinder {
    let container: DependencyContainer

    /// Near misses for `key`; `onMainActor` tells whether main-actor registrations would have been usable.
    func nearMisses(for key: RegistrationKey, onMainActor: Bool) -> [NearMiss] {
        var found: [NearMiss] = []
        var onChain: [DependencyContainer] = []
        var ancestor: DependencyContainer? = container
        while let current = ancestor {
            onChain.append(current)
            let visible = current === container
            for registration in current.registrations(ofType: key.typeIdentifier) {
                let chain = current.chain
                if registration.key != key {
                    if visible || !registration.isLocal {
                        found.append(nearMiss(.differentKey, registration, chain))
                    }
                } else if registration.isLocal && !visible {
                    found.append(nearMiss(.localInAncestor, registration, chain))
                } else if registration.isMainActor && !onMainActor {
                    found.append(nearMiss(.mainActor, registration, chain))
                }
            }
            ancestor = current.parent
        }
        found += container.catalog.withContainers { others in
            var elsewhere: [NearMiss] = []
            for other in others {
                other._withUnsafeGuaranteedRef { other in
                    guard !onChain.contains(where: { $0 === other }) else { return }
                    for registration in other.registrations(ofType: key.typeIdentifier) where registration.key == key {
                        let kind: NearMiss.Kind = registration.scope == .input ? .inputElsewhere : .registeredElsewhere
                        elsewhere.append(nearMiss(kind, registration, other.chain))
                    }
                }
            }
            return elsewhere.sorted { $0.containerChain.lexicographicallyPrecedes($1.containerChain) }
        }
        return found
    }

    private func nearMiss(_ kind: NearMiss.Kind, _ registration: Registration, _ chain: [String]) -> NearMiss {
        NearMiss(kind: kind, registration: registration.displayName, scope: registration.scope, containerChain: chain)
    }
}

extension DependencyContainer {
    /// This container's own registrations of a type, under any key.
    func registrations(ofType identifier: ObjectIdentifier) -> [Registration] {
        var result = unkeyed.find(identifier).map { [$0] } ?? []
        result += keyed.values.filter { $0.key.typeIdentifier == identifier }
            .sorted { $0.displayName < $1.displayName }
        return result
    }

    /// The error for a request that found no usable registration.
    func unresolved(
        _ key: RegistrationKey,
        type: Any.Type,
        accessor: String?,
        onMainActor: Bool,
        reason: DependencyResolutionError.Reason = .notRegistered
    ) -> DependencyResolutionError {
        let typeName = TypeName.of(type)
        let requested = key.key.map { "\(typeName) (key: \($0))" } ?? typeName
        return DependencyResolutionError(
            reason: reason,
            requestedType: typeName,
            key: key.key?.description,
            accessor: accessor,
            containerChain: chain,
            resolutionPath: ResolutionContext.current.path(appending: requested),
            nearMisses: reason == .requiresMainActor ? [] : NearMissFinder(container: self).nearMisses(for: key, onMainActor: onMainActor)
        )
    }
}
