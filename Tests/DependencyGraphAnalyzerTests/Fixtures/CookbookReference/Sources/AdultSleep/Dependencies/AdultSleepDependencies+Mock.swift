//
//  AdultSleepDependencies+Mock.swift
//

import HatchModularDependencyContainer

extension AdultSleepDependencies: TestDependencyProvider {
    public static func mockRegistration(in builder: MockDependencyBuilder<AdultSleepDependencies>) {
        do {
            builder.importDependencies(SleepTrackingDependencies.self)
            try builder.registerSingleton(SleepInsightsClient.self) { _ in .mock() }
            try builder.local.mainActor.registerSingleton(SleepScoreProvider.self) { _ in .mock }
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}
