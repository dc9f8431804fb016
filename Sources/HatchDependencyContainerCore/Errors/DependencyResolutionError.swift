/// Why a resolution failed, with everything needed to fix it: the requested type and key, the container chain,
/// the resolution path that led there, near misses, and the next step.
public struct DependencyResolutionError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// No container on the chain has a usable registration.
        case notRegistered
        /// The registration is main-actor, but `resolve` was used: call `resolveMainActor`.
        case requiresMainActor
        /// The type depends on itself on this thread; the path starts and ends with the same registration.
        case cycle([String])
        /// Waiting for a singleton under construction on another thread would deadlock: that thread is
        /// (transitively) waiting for one this thread is constructing. One path per other thread.
        case crossThreadCycle(thisThread: [String], otherThreads: [[String]])
        /// The factory threw this error (described).
        case factoryFailed(String)
    }

    /// What went wrong.
    public let reason: Reason
    /// The requested type, e.g. `RoutineCoordinating`.
    public let requestedType: String
    /// The requested key, e.g. `AnalyticsKey.amplitude`, or nil.
    public let key: String?
    /// The generated accessor that asked, if any.
    public let accessor: String?
    /// The containers from the root to the one resolving, e.g. `AppRoot → AdultScreenDependencies`.
    public let containerChain: [String]
    /// The resolutions in progress, outermost first, ending with the requested type.
    public let resolutionPath: [String]
    /// Registrations close to the requested one.
    public let nearMisses: [NearMiss]

    /// The cycle, for `.cycle` and `.crossThreadCycle`.
    public var cyclePath: [String]? {
        switch reason {
        case .cycle(let path): path
        case .crossThreadCycle(let path, _): path
        default: nil
        }
    }

    /// The requested type with its key, e.g. `HatchAnalyticsClient (key: AnalyticsKey.amplitude)`.
    public var requested: String {
        key.map { "\(requestedType) (key: \($0))" } ?? requestedType
    }

    /// The same error, attributed to a generated accessor.
    func attributed(to accessor: String) -> DependencyResolutionError {
        DependencyResolutionError(
            reason: reason, requestedType: requestedType, key: key, accessor: accessor,
            containerChain: containerChain, resolutionPath: resolutionPath, nearMisses: nearMisses
        )
    }

    public var description: String {
        var lines = [headline]
        lines.append("  container chain: \(containerChain.joined(separator: " → "))")
        lines.append("  resolution path: \(resolutionPath.joined(separator: " → "))")
        if let accessor { lines.append("  accessor: \(accessor)") }
        if case .crossThreadCycle(let mine, let others) = reason {
            lines.append("  this thread: \(mine.joined(separator: " → ")) (waits)")
            for path in others { lines.append("  other thread: \(path.joined(separator: " → ")) (waits)") }
        }
        if !nearMisses.isEmpty {
            lines.append("  near misses:")
            lines += nearMisses.map { "    • \($0)" }
        }
        lines.append("  what to do: \(nextStep)")
        return lines.joined(separator: "\n")
    }

    private var headline: String {
        switch reason {
        case .notRegistered:
            "Cannot resolve \(requested): no registration in this container or its ancestors."
        case .requiresMainActor:
            "Cannot resolve \(requested) with `resolve`: it is registered with `mainActor`."
        case .cycle(let path):
            "Dependency cycle while resolving \(requested): \(path.joined(separator: " → "))."
        case .crossThreadCycle:
            "Dependency cycle across threads while resolving \(requested): waiting would deadlock."
        case .factoryFailed(let message):
            "The factory of \(requested) threw: \(message)"
        }
    }

    private var nextStep: String {
        switch reason {
        case .notRegistered:
            "Register \(requested) in one of the containers above (`try builder.registerSingleton(\(requestedType).self\(key.map { ", key: \($0)" } ?? "")) { container in … }` in `registerDependencies(in:)` or the composition root), provide it as an input in the buildChild closure, or — in test mode — register it in `mockRegistration(in:)` or import the module that does."
        case .requiresMainActor:
            "Call `try container.resolveMainActor(\(requestedType).self)` from a @MainActor context, or declare it under `mainActor:` and use the generated accessor."
        case .cycle, .crossThreadCycle:
            "Break the cycle: let one of these types receive the other lazily (a closure or a later `resolve`), or move the shared state into a third type both depend on."
        case .factoryFailed:
            "Fix the failure in the factory of \(requested). Nothing was cached, so the next resolution runs the factory again."
        }
    }
}
