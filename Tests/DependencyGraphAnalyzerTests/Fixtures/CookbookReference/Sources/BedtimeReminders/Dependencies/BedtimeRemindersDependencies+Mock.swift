//
//  BedtimeRemindersDependencies+Mock.swift
//

import HatchModularDependencyContainer

extension BedtimeRemindersDependencies: TestDependencyProvider {
    public static func mockRegistration(in builder: MockDependencyBuilder<BedtimeRemindersDependencies>) {
        do {
            builder.importDependencies(ContentPreviewDependencies.self)

            try builder.registerSingleton(ContentClient.self) { _ in .mock() }
            try builder.registerSingleton(VisualAssetsClient.self) { _ in .mock() }
            try builder.registerSingleton(UserDefaultsClient.self, key: BedtimeRemindersKey.goodnightPhone) { _ in .mock() }
            try builder.registerSingleton(SleepClient.self) { _ in .mock() }
            try builder.registerSingleton(SubscriptionClient.self) { _ in .noOp }
            try builder.registerSingleton(FavoritesClient.self) { _ in .mock() }
            try builder.registerSingleton(IoTDeviceStateEmitterClient.self) { _ in .noOp }
            try builder.registerSingleton(RoutineClient.self) { _ in .mock() }
            try builder.registerSingleton(BedtimeScheduleClient.self) { _ in .mock() }
            try builder.registerSingleton(SoundClient.self) { _ in .mock() }
            try builder.mainActor.registerSingleton(AdultRoutineCoordinator.self) { _ in .mock }
            try builder.mainActor.registerSingleton(BedtimeStateProvider.self) { _ in .mock }
            try builder.mainActor.registerInstance(LocalNotificationClient.self) { _ in .mock }
            builder.provideInput(MacAddress.self, Tagged(rawValue: "00:00:00:00:00:00"))
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}
