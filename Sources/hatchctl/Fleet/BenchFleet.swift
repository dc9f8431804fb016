import HatchDeviceSimulator

/// Generated fleet definitions for `fleet bench`: one cohort with the product mix of the load fleet
/// and a routine of `steps` 60-second steps cycling through three scenes (routines are started by
/// the bench, not at boot).
enum BenchFleet {
    static func definition(count: Int, name: String, macPrefix: String = "02:4C:00", steps: Int = 3) throws -> FleetDefinition {
        let scenes = [
            "{ color: { r: 65535, g: 20000, b: 0, w: 0, i: 20000 }, sound: { id: 3, v: 20000 }, duration: 60 }",
            "{ color: { r: 0, g: 20000, b: 65535, w: 0, i: 10000 }, sound: { id: 5, v: 15000 }, duration: 60 }",
            "{ color: { r: 30000, g: 65535, b: 30000, w: 0, i: 5000 }, duration: 60 }",
        ]
        let stepLines = (0..<max(1, steps)).map { "            - \(scenes[$0 % scenes.count])" }.joined(separator: "\n")
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
            \(stepLines)
            cohorts:
              - name: \(name)
                count: \(count)
                macPrefix: "\(macPrefix)"
                products: { restoreV5: 40, restoreV4: 25, riot: 10, riotPlus: 15, restMini: 10 }
                routineTemplate: cycle
            """
        return try FleetFileParser.parse(yaml, file: "<fleet bench>")
    }
}
