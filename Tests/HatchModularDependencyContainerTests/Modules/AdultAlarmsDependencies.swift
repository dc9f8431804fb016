import HatchModularDependencyContainer

/// A leaf module with a local main-actor registration and an input (stand-in for the cookbooks' alarms module).
struct AdultAlarmsDependencies: DependencyRequirements {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }

    static let requirements = DeclaredRequirements(
        [
            Requirement(ContentClient.self),
            Requirement(IoTDeviceStateEmitterClient.self, accessorName: "iotDeviceStateEmitter"),
        ],
        mainActor: [
            Requirement(AdultRoutineCoordinator.self),
            Requirement(AlarmOperations.self),
        ],
        inputs: [InputRequirement(MacAddress.self)]
    )

    var contentClient: ContentClient { container.requirement(ContentClient.self, accessor: "contentClient") }
    var iotDeviceStateEmitter: IoTDeviceStateEmitterClient {
        container.requirement(IoTDeviceStateEmitterClient.self, accessor: "iotDeviceStateEmitter")
    }
    @MainActor var adultRoutineCoordinator: AdultRoutineCoordinator {
        container.mainActorRequirement(AdultRoutineCoordinator.self, accessor: "adultRoutineCoordinator")
    }
    @MainActor var alarmOperations: AlarmOperations {
        container.mainActorRequirement(AlarmOperations.self, accessor: "alarmOperations")
    }
    var macAddress: MacAddress { container.input(MacAddress.self, accessor: "macAddress") }

    static func registerDependencies(in builder: DependencyBuilder<AdultAlarmsDependencies>) {
        do {
            try builder.local.mainActor.registerSingleton(AlarmOperations.self) { container in
                let dependencies = Self(container)
                return AlarmOperations(
                    coordinator: dependencies.adultRoutineCoordinator,
                    contentClient: dependencies.contentClient,
                    macAddress: dependencies.macAddress.rawValue
                )
            }
        } catch {
            preconditionFailure("\(Self.self): Failed to register dependencies. Error: \(error).")
        }
    }
}

extension AdultAlarmsDependencies: TestDependencyProvider {
    static let mockMacAddress = "00:00:00:00:00:00"

    static func mockRegistration(in builder: MockDependencyBuilder<AdultAlarmsDependencies>) {
        do {
            try builder.registerSingleton(ContentClient.self) { _ in .mock() }
            try builder.registerSingleton(IoTDeviceStateEmitterClient.self) { _ in .noOp }
            try builder.registerSingleton(VisualAssetsClient.self) { _ in VisualAssetsClient(name: "mock") }
            try builder.registerSingleton((any RoutineCoordinating).self) { _ in MockRoutineCoordinator() }
            try builder.mainActor.registerSingleton(AdultRoutineCoordinator.self) { _ in .mock }
            builder.provideInput(MacAddress.self, Tagged(rawValue: mockMacAddress))

            try builder.local.mainActor.registerSingleton(AlarmOperations.self) { container in
                try AlarmOperations(
                    coordinator: container.resolveMainActor(AdultRoutineCoordinator.self),
                    contentClient: container.resolve(ContentClient.self),
                    macAddress: container.resolve(MacAddress.self).rawValue
                )
            }
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}
