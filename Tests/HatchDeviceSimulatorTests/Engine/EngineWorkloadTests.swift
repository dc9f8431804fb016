@_spi(Benchmarks) import HatchDeviceSimulator
import Testing

/// The measured workload of `hatch-engine-bench` and `Scripts/callgrind-fleet.sh` does what its
/// figures claim: every device reports once per step, and a command reaches every device, for the
/// fused device and for the firmware alone.
@Suite("engine workload")
struct EngineWorkloadTests {
    @Test("a step is one report per device and a command one answer per device, fused or firmware alone", arguments: [1, 3, 30])
    func messages(routineSteps: Int) {
        let fused = EngineWorkload(count: 10, routineSteps: routineSteps)
        let firmware = EngineWorkload(count: 10, routineSteps: routineSteps, firmwareOnly: true)
        #expect(fused.deviceCount == 10 && firmware.deviceCount == 10)
        for _ in 0..<4 {
            // Fused: `/update/accepted` and `/update/documents`, or more when the routine restarts.
            #expect(fused.step() >= 20)
            // Firmware alone: its `/update` request, or more when the routine restarts.
            #expect(firmware.step() >= 10)
        }
        // A volume command: the firmware applies the service's delta and reports (one `/update`);
        // the fused device also answers the app's request and its own report.
        #expect(firmware.command() == 10)
        #expect(fused.command() > 10)
        #expect(firmware.bytesPerReport > 0 && fused.bytesPerReport > firmware.bytesPerReport)
    }
}
