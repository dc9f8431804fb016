import DependencyGraphAnalyzer
import Testing

/// The fixture shaped like cookbook 001's "Converted Modules Reference" (ten modules, their children and
/// imports) passes; removing one registration makes exactly the right modules fail with the right path.
@Suite("Cookbook 001 reference tree")
struct CookbookReferenceTests {
    static let fixture = "CookbookReference"

    @Test("the reference tree passes with the table's requirement counts")
    func referenceTreePasses() throws {
        let tree = try FixtureTree(copying: Self.fixture)
        defer { tree.remove() }
        let outcome = try tree.analyze()
        #expect(TextReportRenderer.lines(for: outcome.report) == [
            "✅ AdultAlarmsDependencies: all 10 requirements met",
            "✅ AdultContentDetailDependencies: all 12 requirements met",
            "✅ AdultLibraryDependencies: all 8 requirements met",
            "✅ AdultRoutineDependencies: all 15 requirements met",
            "✅ AdultScreenDependencies: all 14 requirements met",
            "✅ AdultSleepDependencies: all 6 requirements met",
            "✅ BedtimeRemindersDependencies: all 18 requirements met",
            "✅ ContentPreviewDependencies: all 5 requirements met",
            "✅ DeviceSettingsDependencies: all 5 requirements met",
            "✅ SleepTrackingDependencies: all 8 requirements met",
            "Checked 10 modules in 30 files: 10 passed, 0 failed, 0 cycles, 0 warnings, 0 file errors",
        ])
        #expect(!outcome.report.hasFailures)
    }

    @Test("the graph has the table's children and imports")
    func graphMatchesTable() throws {
        let tree = try FixtureTree(copying: Self.fixture)
        defer { tree.remove() }
        let graph = try tree.analyze().report.graph
        func children(_ module: String) -> [String] { graph.edges.filter { $0.parent == module }.map(\.child).sorted() }
        func imports(_ module: String) -> [String] { graph.imports.filter { $0.parent == module }.map(\.child).sorted() }
        let table: [(String, [String])] = [
            ("ContentPreviewDependencies", []),
            ("AdultAlarmsDependencies", []),
            ("BedtimeRemindersDependencies", ["ContentPreviewDependencies"]),
            ("AdultContentDetailDependencies", ["AdultAlarmsDependencies", "BedtimeRemindersDependencies", "ContentPreviewDependencies"]),
            ("AdultLibraryDependencies", ["AdultContentDetailDependencies"]),
            ("AdultRoutineDependencies", ["AdultAlarmsDependencies", "AdultContentDetailDependencies", "BedtimeRemindersDependencies", "ContentPreviewDependencies"]),
            ("SleepTrackingDependencies", ["BedtimeRemindersDependencies"]),
            ("AdultSleepDependencies", ["SleepTrackingDependencies"]),
            ("DeviceSettingsDependencies", ["ContentPreviewDependencies"]),
            ("AdultScreenDependencies", ["AdultLibraryDependencies", "AdultRoutineDependencies", "AdultSleepDependencies"]),
        ]
        for (module, expected) in table {
            #expect(children(module) == expected, "children of \(module)")
            #expect(imports(module) == expected, "imports of \(module)")
        }
        #expect(children("AppRoot") == ["AdultScreenDependencies", "DeviceSettingsDependencies"])
    }

    @Test("removing a parent's main-actor registration fails every module below it, with the first path")
    func removedParentRegistration() throws {
        let tree = try FixtureTree(copying: Self.fixture)
        defer { tree.remove() }
        try tree.removeStatement(startingWith: "try builder.mainActor.registerSingleton(AlarmStateProvider.self)", in: "Sources/AdultScreen/Dependencies/AdultScreenDependencies.swift")
        let lines = try tree.reportLines()
        #expect(lines.contains("❌ AdultAlarmsDependencies: 1 of 10 requirements unmet"))
        #expect(lines.contains("    - AlarmStateProvider (main actor) — unmet on path AppRoot → AdultScreenDependencies → AdultRoutineDependencies → AdultAlarmsDependencies"))
        #expect(lines.contains("      suggestion: register it with `try builder.mainActor.registerSingleton(AlarmStateProvider.self) { … }` in AdultAlarmsDependencies.registerDependencies, (not `local`) in AdultRoutineDependencies.registerDependencies or an ancestor's, or in the closure of buildChild(AdultAlarmsDependencies.self) at Sources/AdultRoutine/AdultRoutineDestination+Live.swift:21"))
        #expect(lines.contains("❌ AdultRoutineDependencies: 1 of 15 requirements unmet"))
        #expect(lines.contains("    - AlarmStateProvider (main actor) — unmet on path AppRoot → AdultScreenDependencies → AdultRoutineDependencies"))
        #expect(lines.contains("❌ AdultScreenDependencies: 1 of 14 requirements unmet"))
        #expect(lines.contains("    - AlarmStateProvider (main actor) — unmet on path AppRoot → AdultScreenDependencies"))
        #expect(lines.contains("✅ AdultContentDetailDependencies: all 12 requirements met"))
        #expect(lines.last == "Checked 10 modules in 30 files: 7 passed, 3 failed, 0 cycles, 0 warnings, 0 file errors")
    }

    @Test("removing a root registration fails on the deepest path through sleep tracking")
    func removedRootRegistration() throws {
        let tree = try FixtureTree(copying: Self.fixture)
        defer { tree.remove() }
        try tree.removeLine(containing: "registerSingleton(SleepClient.self)", in: "Sources/App/ViewControllerFactory.swift")
        let lines = try tree.reportLines()
        #expect(lines.contains("❌ BedtimeRemindersDependencies: 1 of 18 requirements unmet"))
        #expect(lines.contains("    - SleepClient — unmet on path AppRoot → AdultScreenDependencies → AdultSleepDependencies → SleepTrackingDependencies → BedtimeRemindersDependencies"))
        #expect(lines.contains("❌ SleepTrackingDependencies: 1 of 8 requirements unmet"))
        #expect(lines.contains("❌ AdultSleepDependencies: 1 of 6 requirements unmet"))
        #expect(lines.contains("❌ AdultScreenDependencies: 1 of 14 requirements unmet"))
        #expect(lines.contains("    - SleepClient — unmet on path AppRoot → AdultScreenDependencies"))
        #expect(lines.contains("      suggestion: register it with `try builder.registerSingleton(SleepClient.self) { … }` in AdultScreenDependencies.registerDependencies, (not `local`) in the root DependencyBuilder<AppRoot>, or in the closure of buildChild(AdultScreenDependencies.self) at Sources/App/ViewControllerFactory.swift:37"))
        #expect(lines.contains("✅ AdultRoutineDependencies: all 15 requirements met"))
    }

    @Test("removing an input from a buildChild closure fails the child with the input suggestion")
    func removedSiteInput() throws {
        let tree = try FixtureTree(copying: Self.fixture)
        defer { tree.remove() }
        try tree.removeLine(containing: "childBuilder.provideInput(SleepSessionIdentifier.self", in: "Sources/AdultSleep/AdultSleepDestination+Live.swift")
        let lines = try tree.reportLines()
        #expect(lines.contains("❌ SleepTrackingDependencies: 1 of 8 requirements unmet"))
        #expect(lines.contains("    - SleepSessionIdentifier (input) — unmet on path AppRoot → AdultScreenDependencies → AdultSleepDependencies → SleepTrackingDependencies"))
        #expect(lines.contains("      suggestion: provide it in the closure of buildChild(SleepTrackingDependencies.self) at Sources/AdultSleep/AdultSleepDestination+Live.swift:21: `childBuilder.provideInput(SleepSessionIdentifier.self, …)`"))
        #expect(lines.filter { $0.hasPrefix("❌") }.count == 1)
    }

    @Test("removing a mock registration fails the module in test mode")
    func removedMockRegistration() throws {
        let tree = try FixtureTree(copying: Self.fixture)
        defer { tree.remove() }
        try tree.removeLine(containing: "registerSingleton(LibraryContentClient.self)", in: "Sources/AdultLibrary/Dependencies/AdultLibraryDependencies+Mock.swift")
        let lines = try tree.reportLines()
        #expect(lines.contains("❌ AdultLibraryDependencies: 1 of 8 requirements unmet"))
        #expect(lines.contains("    - LibraryContentClient (main actor) — not covered in test mode by AdultLibraryDependencies.mockRegistration or its imports"))
        #expect(lines.contains("      suggestion: add `try builder.mainActor.registerSingleton(LibraryContentClient.self) { _ in .mock() }` to AdultLibraryDependencies.mockRegistration (Sources/AdultLibrary/Dependencies/AdultLibraryDependencies+Mock.swift:8), or import a child module whose mocks register it"))
        // AdultScreen imports AdultLibrary, so it loses the mock too.
        #expect(lines.contains("❌ AdultScreenDependencies: 1 of 14 requirements unmet"))
    }

    @Test("removing an import of a built child is reported even when coverage still holds")
    func removedImport() throws {
        let tree = try FixtureTree(copying: Self.fixture)
        defer { tree.remove() }
        try tree.removeLine(containing: "builder.importDependencies(ContentPreviewDependencies.self)", in: "Sources/AdultRoutine/Dependencies/AdultRoutineDependencies+Mock.swift")
        let lines = try tree.reportLines()
        #expect(lines.contains("❌ AdultRoutineDependencies: all 15 requirements met, but 1 problem found"))
        #expect(lines.contains("    - child ContentPreviewDependencies is built at Sources/AdultRoutine/AdultRoutineDestination+Live.swift:35 but AdultRoutineDependencies.mockRegistration does not import it"))
        #expect(lines.contains("      suggestion: add `builder.importDependencies(ContentPreviewDependencies.self)` to AdultRoutineDependencies.mockRegistration (Sources/AdultRoutine/Dependencies/AdultRoutineDependencies+Mock.swift:8)"))
    }

    @Test("registering a main-actor requirement off the main actor is a mismatch")
    func mainActorMismatch() throws {
        let tree = try FixtureTree(copying: Self.fixture)
        defer { tree.remove() }
        try tree.replace("try builder.mainActor.registerSingleton(AdultRoutineCoordinator.self)", with: "try builder.registerSingleton(AdultRoutineCoordinator.self)", in: "Sources/AdultScreen/Dependencies/AdultScreenDependencies.swift")
        let lines = try tree.reportLines()
        #expect(lines.contains("❌ AdultScreenDependencies: 1 of 14 requirements unmet"))
        #expect(lines.contains("    - AdultRoutineCoordinator (main actor) — registered without `mainActor` in AdultScreenDependencies.registerDependencies (Sources/AdultScreen/Dependencies/AdultScreenDependencies.swift:29) on path AppRoot → AdultScreenDependencies"))
        #expect(lines.contains("      suggestion: register it with `builder.mainActor.register…`, because AdultScreenDependencies lists it under `mainActor:`"))
    }
}
