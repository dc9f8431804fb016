import Foundation
import HatchDeviceModel
import HatchFleetControl
import Testing

/// How tools describe a device's state and format times, durations and tables.
@Suite("Describing device state")
struct DescriptionTests {
    @Test("a colour as hex at its intensity, off, or absent")
    func colours() {
        #expect(StateDescription.color(ColorState(id: 9999, r: 65535, g: 0, b: 32768, i: 30000)) == "#FF007F at 46%")
        #expect(StateDescription.color(ColorState(id: 9999, w: 65535, i: 65535)) == "#000000 +white 100% at 100%")
        #expect(StateDescription.color(ColorState(id: WireConstants.colorOffID, r: 65535, i: 65535)) == "off")
        #expect(StateDescription.color(nil) == "none (no light)")
    }

    @Test("a sound by the product's catalogue name, with volume and mute")
    func sounds() throws {
        let product = HardwareProduct.restMini
        let named = try #require(product.sounds.sounds.first { $0.id != 0 && $0.id != WireConstants.soundOffID })
        #expect(StateDescription.sound(SoundState(id: named.id, v: 19661), product: product) == "\(named.name) (\(named.id)) at 30%")
        #expect(StateDescription.sound(SoundState(id: 4242, v: 65535, mute: true), product: product) == "sound 4242 at 100% (muted)")
        #expect(StateDescription.sound(SoundState(id: 0, v: 65535), product: product) == "off")
    }

    @Test("timestamps, seconds, durations and tables are locale-independent")
    func formats() {
        #expect(TextFormat.timestamp(Date(timeIntervalSince1970: 1_767_600_000)) == "2026-01-05T08:00:00Z")
        #expect(TextFormat.seconds(5) == "5 s")
        #expect(TextFormat.seconds(0.5) == "0.5 s")
        #expect(TextFormat.duration(seconds: 3723) == "1h 02m 03s")
        #expect(TextFormat.duration(seconds: 123) == "2m 03s")
        #expect(TextFormat.duration(seconds: -5) == "0s")
        #expect(TextFormat.table(header: ["A", "LONGER"], rows: [["wide cell", "x"]]) == "A          LONGER\nwide cell  x")
    }

    @Test("every error has its exit status and kind, and says what to do next")
    func errors() {
        let cases: [(FleetControlError, Int32, String)] = [
            (.noBroker(recordPath: "/h/broker.json"), 3, "noBroker"),
            (.brokerRequiresClientCertificate(url: "mqtts://h:8883"), 3, "brokerRequiresClientCertificate"),
            (.unknownDevice(query: "x", known: []), 4, "unknownDevice"),
            (.deviceOffline(device: "Nursery", since: nil, reason: "connectionLost"), 5, "deviceOffline"),
            (.rejected(device: "Nursery", code: 400, message: "bad"), 6, "rejected"),
            (.timeout(device: "Nursery", seconds: 2.5), 7, "timeout"),
            (.notFound(kind: "routine", query: "Nap", known: ["Bedtime"]), 8, "notFound"),
            (.unsupported(device: "Mini", reason: "no light"), 9, "unsupported"),
            (.invalidArgument("bad"), 9, "invalidArgument"),
            (.dependenciesUnmet(count: 2), 10, "dependenciesUnmet"),
        ]
        for (error, status, kind) in cases {
            #expect(error.exitStatus == status, "\(kind)")
            #expect(error.kind == kind)
        }
        #expect(FleetControlError.unknownDevice(query: "x", known: []).description.contains("is a fleet running?"))
        #expect(FleetControlError.timeout(device: "Nursery", seconds: 2.5).description.contains("within 2.5 s"))
        #expect(FleetControlError.deviceOffline(device: "Nursery", since: nil, reason: nil).description.contains("unrecorded time"))
    }
}
