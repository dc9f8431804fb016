import Foundation
import HatchDeviceModel
@testable import HatchDashboard
import Testing

/// The shadow panel's document: AWS's delta, the leaves the last update changed, and the store that
/// keeps only watched devices.
@Suite struct ShadowPanelTests {
    private func json(_ text: String) throws -> JSONValue { try JSONValue(json: text) }

    @Test func theDeltaHoldsTheDesiredFieldsTheDeviceDoesNotReport() throws {
        let desired = try json(#"{"current":{"sound":{"v":20000,"id":3}},"unknownField":5}"#)
        let reported = try json(#"{"current":{"sound":{"v":20000,"id":2}}}"#)
        #expect(ShadowPanel.delta(desired: desired, reported: reported) == (try json(#"{"current":{"sound":{"id":3}},"unknownField":5}"#)))
        #expect(ShadowPanel.delta(desired: reported, reported: reported) == nil)
    }

    @Test func aDocumentsMessageNamesTheLeavesItsUpdateChanged() throws {
        let payload = try json("""
            {"previous":{"state":{"reported":{"current":{"color":{"r":1,"g":2}}}},"metadata":{},"version":4},
             "current":{"state":{"desired":{"x":1},"reported":{"current":{"color":{"r":9,"g":2}}}},"metadata":{"reported":{"current":{"color":{"r":{"timestamp":1767600000}}}}},"version":5},
             "timestamp":1767600001}
            """)
        let fields = try #require(payload.objectValue)
        let current = try #require(fields["current"])
        let panel = try #require(ShadowPanel(thing: "t", document: current, previous: fields["previous"], timestamp: 1767600001))
        #expect(panel.version == 5)
        #expect(panel.timestamp == 1767600001)
        #expect(Set(panel.updated) == ["desired.x", "reported.current.color.r"])
        #expect(panel.delta == (try json(#"{"x":1}"#)))
    }

    @Test func theStoreKeepsWatchedDevicesOnlyAndNeverGoesBackAVersion() throws {
        let shadows = DashboardShadows()
        let accepted = { (version: Int) in Data(#"{"state":{"reported":{"a":\#(version)}},"metadata":{},"version":\#(version)}"#.utf8) }
        shadows.observe(topic: "$aws/things/t1/shadow/get/accepted", payload: accepted(3))
        #expect(shadows.watch("t1") == nil)
        shadows.observe(topic: "$aws/things/t1/shadow/get/accepted", payload: accepted(3))
        #expect(shadows.watch("t1")?.version == 3)
        shadows.observe(topic: "$aws/things/t1/shadow/get/accepted", payload: accepted(2))
        #expect(shadows.watch("t1")?.version == 3)
        shadows.observe(topic: "$aws/things/t1/shadow/get/accepted", payload: Data("not json".utf8))
        #expect(shadows.watch("t1")?.version == 3)
        for index in 0..<(DashboardShadows.capacity + 5) { shadows.watch("other-\(index)") }
        #expect(shadows.watchedCount == DashboardShadows.capacity)
    }
}
