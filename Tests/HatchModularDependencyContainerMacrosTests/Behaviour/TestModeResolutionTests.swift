import HatchModularDependencyContainer
import Testing

/// Structs expanded by the real macro in test mode: `testing()`, imports and overrides (the test-mode cookbook's samples).
@Suite("@DependencyRequirements behaviour: test mode")
struct TestModeResolutionTests {
    @Test("testing() meets every requirement of the composition root from imported mocks")
    @MainActor
    func compositionRootFromMocks() throws {
        let screen = try AdultScreenDependencies.testing()
        #expect(screen.contentClient == .mock())
        #expect(screen.visualAssetsClient == .mock())
        #expect(screen.iotDeviceStateEmitter == .noOp)
        #expect(screen.goodnightPhoneUserDefaultsClient == .noOp)
        #expect(screen.hardwareProduct == .restoreIoT)
        #expect(screen.macAddress.rawValue == "00:00:00:00:00:00")
        #expect(screen.adultUserIdentifier == "mock-user-id")
        #expect(screen.toolbarViewModel === HA25ToolbarViewModel.mock)
        #expect(screen.routineCoordinating.name == "mock")
        #expect(screen.adultRoutineCoordinator.coordinator.name == "mock")
    }

    @Test("A leaf module's mocks back its keyed accessors")
    func leafModule() throws {
        let preview = try ContentPreviewDependencies.testing()
        #expect(preview.amplitudeAnalyticsClient == .noOp)
        #expect(preview.statsigAnalyticsClient == .noOp)
        #expect(preview.deviceStateEmitterClientFactory == .noOp)
        #expect(preview.iotActionSenderClient == .noOp)
        #expect(preview.hardwareProduct == .restoreIoT)
    }

    @Test("Overrides in testing { } replace what the accessors return")
    func overrides() throws {
        let preview = try ContentPreviewDependencies.testing { builder in
            try builder.registerSingleton(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude) { _ in
                HatchAnalyticsClient(variant: "recording")
            }
            builder.provideInput(HardwareProduct.self, .restoreV4)
        }
        #expect(preview.amplitudeAnalyticsClient.variant == "recording")
        #expect(preview.statsigAnalyticsClient == .noOp)
        #expect(preview.hardwareProduct == .restoreV4)
    }

    @Test("A local mock registration resolves through the module's accessor (AdultRoutineDependencies)")
    @MainActor
    func localMock() throws {
        let routine = try AdultRoutineDependencies.testing()
        #expect(routine.routineStateProvider.contentClient == .mock())
        #expect(routine.routineStateProvider.coordinator === routine.adultRoutineCoordinator)
        #expect(routine.favoritesClient == .mock())
        #expect(routine.subscriptionClient == .noOp)
    }

    @Test("buildChildWithOverrides: a child of a test container resolves overrides through its accessors")
    @MainActor
    func childWithOverrides() throws {
        let screen = try AdultScreenDependencies.testing()
        let feature = try screen.buildChildWithOverrides(MyFeatureDependencies.self) { builder in
            try builder.registerSingleton(ContentClient.self) { _ in ContentClient(variant: "override") }
        }
        #expect(feature.contentClient.variant == "override")
        #expect(feature.visualAssetsClient == .mock())
        #expect(feature.macAddress.rawValue == "00:00:00:00:00:00")
    }

    @Test("The requirement metadata restates the attribute exactly")
    func metadata() {
        let declared = CommonTypePatternsDependencies.requirements
        #expect(declared.requirements.map(\.typeName) == [
            "ContentClient", "HatchAnalyticsClient", "IoTActionSenderClient", "Factory",
        ])
        #expect(declared.requirements[1].key?.description == "AnalyticsKey.amplitude")
        #expect(declared.requirements.map(\.accessorName) == [nil, nil, "iotActionSender", "iotDeviceConnectionStateFactory"])
        #expect(declared.mainActor.map(\.typeName) == ["any DeviceSettingsViewControllerProvider"])
        #expect(declared.inputs.map(\.typeName) == ["HardwareProduct", "HA25ToolbarViewModel"])
        #expect(declared.inputs.map(\.accessorName) == [nil, "toolbarViewModel"])
    }
}
