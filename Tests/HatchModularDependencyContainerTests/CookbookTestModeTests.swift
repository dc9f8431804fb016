import HatchModularDependencyContainer
import Testing

/// The test-mode cookbook's four real examples (001) run as written.
@Suite("Cookbook 001: test-mode samples")
struct CookbookTestModeTests {
    @Test("Leaf Module: ContentPreviewDependencies from its own mocks")
    func leafModule() throws {
        let preview = try ContentPreviewDependencies.testing()
        #expect(preview.amplitudeAnalyticsClient == .noOp)
        #expect(preview.statsigAnalyticsClient == .noOp)
        #expect(preview.iotActionSender == .noOp)
        #expect(preview.hardwareProduct == .restoreIoT)
    }

    @Test("Mid-Level Module: imports cover most requirements, recursively")
    @MainActor
    func midLevelModule() throws {
        let library = try AdultLibraryDependencies.testing()
        #expect(library.favoritesClient == .mock())
        #expect(library.contentClient == .mock())  // AdultContentDetail → AdultAlarms
        _ = library.libraryContentClient
    }

    @Test("Large Module with Local Dependencies: the local mock composes imported mocks")
    @MainActor
    func largeModuleWithLocalDependencies() throws {
        let routine = try AdultRoutineDependencies.testing()
        let provider = routine.routineStateProvider
        #expect(provider.coordinator === routine.adultRoutineCoordinator)
        #expect(provider.contentClient == .mock())
        #expect(routine.iotDeviceConnectionStateFactory == .noOp)
    }

    @Test("Composition Root: imports cover all non-input requirements; children build in test mode")
    @MainActor
    func compositionRoot() throws {
        let screen = try AdultScreenDependencies.testing()
        #expect(screen.routineCoordinating.name == "mock")
        #expect(screen.macAddress.rawValue == AdultAlarmsDependencies.mockMacAddress)
        #expect(screen.hardwareProduct == .restoreIoT)
        #expect(try screen.container.resolve(AdultUserIdentifier.self) == "mock-user-id")
        #expect(try screen.container.resolve(HA25ToolbarViewModel.self) == .mock)

        // In test mode the child's registerDependencies does not run; its local mocks do.
        let routine = screen.buildChild(AdultRoutineDependencies.self)
        #expect(routine.routineStateProvider.coordinator === screen.adultRoutineCoordinator)
        let alarms = screen.buildChild(AdultAlarmsDependencies.self)
        #expect(alarms.alarmOperations.macAddress == AdultAlarmsDependencies.mockMacAddress)
    }
}
