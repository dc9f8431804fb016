//
//  AdultContentDetailDependencies+Mock.swift
//

import HatchModularDependencyContainer

extension AdultContentDetailDependencies: TestDependencyProvider {
    public static func mockRegistration(in builder: MockDependencyBuilder<AdultContentDetailDependencies>) {
        do {
            builder.importDependencies(AdultAlarmsDependencies.self)
            builder.importDependencies(BedtimeRemindersDependencies.self)
            builder.importDependencies(ContentPreviewDependencies.self)

            try builder.registerSingleton(ContentDetailFormatter.self) { _ in ContentDetailFormatter() }
            try builder.local.mainActor.registerSingleton(ContentDetailStateProvider.self) { container in
                try ContentDetailStateProvider(contentClient: container.resolve(ContentClient.self))
            }
            try builder.local.mainActor.registerSingleton(ContentPlaybackController.self) { container in
                try ContentPlaybackController(coordinator: container.resolveMainActor(AdultRoutineCoordinator.self))
            }
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}
