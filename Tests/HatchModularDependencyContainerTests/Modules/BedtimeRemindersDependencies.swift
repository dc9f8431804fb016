import HatchModularDependencyContainer

/// A mid-level module with a keyed requirement; imports ContentPreview's mocks.
struct BedtimeRemindersDependencies: DependencyRequirements {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }

    static let requirements = DeclaredRequirements([
        Requirement(UserDefaultsClient.self, key: BedtimeRemindersKey.goodnightPhone),
        Requirement(ContentClient.self),
    ])

    var goodnightPhoneUserDefaultsClient: UserDefaultsClient {
        container.requirement(UserDefaultsClient.self, key: BedtimeRemindersKey.goodnightPhone, accessor: "goodnightPhoneUserDefaultsClient")
    }
    var contentClient: ContentClient { container.requirement(ContentClient.self, accessor: "contentClient") }
}

extension BedtimeRemindersDependencies: TestDependencyProvider {
    static func mockRegistration(in builder: MockDependencyBuilder<BedtimeRemindersDependencies>) {
        do {
            builder.importDependencies(ContentPreviewDependencies.self)
            try builder.registerSingleton(UserDefaultsClient.self, key: BedtimeRemindersKey.goodnightPhone) { _ in .mock }
            try builder.registerSingleton(ContentClient.self) { _ in .mock() }
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}
