/// What the path given to the analyser is.
public enum AnalysisMode: String, CaseIterable, Codable, Sendable {
    /// One Swift package: its `Sources/` (and `Tests/` with `includeTests`).
    case package
    /// A folder holding many packages: every `Package.swift` below it, analysed as one graph, because
    /// feature packages build each other's modules.
    case monorepo
}
