//
//  AdultAlarmsDependencies+Mock.swift
//

import HatchModularDependencyContainer

extension AdultAlarmsDependencies: TestDependencyProvider {
    public static func mockRegistration(in builder: MockDependencyBuilder<AdultAlarmsDependencies>) {
        do {
            try builder.registerSingleton(ContentClient.self) { _ in .mock() }
            try builder.registerSingleton(AlarmClient.self) { _ in .mock() }
            try builder.registerSingleton(HatchAnalyticsClient.self, key: .amplitude) { _ in .noOp }
            try builder.registerSingleton(IoTActionSenderClient.self) { _ in .noOp }
            try builder.registerSingleton(IoTDeviceStateEmitterClient.self) { _ in .noOp }
            try builder.registerSingleton(SubscriptionClient.self) { _ in .noOp }
            try builder.mainActor.registerInstance(LocalNotificationClient.self) { _ in .mock }
            try builder.mainActor.registerSingleton(AdultRoutineCoordinator.self) { _ in .mock }
            try builder.mainActor.registerSingleton(AlarmStateProvider.self) { _ in .mock }
            builder.provideInput(MacAddress.self, Tagged(rawValue: "00:00:00:00:00:00"))
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}
