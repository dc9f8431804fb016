import HatchModularDependencyContainer

/// A module whose mocks are mostly imported (Alarms, BedtimeReminders, ContentPreview).
struct AdultContentDetailDependencies: DependencyRequirements {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }

    static let requirements = DeclaredRequirements(
        [Requirement(ContentClient.self)],
        inputs: [InputRequirement(HardwareProduct.self)]
    )

    var contentClient: ContentClient { container.requirement(ContentClient.self, accessor: "contentClient") }
    var hardwareProduct: HardwareProduct { container.input(HardwareProduct.self, accessor: "hardwareProduct") }
}

extension AdultContentDetailDependencies: TestDependencyProvider {
    static func mockRegistration(in builder: MockDependencyBuilder<AdultContentDetailDependencies>) {
        builder.importDependencies(AdultAlarmsDependencies.self)
        builder.importDependencies(BedtimeRemindersDependencies.self)
        builder.importDependencies(ContentPreviewDependencies.self)
    }
}
