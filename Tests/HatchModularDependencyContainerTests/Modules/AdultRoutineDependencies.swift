import HatchModularDependencyContainer

// Cookbook 000, "Module with Local Registrations" (registerDependencies is verbatim), and cookbook 001,
// "Large Module with Local Dependencies" (mockRegistration is verbatim).
struct AdultRoutineDependencies: DependencyRequirements {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }

    static let requirements = DeclaredRequirements(
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

    var contentClient: ContentClient { container.requirement(ContentClient.self, accessor: "contentClient") }
    var iotDeviceStateEmitter: IoTDeviceStateEmitterClient {
        container.requirement(IoTDeviceStateEmitterClient.self, accessor: "iotDeviceStateEmitter")
    }
    var favoritesClient: FavoritesClient { container.requirement(FavoritesClient.self, accessor: "favoritesClient") }
    var subscriptionClient: SubscriptionClient { container.requirement(SubscriptionClient.self, accessor: "subscriptionClient") }
    var iotDeviceConnectionStateFactory: IoTDeviceConnectionStateClient.Factory {
        container.requirement(IoTDeviceConnectionStateClient.Factory.self, accessor: "iotDeviceConnectionStateFactory")
    }
    @MainActor var adultRoutineCoordinator: AdultRoutineCoordinator {
        container.mainActorRequirement(AdultRoutineCoordinator.self, accessor: "adultRoutineCoordinator")
    }
    @MainActor var routineStateProvider: RoutineStateProvider {
        container.mainActorRequirement(RoutineStateProvider.self, accessor: "routineStateProvider")
    }

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
