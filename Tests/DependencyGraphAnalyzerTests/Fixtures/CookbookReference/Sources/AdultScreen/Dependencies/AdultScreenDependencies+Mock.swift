//
//  AdultScreenDependencies+Mock.swift
//

import HatchModularDependencyContainer

extension AdultScreenDependencies: TestDependencyProvider {
    public static func mockRegistration(in builder: MockDependencyBuilder<AdultScreenDependencies>) {
        do {
            builder.importDependencies(AdultSleepDependencies.self)
            builder.importDependencies(AdultRoutineDependencies.self)
            builder.importDependencies(AdultLibraryDependencies.self)

            builder.provideInput(AdultUserIdentifier.self, "mock-user-id")
            builder.provideInput(HA25ToolbarViewModel.self, .mock)
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}
