import DependencyGraphAnalyzer
import Testing

/// One small tree per production rule: what an ancestor, a closure or the module itself may provide,
/// local visibility, actor isolation, keys, and the ways a root and a receiver can be written.
@Suite("Production path rules")
struct ProductionRuleTests {
    static let root = """
    import HatchModularDependencyContainer
    enum AppRoot {}
    func makeApp() {
        let builder = DependencyBuilder<AppRoot>()
        do {
            try builder.registerSingleton(ContentClient.self) { _ in .live }
        } catch {
            preconditionFailure("\\(error)")
        }
        let root = builder.freeze()
        _ = root.buildChild(ParentDependencies.self)
    }
    """

    @Test("a parent's local registration is not visible to its child")
    func localIsNotInherited() throws {
        let tree = try FixtureTree(files: [
            "Sources/App/Root.swift": Self.root,
            "Sources/Parent/ParentDependencies.swift": """
            @DependencyRequirements([Requirement(ContentClient.self), Requirement(Cache.self)])
            public struct ParentDependencies: DependencyRequirements {
                public static func registerDependencies(in builder: DependencyBuilder<ParentDependencies>) {
                    do {
                        try builder.local.registerSingleton(Cache.self) { _ in Cache() }
                    } catch {
                        preconditionFailure("\\(error)")
                    }
                }
                func child() -> ChildDependencies { buildChild(ChildDependencies.self) }
            }
            """,
            "Sources/Child/ChildDependencies.swift": """
            @DependencyRequirements([Requirement(Cache.self)])
            public struct ChildDependencies {}
            """,
        ])
        defer { tree.remove() }
        #expect(try tree.reportLines() == [
            "❌ ChildDependencies: 1 of 1 requirement unmet",
            "    - Cache — unmet on path AppRoot → ParentDependencies → ChildDependencies",
            "      suggestion: register it with `try builder.registerSingleton(Cache.self) { … }` in ChildDependencies.registerDependencies, (not `local`) in ParentDependencies.registerDependencies or an ancestor's, or in the closure of buildChild(ChildDependencies.self) at Sources/Parent/ParentDependencies.swift:10",
            "✅ ParentDependencies: all 2 requirements met",
            "Checked 2 modules in 3 files: 1 passed, 1 failed, 0 cycles, 0 warnings, 0 file errors",
        ])
    }

    @Test("a closure registration and a keyed registration written as an implicit member both count")
    func closureAndImplicitKey() throws {
        let tree = try FixtureTree(files: [
            "Sources/App/Root.swift": """
            enum AppRoot {}
            func makeRootContainer() -> DependencyContainer {
                let builder = DependencyBuilder<AppRoot>()
                try! builder.registerSingleton(HatchAnalyticsClient.self, key: .amplitude) { _ in .noOp }
                return builder.freeze()
            }
            struct App {
                func start() {
                    let container = makeRootContainer()
                    let feature = container.buildChild(FeatureDependencies.self) { childBuilder in
                        try? childBuilder.mainActor.registerSingleton(Coordinator.self) { _ in Coordinator() }
                        childBuilder.provideInput(MacAddress.self, "00:11")
                    }
                    _ = feature
                }
            }
            """,
            "Sources/Feature/FeatureDependencies.swift": """
            @DependencyRequirements(
                [Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude)],
                mainActor: [Requirement(Coordinator.self)],
                inputs: [InputRequirement(MacAddress.self)]
            )
            public struct FeatureDependencies: DependencyRequirements {}
            """,
        ])
        defer { tree.remove() }
        #expect(try tree.reportLines() == [
            "✅ FeatureDependencies: all 3 requirements met",
            "Checked 1 modules in 2 files: 1 passed, 0 failed, 0 cycles, 0 warnings, 0 file errors",
        ])
    }

    @Test("a main-actor registration of a requirement needed off the main actor is a mismatch")
    func offMainActorMismatch() throws {
        let tree = try FixtureTree(files: [
            "Sources/App/Root.swift": """
            enum AppRoot {}
            func makeApp() {
                let builder = DependencyBuilder<AppRoot>()
                try? builder.mainActor.registerSingleton(ContentClient.self) { _ in .live }
                let rootContainer = builder.freeze()
                _ = rootContainer.buildChild(FeatureDependencies.self)
            }
            """,
            "Sources/Feature/FeatureDependencies.swift": """
            @DependencyRequirements([Requirement(ContentClient.self)])
            public struct FeatureDependencies: DependencyRequirements {}
            """,
        ])
        defer { tree.remove() }
        #expect(try tree.reportLines() == [
            "❌ FeatureDependencies: 1 of 1 requirement unmet",
            "    - ContentClient — registered with `mainActor` in root DependencyBuilder<AppRoot> (Sources/App/Root.swift:4) on path AppRoot → FeatureDependencies, but required off the main actor",
            "      suggestion: list it under `mainActor:` in FeatureDependencies's @DependencyRequirements, or register it without `mainActor`",
            "Checked 1 modules in 2 files: 0 passed, 1 failed, 0 cycles, 0 warnings, 0 file errors",
        ])
    }

    @Test("a buildChild inside a registration factory makes the registering module the parent")
    func buildChildInFactory() throws {
        let tree = try FixtureTree(files: [
            "Sources/App/Root.swift": Self.root,
            "Sources/Parent/ParentDependencies.swift": """
            @DependencyRequirements([Requirement(ContentClient.self)])
            public struct ParentDependencies: DependencyRequirements {
                public static func registerDependencies(in builder: DependencyBuilder<ParentDependencies>) {
                    do {
                        try builder.mainActor.registerSingleton(BedtimeStateProvider.self) { container in
                            let bedtimeDependencies = container.buildChild(BedtimeDependencies.self)
                            return BedtimeStateProvider(dependencies: bedtimeDependencies)
                        }
                    } catch {
                        preconditionFailure("\\(error)")
                    }
                }
            }
            """,
            "Sources/Bedtime/BedtimeDependencies.swift": """
            @DependencyRequirements([Requirement(ContentClient.self), Requirement(SleepClient.self)])
            public struct BedtimeDependencies: DependencyRequirements {}
            """,
        ])
        defer { tree.remove() }
        let report = try tree.analyze().report
        #expect(report.graph.edges.map { "\($0.parent)>\($0.child)" } == ["AppRoot>ParentDependencies", "ParentDependencies>BedtimeDependencies"])
        #expect(TextReportRenderer.lines(for: report).prefix(2) == [
            "❌ BedtimeDependencies: 1 of 2 requirements unmet",
            "    - SleepClient — unmet on path AppRoot → ParentDependencies → BedtimeDependencies",
        ])
        // The provider built by the factory is registered but required by nobody.
        #expect(report.warnings.map(\.message) == ["unrequired registration: BedtimeStateProvider in ParentDependencies.registerDependencies (Sources/Parent/ParentDependencies.swift:5) — neither ParentDependencies nor any module it builds requires it"])
    }

    @Test("a hand-written conformance with DeclaredRequirements is read like the macro")
    func handWrittenConformance() throws {
        let tree = try FixtureTree(files: [
            "Sources/App/Root.swift": Self.root,
            "Sources/Parent/ParentDependencies.swift": """
            public struct ParentDependencies: DependencyRequirements {
                public let container: DependencyContainer
                public init(_ container: DependencyContainer) { self.container = container }
                public static let requirements = DeclaredRequirements(
                    [Requirement(ContentClient.self)],
                    mainActor: [Requirement(Coordinator.self)]
                )
            }
            """,
        ])
        defer { tree.remove() }
        let lines = try tree.reportLines()
        #expect(lines.first == "❌ ParentDependencies: 1 of 2 requirements unmet")
        #expect(lines.dropFirst().first == "    - Coordinator (main actor) — unmet on path AppRoot → ParentDependencies")
    }

    @Test("a call whose receiver cannot be placed is reported, and a module nobody builds is flagged")
    func unplacedReceiver() throws {
        let tree = try FixtureTree(files: [
            "Sources/Feature/FeatureDependencies.swift": """
            @DependencyRequirements([Requirement(ContentClient.self)])
            public struct FeatureDependencies: DependencyRequirements {}
            func open(anything: SomeWrapper) {
                _ = anything.value.buildChild(FeatureDependencies.self)
            }
            """,
        ])
        defer { tree.remove() }
        #expect(try tree.reportLines() == [
            "⚠️ FeatureDependencies: 1 requirement, but it is not built from any root and has no mockRegistration, so nothing was checked",
            "⚠️ Sources/Feature/FeatureDependencies.swift:4: warning: cannot tell which container buildChild(FeatureDependencies.self) is called on (receiver `SomeWrapper.value`); give the receiver an explicit type such as `dependencies: ParentDependencies`",
            "Checked 1 modules in 1 files: 0 passed, 0 failed, 1 not checked, 0 cycles, 0 warnings, 0 file errors",
        ])
    }

    @Test("module-qualified names and a module's `container` property are followed")
    func qualifiedNamesAndContainerProperty() throws {
        let tree = try FixtureTree(files: [
            "Sources/App/Root.swift": """
            enum AppRoot {}
            func makeApp() {
                let builder = DependencyBuilder<AppRoot>()
                try? builder.registerSingleton(ContentClient.self) { _ in .live }
                let root = builder.freeze()
                let feature = root.buildChild(HatchFeature.FeatureDependencies.self)
                _ = feature.container.buildChild(DetailDependencies.self)
            }
            """,
            "Sources/Feature/FeatureDependencies.swift": """
            @DependencyRequirements([Requirement(ContentClient.self)])
            public struct FeatureDependencies: DependencyRequirements {}
            extension FeatureDependencies: TestDependencyProvider {
                public static func mockRegistration(in builder: MockDependencyBuilder<FeatureDependencies>) {
                    builder.importDependencies(HatchDetail.DetailDependencies.self)
                }
            }
            """,
            "Sources/Detail/DetailDependencies.swift": """
            @DependencyRequirements([Requirement(ContentClient.self), Requirement(SleepClient.self)])
            public struct DetailDependencies: DependencyRequirements {}
            extension DetailDependencies: TestDependencyProvider {
                public static func mockRegistration(in builder: MockDependencyBuilder<DetailDependencies>) {
                    try? builder.registerSingleton(ContentClient.self) { _ in .mock() }
                    try? builder.registerSingleton(SleepClient.self) { _ in .mock() }
                }
            }
            """,
        ])
        defer { tree.remove() }
        #expect(try tree.reportLines() == [
            "❌ DetailDependencies: 1 of 2 requirements unmet",
            "    - SleepClient — unmet on path AppRoot → FeatureDependencies → DetailDependencies",
            "      suggestion: register it with `try builder.registerSingleton(SleepClient.self) { … }` in DetailDependencies.registerDependencies, (not `local`) in FeatureDependencies.registerDependencies or an ancestor's, or in the closure of buildChild(DetailDependencies.self) at Sources/App/Root.swift:7",
            "✅ FeatureDependencies: all 1 requirement met",
            "Checked 2 modules in 3 files: 1 passed, 1 failed, 0 cycles, 0 warnings, 0 file errors",
        ])
    }

    @Test("a registration function the root builder is passed to registers on the root, in another file; one it is not passed to does not")
    func registrationFunctionsCountForTheRootTheyAreGiven() throws {
        let tree = try FixtureTree(files: [
            "Sources/App/Root.swift": """
            enum AppRoot {}
            func makeApp(session: Session) throws {
                let builder = DependencyBuilder<AppRoot>()
                try SharedClients.register(in: builder, session: session)
                _ = builder.freeze().buildChild(FeatureDependencies.self)
            }
            """,
            "Sources/Shared/SharedClients.swift": """
            public enum SharedClients {
                public static func register<Owner>(in builder: DependencyRegistrar<Owner>, session: Session) throws {
                    try builder.registerSingleton(Session.self) { _ in session }
                    try builder.registerSingleton(ContentClient.self) { _ in .live }
                }
                public static func registerExtras<Owner>(in builder: DependencyRegistrar<Owner>) throws {
                    try builder.registerSingleton(Cache.self) { _ in Cache() }
                }
            }
            """,
            "Sources/Feature/FeatureDependencies.swift": """
            @DependencyRequirements([Requirement(Session.self), Requirement(ContentClient.self), Requirement(Cache.self)])
            public struct FeatureDependencies: DependencyRequirements {}
            """,
        ])
        defer { tree.remove() }
        let lines = try tree.reportLines()
        #expect(lines.first == "❌ FeatureDependencies: 1 of 3 requirements unmet")
        #expect(lines.contains("    - Cache — unmet on path AppRoot → FeatureDependencies"))
        #expect(!lines.contains { $0.contains("- Session —") || $0.contains("- ContentClient —") })
    }
}
