import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchScenarioFile
import HatchSeededRandom

/// Checks a scenario against the simulator and resolves it into a ``ScenarioPlan``: loads or generates
/// the fleet, checks products, fault names and parameters and device names, and picks each action's
/// devices with the seed. Every error is a `ScenarioFileError` naming file, line and field.
public enum ScenarioPlanner {
    /// Plans `scenario`, read from a file in `baseDirectory` (fleet-file paths are relative to it).
    /// `seed` overrides the file's; `devicesFile` replaces the fleet with the devices of a fleet file
    /// (devices the engine did not start, `--devices`). `scale` (0…1] shrinks the scenario for a quick
    /// run: generated device counts (at least one per group and zone), command rates and real durations;
    /// `speedFactor` runs the simulated clock that many times faster (an event's tolerance grows with it:
    /// a real second of the clock).
    /// `devices` replaces the fleet with devices given in code (e.g. the hardware-in-loop kit's).
    public static func plan(_ scenario: Scenario, baseDirectory: URL, seed: UInt64? = nil, devicesFile: URL? = nil,
                            devices: FleetDefinition? = nil, scale: Double = 1, speedFactor: Double = 1) throws(ScenarioFileError) -> ScenarioPlan {
        let seed = seed ?? scenario.seed
        var scenario = scale == 1 ? scenario : scaled(scenario, by: scale)
        if speedFactor != 1 { scenario = faster(scenario, by: speedFactor) }
        var generated: String?
        var fleetFile: URL?
        let definition: FleetDefinition
        if let devices {
            definition = devices
        } else if let devicesFile {
            definition = try load(devicesFile, at: .code("--devices"))
            fleetFile = devicesFile
        } else {
            switch scenario.fleet.devices {
            case .file(let path, let location):
                let url = URL(fileURLWithPath: path, relativeTo: baseDirectory).standardizedFileURL
                definition = try load(url, at: location)
                fleetFile = url
            case .generated(let groups):
                let text = try GeneratedFleet.yaml(groups, name: scenario.name)
                generated = text
                do {
                    definition = try FleetFileParser.parse(text, file: "<generated>")
                } catch {
                    let location = groups.first?.location ?? .code("fleet.devices.generate")
                    throw ScenarioFileError(location, "the generated fleet is not valid: \(error.description)")
                }
            }
        }
        let selector = DeviceSelector(devices: definition.devices, seed: seed)
        var stages: [PlannedStage] = []
        for stage in scenario.stages {
            var actions: [PlannedAction] = []
            var notes: [String] = []
            for action in stage.actions {
                actions.append(try plan(action, selector: selector))
                notes += leftOut(action, selector: selector)
            }
            stages.append(PlannedStage(stage: stage, actions: actions, notes: notes))
        }
        var plan = ScenarioPlan(scenario: scenario, definition: definition, generatedFleetFile: generated, stages: stages, seed: seed)
        plan.fleetFile = fleetFile
        return plan
    }

    private static func load(_ url: URL, at location: FieldLocation) throws(ScenarioFileError) -> FleetDefinition {
        do {
            return try FleetDefinition.load(contentsOf: url)
        } catch {
            throw ScenarioFileError(location, "the fleet file \(url.path) cannot be used: \(error.description)")
        }
    }

