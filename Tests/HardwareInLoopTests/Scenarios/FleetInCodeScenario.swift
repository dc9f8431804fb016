import Foundation
import HatchDeviceModel
import HatchHardwareInLoop
import HatchMosquittoBroker
import HatchMQTT
import Testing

extension HardwareInLoopTests {
    /// The kit's other simulated targets: devices given in code (no fleet file) in their own time zone,
    /// at their own speed, on a broker the kit did not start, which it therefore never restarts.
    @Test("a fleet given in code, on a broker given by URL")
    func fleetInCode() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let mini = HILDevice(name: "Desk", macAddress: try MacAddress(validating: "A4:C1:38:77:00:01"), product: .restMini)
        let fleet = SimulatedFleet(devices: .devices([mini], timeZone: "Europe/Paris"), broker: .url(try MQTTBrokerURL(broker.url)), speed: 120)
        try await HIL.scenario("fleet in code, given broker", clockStart: "2026-07-01T08:00:00+02:00", target: .simulated(fleet)) { run in
            try run.require(run.target.devices == [mini] && run.target.speed == 120, "the target is \(run.target.devices) at \(run.target.speed)x")
            let open = try await run.open(mini)
            let clock = try await run.deviceClock(open)
            try run.require(clock.timeZone.identifier == "Europe/Paris", "the device runs in \(clock.timeZone.identifier)")
            try run.require(clock.local(clock.now).hasPrefix("08:0"), "the device's clock reads \(clock.local(clock.now)), not 08:0x")

            guard let simulator = run.simulator(for: "clock jump") else { throw ScenarioFailure("no simulator on a simulated fleet") }
            try run.require(simulator.brokerPort == nil, "the kit claims the given broker as its own")
            do {
                try await simulator.crashBroker(downtime: .milliseconds(10))
                throw ScenarioFailure("the kit restarted a broker it did not start")
            } catch let failure as ScenarioFailure where failure.description.contains("does not own") {}

            let mark = open.log.mark
            try await simulator.jumpClock(to: clock.now.addingTimeInterval(3 * 3600))
            try await open.session.send(.setVolume(12345))
            let later = try await open.log.first(after: mark, "the volume after a 3-hour jump", withinSimulated: 60) {
                $0.reported.current.sound.v == 12345
            }
            let local = clock.local(epoch: later.state.timestamp)
            try run.require(local.hasPrefix("11:0"), "after the jump the device reports \(local), not 11:0x")
            run.note("\(mini) in Europe/Paris at 120x on \(broker.url): \(clock.local(clock.now)) → jumped → volume at \(local)")
        }
    }
}

extension HardwareInLoopTests {
    /// Devices given in code with the shadow service split off: the kit writes their fleet file for
    /// `hatchctl broker config`, runs `hatchctl shadow-service` behind the locked-down broker, and a clock
    /// jump restarts the service on the moved clock.
    @Test("a fleet given in code, with its shadow service split off")
    func fleetInCodeSplit() async throws {
        let hall = HILDevice(name: "Hall", macAddress: try MacAddress(validating: "A4:C1:38:77:00:02"), product: .riot)
        let fleet = SimulatedFleet(devices: .devices([hall]), shadowService: .split)
        try await HIL.scenario("fleet in code, split service", clockStart: "2026-07-01T21:00:00-04:00", target: .simulated(fleet)) { run in
            let open = try await run.open(hall)
            let mark = open.log.mark
            try await open.session.send(.setVolume(23456))
            try await open.log.first(after: mark, "the volume through the split service", within: .seconds(HILTarget.realTimeSlack)) { $0.reported.current.sound.v == 23456 }

            guard let simulator = run.simulator(for: "clock jump") else { throw ScenarioFailure("no simulator on a simulated fleet") }
            let before = try await run.deviceClock(open)
            try await simulator.jumpClock(by: 3600)
            let after = try await run.deviceClock(open)
            // The service restarts on the moved clock, which lands 1.5 real seconds short and runs the rest.
            let moved = after.now.timeIntervalSince(before.now)
            try run.require(moved >= 3500, "after a one-hour jump the service's clock moved only \(Int(moved)) s sim")
            run.note("\(hall) volume set through hatchctl shadow-service, \(before.local(before.now)) → jumped → \(after.local(after.now))")
        }
    }
}
