import HatchBrokerConfiguration
import HatchDeviceModel
import Testing

/// The ACL a locked-down broker enforces, for both ways of answering shadows.
@Suite("Broker ACL")
struct AccessControlListTests {
    private static let nursery = BrokerDevice(name: "Nursery\nleft", macAddress: "A4:C1:38:00:00:01", product: "restoreV5",
                                              thing: ThingName(rawValue: "restoreV5_a4c138000001"))

    private func acl(_ access: BrokerAccessControlList.DeviceAccess) -> [String] {
        BrokerAccessControlList(fleet: "lab", devices: [Self.nursery], controllerUsername: "hatch-controller",
                                serviceUsername: "hatch-fleet", deviceAccess: access)
            .render().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The rules under `user name`, up to the next blank line.
    private func rules(of user: String, in lines: [String]) -> [String] {
        guard let start = lines.firstIndex(of: "user \(user)") else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
    }

    @Test("own topics: a device reads and writes only its own shadow and records, and writes its registry record")
    func ownTopics() {
        let lines = acl(.ownTopics)
        #expect(rules(of: "restoreV5_a4c138000001", in: lines) == [
            "topic readwrite \(Topics.Shadow(Self.nursery.thing).all)",
            "topic readwrite hatch/things/restoreV5_a4c138000001/#",
            "topic write \(Topics.registry(Self.nursery.thing))",
        ])
        let service = rules(of: "hatch-fleet", in: lines)
        #expect(service.contains("topic read $aws/things/+/shadow/#"))
        #expect(service.contains("topic write $aws/things/+/shadow/+/+"))
    }

    @Test("firmware topics: a device may use only what its firmware publishes and reads, as an AWS IoT policy allows")
    func firmwareTopics() {
        let lines = acl(.firmwareTopics)
        let topics = FirmwareTopics(Self.nursery.thing)
        #expect(rules(of: "restoreV5_a4c138000001", in: lines)
            == topics.publishes.map { "topic write \($0)" } + topics.subscribes.map { "topic read \($0)" })
        #expect(!lines.contains { $0.hasPrefix("topic readwrite") }, "no device reads its own replies back")
        let service = rules(of: "hatch-fleet", in: lines)
        #expect(service.contains("topic read $aws/things/+/shadow/+"))
        #expect(!service.contains("topic read $aws/things/+/shadow/#"), "the service does not read the replies it writes")
    }

    @Test("the controller only writes requests; anonymous clients have no entry; a name cannot break a comment line")
    func controllerAndComments() {
        let lines = acl(.ownTopics)
        let controller = rules(of: "hatch-controller", in: lines)
        #expect(controller.filter { $0.hasPrefix("topic write") }.allSatisfy {
            $0.hasSuffix("/get") || $0.hasSuffix("/update") || $0.hasSuffix("/delete") || $0.hasSuffix("/request") || $0.hasSuffix(Topics.fleetControl)
        }, "\(controller)")
        #expect(!lines.contains { $0.hasPrefix("pattern") || $0 == "user" })
        #expect(lines.contains("# Nursery left (A4:C1:38:00:00:01, restoreV5): its own topics only."))
    }
}
