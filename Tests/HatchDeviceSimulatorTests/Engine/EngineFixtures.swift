import Foundation
import HatchDeviceModel
@testable import HatchDeviceSimulator

/// Shared builders for engine tests: a Monday morning in UTC and devices of each product.
enum EngineFixtures {
    /// Monday 2026-01-05 06:00:00 UTC.
    static let monday0600 = Date(timeIntervalSince1970: 1_767_592_800)

    static func time(_ text: String) -> TimeOfDay { try! TimeOfDay(parsing: text) }

    static func profile(_ product: HardwareProduct, mac: String = "A4:C1:38:00:00:01") -> DeviceProfile {
        DeviceProfile(name: "Test", macAddress: try! MacAddress(validating: mac), product: product, baseRSSI: -50)
    }

    static let windDown = Routine(id: 7, name: "Wind down", type: .sleep, steps: [
        RoutineStep(color: ColorState(id: 9999, r: 65535, g: 20000, b: 0, w: 0, i: 30000), sound: SoundState(id: 3, v: 20000), duration: 600),
        RoutineStep(color: ColorState(id: 9999, r: 65535, g: 10000, b: 0, w: 0, i: 10000), sound: SoundState(id: 3, v: 10000), duration: 300),
        RoutineStep(color: nil, sound: SoundState(id: 2, v: 8000), duration: 0),
    ])

    static func engine(_ product: HardwareProduct = .restoreV5, routines: [Routine] = [windDown], alarms: [Alarm] = [],
                       now: Date = monday0600, configure: (inout DeviceSettings) -> Void = { _ in }) -> DeviceEngine {
        var settings = DeviceSettings.factory(for: product, timezone: "UTC")
        settings.routines = RecordCollection(items: routines)
        settings.alarms = RecordCollection(items: alarms)
        configure(&settings)
        return DeviceEngine(profile: profile(product), settings: settings, now: now)
    }
}
