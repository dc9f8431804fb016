import Synchronization

/// A frozen set of registrations plus a link to its parent: the runtime of one module's dependencies.
///
/// A container never changes after it is built, so lookups read immutable tables without locks. Children
/// (``buildChild(_:_:)``) see their own registrations first, then every non-local registration of their
/// ancestors; nothing is copied from the parent. Singletons live in the container that declared them and are
/// published through one atomic word each.
public final class DependencyContainer: Sendable {
    /// Whether registrations come from `registerDependencies` or from `mockRegistration`.
    enum Mode: Sendable {
        case production
        case testing
    }

    let parent: DependencyContainer?
    let ownerType: Any.Type
    let mode: Mode
    nonisolated(unsafe) let unkeyed: FrozenTable
    /// `unkeyed`'s keys, registrations, shift and mask, stored here so `resolve` probes them inline with no
    /// other hop.
    @usableFromInline nonisolated(unsafe) let _ownKeys: UnsafePointer<UInt>
    @usableFromInline nonisolated(unsafe) let _ownRegistrations: UnsafePointer<UInt>
    @usableFromInline let _ownShift: UInt
    @usableFromInline let _ownMask: Int
    let keyed: [RegistrationKey: Registration]
    /// The container's ``LookupCache`` (retained, as a bit pattern), created on first need: most containers of
    /// short-lived screens never memoize anything, and `buildChild` stays a few allocations cheaper.
    private let cacheStorage = Atomic<UInt>(0)
    let catalog: HierarchyCatalog
    /// Whether this container is listed in the hierarchy catalog (it has registrations).
    private let isCataloged: Bool
    /// Neighbours in the hierarchy catalog's list. Guarded by the catalog's lock.
    nonisolated(unsafe) var catalogPrevious: Unmanaged<DependencyContainer>?
    nonisolated(unsafe) var catalogNext: Unmanaged<DependencyContainer>?

    /// A root container (from ``DependencyBuilder/freeze()`` or a test-mode `testing()`).
    convenience init(root ownerType: Any.Type, registrations: [Registration], mode: Mode) {
        self.init(parent: nil, ownerType: ownerType, registrations: registrations, mode: mode, catalog: HierarchyCatalog())
    }

    /// A child of `parent`.
    convenience init(parent: DependencyContainer, ownerType: Any.Type, registrations: [Registration]) {
        self.init(parent: parent, ownerType: ownerType, registrations: registrations, mode: parent.mode, catalog: parent.catalog)
    }

    private init(
        parent: DependencyContainer?,
        ownerType: Any.Type,
        registrations: [Registration],
        mode: Mode,
        catalog: HierarchyCatalog
    ) {
        self.parent = parent
        self.ownerType = ownerType
        self.mode = mode
        self.catalog = catalog
        var keyed: [RegistrationKey: Registration] = [:]
        var unkeyedCount = 0
        for registration in registrations where registration.key.key == nil { unkeyedCount += 1 }
        let table = unkeyedCount == 0 ? FrozenTable.empty : FrozenTable.make(capacityFor: unkeyedCount)
        for candidate in registrations {
            let registration = candidate.claimedForContainer()
            if registration.key.key == nil {
                table.insert(registration)
            } else {
                keyed[registration.key] = registration
            }
        }
        self.unkeyed = table
        self._ownKeys = table.keys
        self._ownRegistrations = table.registrations
        self._ownShift = table.shape.shift
        self._ownMask = table.shape.mask
        self.keyed = keyed
        self.isCataloged = !registrations.isEmpty
        table.forEach { $0.declaringContainer = self }
        for registration in keyed.values {
            registration.declaringContainer = self
        }
        if isCataloged {
            catalog.add(self)
        }
    }

    deinit {
        if isCataloged {
            catalog.remove(self)
        }
        let raw = cacheStorage.load(ordering: .acquiring)
        if raw != 0 {
            Unmanaged<LookupCache>.fromOpaque(UnsafeRawPointer(bitPattern: raw).unsafelyUnwrapped).release()
        }
    }

    /// The lookup cache, if one has been created.
    private var existingCache: LookupCache? {
        let raw = cacheStorage.load(ordering: .acquiring)
        guard raw != 0 else { return nil }
        return Unmanaged<LookupCache>.fromOpaque(UnsafeRawPointer(bitPattern: raw).unsafelyUnwrapped).takeUnretainedValue()
    }

