/// Reads the actions of a stage that start when it begins: connect, commands, alarms and routines.
enum StageActionReader {
    static func connect(_ value: NodeCursor) throws(ScenarioFileError) -> ConnectAction {
        let mapping = try value.mapping("a connect action", allowed: ScenarioKeys.connect)
        let perSecond = try mapping.required("perSecond", "devices per real second, e.g. `perSecond: 500`").number("> 0") { $0 > 0 }
        return ConnectAction(perSecond: perSecond, location: value.location)
    }

    static func commands(_ value: NodeCursor) throws(ScenarioFileError) -> CommandsAction {
        let mapping = try value.mapping("a commands action", allowed: ScenarioKeys.commands)
        let perSecond = try mapping.required("perSecond", "commands per real second over all clients, e.g. `perSecond: 200`")
            .number("> 0 and <= 100000") { $0 > 0 && $0 <= 100_000 }
        var action = CommandsAction(perSecond: perSecond, location: value.location)
        if let clients = mapping["clients"] { action.clients = try clients.wholeNumber(in: 1...64) }
        if let qos = mapping["qos"] { action.qos = try qos.wholeNumber(in: 0...1) }
        if let kinds = mapping["kinds"] {
            action.kinds = try kinds.list(of: "command kinds").map { item throws(ScenarioFileError) in
                try item.oneOf(CommandsAction.Kind.self, what: "command kind")
            }
        }
        if let devices = mapping["devices"] { action.devices = try SelectionReader.read(devices) }
        if let deadline = mapping["deadline"] { action.deadline = try deadline.duration("> 0 (real time)") { $0 > 0 } }
        return action
    }

    static func alarms(_ value: NodeCursor) throws(ScenarioFileError) -> AlarmsAction {
        let mapping = try value.mapping("an alarms action", allowed: ScenarioKeys.alarms)
        let devices = try SelectionReader.read(try mapping.required("devices", "the devices that get an alarm, e.g. `devices: all`"))
        let from = try mapping.required("between", "the earliest local time, e.g. `between: \"06:30\"`").timeOfDay()
        let toValue = try mapping.required("and", "the latest local time, e.g. `and: \"07:00\"`")
        let to = try toValue.timeOfDay()
        guard to >= from else {
            throw toValue.error("`and` (\(TimeOfDay.format(to))) is before `between` (\(TimeOfDay.format(from))); write a time from \(TimeOfDay.format(from)) to 23:59")
        }
        var action = AlarmsAction(devices: devices, from: from, to: to, location: value.location)
        if let sunrise = mapping["sunrise"] { action.sunrise = try sunrise.bool() }
        if let snooze = mapping["snooze"] { action.snooze = try snooze.share() }
        if let dismiss = mapping["dismiss"] { action.dismiss = try dismiss.share() }
        return action
    }

    static func routines(_ value: NodeCursor) throws(ScenarioFileError) -> RoutinesAction {
        let mapping = try value.mapping("a routines action", allowed: ScenarioKeys.routines)
        let devices = try SelectionReader.read(try mapping.required("devices", "the devices whose routine starts, e.g. `devices: all`"))
        var action = RoutinesAction(devices: devices, location: value.location)
        if let stop = mapping["stopMidStep"] { action.stopMidStep = try stop.wholeNumber(in: 0...Int.max) }
        return action
    }
}
