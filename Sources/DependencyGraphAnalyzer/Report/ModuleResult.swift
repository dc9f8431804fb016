import HatchMemberwiseInit

/// The verdict on one module.
@MemberwiseInit(.public)
public struct ModuleResult: Codable, Hashable, Sendable {
    /// The module's name.
    public var name: String
    /// Where it is declared.
    public var position: SourcePosition
    /// Requirements, main-actor requirements and inputs together.
    public var requirementCount: Int
    /// How many distinct root paths reach it (0: not built from any root; production checks did not run).
    public var productionPaths: Int
    /// Whether it has a `mockRegistration` (test-mode checks ran).
    public var hasMockRegistration: Bool
    /// Everything wrong with it.
    public var findings: [Finding]

    /// Distinct requirements with at least one problem.
    public var unmetCount: Int {
        Set(findings.filter(\.kind.isRequirementProblem).compactMap { $0.requirement?.matchKey }).count
    }

    /// Whether nothing is wrong.
    public var passed: Bool { findings.isEmpty }

    /// Whether any check ran at all.
    public var wasChecked: Bool { productionPaths > 0 || hasMockRegistration }

    /// `✅ XDependencies: all N requirements met` or `❌ XDependencies: k of N requirements unmet`.
    public var headline: String {
        let noun = requirementCount == 1 ? "requirement" : "requirements"
        if findings.isEmpty {
            if !wasChecked {
                return "⚠️ \(name): \(requirementCount) \(noun), but it is not built from any root and has no mockRegistration, so nothing was checked"
            }
            return "✅ \(name): all \(requirementCount) \(noun) met"
        }
        let unmet = unmetCount
        if unmet > 0 { return "❌ \(name): \(unmet) of \(requirementCount) \(noun) unmet" }
        let problems = findings.count
        return "❌ \(name): all \(requirementCount) \(noun) met, but \(problems) \(problems == 1 ? "problem" : "problems") found"
    }
}