    /// The lookup cache, created (once, even under contention) on first use.
    var cache: LookupCache {
        if let existing = existingCache { return existing }
        let created = Unmanaged.passRetained(LookupCache())
        let desired = UInt(bitPattern: created.toOpaque())
        let (exchanged, original) = cacheStorage.compareExchange(expected: 0, desired: desired, ordering: .acquiringAndReleasing)
        if exchanged { return created.takeUnretainedValue() }
        created.release()
        return Unmanaged<LookupCache>.fromOpaque(UnsafeRawPointer(bitPattern: original).unsafelyUnwrapped).takeUnretainedValue()
    }

    // MARK: - Lookup

    /// The registration an unkeyed resolution from this container uses: its own (local ones included),
    /// else the nearest ancestor's non-local one.
    func registration(for identifier: ObjectIdentifier) -> Registration? {
        if let own = unkeyed.find(identifier) { return own }
        guard parent != nil else { return nil }
        return existingCache?.find(identifier) ?? inheritedRegistration(for: RegistrationKey(typeIdentifier: identifier, key: nil), memoize: true)
    }

    /// The first step of `resolve`, inlined into the caller: the registration of an unkeyed, off-main-actor
    /// singleton or input registered in this container itself, unretained (valid while this container
    /// lives), or nil if anything else is needed.
    @inlinable @inline(__always)
    func _ownServedCell(for identifier: ObjectIdentifier) -> Unmanaged<Registration>? {
        let key = FrozenKey.of(identifier)
        var index = FrozenKey.home(of: key, shift: _ownShift)
        while true {
            let slot = _ownKeys[index]
            if slot == key | 1 { return FrozenKey.registration(_ownRegistrations[index]) }
            if slot == 0 || slot == key { return nil }
            index = (index &+ 1) & _ownMask
        }
    }

    /// The second step of `resolve`: the registration of an unkeyed, off-main-actor singleton or input this
    /// container has already found in an ancestor (its lookup cache), unretained, or nil.
    @usableFromInline
    func _inheritedServedCell(for identifier: ObjectIdentifier) -> Unmanaged<Registration>? {
        let raw = cacheStorage.load(ordering: .acquiring)
        guard raw != 0 else { return nil }
        let cached = Unmanaged<LookupCache>.fromOpaque(UnsafeRawPointer(bitPattern: raw).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { $0.lookup(identifier) }
        return cached?._withUnsafeGuaranteedRef { $0.servesFromCellOffMainActor } == true ? cached : nil
    }

    /// The registration a resolution of `key` from this container uses.
    func registration(for key: RegistrationKey, memoize: Bool = true) -> Registration? {
        if let own = ownRegistration(for: key) { return own }
        guard parent != nil else { return nil }
        if memoize, let cache = existingCache, let cached = key.key == nil ? cache.find(key.typeIdentifier) : cache.find(key) {
            return cached
        }
        return inheritedRegistration(for: key, memoize: memoize)
    }

    /// This container's own registration for `key`, local ones included.
    func ownRegistration(for key: RegistrationKey) -> Registration? {
        key.key == nil ? unkeyed.find(key.typeIdentifier) : keyed[key]
    }

    /// Walks the ancestors for a non-local registration of `key`.
    private func inheritedRegistration(for key: RegistrationKey, memoize: Bool) -> Registration? {
        var ancestor = parent
        while let container = ancestor {
            if let found = container.ownRegistration(for: key), !found.isLocal {
                if memoize { cache.remember(found, for: key) }
                return found
            }
            ancestor = container.parent
        }
        return nil
    }

    /// The scoped-instance cell of `registration` in this container.
    func scopedCell(for registration: Registration) -> InstanceCell {
        cache.scopedCell(for: registration)
    }

    // MARK: - Names

    /// This container's module name, e.g. `AdultScreenDependencies`.
    var name: String { TypeName.of(ownerType) }

    /// The modules from the root to this container, e.g. `["AppRoot", "AdultScreenDependencies"]`; the same
    /// chain error messages print.
    public var chain: [String] {
        var names: [String] = []
        var container: DependencyContainer? = self
        while let current = container {
            names.append(current.name)
            container = current.parent
        }
        return names.reversed()
    }

    /// Whether `other` is this container or one of its ancestors.
    func isSelfOrAncestor(_ other: DependencyContainer) -> Bool {
        var container: DependencyContainer? = self
        while let current = container {
            if current === other { return true }
            container = current.parent
        }
        return false
    }
}
