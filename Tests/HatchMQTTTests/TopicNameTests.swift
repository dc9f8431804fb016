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
        // The session's index offers every filter that matches (and may offer more, which `matches` drops).
        var index = FilterIndex()
        for (filter, _, _) in cases { index.insert(filter) }
        for (filter, topic, expected) in cases where expected {
            var offered: [String] = []
            index.forEachCandidate(of: topic) { offered.append($0) }
            #expect(offered.contains(filter), "\(filter) for \(topic)")
            #expect(Set(offered).count == offered.count, "each filter once")
        }
        index.remove("a/b")
        var offered: [String] = []
        index.forEachCandidate(of: "a/b") { offered.append($0) }
        #expect(!offered.contains("a/b"), "a removed filter is not offered")
        #expect(offered.contains("#"))
    }
}
