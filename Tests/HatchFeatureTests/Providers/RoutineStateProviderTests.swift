import HatchAdultRoutine
import HatchDependencyContainerCore
import HatchDeviceModel
import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient
import Testing

@MainActor
@Suite("RoutineStateProvider in test mode", .timeLimit(.minutes(1)))
struct RoutineStateProviderTests {
    /// The provider resolved from `AdultRoutineDependencies.testing()`, its clients overridden by `device`.
    func makeProvider(_ device: ScriptedDevice) throws -> RoutineStateProvider {
        let dependencies = try AdultRoutineDependencies.testing { builder in
            try builder.registerSingleton(IoTDeviceStateEmitterClient.self) { _ in device.stateEmitter }
            try builder.registerSingleton(IoTActionSenderClient.self) { _ in device.actionSender }
            try builder.registerSingleton(IoTDeviceConnectionStateClient.self) { _ in device.connectionState }
            builder.provideInput(MacAddress.self, device.macAddress)
            builder.provideInput(HardwareProduct.self, device.product)
        }
        return dependencies.routineStateProvider
    }

    @Test("the mock registration alone yields a working provider")
    func mockRegistrationResolves() async throws {
        let provider = try AdultRoutineDependencies.testing().routineStateProvider
        try await provider.load(timeout: .seconds(1))
        #expect(provider.routines.map(\.name) == ["Wind down"])
        #expect(provider.product == .restoreV5)
        #expect(provider.connection.isOnline)
    }

    @Test("the provider is a local singleton: one per container")
    func providerIsSingletonPerContainer() throws {
        let dependencies = try AdultRoutineDependencies.testing()
        #expect(dependencies.routineStateProvider === dependencies.routineStateProvider)
        let other = try AdultRoutineDependencies.testing()
        #expect(other.routineStateProvider !== dependencies.routineStateProvider)
    }

    @Test("load reads routines, the running routine, its step and the time left")
    func loadReadsProgress() async throws {
        let device = ScriptedDevice(routines: [Fixtures.windDown, Fixtures.reading], current: Fixtures.playing(3, step: 1))
        let provider = try makeProvider(device)
        try await provider.load(timeout: .seconds(1))
        #expect(provider.routines.map(\.id) == [3, 4])
        #expect(provider.runningRoutine?.name == "Wind down")
        #expect(provider.progress?.step == 1)
        #expect(provider.progress?.stepCount == 2)
        #expect(provider.progress?.timeLeft == 600)
    }

    @Test("start sends startRoutine with the routine's id")
    func startSendsAction() async throws {
        let device = ScriptedDevice(routines: [Fixtures.windDown, Fixtures.reading])
        let provider = try makeProvider(device)
        try await provider.load(timeout: .seconds(1))
        try await provider.start(provider.routine(matching: "reading LIGHT"))
        #expect(device.recorder.entries == [.action(.startRoutine(id: 4), device.macAddress)])
    }

    @Test("a disabled routine is refused before anything is sent")
    func disabledRoutineRefused() async throws {
        let device = ScriptedDevice(routines: [Fixtures.disabledRoutine])
        let provider = try makeProvider(device)
        try await provider.load(timeout: .seconds(1))
        await #expect(throws: RoutineStateError.routineDisabled("Old routine")) {
            try await provider.start(Fixtures.disabledRoutine)
        }
        #expect(device.recorder.entries.isEmpty)
    }

    @Test("an unknown routine names the known ones")
    func unknownRoutineListsKnown() async throws {
        let device = ScriptedDevice(routines: [Fixtures.windDown, Fixtures.reading])
        let provider = try makeProvider(device)
        try await provider.load(timeout: .seconds(1))
        #expect(throws: RoutineStateError.unknownRoutine("Bath", known: ["Wind down (3)", "Reading light (4)"])) {
            try provider.routine(matching: "Bath")
        }
        #expect(try provider.routine(matching: "3").name == "Wind down")
    }

    @Test("next moves from the current step; on the last step it is refused")
    func nextStep() async throws {
        let device = ScriptedDevice(routines: [Fixtures.windDown], current: Fixtures.playing(3, step: 1))
        let provider = try makeProvider(device)
        try await provider.load(timeout: .seconds(1))
        try await provider.next()
        #expect(device.recorder.entries == [.nextStep(routineID: 3, currentStep: 1, device.macAddress)])

        let onLastStep = ScriptedDevice(routines: [Fixtures.windDown], current: Fixtures.playing(3, step: 2))
        let last = try makeProvider(onLastStep)
        try await last.load(timeout: .seconds(1))
        await #expect(throws: RoutineStateError.lastStep(routine: "Wind down", step: 2)) { try await last.next() }
    }

    @Test("next with nothing running is refused")
    func nextWithNothingRunning() async throws {
        let device = ScriptedDevice(routines: [Fixtures.windDown])
        let provider = try makeProvider(device)
        await #expect(throws: RoutineStateError.notLoaded) { try await provider.next() }
        try await provider.load(timeout: .seconds(1))
        await #expect(throws: RoutineStateError.nothingRunning) { try await provider.next() }
    }

    @Test("stop sends turnOff")
    func stopSendsTurnOff() async throws {
        let device = ScriptedDevice(routines: [Fixtures.windDown], current: Fixtures.playing(3, step: 1))
        let provider = try makeProvider(device)
        try await provider.stop()
        #expect(device.recorder.entries == [.action(.turnOff, device.macAddress)])
    }

    @Test("observe follows step changes and counts time left from when the step began")
    func observeFollowsSteps() async throws {
        let device = ScriptedDevice(routines: [Fixtures.windDown], timestamp: 1000)
        let provider = try makeProvider(device)
        let observing = Task { await provider.observe() }
        defer { observing.cancel() }
        await waitUntil { provider.deviceState != nil && !provider.routines.isEmpty }
        #expect(provider.progress == nil)

        device.report(at: 2000) { $0.current = Fixtures.playing(3, step: 1) }
        await waitUntil { provider.deviceState?.timestamp == 2000 }
        #expect(provider.progress?.timeLeft == 600)

        device.report(at: 2250) { $0.rssi = -60 }
        await waitUntil { provider.deviceState?.timestamp == 2250 }
        #expect(provider.progress?.timeLeft == 350)

        device.report(at: 2600) { $0.current = Fixtures.playing(3, step: 2, sound: SoundState(id: 4, v: 15000)) }
        await waitUntil { provider.progress?.step == 2 }
        #expect(provider.progress?.timeLeft == nil)
        #expect(provider.progress?.isLastStep == true)

        device.connection(.offline(since: nil, reason: "connectionLost"))
        await waitUntil { !provider.connection.isOnline }
        #expect(provider.connection == .offline(since: nil, reason: "connectionLost"))
    }
}
