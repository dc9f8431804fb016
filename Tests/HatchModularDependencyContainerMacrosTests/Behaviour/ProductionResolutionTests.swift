import HatchModularDependencyContainer
import Testing

/// Structs expanded by the real macro, resolving real registrations through `buildChild`.
@Suite("@DependencyRequirements behaviour: production containers")
struct ProductionResolutionTests {
    /// A root with everything `MyFeatureDependencies` needs except its inputs.
    static func featureParent() throws -> DependencyContainer {
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerSingleton(ContentClient.self) { _ in .live }
        try builder.registerSingleton(VisualAssetsClient.self) { _ in VisualAssetsClient(variant: "root assets") }
        try builder.mainActor.registerSingleton(AdultRoutineCoordinator.self) { _ in
            AdultRoutineCoordinator(coordinator: MockRoutineCoordinator())
        }
        return builder.freeze()
    }

    @Test("Accessors of every list resolve what the parent registered and the inputs buildChild provided")
    @MainActor
    func accessorsResolveRegistrations() throws {
        let root = try Self.featureParent()
        let dependencies = root.buildChild(MyFeatureDependencies.self) { childBuilder in
            childBuilder.provideInput(HardwareProduct.self, .restoreV5)
            childBuilder.provideInput(MacAddress.self, Tagged("AA:BB:CC:DD:EE:FF"))
        }
        #expect(dependencies.contentClient == .live)
        #expect(dependencies.visualAssetsClient.variant == "root assets")
        #expect(dependencies.adultRoutineCoordinator.coordinator.name == "mock")
        #expect(dependencies.hardwareProduct == .restoreV5)
        #expect(dependencies.macAddress.rawValue == "AA:BB:CC:DD:EE:FF")
        // Singletons: the accessor hands out the same instance every time.
        #expect(dependencies.adultRoutineCoordinator === dependencies.adultRoutineCoordinator)
    }

    @Test("Keyed accessors resolve their own key, and accessorName: names the accessor")
    func keyedAccessors() throws {
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerSingleton(DeviceStateEmitterClient.Factory.self) { _ in .live }
        try builder.registerSingleton(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude) { _ in
            HatchAnalyticsClient(variant: "amplitude")
        }
        try builder.registerSingleton(HatchAnalyticsClient.self, key: AnalyticsKey.statsig) { _ in
            HatchAnalyticsClient(variant: "statsig")
        }
        try builder.registerSingleton(IoTActionSenderClient.self) { _ in .live }
        builder.provideInput(HardwareProduct.self, .restoreIoT)
        let preview = builder.freeze().buildChild(ContentPreviewDependencies.self)

        #expect(preview.amplitudeAnalyticsClient.variant == "amplitude")
        #expect(preview.statsigAnalyticsClient.variant == "statsig")
        #expect(preview.deviceStateEmitterClientFactory == .live)
        #expect(preview.iotActionSenderClient == .live)
        #expect(preview.hardwareProduct == .restoreIoT)
    }

    @Test("The cookbook's composition root (Step 7) builds the screen; its registerDependencies compose accessors")
    @MainActor
    func compositionRoot() throws {
        let screen = makeAdultScreen(
            contentClient: ContentClient(variant: "app content"),
            amplitudeAnalyticsClient: HatchAnalyticsClient(variant: "app amplitude"),
            hardwareProduct: .restoreV4,
            macAddress: "11:22:33:44:55:66")
        let dependencies = screen.dependencies
        #expect(dependencies.contentClient.variant == "app content")
        #expect(dependencies.hardwareProduct == .restoreV4)
        #expect(dependencies.macAddress.rawValue == "11:22:33:44:55:66")
        #expect(dependencies.adultUserIdentifier == "user-1")
        #expect(dependencies.toolbarViewModel === HA25ToolbarViewModel.mock)
        // Registered by AdultScreenDependencies.registerDependencies from `dependencies.routineCoordinating`.
        #expect(dependencies.adultRoutineCoordinator.coordinator === dependencies.routineCoordinating)
        // The keyed override registered by the module wins over nothing inherited.
        #expect(dependencies.goodnightPhoneUserDefaultsClient.variant == "live:group.com.hatch.sleep")
        let alarms = try dependencies.container.resolveMainActor(AlarmStateProvider.self)
        #expect(alarms.coordinator === dependencies.adultRoutineCoordinator)

        // Step 5: children built from the generated struct inherit from it.
        let (alarmsDependencies, feature) = buildChildSamples(dependencies: dependencies, someRuntimeValue: .restoreV5)
        #expect(alarmsDependencies.macAddress.rawValue == "11:22:33:44:55:66")
        #expect(alarmsDependencies.adultRoutineCoordinator === dependencies.adultRoutineCoordinator)
        #expect(feature.hardwareProduct == .restoreV5)
    }

    @Test("A module's local registration composes its own accessors (cookbook AdultRoutineDependencies)")
    @MainActor
    func localRegistrationUsesAccessors() throws {
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerSingleton(ContentClient.self) { _ in .live }
        try builder.registerSingleton(IoTDeviceStateEmitterClient.self) { _ in IoTDeviceStateEmitterClient(variant: "emitter") }
        try builder.registerSingleton(FavoritesClient.self) { _ in .live }
        try builder.registerSingleton(SubscriptionClient.self) { _ in .live }
        try builder.registerSingleton(IoTDeviceConnectionStateClient.Factory.self) { _ in .live }
        try builder.mainActor.registerSingleton(AdultRoutineCoordinator.self) { _ in
            AdultRoutineCoordinator(coordinator: MockRoutineCoordinator())
        }
        let routine = builder.freeze().buildChild(AdultRoutineDependencies.self)

        let provider = routine.routineStateProvider
        #expect(provider.coordinator === routine.adultRoutineCoordinator)
        #expect(provider.deviceStateEmitter.variant == "emitter")
        #expect(routine.iotDeviceStateEmitter.variant == "emitter")
        #expect(routine.iotDeviceConnectionStateFactory == .live)
    }

    @Test("Unmet requirements are reported by tryBuildChild from the macro's metadata, all at once")
    func unmetRequirements() throws {
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerSingleton(ContentClient.self) { _ in .live }
        let root = builder.freeze()
        #expect(throws: DependencyValidationError.self) {
            _ = try root.tryBuildChild(MyFeatureDependencies.self)
        }
        do {
            _ = try root.tryBuildChild(MyFeatureDependencies.self)
        } catch {
            // The runtime names types by their metadata: the `MacAddress` typealias reads as its Tagged type.
            let unmet = error.unmet.map(\.typeName).sorted()
            #expect(unmet == ["AdultRoutineCoordinator", "HardwareProduct", "Tagged<MacAddressTag, String>", "VisualAssetsClient"])
            #expect(error.unmet.map(\.kind.rawValue).sorted() == ["input", "input", "main-actor requirement", "requirement"])
        }
    }

    @Test("The generated struct is Sendable: its non-isolated accessors work from another task")
    func sendableAcrossTasks() async throws {
        let dependencies = try Self.featureParent().buildChild(MyFeatureDependencies.self) { childBuilder in
            childBuilder.provideInput(HardwareProduct.self, .restoreIoT)
            childBuilder.provideInput(MacAddress.self, Tagged("00:11:22:33:44:55"))
        }
        let fromTask = await Task.detached { (dependencies.contentClient, dependencies.macAddress) }.value
        #expect(fromTask.0 == .live)
        #expect(fromTask.1.rawValue == "00:11:22:33:44:55")
    }
}
