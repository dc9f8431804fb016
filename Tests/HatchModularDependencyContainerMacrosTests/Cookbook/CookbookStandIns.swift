// Small stand-ins for the types the production and test-mode cookbooks mention, so that their samples compile
// unchanged. Clients are Sendable values that say which variant (`live`, `mock`, `noOp`) they are.

/// A Sendable client stand-in that remembers which variant it is.
public protocol StandInClient: Sendable, Equatable {
    init(variant: String)
    var variant: String { get }
}

extension StandInClient {
    public static var noOp: Self { Self(variant: "noOp") }
    public static var live: Self { Self(variant: "live") }
    public static func mock() -> Self { Self(variant: "mock") }
}

public struct ContentClient: StandInClient { public let variant: String; public init(variant: String) { self.variant = variant } }
public struct VisualAssetsClient: StandInClient { public let variant: String; public init(variant: String) { self.variant = variant } }
public struct FavoritesClient: StandInClient { public let variant: String; public init(variant: String) { self.variant = variant } }
public struct SubscriptionClient: StandInClient { public let variant: String; public init(variant: String) { self.variant = variant } }
public struct HatchAnalyticsClient: StandInClient { public let variant: String; public init(variant: String) { self.variant = variant } }
public struct IoTActionSenderClient: StandInClient { public let variant: String; public init(variant: String) { self.variant = variant } }
public struct IoTDeviceStateEmitterClient: StandInClient { public let variant: String; public init(variant: String) { self.variant = variant } }

public enum DeviceStateEmitterClient {
    public struct Factory: StandInClient { public let variant: String; public init(variant: String) { self.variant = variant } }
}

public enum IoTDeviceConnectionStateClient {
    public struct Factory: StandInClient { public let variant: String; public init(variant: String) { self.variant = variant } }
}

public struct UserDefaultsClient: StandInClient {
    public enum Domain: Sendable { case standard, suite(name: String) }
    public let variant: String
    public init(variant: String) { self.variant = variant }
    public static func live(domain: Domain) -> Self {
        if case .suite(let name) = domain { return Self(variant: "live:\(name)") }
        return Self(variant: "live:standard")
    }
}

public struct LocalNotificationClient: Sendable {
    public let id: Int
    public static func live() -> Self { Self(id: Int.random(in: 0 ..< .max)) }
}

public enum AnalyticsKey: Hashable, Sendable { case amplitude, statsig }
public enum BedtimeRemindersKey: Hashable, Sendable { case goodnightPhone }
public enum SomeKey: Hashable, Sendable { case value }

public enum AppGroupIdentifier {
    case hatchSleepApp
    public var appGroupIdentifier: String { "group.com.hatch.sleep" }
}

public enum HardwareProduct: String, Sendable { case restoreIoT, restoreV4, restoreV5 }
public typealias AdultUserIdentifier = String

/// Phantom-typed wrapper like pointfreeco/swift-tagged's.
public struct Tagged<Tag, RawValue: Hashable & Sendable>: Hashable, Sendable {
    public let rawValue: RawValue
    public init(rawValue: RawValue) { self.rawValue = rawValue }
    public init(_ rawValue: RawValue) { self.rawValue = rawValue }
}
public enum MacAddressTag {}
public typealias MacAddress = Tagged<MacAddressTag, String>

public final class HA25ToolbarViewModel: Sendable {
    public static let mock = HA25ToolbarViewModel()
}

@MainActor public protocol RoutineCoordinating: AnyObject {
    var name: String { get }
}

@MainActor public final class MockRoutineCoordinator: RoutineCoordinating {
    public let name = "mock"
    public init() {}
}

@MainActor public final class AdultRoutineCoordinator {
    public let coordinator: any RoutineCoordinating
    public init(coordinator: any RoutineCoordinating) { self.coordinator = coordinator }
}

@MainActor public final class RoutineStateProvider {
    public let coordinator: AdultRoutineCoordinator
    public let contentClient: ContentClient
    public let deviceStateEmitter: IoTDeviceStateEmitterClient
    public init(coordinator: AdultRoutineCoordinator, contentClient: ContentClient, deviceStateEmitter: IoTDeviceStateEmitterClient) {
        self.coordinator = coordinator
        self.contentClient = contentClient
        self.deviceStateEmitter = deviceStateEmitter
    }
}

@MainActor public final class AlarmStateProvider {
    public let coordinator: AdultRoutineCoordinator
    public let visualAssetsClient: VisualAssetsClient
    public init(coordinator: AdultRoutineCoordinator, deviceStateEmitter: IoTDeviceStateEmitterClient,
                visualAssetsClient: VisualAssetsClient, contentClient: ContentClient) {
        self.coordinator = coordinator
        self.visualAssetsClient = visualAssetsClient
    }
}

@MainActor public final class AlarmOperations {
    public let macAddress: String
    public init(coordinator: AdultRoutineCoordinator, contentClient: ContentClient, macAddress: String) {
        self.macAddress = macAddress
    }
}

@MainActor public final class MyProvider {
    public init(client: ContentClient, coordinator: AdultRoutineCoordinator) {}
}

@MainActor public final class BedtimeStateProvider {
    public let dependencies: BedtimeRemindersDependencies
    public init(dependencies: BedtimeRemindersDependencies) { self.dependencies = dependencies }
}

@MainActor public final class LibraryContentClient {
    public static func mock() -> LibraryContentClient { LibraryContentClient() }
}

public struct SettingsDeepLink: Sendable {}
public final class ViewController {}

@MainActor public protocol DeviceSettingsViewControllerProvider {
    func makeDeviceSettingsViewController(for macAddress: String, deepLink: SettingsDeepLink?) -> ViewController?
}

/// The screen the composition root sample builds.
public struct AdultScreen: Sendable {
    public let dependencies: AdultScreenDependencies
    public static func live(dependencies: AdultScreenDependencies) -> AdultScreen { AdultScreen(dependencies: dependencies) }
}
