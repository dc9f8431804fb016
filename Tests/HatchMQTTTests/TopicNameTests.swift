import Testing
@testable import HatchMQTT

@Suite("Topic filters")
struct TopicNameTests {
    @Test("Literal levels, + and # match as MQTT says, whichever path decides")
    func matching() {
        let cases: [(String, String, Bool)] = [
            ("$aws/things/restoreV5_a/shadow/+/+", "$aws/things/restoreV5_a/shadow/update/accepted", true),
            ("$aws/things/restoreV5_a/shadow/+/+", "$aws/things/restoreV5_b/shadow/update/accepted", false),
            ("$aws/things/restoreV5_a/shadow/+/+", "$aws/things/restoreV5_a/shadow/update", false),
            ("$aws/things/+/shadow/#", "$aws/things/x/shadow/get/accepted", true),
            ("hatch/things/+/presence", "hatch/things/x/presence", true),
            ("hatch/things/+/presence", "hatch/things/x/routines", false),
            ("sport/tennis/#", "sport/tennis", true),
            ("sport/tennis/#", "sport/tennisball", false),
            ("#", "$aws/things/x/shadow/update", false),
            ("+/things/x", "$aws/things/x", false),
            ("#", "a/b", true),
            ("a/b", "a/b", true),
            ("a/b", "a/bc", false),
            ("a/bc", "a/b", false),
        ]
        for (filter, topic, expected) in cases {
            #expect(TopicName.matches(filter: filter, topic: topic) == expected, "\(filter) against \(topic)")
        }
    }
}
