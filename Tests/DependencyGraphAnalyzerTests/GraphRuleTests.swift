import DependencyGraphAnalyzer
import Testing

/// Cycles, unrequired registrations and malformed files.
@Suite("Graph-wide rules")
struct GraphRuleTests {
    @Test("a buildChild cycle is reported once, starting at its smallest module")
    func cycle() throws {
        let tree = try FixtureTree(files: [
            "Sources/App/Root.swift": """
            enum AppRoot {}
            let rootBuilder = DependencyBuilder<AppRoot>()
            let rootContainer = rootBuilder.freeze()
            let first = rootContainer.buildChild(BetaDependencies.self)
            """,
            "Sources/Alpha/AlphaDependencies.swift": """
            @DependencyRequirements([])
            public struct AlphaDependencies: DependencyRequirements {}
            extension AlphaDependencies {
                func next() -> BetaDependencies { buildChild(BetaDependencies.self) }
            }
            """,
            "Sources/Beta/BetaDependencies.swift": """
            @DependencyRequirements([])
            public struct BetaDependencies: DependencyRequirements {}
            struct BetaScreen {
                let dependencies: BetaDependencies
                func open() { _ = dependencies.buildChild(AlphaDependencies.self) }
            }
            """,
        ])
        defer { tree.remove() }
        let outcome = try tree.analyze()
        #expect(TextReportRenderer.lines(for: outcome.report) == [
            "✅ AlphaDependencies: all 0 requirements met",
            "✅ BetaDependencies: all 0 requirements met",
            "❌ buildChild cycle: AlphaDependencies → BetaDependencies → AlphaDependencies",
            "      suggestion: a module must not build one of its ancestors; remove or move buildChild(BetaDependencies.self) at Sources/Alpha/AlphaDependencies.swift:4",
            "Checked 2 modules in 3 files: 2 passed, 0 failed, 1 cycles, 0 warnings, 0 file errors",
        ])
        #expect(outcome.report.hasFailures)
    }

    @Test("registrations and inputs nobody below requires are warned about; resolved-by-hand types are not")
    func unrequiredRegistrations() throws {
        let tree = try FixtureTree(files: [
            "Sources/App/Root.swift": """
            enum AppRoot {}
            func makeApp() {
                let builder = DependencyBuilder<AppRoot>()
                try? builder.registerSingleton(ContentClient.self) { _ in .live }
                try? builder.registerSingleton(UnusedClient.self) { _ in .live }
                try? builder.registerSingleton(LoggerClient.self) { _ in .live }
                let root = builder.freeze()
                _ = root.buildChild(FeatureDependencies.self) { childBuilder in
                    childBuilder.provideInput(MacAddress.self, "00")
                }
            }
            """,
            "Sources/Feature/FeatureDependencies.swift": """
            @DependencyRequirements([Requirement(ContentClient.self)])
            public struct FeatureDependencies: DependencyRequirements {
                public static func registerDependencies(in builder: DependencyBuilder<FeatureDependencies>) {
                    try? builder.local.registerSingleton(Formatter.self) { container in
                        try Formatter(logger: container.resolve(LoggerClient.self))
                    }
                }
            }
            """,
        ])
        defer { tree.remove() }
        #expect(try tree.reportLines() == [
            "✅ FeatureDependencies: all 1 requirement met",
            "⚠️ unrequired registration: UnusedClient in the root DependencyBuilder<AppRoot> (Sources/App/Root.swift:5) — no module built from AppRoot requires it",
            "⚠️ unrequired input: MacAddress in the closure of buildChild(FeatureDependencies.self) (Sources/App/Root.swift:9) — neither FeatureDependencies nor any module it builds requires it",
            "⚠️ unrequired registration: Formatter in FeatureDependencies.registerDependencies (Sources/Feature/FeatureDependencies.swift:4) — it is local and FeatureDependencies does not require it",
            "Checked 1 modules in 2 files: 1 passed, 0 failed, 0 cycles, 3 warnings, 0 file errors",
        ])
    }

    @Test("a malformed file is reported with file and line and the other files are still analysed")
    func malformedFile() throws {
        let tree = try FixtureTree(files: [
            "Sources/App/Root.swift": """
            enum AppRoot {}
            let builder = DependencyBuilder<AppRoot>()
            let root = builder.freeze()
            let feature = root.buildChild(FeatureDependencies.self)
            """,
            "Sources/Feature/FeatureDependencies.swift": """
            @DependencyRequirements([])
            public struct FeatureDependencies: DependencyRequirements {}
            """,
            "Sources/Broken/BrokenDependencies.swift": """
            @DependencyRequirements([Requirement(ContentClient.self)])
            public struct BrokenDependencies: DependencyRequirements {
                func open( -> {
            }
            """,
        ])
        defer { tree.remove() }
        try tree.write("Sources/Broken/Binary.swift", bytes: [0xFF, 0xFE] + Array("not swift at all: buildChild(".utf8))
        let outcome = try tree.analyze()
        #expect(TextReportRenderer.lines(for: outcome.report) == [
            "⚠️ BrokenDependencies: 1 requirement, but it is not built from any root and has no mockRegistration, so nothing was checked",
            "✅ FeatureDependencies: all 0 requirements met",
            "❌ Sources/Broken/Binary.swift:1: error: syntax error: invalid UTF-8 found in source file (and 3 more in this file); the rest of the file was analysed as far as it could be read",
            "❌ Sources/Broken/BrokenDependencies.swift:3: error: syntax error: expected identifier and ':' in parameter (and 4 more in this file); the rest of the file was analysed as far as it could be read",
            "Checked 2 modules in 4 files: 1 passed, 0 failed, 1 not checked, 0 cycles, 0 warnings, 2 file errors",
        ])
        #expect(outcome.report.hasFailures)
    }
}
