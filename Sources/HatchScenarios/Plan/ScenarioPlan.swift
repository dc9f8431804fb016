import Foundation
import HatchDeviceSimulator
import HatchScenarioFile

/// A scenario checked against the simulator and ready to run: the fleet's devices, and every stage's
/// actions with their devices picked (with the scenario's seed) and their faults built.
///
/// Making a plan starts nothing; `hatchctl scenario check` stops here.
public struct ScenarioPlan: Sendable {
    /// The scenario as read.
    public let scenario: Scenario
    /// The fleet's devices.
    public let definition: FleetDefinition
    /// The fleet file text of generated devices (for a fleet in another process), or `nil`.
    public let generatedFleetFile: String?
    /// The fleet file the devices were read from, or `nil` for generated devices or a definition given in code.
    public var fleetFile: URL? = nil
    /// The stages with their actions resolved.
    public let stages: [PlannedStage]
    /// The seed every random choice used.
    public let seed: UInt64

    /// How many devices.
    public var deviceCount: Int { definition.devices.count }

    /// Whether an expectation of the run or a stage is on `broker.denied`, which the private broker
    /// can report only by logging every packet.
    public var countsDenials: Bool {
        (scenario.expectations + scenario.stages.flatMap(\.expectations)).contains { $0.metric == .brokerDenied }
    }

    /// Whether a stage sets alarms with a sunrise, whose brightness the sampler follows.
    var hasSunrises: Bool {
        stages.contains { $0.actions.contains { if case .alarms(let alarms, _) = $0 { alarms.sunrise } else { false } } }
    }

    /// The first connect ramp's devices per second, or `nil` when the devices connect before the first stage.
    public var connectRate: Double? {
        for stage in stages {
            for case .connect(let rate) in stage.actions { return rate }
        }
        return nil
    }
}

/// A stage with its actions resolved to devices.
public struct PlannedStage: Sendable {
    /// The stage as written.
    public let stage: ScenarioStage
    /// Its actions, in the order they start.
    public let actions: [PlannedAction]
    /// What the plan left out and why, e.g. devices whose product has no alarms.
    public let notes: [String]
}

/// An action with its devices (indices into the fleet's devices) and built faults.
public enum PlannedAction: Sendable {
    case connect(perSecond: Double)
    case commands(CommandsAction, devices: [Int])
    case alarms(AlarmsAction, devices: [Int])
    case routines(RoutinesAction, devices: [Int])
    case fault(FaultKind, FaultAction, devices: [Int])
    case broker(BrokerAction)
    case clock(ClockAction)

    /// Whether only a fleet the engine started can carry it out.
    public var needsSimulator: Bool {
        switch self {
        case .connect, .fault, .broker, .clock: true
        case .commands, .alarms, .routines: false
        }
    }

    /// A short description for progress lines and reports.
    public var label: String {
        switch self {
        case .connect(let rate): "connect \(Self.number(rate))/s"
        case .commands(let action, let devices): "commands \(Self.number(action.perSecond))/s from \(action.clients) client(s) to \(devices.count) device(s)"
        case .alarms(let action, let devices): "alarms on \(devices.count) device(s) \(Self.clock(action.from))–\(Self.clock(action.to))"
        case .routines(_, let devices): "routines on \(devices.count) device(s)"
        case .fault(let kind, let action, let devices):
            "fault \(kind.name) on \(devices.count) device(s)" + (action.times > 1 ? " ×\(action.times)" : "")
        case .broker(let action): "broker \(action.kind.rawValue)" + (action.times > 1 ? " ×\(action.times)" : "")
        case .clock(.jump(let seconds)): "clock jump \(Self.number(seconds)) s"
        case .clock(.speed(let speed)): "clock speed ×\(Self.number(speed))"
        case .clock(.pause): "clock pause"
        }
    }

    static func number(_ value: Double) -> String { String(format: "%g", value) }
    static func clock(_ minutes: Int) -> String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }
}
