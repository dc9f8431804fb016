/// Reads one stage: its name, its length, its actions in the order they start, and its expectations.
enum StageReader {
    /// Reads the stage at `value`; `earlierNames` are the names of the stages before it.
    static func read(_ value: NodeCursor, earlierNames: Set<String>) throws(ScenarioFileError) -> ScenarioStage {
        let mapping = try value.mapping("a stage", allowed: ScenarioKeys.stage)
        let nameValue = try mapping.required("name", "the stage's name, e.g. `name: storm`")
        let name = try nameValue.string()
        if earlierNames.contains(name) {
            throw nameValue.error("a stage named `\(name)` comes earlier; write a different name for each stage")
        }
        let length = try readLength(mapping)
        var stage = ScenarioStage(name: name, length: length, location: value.location)
        if let essential = mapping["essential"] { stage.essential = try essential.bool() }
        var simulatedSeconds: Double? = nil
        if case let .simulated(seconds) = length { simulatedSeconds = seconds }

        if let clock = mapping["clock"] {
            let change = try ClockReader.readAction(clock)
            if change == .pause, simulatedSeconds != nil, let duration = mapping["duration"] {
                throw duration.error("the stage pauses the simulated clock, so a simulated `duration` never ends; write `realDuration:` or `until:` instead")
            }
            stage.actions.append(.clock(change))
        }
        if let connect = mapping["connect"] { stage.actions.append(.connect(try StageActionReader.connect(connect))) }
        if let routines = mapping["routines"] { stage.actions.append(.routines(try StageActionReader.routines(routines))) }
        if let alarms = mapping["alarms"] { stage.actions.append(.alarms(try StageActionReader.alarms(alarms))) }
        if let commands = mapping["commands"] { stage.actions.append(.commands(try StageActionReader.commands(commands))) }
        if let faults = mapping["faults"] {
            for item in try faults.list(of: "faults (`fault:` and `devices:`)") {
                let fault = try TimedActionReader.fault(item, stageSeconds: simulatedSeconds)
                try checkClockRuns(stage, at: fault.at, times: fault.times, item: item)
                stage.actions.append(.fault(fault))
            }
        }
        if let broker = mapping["broker"] {
            for item in try broker.list(of: "broker actions (`action: kill`, `hang` or `restart`)") {
                let action = try TimedActionReader.broker(item, stageSeconds: simulatedSeconds)
                try checkClockRuns(stage, at: action.at, times: action.times, item: item)
                stage.actions.append(.broker(action))
            }
        }
        if let expect = mapping["expect"] { stage.expectations = try ExpectationReader.readList(expect) }
        return stage
    }

    /// The stage's length: exactly one of `duration`, `realDuration` or `until` (with its `timeout`).
    static func readLength(_ mapping: MappingCursor) throws(ScenarioFileError) -> StageLength {
        let (key, value) = try mapping.exactlyOne(of: ScenarioKeys.stageLength, "a stage")
        let timeout = mapping["timeout"]
        if key != "until", let timeout {
            throw timeout.error("`timeout` only goes with `until`; this stage's length is `\(key)`, so remove `timeout` (or write `until:` instead)")
        }
        switch key {
        case "duration":
            return .simulated(seconds: try value.duration("> 0 (simulated time)") { $0 > 0 })
        case "realDuration":
            return .real(seconds: try value.duration("> 0 (real time)") { $0 > 0 })
        default:
            let condition = try value.oneOf(StageCondition.self, what: "condition")
            let seconds = try timeout?.duration("> 0 (real time)") { $0 > 0 } ?? 300
            return .until(condition, timeout: seconds)
        }
    }

    /// A stage that pauses the clock never reaches a simulated time after its start.
    static func checkClockRuns(_ stage: ScenarioStage, at: Double, times: Int, item: NodeCursor) throws(ScenarioFileError) {
        guard stage.actions.contains(.clock(.pause)), at > 0 || times > 1 else { return }
        throw item.error("the stage pauses the simulated clock, so a simulated time after its start never comes; "
            + "write `at: 0` and `times: 1`, or move the action to a stage whose clock runs")
    }
}
