//
//  SleepTrackingDependencies+Mock.swift
//

import HatchModularDependencyContainer

extension SleepTrackingDependencies: TestDependencyProvider {
    public static func mockRegistration(in builder: MockDependencyBuilder<SleepTrackingDependencies>) {
        do {
            builder.importDependencies(BedtimeRemindersDependencies.self)
            builder.provideInput(SleepSessionIdentifier.self, "mock-session")
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}
