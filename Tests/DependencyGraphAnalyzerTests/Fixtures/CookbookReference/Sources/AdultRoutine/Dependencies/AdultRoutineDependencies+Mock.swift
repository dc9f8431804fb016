//
//  AdultRoutineDependencies+Mock.swift
//

import HatchModularDependencyContainer

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
