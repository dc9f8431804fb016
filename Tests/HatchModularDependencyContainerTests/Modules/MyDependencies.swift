import HatchModularDependencyContainer

enum SomeKey: Hashable, Sendable {
    case value
}

// Cookbook 000, "Layered Registration Pattern": registerDependencies is verbatim.
struct MyDependencies: DependencyRequirements {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }

    static let requirements = DeclaredRequirements(
        [Requirement((any RoutineCoordinating).self), Requirement(ContentClient.self)],
        mainActor: [Requirement(AdultRoutineCoordinator.self), Requirement(AlarmOperations.self)],
        inputs: [InputRequirement(MacAddress.self)]
    )

    var routineCoordinating: any RoutineCoordinating {
        container.requirement((any RoutineCoordinating).self, accessor: "routineCoordinating")
    }
    var contentClient: ContentClient { container.requirement(ContentClient.self, accessor: "contentClient") }
    @MainActor var adultRoutineCoordinator: AdultRoutineCoordinator {
        container.mainActorRequirement(AdultRoutineCoordinator.self, accessor: "adultRoutineCoordinator")
    }
    @MainActor var alarmOperations: AlarmOperations {
        container.mainActorRequirement(AlarmOperations.self, accessor: "alarmOperations")
    }
    var macAddress: MacAddress { container.input(MacAddress.self, accessor: "macAddress") }

    public static func registerDependencies(in builder: DependencyBuilder<MyDependencies>) {
        do {
            // Layer 1: Leaf registrations (no sub-dependencies from container)
            try builder.registerSingleton(UserDefaultsClient.self, key: SomeKey.value) { _ in
                UserDefaultsClient.live(domain: .suite(name: "com.app.suite"))
            }
            try builder.mainActor.registerInstance(LocalNotificationClient.self) { _ in
                LocalNotificationClient.live()
            }

            // Layer 2: Composed registrations (resolve from declared requirements)
            try builder.mainActor.registerSingleton(AdultRoutineCoordinator.self) { container in
                let dependencies = Self(container)
                return AdultRoutineCoordinator(coordinator: dependencies.routineCoordinating)
            }

            // Layer 3: Composed registrations (resolve from Layer 2)
            try builder.mainActor.registerSingleton(AlarmOperations.self) { container in
                let dependencies = Self(container)
                return AlarmOperations(
                    coordinator: dependencies.adultRoutineCoordinator, // from Layer 2
                    contentClient: dependencies.contentClient,
                    macAddress: dependencies.macAddress.rawValue
                )
            }
        } catch {
            preconditionFailure("\(Self.self): Failed to register dependencies. Error: \(error).")
        }
    }
}
