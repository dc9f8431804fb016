extension DependencyContainer {
    /// Resolves a declared requirement for a generated accessor. Non-throwing: `buildChild` validation makes
    /// failure unreachable in practice; if it happens anyway (a factory failed or a cycle), the process stops
    /// with the full ``DependencyResolutionError`` message naming `accessor`.
    @inlinable @inline(__always)
    public func requirement<T: Sendable>(_ type: T.Type, accessor: String) -> T {
        if let value = _cachedValue(type) { return value }
        return _requirement(type, accessor: accessor)
    }

    /// Everything `requirement(_:accessor:)` does beyond reading a published value.
    @usableFromInline
    func _requirement<T: Sendable>(_ type: T.Type, accessor: String) -> T {
        do {
            return try _resolve(type)
        } catch {
            fatalError(error.attributed(to: accessor).description)
        }
    }

    /// Resolves a keyed requirement for a generated accessor (see ``requirement(_:accessor:)``).
    public func requirement<T: Sendable>(_ type: T.Type, key: some Hashable & Sendable, accessor: String) -> T {
        do {
            return try resolve(type, key: AnyDependencyKey(key), accessor: accessor)
        } catch {
            fatalError(error.attributed(to: accessor).description)
        }
    }

    /// Resolves a `mainActor:` requirement for a generated `@MainActor` accessor.
    @MainActor
    public func mainActorRequirement<T>(_ type: T.Type, accessor: String) -> T {
        do {
            return try resolveMainActor(type)
        } catch {
            fatalError(error.attributed(to: accessor).description)
        }
    }

    /// Resolves a keyed `mainActor:` requirement for a generated `@MainActor` accessor.
    @MainActor
    public func mainActorRequirement<T>(_ type: T.Type, key: some Hashable & Sendable, accessor: String) -> T {
        do {
            return try resolveMainActor(type, key: AnyDependencyKey(key), accessor: accessor)
        } catch {
            fatalError(error.attributed(to: accessor).description)
        }
    }

    /// Reads a declared input for a generated accessor (inputs resolve like registrations, through the chain).
    @inlinable
    public func input<T: Sendable>(_ type: T.Type, accessor: String) -> T {
        requirement(type, accessor: accessor)
    }
}
