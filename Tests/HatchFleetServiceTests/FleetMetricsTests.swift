import Foundation
import HatchDashboard
import HatchDeviceModel
import HatchDeviceSimulator
import HatchFleetService
import HatchServiceHTTP
import Prometheus
import Testing

/// The fleet's exposition read from the fleet itself, and the dashboard's simulation controls.
@Suite("Fleet metrics and simulation controls")
struct FleetMetricsTests {
    @Test("the exposition names every family, counts the devices, none online, and shows an injected fault")
    func exposition() async throws {
        let fleet = try FleetFixture.fleet()
        let metrics = FleetMetrics(registry: PrometheusCollectorRegistry(), fleet: fleet)
        let controls = FleetSimulationControls.make(fleet: fleet, clock: fleet.configuration.clock)
        let dashboardDevice = try FleetFixture.firstDevice()
        let reply = await controls.injectFault("rejectUpdates", dashboardDevice, nil, 2)
        #expect(reply.ok, "\(reply)")

        let text = String(decoding: await metrics.render(), as: UTF8.self)
        for family in ["hatch_fleet_devices gauge", "hatch_fleet_devices_online gauge", "hatch_fleet_messages_in_total counter",
                       "hatch_fleet_messages_out_total counter", "hatch_fleet_faults_active gauge", "hatch_fleet_faults_injected_total counter",
                       "hatch_fleet_simulated_time_seconds gauge", "process_resident_memory_bytes gauge", "process_cpu_seconds_total counter"] {
            #expect(text.contains("# TYPE \(family)"), "missing \(family)")
        }
        let samples = PrometheusSamples(exposition: text)
        #expect(samples["hatch_fleet_devices"] == Double(fleet.devices.count))
        #expect(samples["hatch_fleet_devices_online"] == 0)
        #expect(samples["hatch_fleet_faults_active{fault=\"rejectUpdates\"}"] == 1, "\(samples)")
        #expect(samples["hatch_fleet_faults_active{fault=\"reboot\"}"] == 0, "\(samples)")
        #expect(samples["hatch_fleet_faults_injected_total"] == 1, "\(samples)")
        #expect(samples["hatch_fleet_simulated_time_seconds"] == fleet.configuration.clock.now.timeIntervalSince1970)
    }

    @Test("the clock controls set the speed, pause, jump and advance the fleet's own clock")
    func clock() async throws {
        let clock = SimulationClock(mode: .manual, startTime: Date(timeIntervalSince1970: 1_750_000_000))
        let fleet = try FleetFixture.fleet(clock: clock)
        let controls = FleetSimulationControls.make(fleet: fleet, clock: clock)
        #expect(await controls.changeClock(.advance(3600)).ok)
        #expect(clock.now.timeIntervalSince1970 == 1_750_003_600)
        let target = Date(timeIntervalSince1970: 1_760_000_000)
        #expect(await controls.changeClock(.set(target)).ok)
        #expect(clock.now == target)
        #expect(await controls.changeClock(.speed(60)).ok)
        #expect(clock.speed == 60)
        #expect(controls.status().speed == 60)
        #expect(await controls.changeClock(.pause).ok)
        #expect(clock.speed == 0)
        #expect(controls.status().faults == FleetSimulationControls.faults)
    }

    @Test("a fault for a device the fleet does not have, or one that is malformed, fails and says why")
    func unknownDevice() async throws {
        let fleet = try FleetFixture.fleet()
        let controls = FleetSimulationControls.make(fleet: fleet, clock: fleet.configuration.clock)
        let stranger = DashboardDevice(name: "Stranger", macAddress: try MacAddress(validating: "02:00:00:00:00:99"), product: .restoreV5)
        let reply = await controls.injectFault("reboot", stranger, nil, nil)
        #expect(!reply.ok && reply.message.contains("Stranger is not in this fleet"), "\(reply)")
        let known = try FleetFixture.firstDevice()
        let malformed = await controls.injectFault("noSuchFault", known, nil, nil)
        #expect(!malformed.ok && malformed.message.hasPrefix("noSuchFault:"), "\(malformed)")
    }
}
