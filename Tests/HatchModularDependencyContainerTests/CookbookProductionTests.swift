import HatchModularDependencyContainer
import Testing

/// The production cookbook's samples (000) run as written.
@Suite("Cookbook 000: production samples")
struct CookbookProductionTests {
    @Test("App Composition Root builds the first child with its inputs")
    func appCompositionRoot() throws {
        let (_, screen) = makeAppCompositionRoot(macAddress: "11:22:33:44:55:66")
        #expect(screen.hardwareProduct == .restoreV5)
        #expect(screen.macAddress.rawValue == "11:22:33:44:55:66")
        #expect(screen.contentClient == ContentClient())
        #expect(screen.routineCoordinating.name == "live")
    }

    @Test("Composition Root: main-actor singletons composed from requirements, shared by children")
    @MainActor
    func compositionRoot() throws {
        let (_, screen) = makeAppCompositionRoot()
        let coordinator = screen.adultRoutineCoordinator
        #expect(coordinator === screen.adultRoutineCoordinator)
        #expect(coordinator.coordinator.name == "live")
        let alarms = try screen.container.resolveMainActor(AlarmStateProvider.self)
        #expect(alarms.coordinator === coordinator)
        let defaults = try screen.container.resolve(UserDefaultsClient.self, key: BedtimeRemindersKey.goodnightPhone)
        #expect(defaults.domain == .suite(name: "group.com.hatch.sleep"))
    }

    @Test("Pattern B: a factory builds a child module with container.buildChild")
    @MainActor
    func patternBBuildChildInsideFactory() throws {
        let (_, screen) = makeAppCompositionRoot()
        let bedtime = try screen.container.resolveMainActor(BedtimeStateProvider.self)
        #expect(bedtime.dependencies.goodnightPhoneUserDefaultsClient.domain == .suite(name: "group.com.hatch.sleep"))
        #expect(bedtime.dependencies.container.chain == ["AppRoot", "AdultScreenDependencies", "BedtimeRemindersDependencies"])
    }

    @Test("Leaf Module: inherits requirements and inputs from its ancestors")
    @MainActor
    func leafModule() throws {
        let (_, screen) = makeAppCompositionRoot(macAddress: "AA:AA:AA:AA:AA:AA")
        let feature = screen.buildChild(MyFeatureDependencies.self)
        #expect(feature.contentClient == ContentClient())
        #expect(feature.visualAssetsClient == VisualAssetsClient())
        #expect(feature.adultRoutineCoordinator === screen.adultRoutineCoordinator)
        #expect(feature.hardwareProduct == .restoreV5)
        #expect(feature.macAddress.rawValue == "AA:AA:AA:AA:AA:AA")
    }

    @Test("Module with Local Registrations: a requirement met by its own local registration")
    @MainActor
    func moduleWithLocalRegistrations() throws {
        let (_, screen) = makeAppCompositionRoot()
        let routine = screen.buildChild(AdultRoutineDependencies.self)
        let provider = routine.routineStateProvider
        #expect(provider === routine.routineStateProvider)
        #expect(provider.coordinator === screen.adultRoutineCoordinator)
        #expect(provider.contentClient == ContentClient())
    }

    @Test("Layered Registration Pattern: layers resolve each other; the module's registration shadows its parent's")
    @MainActor
    func layeredRegistration() throws {
        let (_, screen) = makeAppCompositionRoot(macAddress: "01:02:03:04:05:06")
        let layered = screen.buildChild(MyDependencies.self)
        #expect(layered.alarmOperations.macAddress == "01:02:03:04:05:06")
        #expect(layered.adultRoutineCoordinator !== screen.adultRoutineCoordinator)
        let first = try layered.container.resolveMainActor(LocalNotificationClient.self)
        let second = try layered.container.resolveMainActor(LocalNotificationClient.self)
        #expect(first.id != second.id)
        let defaults = try layered.container.resolve(UserDefaultsClient.self, key: SomeKey.value)
        #expect(defaults.domain == .suite(name: "com.app.suite"))
    }
}
