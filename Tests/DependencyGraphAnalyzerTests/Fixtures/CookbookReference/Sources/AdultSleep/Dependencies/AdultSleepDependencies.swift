import HatchModularDependencyContainer

@DependencyRequirements(
    [
        Requirement(SleepClient.self),
        Requirement(ContentClient.self),
        Requirement(SleepInsightsClient.self)
    ],
    mainActor: [
        Requirement(AdultRoutineCoordinator.self),
        Requirement(SleepScoreProvider.self)
    ],
    inputs: [
        InputRequirement(MacAddress.self)
    ]
)
public struct AdultSleepDependencies: DependencyRequirements {
    public static func registerDependencies(in builder: DependencyBuilder<AdultSleepDependencies>) {
        do {
            try builder.local.mainActor.registerSingleton(SleepScoreProvider.self) { container in
                SleepScoreProvider(sleepClient: Self(container).sleepClient)
            }
        } catch {
            preconditionFailure("\(Self.self): Failed to register dependencies. Error: \(error).")
        }
    }
}
