// Every `@DependencyRequirements` sample of the production cookbook, with the sample's own text
// unchanged. Where the cookbook shows a struct body and elides its attribute, the attribute declares what
// the body uses; the bodies are the cookbook's, character for character.

import HatchModularDependencyContainer

// MARK: - Step 2: Leaf Module (no local registrations)

@DependencyRequirements(
    [
        Requirement(ContentClient.self),
        Requirement(VisualAssetsClient.self)
    ],
    mainActor: [
        Requirement(AdultRoutineCoordinator.self)
    ],
    inputs: [
        InputRequirement(HardwareProduct.self),
        InputRequirement(MacAddress.self)
    ]
)
public struct MyFeatureDependencies: DependencyRequirements {}

// MARK: - Step 2: Module with Local Registrations

@DependencyRequirements(
    [
        Requirement(ContentClient.self),
        Requirement(IoTDeviceStateEmitterClient.self, accessorName: "iotDeviceStateEmitter"),
        Requirement(FavoritesClient.self),
        Requirement(SubscriptionClient.self),
        Requirement(IoTDeviceConnectionStateClient.Factory.self, accessorName: "iotDeviceConnectionStateFactory"),
    ],
    mainActor: [
        Requirement(AdultRoutineCoordinator.self),
        Requirement(RoutineStateProvider.self),
    ]
)
public struct AdultRoutineDependencies: DependencyRequirements {
    public static func registerDependencies(in builder: DependencyBuilder<AdultRoutineDependencies>) {
        do {
            try builder.local.mainActor.registerSingleton(RoutineStateProvider.self) { container in
                let dependencies = Self(container)
                return RoutineStateProvider(
                    coordinator: dependencies.adultRoutineCoordinator,
                    contentClient: dependencies.contentClient,
                    deviceStateEmitter: dependencies.iotDeviceStateEmitter
                )
            }
        } catch {
            preconditionFailure("\(Self.self): Failed to register dependencies. Error: \(error).")
        }
    }
}

// MARK: - Step 2: Two factory patterns (inside a module's registerDependencies)

@DependencyRequirements(
    [Requirement(ContentClient.self), Requirement(UserDefaultsClient.self, key: BedtimeRemindersKey.goodnightPhone)],
    mainActor: [Requirement(AdultRoutineCoordinator.self), Requirement(LocalNotificationClient.self)]
)
public struct FactoryPatternsDependencies {
    public static func registerDependencies(in builder: DependencyBuilder<FactoryPatternsDependencies>) {
        do {
            // Pattern A: Use Self(container) for convenient accessor names
            try builder.local.mainActor.registerSingleton(MyProvider.self) { container in
                let dependencies = Self(container)
                return MyProvider(
                    client: dependencies.contentClient,          // uses generated accessor
                    coordinator: dependencies.adultRoutineCoordinator
                )
            }

            // Pattern B: Resolve directly from container (useful for non-requirement types)
            try builder.mainActor.registerSingleton(BedtimeStateProvider.self) { container in
                let bedtimeDependencies = container.buildChild(BedtimeRemindersDependencies.self)
                return BedtimeStateProvider(dependencies: bedtimeDependencies)
            }
        } catch {
            preconditionFailure("\(Self.self): Failed to register dependencies. Error: \(error).")
        }
    }
}

// MARK: - Step 2: Composition Root (many composed dependencies)

@DependencyRequirements(
    [
        Requirement(ContentClient.self),
        Requirement(VisualAssetsClient.self),
        Requirement(IoTDeviceStateEmitterClient.self, accessorName: "iotDeviceStateEmitter"),
        Requirement(UserDefaultsClient.self, key: BedtimeRemindersKey.goodnightPhone),
    ],
    mainActor: [
        Requirement((any RoutineCoordinating).self),
        Requirement(AdultRoutineCoordinator.self),
    ],
    inputs: [
        InputRequirement(HardwareProduct.self),
        InputRequirement(MacAddress.self),
        InputRequirement(AdultUserIdentifier.self),
        InputRequirement(HA25ToolbarViewModel.self, accessorName: "toolbarViewModel"),
    ]
)
public struct AdultScreenDependencies: DependencyRequirements {
    public static func registerDependencies(in builder: DependencyBuilder<AdultScreenDependencies>) {
        do {
            // Composed from declared requirements
            try builder.mainActor.registerSingleton(AdultRoutineCoordinator.self) { container in
                let dependencies = Self(container)
                return AdultRoutineCoordinator(coordinator: dependencies.routineCoordinating)
            }

            // Composed with sub-dependencies resolved from container
            try builder.mainActor.registerSingleton(AlarmStateProvider.self) { container in
                let dependencies = Self(container)
                return AlarmStateProvider(
                    coordinator: dependencies.adultRoutineCoordinator,
                    deviceStateEmitter: dependencies.iotDeviceStateEmitter,
                    visualAssetsClient: dependencies.visualAssetsClient,
                    contentClient: dependencies.contentClient
                )
            }

            // Override a requirement with a live implementation
            try builder.registerSingleton(UserDefaultsClient.self, key: BedtimeRemindersKey.goodnightPhone) { _ in
                UserDefaultsClient.live(
                    domain: .suite(name: AppGroupIdentifier.hatchSleepApp.appGroupIdentifier)
                )
            }

            // ... more registrations
        } catch {
            preconditionFailure("\(Self.self): Failed to register dependencies. Error: \(error).")
        }
    }
}

// MARK: - Step 3: Requirement Macro Parameters (every common type pattern, with the accessor it documents)

