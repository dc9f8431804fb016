import HatchModularDependencyContainer

// Cookbook 000, "Composition Root" (registerDependencies verbatim, plus Pattern B of "Module with Local
// Registrations"), and cookbook 001, "Composition Root" (mockRegistration verbatim but for its do/catch: every
// call in it is non-throwing, so Swift warns that the catch is unreachable).
struct AdultScreenDependencies: DependencyRequirements {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }

    static let requirements = DeclaredRequirements(
        [
            Requirement((any RoutineCoordinating).self),
            Requirement(IoTDeviceStateEmitterClient.self, accessorName: "iotDeviceStateEmitter"),
            Requirement(VisualAssetsClient.self),
            Requirement(ContentClient.self),
        ],
        mainActor: [Requirement(AdultRoutineCoordinator.self)],
        inputs: [InputRequirement(HardwareProduct.self), InputRequirement(MacAddress.self)]
    )

    var routineCoordinating: any RoutineCoordinating {
        container.requirement((any RoutineCoordinating).self, accessor: "routineCoordinating")
    }
    var iotDeviceStateEmitter: IoTDeviceStateEmitterClient {
        container.requirement(IoTDeviceStateEmitterClient.self, accessor: "iotDeviceStateEmitter")
    }
    var visualAssetsClient: VisualAssetsClient { container.requirement(VisualAssetsClient.self, accessor: "visualAssetsClient") }
    var contentClient: ContentClient { container.requirement(ContentClient.self, accessor: "contentClient") }
    @MainActor var adultRoutineCoordinator: AdultRoutineCoordinator {
        container.mainActorRequirement(AdultRoutineCoordinator.self, accessor: "adultRoutineCoordinator")
    }
    var hardwareProduct: HardwareProduct { container.input(HardwareProduct.self, accessor: "hardwareProduct") }
    var macAddress: MacAddress { container.input(MacAddress.self, accessor: "macAddress") }

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

extension AdultScreenDependencies: TestDependencyProvider {
    public static func mockRegistration(in builder: MockDependencyBuilder<AdultScreenDependencies>) {
        builder.importDependencies(AdultSleepDependencies.self)
        builder.importDependencies(AdultRoutineDependencies.self)
        builder.importDependencies(AdultLibraryDependencies.self)

        builder.provideInput(AdultUserIdentifier.self, "mock-user-id")
        builder.provideInput(HA25ToolbarViewModel.self, .mock)
    }
}
