// Small stand-ins for the clients the cookbooks name: structs of values, Sendable, with `.mock()`/`.noOp`.

struct ContentClient: Sendable, Equatable {
    var name = "live"
    static func mock() -> ContentClient { ContentClient(name: "mock") }
}

struct VisualAssetsClient: Sendable, Equatable {
    var name = "live"
}

struct HatchAnalyticsClient: Sendable, Equatable {
    var provider: String
    static let noOp = HatchAnalyticsClient(provider: "noOp")
}

enum AnalyticsKey: Hashable, Sendable {
    case amplitude
    case statsig
}

enum BedtimeRemindersKey: Hashable, Sendable {
    case goodnightPhone
}

struct UserDefaultsClient: Sendable, Equatable {
    enum Domain: Sendable, Equatable {
        case standard
        case suite(name: String)
    }

    var domain: Domain
    static func live(domain: Domain) -> UserDefaultsClient { UserDefaultsClient(domain: domain) }
    static let mock = UserDefaultsClient(domain: .standard)
}

enum AppGroupIdentifier {
    case hatchSleepApp
    var appGroupIdentifier: String { "group.com.hatch.sleep" }
}

struct IoTDeviceStateEmitterClient: Sendable, Equatable {
    var name = "live"
    static let noOp = IoTDeviceStateEmitterClient(name: "noOp")
}

struct IoTActionSenderClient: Sendable, Equatable {
    static let noOp = IoTActionSenderClient()
}

struct IoTDeviceConnectionStateClient: Sendable {
    struct Factory: Sendable, Equatable {
        static let noOp = Factory()
    }
}

struct DeviceStateEmitterClient: Sendable {
    struct Factory: Sendable, Equatable {
        static let noOp = Factory()
    }
}

struct FavoritesClient: Sendable, Equatable {
    var name = "live"
    static func mock() -> FavoritesClient { FavoritesClient(name: "mock") }
}

struct SubscriptionClient: Sendable, Equatable {
    static let noOp = SubscriptionClient()
}

struct SleepClient: Sendable, Equatable {
    static let noOp = SleepClient()
}

struct LocalNotificationClient: Sendable {
    let id: Int
    static func live() -> LocalNotificationClient { LocalNotificationClient(id: nextID()) }
    private static func nextID() -> Int { SequenceNumber.next() }
}
