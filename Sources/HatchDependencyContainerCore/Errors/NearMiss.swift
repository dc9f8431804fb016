/// Something close to what was asked for, found elsewhere in the hierarchy: usually the actual mistake.
public struct NearMiss: Sendable, Hashable, CustomStringConvertible {
    /// How the registration found differs from the one requested.
    public enum Kind: Sendable, Hashable {
        /// The same type under another key (or with/without a key).
        case differentKey
        /// Registered with `mainActor`, but resolved with `resolve` or declared as a plain requirement.
        case mainActor
        /// Registered `local` in an ancestor, so not inherited by this container.
        case localInAncestor
        /// Provided as an input in a container that is not on this chain.
        case inputElsewhere
        /// Registered in a container that is not on this chain (a sibling or a descendant).
        case registeredElsewhere
    }

    /// How it differs.
    public let kind: Kind
    /// The registration found, e.g. `HatchAnalyticsClient (key: AnalyticsKey.statsig)`.
    public let registration: String
    /// Its scope.
    public let scope: DependencyScope
    /// Where it is registered, from the root.
    public let containerChain: [String]

    /// One sentence: what was found, where, and what to do about it.
    public var description: String {
        let place = containerChain.joined(separator: " → ")
        switch kind {
        case .differentKey:
            return "\(registration) is registered (\(scope)) in \(place) — a different key. Request that key, or register this one."
        case .mainActor:
            return "\(registration) is registered with `mainActor` in \(place): resolve it with `resolveMainActor` from the main actor (declare it under `mainActor:`)."
        case .localInAncestor:
            return "\(registration) is registered `local` in \(place), so only that container sees it and children do not inherit it. Register it without `local` there, or register it in this module too."
        case .inputElsewhere:
            return "\(registration) is provided as an input in \(place), which is not an ancestor of this container. Provide it in the buildChild closure that creates this module (`childBuilder.provideInput(…)`) or in an ancestor."
        case .registeredElsewhere:
            return "\(registration) is registered (\(scope)) in \(place), which is not an ancestor of this container. Move the registration to a common ancestor."
        }
    }
}
