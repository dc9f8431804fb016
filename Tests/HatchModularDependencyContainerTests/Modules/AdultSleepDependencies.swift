import HatchModularDependencyContainer

/// A small module importing BedtimeReminders' mocks.
struct AdultSleepDependencies: DependencyRequirements {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }

    static let requirements = DeclaredRequirements([Requirement(SleepClient.self), Requirement(ContentClient.self)])

    var sleepClient: SleepClient { container.requirement(SleepClient.self, accessor: "sleepClient") }
    var contentClient: ContentClient { container.requirement(ContentClient.self, accessor: "contentClient") }
}

extension AdultSleepDependencies: TestDependencyProvider {
    static func mockRegistration(in builder: MockDependencyBuilder<AdultSleepDependencies>) {
        do {
            builder.importDependencies(BedtimeRemindersDependencies.self)
            try builder.registerSingleton(SleepClient.self) { _ in .noOp }
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}
