import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchFleetProbes
import HatchMQTT
import HatchScenarioFile
import Synchronization

/// Samples the fleet about once per `interval` for the charts (devices online, messages per second,
/// latency, alarm firings, memory), follows every running sunrise's brightness to catch one that goes
/// down, and prints a status line every few seconds.
final class Sampler: Sendable {
    private let target: RunningTarget
    private let recorder: ScenarioRecorder
    private let interval: Duration
    private let say: @Sendable (String) -> Void
    private let stage = Mutex<String>("start")

    init(target: RunningTarget, recorder: ScenarioRecorder, interval: Duration, say: @escaping @Sendable (String) -> Void) {
        self.target = target
        self.recorder = recorder
        self.interval = interval
        self.say = say
    }

    /// The stage the samples are labelled with.
    func enter(_ name: String) {
        stage.withLock { $0 = name }
    }

    func run() async {
        var lastT = recorder.now
        var lastMessages = target.messages ?? 0
        var lastLine = ContinuousClock.now
        var brightness: [String: Int] = [:]
        var sunriseIndex = 0
        var following: [String: Int] = [:]
        var suspects: [String: Int] = [:]
        let devices = Dictionary(uniqueKeysWithValues: (target.fleet?.devices ?? []).map { ($0.thingName.rawValue, $0) })
        let follows = target.fleet != nil || target.light != nil
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            await target.refresh()
            let t = recorder.now
            let messages = target.messages ?? 0
            let answered = recorder.answers(since: lastT)
            let answers = answered.filter(\.accepted).map(\.milliseconds)
            let online = target.online
            let name = stage.withLock { $0 }
            let rate = t > lastT ? Double(messages - lastMessages) / (t - lastT) : 0
            recorder.sample(ScenarioSample(
                t: t, simulated: target.clock.map { $0.now.timeIntervalSince1970 }, stage: name, online: online,
                messagesPerSecond: rate, commandsAnswered: answers.count,
                latencyP50: percentile(answers, 0.5), latencyP99: percentile(answers, 0.99), alarmsFired: recorder.firings(since: lastT),
                memoryMegabytes: Double(target.residentMemoryBytes) / 1_048_576))
            // Sunrises: follow each from its start until its alarm rings; its brightness must not go down.
            let events = recorder.events(from: sunriseIndex)
            sunriseIndex += events.count
            for event in events {
                let key = event.thing.rawValue
                switch event.event {
                case .sunriseStarted(let alarm) where follows:
                    following[key] = alarm
                    target.light?.follow(key, true)
                case .alarmFired, .alarmDismissed, .alarmSnoozed:
                    following[key] = nil
                    brightness[key] = nil
                    target.light?.follow(key, false)
                default: break
                }
            }
            // A command to the device changes its light: that sunrise is no longer the firmware's alone.
            // Its answer may reach the client after the drop is read, so a drop is only counted when no
            // answer to the device came by the next sample.
            let commanded = Set(answered.map(\.thing.rawValue))
            for key in commanded where following[key] != nil {
                following[key] = nil
                brightness[key] = nil
                target.light?.follow(key, false)
            }
            for (key, alarm) in suspects where !commanded.contains(key) {
                recorder.sunriseWentDown(ThingName(rawValue: key), alarm: alarm)
            }
            suspects = [:]
            for (key, alarm) in following {
                let reported: Int? = if let device = devices[key] { await device.reportedState.current.color?.i ?? 0 } else { target.light?.level(key) }
                guard let level = reported else { continue }
                if let last = brightness[key], level < last { suspects[key] = alarm }
                brightness[key] = level
            }
            if ContinuousClock.now - lastLine >= .seconds(5) {
                lastLine = .now
                let clock = target.clock.map { " · sim \(Self.clockText($0.now))" } ?? ""
                say("  [\(name)] \(online)/\(target.things.count) online · \(Int(rate)) msg/s"
                    + (answers.isEmpty ? "" : " · p99 \(String(format: "%.1f", percentile(answers, 0.99) ?? 0)) ms") + clock)
            }
            lastT = t
            lastMessages = messages
        }
    }

    static func clockText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}
