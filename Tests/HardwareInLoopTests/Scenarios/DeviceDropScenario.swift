import Foundation
import HatchDeviceModel
import HatchHardwareInLoop
import HatchDeviceSession
import HatchIoTDeviceConnectionStateClient
import Testing

extension HardwareInLoopTests {
    /// Scenario 6: a device drops off the network without a goodbye and comes back. The device's
    /// connection-state client (the one its container shares with its features) shows online, offline
    /// (`connectionLost`) since the drop, and online again since the return; a command sent while it is
    /// away is answered by the shadow service and applied when the device is back.
    @Test("a device drops off the network and comes back; the connection state says since when")
    func deviceDropsAndReturns() async throws {
        try await HIL.scenario("device drop + return", clockStart: "2026-05-03T03:20:00-04:00") { run in
            guard let device = run.target.device(where: { _ in true }, preferring: [.restoreV4, .restoreV5]) else {
                run.notApplicable("device drop (no device)", essential: true)
                return
            }
            let open = try await run.open(device)
            let seen = run.followConnection(of: open)
            let clock = try await run.deviceClock(open)
            let online = try await seen.first("online", within: .seconds(HILTarget.realTimeSlack)) { $0.isOnline }
            guard let onlineSince = online.since else { throw ScenarioFailure("online without a since: \(online)") }
            run.note("\(device.name) online since \(clock.local(onlineSince))")

            guard let control = run.simulator(for: "drop the device's connection (fault injection)") else {
                run.notApplicable("see it offline and back online", essential: true)
                return
            }
            let before = try await open.session.currentState()
            let volume = before.reported.current.sound.v == 12345 ? 23456 : 12345
            let dropped = ContinuousClock.now
            await control.dropConnection(of: device, reconnectAfter: 1.5)
            let offline = try await seen.first("offline (connectionLost)", within: .seconds(HILTarget.realTimeSlack)) { $0.name == "offline" }

            // The shadow service answers for the absent device; the device applies the change on return.
            let mark = open.log.mark
            try await open.session.send(.setVolume(volume))
            let back = try await seen.first(after: offline, "online again", within: .seconds(HILTarget.realTimeSlack)) { $0.isOnline }
            let away = (ContinuousClock.now - dropped).realSeconds
            // The broker's last will cannot say when the device went away (the client then takes the
            // moment it heard it); the lifecycle record that follows does. The state before the return counts.
            let history = seen.all
            guard let backIndex = history.lastIndex(of: back),
                  case .offline(let offlineSince?, let reason)? = history[..<backIndex].last(where: { $0.name == "offline" }) else {
                throw ScenarioFailure("no offline state with a since before the return: \(history.map(\.description))")
            }
            try run.require(reason == "connectionLost", "offline for '\(reason ?? "no reason")' instead of connectionLost")
            try run.require(offlineSince >= onlineSince, "offline since \(offlineSince) is before online since \(onlineSince)")
            guard let backSince = back.since else { throw ScenarioFailure("back online without a since: \(back)") }
            try run.require(backSince >= offlineSince, "back online since \(backSince) is before offline since \(offlineSince)")
            try await open.log.first(after: mark, "the volume sent while away, applied on return", within: .seconds(HILTarget.realTimeSlack)) {
                $0.reported.current.sound.v == volume && $0.reported.connected
            }
            run.note("offline (connectionLost) since \(clock.local(offlineSince)), online again since \(clock.local(backSince)) "
                     + "(\(Int(backSince.timeIntervalSince(offlineSince))) s sim, \(String(format: "%.1f", away)) s real)")
            run.note("volume sent while away applied on return")
        }
    }
}
