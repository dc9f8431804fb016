import DependencyGraphAnalyzer
import Testing

/// `TestDependencyProvider` coverage: mocks plus recursive imports, local mocks not exported, imports of
/// modules without mocks.
@Suite("Test provider rules")
struct TestProviderRuleTests {
    static let leaf = """
    @DependencyRequirements([Requirement(ContentClient.self)], mainActor: [Requirement(LeafStateProvider.self)])
    public struct LeafDependencies: DependencyRequirements {}
    extension LeafDependencies: TestDependencyProvider {
        public static func mockRegistration(in builder: MockDependencyBuilder<LeafDependencies>) {
            do {
                try builder.registerSingleton(ContentClient.self) { _ in .mock() }
                try builder.local.mainActor.registerSingleton(LeafStateProvider.self) { _ in .mock }
            } catch {
                preconditionFailure("\\(error)")
            }
        }
    }
    """

    @Test("imports are recursive but local mocks are not exported")
    func localMocksAreNotExported() throws {
        let tree = try FixtureTree(files: [
            "Sources/Leaf/LeafDependencies.swift": Self.leaf,
            "Sources/Middle/MiddleDependencies.swift": """
            @DependencyRequirements([])
            public struct MiddleDependencies: DependencyRequirements {}
            extension MiddleDependencies: TestDependencyProvider {
                public static func mockRegistration(in builder: MockDependencyBuilder<MiddleDependencies>) {
                    builder.importDependencies(LeafDependencies.self)
                }
            }
            """,
            "Sources/Top/TopDependencies.swift": """
            @DependencyRequirements([Requirement(ContentClient.self)], mainActor: [Requirement(LeafStateProvider.self)])
            public struct TopDependencies: DependencyRequirements {}
            extension TopDependencies: TestDependencyProvider {
                public static func mockRegistration(in builder: MockDependencyBuilder<TopDependencies>) {
                    builder.importDependencies(MiddleDependencies.self)
                }
            }
            """,
        ])
        defer { tree.remove() }
        #expect(try tree.reportLines() == [
            "✅ LeafDependencies: all 2 requirements met",
            "✅ MiddleDependencies: all 0 requirements met",
            "❌ TopDependencies: 1 of 2 requirements unmet",
            "    - LeafStateProvider (main actor) — not covered in test mode by TopDependencies.mockRegistration or its imports",
            "      suggestion: add `try builder.mainActor.registerSingleton(LeafStateProvider.self) { _ in .mock() }` to TopDependencies.mockRegistration (Sources/Top/TopDependencies.swift:4), or import a child module whose mocks register it",
            "Checked 3 modules in 3 files: 2 passed, 1 failed, 0 cycles, 0 warnings, 0 file errors",
        ])
    }

    @Test("importing a module without mocks, and a mock with the wrong actor isolation, are reported")
    func importWithoutMocksAndMockMismatch() throws {
        let tree = try FixtureTree(files: [
            "Sources/Plain/PlainDependencies.swift": """
            @DependencyRequirements([])
            public struct PlainDependencies: DependencyRequirements {}
            """,
            "Sources/Top/TopDependencies.swift": """
            @DependencyRequirements([], mainActor: [Requirement(Coordinator.self)])
            public struct TopDependencies: DependencyRequirements {}
            extension TopDependencies: TestDependencyProvider {
                public static func mockRegistration(in builder: MockDependencyBuilder<TopDependencies>) {
                    builder.importDependencies(PlainDependencies.self)
                    try? builder.registerSingleton(Coordinator.self) { _ in .mock }
                }
            }
            """,
        ])
        defer { tree.remove() }
        #expect(try tree.reportLines() == [
            "⚠️ PlainDependencies: 0 requirements, but it is not built from any root and has no mockRegistration, so nothing was checked",
            "❌ TopDependencies: 1 of 1 requirement unmet",
            "    - imports PlainDependencies (Sources/Top/TopDependencies.swift:5), which has no mockRegistration in the analysed sources",
            "      suggestion: make PlainDependencies conform to TestDependencyProvider, or remove the import",
            "    - Coordinator (main actor) — mocked without `mainActor` in TopDependencies.mockRegistration (Sources/Top/TopDependencies.swift:6)",
            "      suggestion: register the mock with `builder.mainActor.register…`",
            "Checked 2 modules in 2 files: 0 passed, 1 failed, 1 not checked, 0 cycles, 0 warnings, 0 file errors",
        ])
    }
}
