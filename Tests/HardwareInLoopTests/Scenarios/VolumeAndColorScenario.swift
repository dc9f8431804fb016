import Foundation
import HatchDeviceModel
import HatchHardwareInLoop
import HatchDeviceSession
import HatchIoTActionSenderClient
import Testing

extension HardwareInLoopTests {
    /// Scenario 5: volume on every device and colour on every device with a light, each confirmed by the
    /// device's report; and the client's refusal, before anything is sent, of a colour on a product
    /// without a light and of the clock display on a product without a clock.
    @Test("volume and colour on every product that has them; refusal on products that lack them")
    func volumeAndColor() async throws {
        try await HIL.scenario("volume + colour", clockStart: "2026-04-22T12:15:00-04:00") { run in
            var changed: [String] = []
            var refused: [String] = []
            for (index, device) in run.target.devices.enumerated() {
                let open = try await run.open(device)
                if index == 0 { _ = try await run.deviceClock(open) }
                let session = open.session
                run.onCleanup("turn \(device.name) off") { try await session.send(.turnOff) }
                let sound = device.product.sounds.sounds.first?.id ?? 3
                let (first, second) = (20000 + index * 1000, 9000 + index * 1000)

                var mark = max(0, open.log.mark - 1)
                try await session.send(.playSound(id: sound, volume: first))
                var seen = try await open.log.first(after: mark, "\(device.name) playing sound \(sound) at \(first)", within: .seconds(HILTarget.realTimeSlack)) {
                    $0.reported.current.sound.id == sound && $0.reported.current.sound.v == first
                }
                try await session.send(.setVolume(second))
                seen = try await open.log.first(after: seen.index, "\(device.name) at volume \(second)", within: .seconds(HILTarget.realTimeSlack)) {
                    $0.reported.current.sound.v == second && $0.reported.current.sound.id == sound
                }
                mark = seen.index
                var what = "volume"

                if device.capabilities.light {
                    // A Rest+ (1st gen) has no white channel, only a white flag (`c.W`).
                    let white = device.product.reportsRestPlusDocument ? 0 : index * 1000
                    let (r, g, b, w, i) = (65535 - index * 5000, 12000 + index * 3000, 40000, white, 30000 + index * 2000)
                    try await session.send(.setColor(r: r, g: g, b: b, w: w, intensity: i))
                    let shown = try await open.log.first(after: mark, "\(device.name) showing the colour", within: .seconds(HILTarget.realTimeSlack)) {
                        guard let color = $0.reported.current.color else { return false }
                        return color.id == WireConstants.customColorID && color.r == r && color.g == g && color.b == b && color.w == w && color.i == i
                    }
                    try await session.send(.lightOff)
                    try await open.log.first(after: shown.index, "\(device.name) light off", within: .seconds(HILTarget.realTimeSlack)) {
                        $0.reported.current.color?.id == WireConstants.colorOffID
                    }
                    what += "+colour"
                } else {
                    try await expectRefusal(.setColor(r: 1, g: 2, b: 3, w: 0, intensity: 100), on: device, session: session, reason: "it has no light")
                    refused.append("colour on \(device.product.rawValue)")
                }
                if !device.capabilities.clock {
                    try await expectRefusal(.setClockFlags(on: true, twentyFourHour: true), on: device, session: session, reason: "it has no clock display")
                    refused.append("clock on \(device.product.rawValue)")
                }
                try await session.send(.stopSound)
                changed.append("\(device.product.rawValue) \(what)")
            }
            run.note("set and confirmed: " + changed.joined(separator: ", "))
            if refused.isEmpty {
                run.notApplicable("refusal (every product in the target has a light and a clock)")
            } else {
                run.note("refused before sending: " + refused.joined(separator: ", "))
            }
        }
    }
}

/// Expects the action sender to refuse `action` for `device`'s product with `reason`, sending nothing.
@MainActor
private func expectRefusal(_ action: DeviceAction, on device: HILDevice, session: DeviceSession, reason: String) async throws {
    do {
        try await session.send(action)
    } catch let error as IoTActionSenderError {
        guard error == .unsupported(product: device.product, reason: reason) else {
            throw ScenarioFailure("\(device): expected the refusal '\(reason)', got: \(error)")
        }
        return
    }
    throw ScenarioFailure("\(device): \(action) was accepted although the product cannot do it")
}
