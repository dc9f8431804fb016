import HatchModularDependencyContainer
import Testing

/// The rules of test mode (cookbook 001).
@Suite("Test mode")
struct TestModeTests {
    @Test("registerDependencies does not run in test mode, neither for the module nor for its children")
    func productionRegistrationsDoNotRun() throws {
        let screen = try AdultScreenDependencies.testing()
        let trap = try screen.tryBuildChild(TrapDependencies.self)
        #expect(trap.container.chain == ["AdultScreenDependencies", "TrapDependencies"])
        _ = try TrapDependencies.testing()
        #expect(TrapDependencies.productionRuns.value == 0)
    }

    @Test("importDependencies is recursive, imports each module once, exports inputs but not locals")
    func importRules() throws {
        let root = try ImportOnceRootDependencies.testing()
        #expect(ImportOnceSharedDependencies.mockRuns.value == 1)
        #expect(try root.container.resolve(ContentClient.self).name == "shared")
        #expect(try root.container.resolve(HardwareProduct.self) == .restoreV5)
        #expect(try root.container.resolve(VisualAssetsClient.self).name == "root", "an explicit registration replaces an imported one")
        #expect(throws: DependencyResolutionError.self) { try root.container.resolve(FavoritesClient.self) }
    }

    @Test("local mocks of a child are not exported by importDependencies")
    @MainActor
    func localsNotExported() throws {
        let screen = try AdultScreenDependencies.testing()
        #expect(throws: DependencyResolutionError.self) { try screen.container.resolveMainActor(AlarmOperations.self) }
        #expect(throws: DependencyResolutionError.self) { try screen.container.resolveMainActor(RoutineStateProvider.self) }
    }

    @Test("testing { } overrides replace mocks, also for local composed mocks")
    @MainActor
    func testingOverrides() throws {
        let routine = try AdultRoutineDependencies.testing { builder in
            try builder.registerSingleton(ContentClient.self) { _ in ContentClient(name: "override") }
            try builder.registerSingleton(FavoritesClient.self) { _ in FavoritesClient(name: "override") }
        }
        #expect(routine.contentClient.name == "override")
        #expect(routine.favoritesClient.name == "override")
        #expect(routine.routineStateProvider.contentClient.name == "override")
    }

    @Test("buildChildWithOverrides overrides while navigating")
    @MainActor
    func buildChildWithOverrides() throws {
        let screen = try AdultScreenDependencies.testing()
        let routine = try screen.buildChildWithOverrides(AdultRoutineDependencies.self) { builder in
            try builder.registerSingleton(FavoritesClient.self) { _ in FavoritesClient(name: "override") }
            builder.provideInput(MacAddress.self, Tagged("FF:FF:FF:FF:FF:FF"))
        }
        #expect(routine.favoritesClient.name == "override")
        #expect(try routine.container.resolve(MacAddress.self).rawValue == "FF:FF:FF:FF:FF:FF")
        #expect(try screen.container.resolve(FavoritesClient.self) == .mock())
        #expect(routine.routineStateProvider.coordinator === screen.adultRoutineCoordinator)
    }

    @Test("an incomplete mock fails testing() with a report that suggests importDependencies")
    func incompleteMock() throws {
        let error = #expect(throws: DependencyValidationError.self) { try IncompleteMockDependencies.testing() }
        #expect(error?.isTestMode == true)
        let message = error?.description ?? ""
        #expect(message.contains("IncompleteMockDependencies cannot be built in test mode: 1 requirement is not met."))
        #expect(message.contains("SubscriptionClient (requirement): not registered"))
        #expect(message.contains("importDependencies"))
        #expect(message.contains("mockRegistration(in:)"))
    }
}
