/// The keys each mapping of a scenario file may have, in the order the reference lists them. The reader
/// rejects any other key with this list; a test holds `scenarios/scenario.schema.json` to the same lists.
package enum ScenarioKeys {
    package static let root = ["name", "description", "seed", "fleet", "clock", "stages", "expect"]
    package static let fleet = ["devices", "broker", "shadowService", "keepAlive", "connectConcurrency", "shards"]
    package static let devices = ["file", "generate"]
    package static let deviceGroup = ["product", "count", "timeZones", "namePrefix"]
    package static let clock = ["start", "speed"]
    package static let stage = [
        "name", "essential", "duration", "realDuration", "until", "timeout",
        "clock", "connect", "commands", "alarms", "routines", "faults", "broker", "expect",
    ]
    /// The keys that set a stage's length; a stage has exactly one.
    package static let stageLength = ["duration", "realDuration", "until"]
    package static let clockAction = ["jump", "speed", "pause"]
    package static let connect = ["perSecond"]
    package static let commands = ["clients", "perSecond", "qos", "kinds", "devices", "deadline"]
    package static let alarms = ["devices", "between", "and", "sunrise", "snooze", "dismiss"]
    package static let routines = ["devices", "stopMidStep"]
    package static let fault = ["fault", "devices", "parameters", "at", "times", "every"]
    package static let broker = ["action", "at", "times", "every", "downtime"]
    package static let selection = ["share", "products", "timeZones", "names"]
    package static let expectation = ["metric", "max", "min", "equals"]
}
