/// Every requirement of a module that `buildChild` (or `testing()`) could not meet, reported at once.
public struct DependencyValidationError: Error, Sendable, CustomStringConvertible {
    /// One requirement that cannot be met.
    public struct UnmetRequirement: Sendable, CustomStringConvertible {
        /// Which list of the declaration it comes from.
        public enum Kind: String, Sendable {
            case requirement
            case mainActor = "main-actor requirement"
            case input
        }

        /// Which list it comes from.
        public let kind: Kind
        /// The required type.
        public let typeName: String
        /// The required key, if any.
        public let key: String?
        /// The accessor name given in the declaration, if any.
        public let accessorName: String?
        /// What is wrong.
        public let problem: String
        /// Registrations close to it.
        public let nearMisses: [NearMiss]
        /// What to do about it.
        public let fix: String

        /// `HatchAnalyticsClient (key: AnalyticsKey.amplitude)`.
        public var requested: String {
            key.map { "\(typeName) (key: \($0))" } ?? typeName
        }

        public var description: String {
            var lines = ["• \(requested) (\(kind.rawValue)\(accessorName.map { ", accessor \($0)" } ?? "")): \(problem)"]
            lines += nearMisses.map { "    near miss: \($0)" }
            lines.append("    fix: \(fix)")
            return lines.joined(separator: "\n")
        }
    }

    /// The module that could not be built.
    public let module: String
    /// The containers from the root to the new child.
    public let containerChain: [String]
    /// Whether the container was built in test mode (from `mockRegistration`).
    public let isTestMode: Bool
    /// Every unmet requirement.
    public let unmet: [UnmetRequirement]

    public var description: String {
        let count = unmet.count == 1 ? "1 requirement is" : "\(unmet.count) requirements are"
        var lines = ["\(module) cannot be built\(isTestMode ? " in test mode" : ""): \(count) not met."]
        lines.append("  container chain: \(containerChain.joined(separator: " → "))")
        lines += unmet.map { "  " + $0.description.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ") }
        lines.append(isTestMode
            ? "  what to do: register the missing mocks in \(module).mockRegistration(in:), import the child modules whose mocks provide them (`builder.importDependencies(…)`), or pass them to `testing { }`."
            : "  what to do: register what is missing in \(module).registerDependencies(in:) or in an ancestor, and provide inputs in the buildChild closure (`childBuilder.provideInput(…)`).")
        return lines.joined(separator: "\n")
    }
}
