import HatchDeviceSimulator

/// Generated fleet definitions for `fleet bench`: one cohort with the product mix of the load fleet
/// and a three-step routine of 60-second steps. With `loopRoutine` every device starts it once online
/// and starts it again when it ends (`autoStartRoutine`, as `devices/load-10k.yaml` does), so it
/// keeps running however long the traffic phase lasts.
package enum BenchFleet {
    package static func definition(count: Int, name: String, macPrefix: String = "02:4C:00", loopRoutine: Bool = false) throws -> FleetDefinition {
        try FleetFileParser.parse(yaml(count: count, name: name, macPrefix: macPrefix, loopRoutine: loopRoutine), file: "<fleet bench>")
    }

    /// The fleet file text of ``definition(count:name:macPrefix:loopRoutine:)``, for a fleet run in a child process.
    package static func yaml(count: Int, name: String, macPrefix: String = "02:4C:00", loopRoutine: Bool = false) -> String {
        let steps = """
                    - { color: { r: 65535, g: 20000, b: 0, w: 0, i: 20000 }, sound: { id: 3, v: 20000 }, duration: 60 }
                    - { color: { r: 0, g: 20000, b: 65535, w: 0, i: 10000 }, sound: { id: 5, v: 15000 }, duration: 60 }
                    - { color: { r: 30000, g: 65535, b: 30000, w: 0, i: 5000 }, duration: 60 }
            """
        let yaml = """
            fleet: \(name)
            defaults:
              timezone: UTC
            routineTemplates:
              cycle:
                - id: 1
                  name: Cycle
                  type: flex
                  steps:
            \(steps)
            cohorts:
              - name: \(name)
                count: \(count)
                macPrefix: "\(macPrefix)"
                products: { restoreV5: 40, restoreV4: 25, riot: 10, riotPlus: 15, restMini: 10 }
                routineTemplate: cycle
            \(loopRoutine ? "    autoStartRoutine: 1" : "")
            """
        return yaml
    }
}
