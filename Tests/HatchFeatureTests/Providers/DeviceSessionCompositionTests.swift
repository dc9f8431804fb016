import HatchAdultAlarms
import HatchAdultRoutine
import HatchDependencyContainerCore
import HatchDeviceModel
import HatchDeviceSession
import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient
import Synchronization
import Testing

private enum TestRoot {}

/// The MAC addresses a factory made connection clients for.
final class MadeLog: Sendable {
    private let storage = Mutex<[MacAddress]>([])
    func append(_ mac: MacAddress) { storage.withLock { $0.append(mac) } }
    var entries: [MacAddress] { storage.withLock { $0 } }
}

@MainActor
@Suite("DeviceSessionDependencies: one child container per device", .timeLimit(.minutes(1)))
struct DeviceSessionCompositionTests {
    /// A root container like hatchctl's, with mock clients and a factory that records what it made.
    func makeRoot(recorder: IoTActionRecorder, made: MadeLog? = nil) throws -> DependencyContainer {
        let dependencyBuilder = DependencyBuilder<TestRoot>()
        try dependencyBuilder.registerSingleton(IoTDeviceStateEmitterClient.self) { _ in .mock() }
        try dependencyBuilder.registerSingleton(IoTActionSenderClient.self) { _ in .mock(recorder: recorder) }
        try dependencyBuilder.registerSingleton(IoTDeviceConnectionStateClient.Factory.self) { _ in
            IoTDeviceConnectionStateClient.Factory { macAddress, _ in
                made?.append(macAddress)
                return .mock(.online(since: nil))
            }
        }
        return dependencyBuilder.freeze()
    }

    func session(_ root: DependencyContainer, _ mac: MacAddress, _ product: HardwareProduct) -> DeviceSessionDependencies {
        root.buildChild(DeviceSessionDependencies.self) { childBuilder in
            childBuilder.provideInput(HardwareProduct.self, product)
            childBuilder.provideInput(MacAddress.self, mac)
        }
    }

    @Test("each device gets its own providers, bound to its MAC and product; each provider is built once")
    func providersPerDevice() async throws {
        let recorder = IoTActionRecorder()
        let made = MadeLog()
        let root = try makeRoot(recorder: recorder, made: made)
        let nursery = session(root, MacAddress(value: 1), .restoreV5)
        let parents = session(root, MacAddress(value: 2), .restoreV4)

        let nurseryRoutine = nursery.adultRoutine()
        let nurseryProvider = nurseryRoutine.routineStateProvider
        #expect(nurseryRoutine.routineStateProvider === nurseryProvider)
        let parentsProvider = parents.adultRoutine().routineStateProvider
        #expect(parentsProvider !== nurseryProvider)
        #expect(nurseryProvider.macAddress == MacAddress(value: 1))
        #expect(parentsProvider.product == .restoreV4)

        let alarms = parents.adultAlarms().alarmStateProvider
        #expect(alarms.macAddress == MacAddress(value: 2))

        try await nurseryProvider.load(timeout: .seconds(1))
        try await nurseryProvider.start(nurseryProvider.routine(matching: "Wind down"))
        try await parentsProvider.stop()
        #expect(recorder.entries == [.action(.startRoutine(id: 1), MacAddress(value: 1)), .action(.turnOff, MacAddress(value: 2))])
        // The device connection client is a singleton of the device's container, shared by its features.
        #expect(made.entries == [MacAddress(value: 1), MacAddress(value: 2)])
    }

    @Test("test mode: the session imports its children's mocks, and navigates to them")
    func testModeNavigation() async throws {
        let session = try DeviceSessionDependencies.testing()
        #expect(session.hardwareProduct == .restoreV5)
        let routine = session.adultRoutine().routineStateProvider
        try await routine.load(timeout: .seconds(1))
        #expect(routine.routines.map(\.id) == [1])
        let alarms = session.adultAlarms().alarmStateProvider
        try await alarms.load(timeout: .seconds(1))
        #expect(alarms.alarms.map(\.name) == ["Weekdays"])
    }

    @Test("overrides while navigating: a rejecting device shows its reason")
    func overridesWhileNavigating() async throws {
        let rejection = ShadowRejection(code: 503, message: "Device busy")
        let session = try DeviceSessionDependencies.testing()
        let routine = try session.buildChildWithOverrides(AdultRoutineDependencies.self) { builder in
            try builder.registerSingleton(IoTActionSenderClient.self) { _ in .mock(rejection: rejection) }
        }
        let provider = routine.routineStateProvider
        try await provider.load(timeout: .seconds(1))
        await #expect(throws: IoTActionSenderError.rejected(rejection)) {
            try await provider.start(provider.routine(matching: "1"))
        }
    }

    @Test("a session without its inputs is refused with every missing one named")
    func missingInputs() throws {
        let root = try makeRoot(recorder: IoTActionRecorder())
        #expect {
            try root.tryBuildChild(DeviceSessionDependencies.self)
        } throws: { error in
            let text = String(describing: error)
            return text.contains("HardwareProduct") && text.contains("MacAddress")
        }
    }
}
