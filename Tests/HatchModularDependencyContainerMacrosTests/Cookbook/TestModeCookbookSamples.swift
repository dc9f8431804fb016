// Every `TestDependencyProvider` sample of the test-mode cookbook, unchanged but for the composition
// root's unreachable catch, on structs declared with `@DependencyRequirements`. The children the samples
// import (alarms, bedtime reminders, content detail, adult sleep) are declared here with mocks in the same style.

import HatchModularDependencyContainer

// MARK: - Children imported by the samples

@DependencyRequirements(
    [
        Requirement(ContentClient.self),
        Requirement(IoTActionSenderClient.self),
        Requirement(IoTDeviceStateEmitterClient.self, accessorName: "iotDeviceStateEmitter"),
    ],
    mainActor: [Requirement(AdultRoutineCoordinator.self)],
    inputs: [InputRequirement(MacAddress.self)]
)
public struct AdultAlarmsDependencies: DependencyRequirements {}

extension AdultAlarmsDependencies: TestDependencyProvider {
    public static func mockRegistration(in builder: MockDependencyBuilder<AdultAlarmsDependencies>) {
        do {
            try builder.registerSingleton(ContentClient.self) { _ in .mock() }
            try builder.registerSingleton(IoTActionSenderClient.self) { _ in .noOp }
            try builder.registerSingleton(IoTDeviceStateEmitterClient.self) { _ in .noOp }
            try builder.mainActor.registerSingleton(AdultRoutineCoordinator.self) { _ in
                AdultRoutineCoordinator(coordinator: MockRoutineCoordinator())
            }
            builder.provideInput(MacAddress.self, Tagged(rawValue: "00:00:00:00:00:00"))
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}

@DependencyRequirements(
    [Requirement(ContentClient.self), Requirement(UserDefaultsClient.self, key: BedtimeRemindersKey.goodnightPhone)],
    mainActor: [Requirement(LocalNotificationClient.self)],
    inputs: [InputRequirement(HardwareProduct.self)]
)
public struct BedtimeRemindersDependencies: DependencyRequirements {}

extension BedtimeRemindersDependencies: TestDependencyProvider {
    public static func mockRegistration(in builder: MockDependencyBuilder<BedtimeRemindersDependencies>) {
        do {
            builder.importDependencies(ContentPreviewDependencies.self)

            try builder.registerSingleton(ContentClient.self) { _ in .mock() }
            try builder.registerSingleton(UserDefaultsClient.self, key: BedtimeRemindersKey.goodnightPhone) { _ in .noOp }
            try builder.mainActor.registerInstance(LocalNotificationClient.self) { _ in LocalNotificationClient.live() }
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}

@DependencyRequirements([Requirement(ContentClient.self), Requirement(VisualAssetsClient.self)])
public struct AdultContentDetailDependencies: DependencyRequirements {}

extension AdultContentDetailDependencies: TestDependencyProvider {
    public static func mockRegistration(in builder: MockDependencyBuilder<AdultContentDetailDependencies>) {
        do {
            builder.importDependencies(AdultAlarmsDependencies.self)
            builder.importDependencies(BedtimeRemindersDependencies.self)
            builder.importDependencies(ContentPreviewDependencies.self)

            try builder.registerSingleton(VisualAssetsClient.self) { _ in .mock() }
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}

@DependencyRequirements([Requirement(ContentClient.self)], mainActor: [Requirement((any RoutineCoordinating).self)])
public struct AdultSleepDependencies: DependencyRequirements {}

extension AdultSleepDependencies: TestDependencyProvider {
    public static func mockRegistration(in builder: MockDependencyBuilder<AdultSleepDependencies>) {
        do {
            builder.importDependencies(BedtimeRemindersDependencies.self)

            try builder.mainActor.registerSingleton((any RoutineCoordinating).self) { _ in MockRoutineCoordinator() }
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}

@DependencyRequirements(
    [
        Requirement(DeviceStateEmitterClient.Factory.self),
        Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude),
        Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.statsig),
        Requirement(IoTActionSenderClient.self),
    ],
    inputs: [InputRequirement(HardwareProduct.self)]
)
public struct ContentPreviewDependencies: DependencyRequirements {}

@DependencyRequirements(
    [Requirement(ContentClient.self), Requirement(FavoritesClient.self), Requirement(VisualAssetsClient.self)],
    mainActor: [Requirement(LibraryContentClient.self)]
)
public struct AdultLibraryDependencies: DependencyRequirements {}

// MARK: - Leaf Module (no children)

extension ContentPreviewDependencies: TestDependencyProvider {
    public static func mockRegistration(in builder: MockDependencyBuilder<ContentPreviewDependencies>) {
        do {
            try builder.registerSingleton(DeviceStateEmitterClient.Factory.self) { _ in .noOp }
            try builder.registerSingleton(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude) { _ in .noOp }
            try builder.registerSingleton(HatchAnalyticsClient.self, key: AnalyticsKey.statsig) { _ in .noOp }
            try builder.registerSingleton(IoTActionSenderClient.self) { _ in .noOp }
            builder.provideInput(HardwareProduct.self, .restoreIoT)
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}

// MARK: - Mid-Level Module (imports cover most requirements)

extension AdultLibraryDependencies: TestDependencyProvider {
    public static func mockRegistration(in builder: MockDependencyBuilder<AdultLibraryDependencies>) {
        do {
            builder.importDependencies(AdultContentDetailDependencies.self)
            try builder.registerSingleton(FavoritesClient.self) { _ in .mock() }
            try builder.mainActor.registerSingleton(LibraryContentClient.self) { _ in .mock() }
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}

// MARK: - Large Module with Local Dependencies

extension AdultRoutineDependencies: TestDependencyProvider {
    public static func mockRegistration(in builder: MockDependencyBuilder<AdultRoutineDependencies>) {
        do {
            builder.importDependencies(AdultAlarmsDependencies.self)
            builder.importDependencies(BedtimeRemindersDependencies.self)
            builder.importDependencies(ContentPreviewDependencies.self)
            builder.importDependencies(AdultContentDetailDependencies.self)

            try builder.registerSingleton(FavoritesClient.self) { _ in .mock() }
            try builder.registerSingleton(SubscriptionClient.self) { _ in .noOp }
            try builder.registerSingleton(IoTDeviceConnectionStateClient.Factory.self) { _ in .noOp }

            try builder.local.mainActor.registerSingleton(RoutineStateProvider.self) { container in
                try RoutineStateProvider(
                    coordinator: container.resolveMainActor(AdultRoutineCoordinator.self),
                    contentClient: container.resolve(ContentClient.self),
                    deviceStateEmitter: container.resolve(IoTDeviceStateEmitterClient.self)
                )
            }
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}

// MARK: - Composition Root (many children, few explicit registrations)

extension AdultScreenDependencies: TestDependencyProvider {
    public static func mockRegistration(in builder: MockDependencyBuilder<AdultScreenDependencies>) {
        // The cookbook wraps these calls in its usual `do { … } catch { preconditionFailure(…) }`; imports and
        // inputs never throw, so here the catch would be unreachable (a compiler warning) and is left out.
        builder.importDependencies(AdultSleepDependencies.self)
        builder.importDependencies(AdultRoutineDependencies.self)
        builder.importDependencies(AdultLibraryDependencies.self)

        builder.provideInput(AdultUserIdentifier.self, "mock-user-id")
        builder.provideInput(HA25ToolbarViewModel.self, .mock)
    }
}