    private static func plan(_ action: StageAction, selector: DeviceSelector) throws(ScenarioFileError) -> PlannedAction {
        switch action {
        case .connect(let connect):
            return .connect(perSecond: connect.perSecond)
        case .commands(let commands):
            let devices = try selector.pick(commands.devices, at: commands.location, field: "devices")
            return .commands(commands, devices: devices)
        case .alarms(let alarms):
            let devices = try selector.pick(alarms.devices, at: alarms.location, field: "devices") { $0.alarms }
            guard !devices.isEmpty else { throw ScenarioFileError(field(alarms.location, "devices"), "none of the devices selected has alarms") }
            return .alarms(alarms, devices: devices)
        case .routines(let routines):
            let devices = try selector.pick(routines.devices, at: routines.location, field: "devices") { $0.routines }
            guard !devices.isEmpty else { throw ScenarioFileError(field(routines.location, "devices"), "none of the devices selected has routines") }
            guard routines.stopMidStep <= devices.count else {
                throw ScenarioFileError(field(routines.location, "stopMidStep"), "\(routines.stopMidStep) is more than the \(devices.count) routine(s) started")
            }
            return .routines(routines, devices: devices)
        case .fault(let fault):
            let kind: FaultKind
            do {
                kind = try FaultKind.make(name: fault.fault, parameters: fault.parameters)
                let allowed = try FaultKind.parameterNames(of: fault.fault)
                if let unknown = fault.parameters.keys.sorted().first(where: { !allowed.contains($0) }) {
                    let list = allowed.isEmpty ? "none" : allowed.sorted().joined(separator: ", ")
                    throw ScenarioFileError(field(fault.location, "parameters.\(unknown)"), "fault \(fault.fault) takes no '\(unknown)'; its parameters: \(list)")
                }
            } catch let error as ScenarioFileError {
                throw error
            } catch let error as FaultParseError {
                throw ScenarioFileError(field(fault.location, "fault"), error.description)
            } catch {
                throw ScenarioFileError(field(fault.location, "fault"), "\(error)")
            }
            let devices = try selector.pick(fault.devices, at: fault.location, field: "devices")
            return .fault(kind, fault, devices: devices)
        case .broker(let broker):
            return .broker(broker)
        case .clock(let clock):
            return .clock(clock)
        }
    }

    /// Notes on devices an alarms or routines action skips because their product has none.
    private static func leftOut(_ action: StageAction, selector: DeviceSelector) -> [String] {
        let (kind, selection, eligible): (String, DeviceSelection, (HardwareCapabilities) -> Bool)
        switch action {
        case .alarms(let alarms): (kind, selection, eligible) = ("alarms", alarms.devices, { $0.alarms })
        case .routines(let routines): (kind, selection, eligible) = ("routines", routines.devices, { $0.routines })
        default: return []
        }
        let counts = selector.leftOut(selection, eligible: eligible)
        guard !counts.isEmpty else { return [] }
        let list = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        return ["\(kind): left out \(list) (no \(kind) on that product)"]
    }

    /// `scenario` at `factor` of its size: generated devices, command rates and real durations.
    static func scaled(_ scenario: Scenario, by factor: Double) -> Scenario {
        var scaled = scenario
        if case .generated(let groups) = scenario.fleet.devices {
            scaled.fleet.devices = .generated(groups.map { group in
                var group = group
                group.count = max(max(1, group.timeZones.count), Int((Double(group.count) * factor).rounded()))
                return group
            })
        }
        scaled.stages = scenario.stages.map { stage in
            var stage = stage
            if case .real(let seconds) = stage.length { stage.length = .real(seconds: max(2, seconds * factor)) }
            stage.actions = stage.actions.map { action in
                guard case .commands(var commands) = action else { return action }
                commands.perSecond = max(1, commands.perSecond * factor)
                return .commands(commands)
            }
            return stage
        }
        return scaled
    }

    /// `scenario` with its clock `factor` times as fast.
    static func faster(_ scenario: Scenario, by factor: Double) -> Scenario {
        var faster = scenario
        faster.clock.speed *= factor
        faster.stages = scenario.stages.map { stage in
            var stage = stage
            stage.actions = stage.actions.map { action in
                guard case .clock(.speed(let speed)) = action else { return action }
                return .clock(.speed(speed * factor))
            }
            return stage
        }
        return faster
    }

    static func field(_ location: FieldLocation, _ name: String) -> FieldLocation {
        FieldLocation(file: location.file, line: location.line, field: location.field + "." + name)
    }
}