@DependencyRequirements(
    [
        // Simple type
        Requirement(ContentClient.self),
        // Keyed type
        Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude),
        // Custom accessor name
        Requirement(IoTActionSenderClient.self, accessorName: "iotActionSender"),
        // Factory type
        Requirement(IoTDeviceConnectionStateClient.Factory.self, accessorName: "iotDeviceConnectionStateFactory"),
    ],
    mainActor: [
        // Protocol type
        Requirement((any DeviceSettingsViewControllerProvider).self),
    ],
    inputs: [
        // Input value
        InputRequirement(HardwareProduct.self),
        // Input with custom accessor
        InputRequirement(HA25ToolbarViewModel.self, accessorName: "toolbarViewModel"),
    ]
)
public struct CommonTypePatternsDependencies: DependencyRequirements {}

extension CommonTypePatternsDependencies {
    /// Reads every accessor under the name Step 3 documents for it.
    @MainActor func readEveryDocumentedAccessor() {
        _ = self.contentClient
        _ = self.amplitudeAnalyticsClient
        _ = self.deviceSettingsViewControllerProvider
        _ = self.iotActionSender
        _ = self.iotDeviceConnectionStateFactory
        _ = self.hardwareProduct
        _ = self.toolbarViewModel
    }
}

// MARK: - Layered Registration Pattern

@DependencyRequirements(
    [Requirement(ContentClient.self)],
    mainActor: [Requirement((any RoutineCoordinating).self), Requirement(AdultRoutineCoordinator.self)],
    inputs: [InputRequirement(MacAddress.self)]
)
public struct MyDependencies: DependencyRequirements {
    public static func registerDependencies(in builder: DependencyBuilder<MyDependencies>) {
        do {
            // Layer 1: Leaf registrations (no sub-dependencies from container)
            try builder.registerSingleton(UserDefaultsClient.self, key: SomeKey.value) { _ in
                UserDefaultsClient.live(domain: .suite(name: "com.app.suite"))
            }
            try builder.mainActor.registerInstance(LocalNotificationClient.self) { _ in
                LocalNotificationClient.live()
            }

            // Layer 2: Composed registrations (resolve from declared requirements)
            try builder.mainActor.registerSingleton(AdultRoutineCoordinator.self) { container in
                let dependencies = Self(container)
                return AdultRoutineCoordinator(coordinator: dependencies.routineCoordinating)
            }

            // Layer 3: Composed registrations (resolve from Layer 2)
            try builder.mainActor.registerSingleton(AlarmOperations.self) { container in
                let dependencies = Self(container)
                return AlarmOperations(
                    coordinator: dependencies.adultRoutineCoordinator, // from Layer 2
                    contentClient: dependencies.contentClient,
                    macAddress: dependencies.macAddress.rawValue
                )
            }
        } catch {
            preconditionFailure("\(Self.self): Failed to register dependencies. Error: \(error).")
        }
    }
}

// MARK: - Step 5: buildChild, and Step 7: App Composition Root

enum AppRoot {}

/// Step 5's two `buildChild` forms, from a parent module's dependencies.
func buildChildSamples(dependencies: AdultScreenDependencies, someRuntimeValue: HardwareProduct) -> (AdultAlarmsDependencies, MyFeatureDependencies) {
    // Simple — child inherits everything it needs from parent
    let alarms = dependencies.buildChild(AdultAlarmsDependencies.self)

    // With additional inputs — child needs runtime values
    let feature = dependencies.buildChild(MyFeatureDependencies.self) { childBuilder in
        childBuilder.provideInput(HardwareProduct.self, someRuntimeValue)
    }
    return (alarms, feature)
}

/// Step 7 as a function: the cookbook's statements, with the root-level registrations it elides
/// (`// ... register all root-level dependencies`) filled in.
func makeAdultScreen(
    contentClient: ContentClient,
    amplitudeAnalyticsClient: HatchAnalyticsClient,
    hardwareProduct: HardwareProduct,
    macAddress: String
) -> AdultScreen {
    // Build root container
    let dependencyBuilder = DependencyBuilder<AppRoot>()

    do {
        try dependencyBuilder.registerSingleton(ContentClient.self) { _ in
            contentClient
        }
        try dependencyBuilder.registerSingleton(
            HatchAnalyticsClient.self,
            key: AnalyticsKey.amplitude
        ) { _ in
            amplitudeAnalyticsClient
        }
        // ... register all root-level dependencies
        try dependencyBuilder.registerSingleton(VisualAssetsClient.self) { _ in .live }
        try dependencyBuilder.registerSingleton(IoTDeviceStateEmitterClient.self) { _ in .live }
        try dependencyBuilder.registerSingleton(IoTActionSenderClient.self) { _ in .live }
        try dependencyBuilder.mainActor.registerSingleton((any RoutineCoordinating).self) { _ in MockRoutineCoordinator() }
        dependencyBuilder.provideInput(AdultUserIdentifier.self, "user-1")
        dependencyBuilder.provideInput(HA25ToolbarViewModel.self, .mock)
    } catch {
        preconditionFailure("Failed to register dependencies. Error: \(error).")
    }

    let rootContainer = dependencyBuilder.freeze()

    // Build the first child with runtime inputs
    let screenDependencies = rootContainer.buildChild(AdultScreenDependencies.self) { childBuilder in
        childBuilder.provideInput(HardwareProduct.self, hardwareProduct)
        childBuilder.provideInput(MacAddress.self, Tagged(macAddress))
    }

    let screen = AdultScreen.live(dependencies: screenDependencies)
    return screen
}
