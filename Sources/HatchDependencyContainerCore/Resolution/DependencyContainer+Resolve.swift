extension DependencyContainer {
    /// Resolves a `Sendable` dependency registered without a key in this container or an ancestor.
    ///
    /// A cached singleton is read with one atomic load and no lock. Throws
    /// ``DependencyResolutionError`` (never crashes): not registered (with near misses), registered with
    /// `mainActor` (use ``resolveMainActor(_:)``), a cycle, or a factory that threw.
    @inlinable @inline(__always)
    public func resolve<T: Sendable>(_ type: T.Type) throws(DependencyResolutionError) -> T {
        if let value = _cachedValue(type) { return value }
        return try _resolve(type)
    }

    /// The published value of an unkeyed, off-main-actor singleton or input, from this container or its
    /// lookup cache, or nil if anything else is needed: `resolve`'s and `requirement`'s fast path.
    @inlinable @inline(__always)
    func _cachedValue<T: Sendable>(_ type: T.Type) -> T? {
        let identifier = ObjectIdentifier(type)
        guard let cell = _ownServedCell(for: identifier) ?? _inheritedServedCell(for: identifier) else { return nil }
        return cell._withUnsafeGuaranteedRef { $0._publishedValue(as: T.self) }
    }

    /// Everything `resolve` does beyond reading a published value.
    @usableFromInline
    func _resolve<T: Sendable>(_ type: T.Type) throws(DependencyResolutionError) -> T {
        guard let registration = registration(for: ObjectIdentifier(type)) else {
            throw unresolved(RegistrationKey(typeIdentifier: ObjectIdentifier(type), key: nil), type: type, accessor: nil, onMainActor: false)
        }
        if registration.servesFromCellOffMainActor, let value = registration.cell.load(as: T.self) {
            return value
        }
        return try produce(registration, as: type, accessor: nil, onMainActor: false)
    }

    /// Resolves a `Sendable` dependency registered under `key`, e.g. `resolve(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude)`.
    public func resolve<T: Sendable>(_ type: T.Type, key: some Hashable & Sendable) throws(DependencyResolutionError) -> T {
        try resolve(type, key: AnyDependencyKey(key), accessor: nil)
    }

    /// Resolves a main-actor dependency (or any other registration) on the main actor.
    @MainActor
    public func resolveMainActor<T>(_ type: T.Type) throws(DependencyResolutionError) -> T {
        guard let registration = registration(for: ObjectIdentifier(type)) else {
            throw unresolved(RegistrationKey(typeIdentifier: ObjectIdentifier(type), key: nil), type: type, accessor: nil, onMainActor: true)
        }
        if registration.servesFromCell, let value = registration.cell.load(as: T.self) {
            return value
        }
        return try produce(registration, as: type, accessor: nil, onMainActor: true)
    }

    /// Resolves a main-actor dependency registered under `key`.
    @MainActor
    public func resolveMainActor<T>(_ type: T.Type, key: some Hashable & Sendable) throws(DependencyResolutionError) -> T {
        try resolveMainActor(type, key: AnyDependencyKey(key), accessor: nil)
    }

    // MARK: - Shared paths

    func resolve<T: Sendable>(_ type: T.Type, key: AnyDependencyKey, accessor: String?) throws(DependencyResolutionError) -> T {
        try resolveKeyed(type, key: key, accessor: accessor, onMainActor: false)
    }

    @MainActor
    func resolveMainActor<T>(_ type: T.Type, key: AnyDependencyKey, accessor: String?) throws(DependencyResolutionError) -> T {
        try resolveKeyed(type, key: key, accessor: accessor, onMainActor: true)
    }

    /// A keyed resolution; `onMainActor` only when the caller runs on the main actor, so a main-actor
    /// registration's cached value is served there and refused elsewhere.
    private func resolveKeyed<T>(
        _ type: T.Type, key: AnyDependencyKey, accessor: String?, onMainActor: Bool
    ) throws(DependencyResolutionError) -> T {
        let requested = RegistrationKey(typeIdentifier: ObjectIdentifier(type), key: key)
        guard let registration = registration(for: requested) else {
            throw unresolved(requested, type: type, accessor: accessor, onMainActor: onMainActor)
        }
        let servesFromCell = onMainActor ? registration.servesFromCell : registration.servesFromCellOffMainActor
        if servesFromCell, let value = registration.cell.load(as: T.self) {
            return value
        }
        return try produce(registration, as: type, accessor: accessor, onMainActor: onMainActor)
    }

    /// The slow path: runs (or waits for) the factory according to the registration's scope.
    func produce<T>(
        _ registration: Registration,
        as type: T.Type,
        accessor: String?,
        onMainActor: Bool
    ) throws(DependencyResolutionError) -> T {
        if registration.isMainActor && !onMainActor {
            throw unresolved(registration.key, type: type, accessor: accessor, onMainActor: false, reason: .requiresMainActor)
        }
        let context = ResolutionContext.current
        if let cycle = context.cycle(closedBy: registration) {
            throw unresolved(registration.key, type: type, accessor: accessor, onMainActor: onMainActor, reason: .cycle(cycle))
        }
        let declaring = registration.declaringContainer.unsafelyUnwrapped
        switch registration.scope {
        case .transient:
            let box = try invoke(registration, in: declaring, context: context)
            return unsafeDowncast(box, to: InstanceBox<T>.self).value
        case .singleton, .input:
            return try value(in: registration.cell, of: registration, factoryContainer: declaring, context: context, as: type)
        case .scoped:
            let cell = scopedCell(for: registration)
            if let value = cell.load(as: T.self) { return value }
            return try value(in: cell, of: registration, factoryContainer: self, context: context, as: type)
        }
    }

    /// Constructs (once) or waits for the value published in `cell`.
    private func value<T>(
        in cell: InstanceCell,
        of registration: Registration,
        factoryContainer: DependencyContainer,
        context: ResolutionContext,
        as type: T.Type
    ) throws(DependencyResolutionError) -> T {
        do {
            try ConstructionCoordinator.shared.value(in: cell, context: context, requested: registration.displayName) {
                try invoke(registration, in: factoryContainer, context: context)
            }
        } catch {
            switch error {
            case .crossThreadCycle(let mine, let others):
                throw unresolved(
                    registration.key, type: type, accessor: nil, onMainActor: true,
                    reason: .crossThreadCycle(thisThread: mine, otherThreads: others)
                )
            case .factory(let failure as DependencyResolutionError):
                throw failure
            case .factory(let failure):
                throw factoryFailure(failure, registration: registration, context: context)
            }
        }
        return cell.load(as: T.self).unsafelyUnwrapped
    }

    /// Runs the factory of `registration` with it on the resolution stack.
    private func invoke(
        _ registration: Registration,
        in container: DependencyContainer,
        context: ResolutionContext
    ) throws(DependencyResolutionError) -> AnyInstanceBox {
        do {
            return try context.withFrame(registration) {
                switch registration.factory {
                case .sendable(let factory):
                    try factory(container)
                case .mainActor(let factory):
                    try MainActor.assumeIsolated { try factory(container) }
                case .value(let box):
                    box
                }
            }
        } catch let error as DependencyResolutionError {
            throw error
        } catch {
            throw factoryFailure(error, registration: registration, context: context)
        }
    }

    private func factoryFailure(_ error: any Error, registration: Registration, context: ResolutionContext) -> DependencyResolutionError {
        DependencyResolutionError(
            reason: .factoryFailed(String(describing: error)),
            requestedType: registration.typeName,
            key: registration.key.key?.description,
            accessor: nil,
            containerChain: chain,
            resolutionPath: context.path(appending: registration.displayName),
            nearMisses: []
        )
    }
}
