/// Reads the actions that happen at a simulated time in a stage, optionally repeated: device faults
/// and broker actions. Each fits in the stage when its length is simulated.
enum TimedActionReader {
    /// When an action happens: `at`, `times` and `every`, checked against the stage's simulated length.
    struct Timing {
        var at: Double = 0
        var times: Int = 1
        var every: Double = 0
    }

    static func fault(_ value: NodeCursor, stageSeconds: Double?) throws(ScenarioFileError) -> FaultAction {
        let mapping = try value.mapping("a fault", allowed: ScenarioKeys.fault)
        let name = try mapping.required("fault", "the fault's name, e.g. `fault: dropConnection`").string()
        let devices = try SelectionReader.read(try mapping.required("devices", "the devices it hits, e.g. `devices: {share: 0.1}`"))
        var parameters: [String: Double] = [:]
        if let map = mapping["parameters"] {
            guard case let .mapping(nodes) = map.node else { throw map.expected("parameters (a mapping of names to numbers, e.g. `{seconds: 30}`)") }
            for (keyNode, valueNode) in nodes {
                let key = keyNode.string ?? ""
                let keyLine = keyNode.mark?.line ?? map.line
                guard !key.isEmpty else {
                    throw ScenarioFileError(FieldLocation(file: map.file, line: keyLine, field: map.field), "a parameter needs a name, e.g. `seconds: 30`")
                }
                let parameter = NodeCursor(node: valueNode, field: map.path(key), line: valueNode.mark?.line ?? keyLine, file: map.file)
                parameters[key] = try parameter.number("(a fault parameter's value)") { _ in true }
            }
        }
        let timing = try readTiming(mapping, stageSeconds: stageSeconds)
        return FaultAction(fault: name, parameters: parameters, devices: devices, at: timing.at, times: timing.times, every: timing.every,
                           location: value.location)
    }

    static func broker(_ value: NodeCursor, stageSeconds: Double?) throws(ScenarioFileError) -> BrokerAction {
        let mapping = try value.mapping("a broker action", allowed: ScenarioKeys.broker)
        let kind = try mapping.required("action", "what happens: `kill`, `hang` or `restart`").oneOf(BrokerAction.Kind.self, what: "broker action")
        let timing = try readTiming(mapping, stageSeconds: stageSeconds)
        var action = BrokerAction(kind: kind, at: timing.at, times: timing.times, every: timing.every, location: value.location)
        if let downtime = mapping["downtime"] { action.downtime = try downtime.duration("> 0 (real time)") { $0 > 0 } }
        return action
    }

    /// `at`, `times` and `every`; with a simulated stage length, the last time must fall inside the stage.
    static func readTiming(_ mapping: MappingCursor, stageSeconds: Double?) throws(ScenarioFileError) -> Timing {
        var timing = Timing()
        if let at = mapping["at"] { timing.at = try at.duration(">= 0 (simulated time after the stage began)") { $0 >= 0 } }
        if let times = mapping["times"] { timing.times = try times.wholeNumber(in: 1...Int.max) }
        if let every = mapping["every"] { timing.every = try every.duration("> 0 (simulated time between repeats)") { $0 > 0 } }
        if timing.times > 1, mapping["every"] == nil {
            throw mapping.missing("every", "the simulated time between the \(timing.times) times, e.g. `every: 2m`")
        }
        guard let stageSeconds else { return timing }
        let length = ScenarioDuration.format(stageSeconds)
        if timing.at >= stageSeconds, let at = mapping["at"] {
            throw at.error("`at: \(at.text ?? "")` is at or after the stage's end (duration \(length)); write an offset from 0 to less than \(length)")
        }
        let last = timing.at + Double(timing.times - 1) * timing.every
        if last >= stageSeconds, let times = mapping["times"] {
            throw times.error("time \(timing.times) falls at \(ScenarioDuration.format(last)), at or after the stage's end (duration \(length)); "
                + "write fewer times, a shorter `every` or a longer `duration` so that at + (times − 1) × every < \(length)")
        }
        return timing
    }
}
