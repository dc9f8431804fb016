// Main-actor services of the cookbooks: not Sendable, created and used on the main actor.

protocol RoutineCoordinating: AnyObject, Sendable {
    var name: String { get }
}

final class MockRoutineCoordinator: RoutineCoordinating {
    let name: String
    init(name: String = "mock") { self.name = name }
}

@MainActor
final class AdultRoutineCoordinator {
    let coordinator: any RoutineCoordinating
    init(coordinator: any RoutineCoordinating) { self.coordinator = coordinator }
    static let mock = AdultRoutineCoordinator(coordinator: MockRoutineCoordinator())
}

@MainActor
final class AlarmStateProvider {
    let coordinator: AdultRoutineCoordinator
    init(
        coordinator: AdultRoutineCoordinator,
        deviceStateEmitter: IoTDeviceStateEmitterClient,
        visualAssetsClient: VisualAssetsClient,
        contentClient: ContentClient
    ) {
        self.coordinator = coordinator
    }
}

@MainActor
final class RoutineStateProvider {
    let coordinator: AdultRoutineCoordinator
    let contentClient: ContentClient
    init(coordinator: AdultRoutineCoordinator, contentClient: ContentClient, deviceStateEmitter: IoTDeviceStateEmitterClient) {
        self.coordinator = coordinator
        self.contentClient = contentClient
    }
}

@MainActor
final class AlarmOperations {
    let macAddress: String
    init(coordinator: AdultRoutineCoordinator, contentClient: ContentClient, macAddress: String) {
        self.macAddress = macAddress
    }
}

@MainActor
final class BedtimeStateProvider {
    let dependencies: BedtimeRemindersDependencies
    init(dependencies: BedtimeRemindersDependencies) { self.dependencies = dependencies }
}

@MainActor
final class LibraryContentClient {
    static func mock() -> LibraryContentClient { LibraryContentClient() }
}
