import HatchDeviceModel
import HatchIoTActionSenderClient
import Testing

@Suite("IoTActionSenderClient values")
struct ActionSenderMockTests {
    let mac = MacAddress(value: 7)

    @Test("a Rest Mini has no light or clock, a Rest+ no clock, mute, nightlight or favorites: refused before sending, with the reason")
    func capabilityChecks() async throws {
        let recorder = IoTActionRecorder()
        let sender = IoTActionSenderClient.mock(recorder: recorder)
        await #expect(throws: IoTActionSenderError.unsupported(product: .restMini, reason: "it has no light")) {
            try await sender.send(.lightOff, mac, .restMini)
        }
        await #expect(throws: IoTActionSenderError.unsupported(product: .restMini, reason: "it has no clock display")) {
            try await sender.send(.setClockFlags(on: true, twentyFourHour: true), mac, .restMini)
        }
        await #expect(throws: IoTActionSenderError.unsupported(product: .restPlus, reason: "it has no clock display")) {
            try await sender.send(.setClockBrightness(ClockBrightness(day: 1, night: 1)), mac, .restPlus)
        }
        await #expect(throws: IoTActionSenderError.unsupported(product: .restPlus, reason: "it has no mute, only a volume")) {
            try await sender.send(.setMute(true), mac, .restPlus)
        }
        await #expect(throws: IoTActionSenderError.unsupported(product: .restPlus, reason: "it has no nightlight")) {
            try await sender.send(.setNightlight(true), mac, .restPlus)
        }
        await #expect(throws: IoTActionSenderError.unsupported(product: .restPlus, reason: "it has no routines or favorites")) {
            try await sender.send(.startRoutine(id: 1), mac, .restPlus)
        }
        await #expect(throws: IoTActionSenderError.unsupported(product: .restPlus, reason: "it has no toddler lock")) {
            try await sender.send(.setToddlerLock(.always), mac, .restPlus)
        }
        await #expect(throws: IoTActionSenderError.unsupported(product: .restPlus, reason: "it has no alarms")) {
            try await sender.send(.snooze(startTime: 0), mac, .restPlus)
        }
        await #expect(throws: IoTActionSenderError.unsupported(product: .restoreV5, reason: "volume 70000 is outside 0…65535")) {
            try await sender.send(.setVolume(70000), mac, .restoreV5)
        }
        #expect(recorder.entries.isEmpty)
        _ = try await sender.send(.playSound(id: 3, volume: 1000), mac, .restMini)
        _ = try await sender.send(.setClockFlags(on: true, twentyFourHour: false), mac, .riot)
        #expect(recorder.entries == [.action(.playSound(id: 3, volume: 1000), mac),
                                     .action(.setClockFlags(on: true, twentyFourHour: false), mac)])
    }

    @Test("a rejecting mock throws the rejection")
    func rejectingMock() async {
        let rejection = ShadowRejection(code: 400, message: "no")
        let sender = IoTActionSenderClient.mock(rejection: rejection)
        await #expect(throws: IoTActionSenderError.rejected(rejection)) { try await sender.send(.turnOff, mac, .restoreV5) }
    }

    @Test("errors say what to do next")
    func descriptions() {
        let thing = ThingName(product: .restoreV5, macAddress: mac)
        #expect(IoTActionSenderError.timeout(thingName: thing, after: .seconds(2)).description.contains("Check that the device is online"))
        #expect(IoTActionSenderError.rejected(ShadowRejection(code: 409, message: "Version conflict")).description
            == "The device rejected the request (409): Version conflict")
    }
}
