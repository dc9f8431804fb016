import Foundation
import HatchScenarioFile
import Testing

/// `scenarios/scenario.schema.json`, which editors read, says what the reader accepts: the same keys in
/// every mapping, the same metrics, conditions, kinds and patterns.
@Suite struct ScenarioSchemaTests {
    /// The schema, read from the repository (three folders up from this file).
    static func schema() throws -> [String: Any] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("scenarios/scenario.schema.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The value at a path of keys and list indices.
    static func at(_ node: Any, _ path: [Any]) throws -> Any {
        var node = node
        for step in path {
            if let key = step as? String {
                node = try #require((node as? [String: Any])?[key], "no \(key) in \(path)")
            } else if let index = step as? Int {
                let list = try #require(node as? [Any], "no list at \(path)")
                node = list[index]
            }
        }
        return node
    }

    static func keys(_ schema: Any, _ path: [Any]) throws -> [String] {
        let object = try #require(try at(schema, path) as? [String: Any])
        #expect(object["additionalProperties"] as? Bool == false, "\(path) allows unknown keys")
        return try #require(object["properties"] as? [String: Any]).keys.sorted()
    }

    static func strings(_ schema: Any, _ path: [Any]) throws -> [String] {
        try #require(try at(schema, path) as? [String])
    }

    @Test func metricsAreThoseOfScenarioMetric() throws {
        let schema = try Self.schema()
        #expect(try Self.strings(schema, ["definitions", "expectation", "properties", "metric", "enum"]) == ScenarioMetric.allCases.map(\.rawValue))
    }

    @Test func everyMappingHasTheReadersKeys() throws {
        let schema = try Self.schema()
        let stage: [Any] = ["definitions", "stage"]
        let cases: [([Any], [String])] = [
            ([], ScenarioKeys.root),
            (["properties", "fleet"], ScenarioKeys.fleet),
            (["properties", "fleet", "properties", "devices"], ScenarioKeys.devices),
            (["definitions", "deviceGroup"], ScenarioKeys.deviceGroup),
            (["properties", "clock"], ScenarioKeys.clock),
            (stage, ScenarioKeys.stage),
            (stage + ["properties", "connect"], ScenarioKeys.connect),
            (stage + ["properties", "commands"], ScenarioKeys.commands),
            (stage + ["properties", "alarms"], ScenarioKeys.alarms),
            (stage + ["properties", "routines"], ScenarioKeys.routines),
            (stage + ["properties", "faults", "items"], ScenarioKeys.fault),
            (stage + ["properties", "broker", "items"], ScenarioKeys.broker),
            (["definitions", "expectation"], ScenarioKeys.expectation),
        ]
        for (path, swiftKeys) in cases {
            #expect(try Self.keys(schema, path) == swiftKeys.sorted(), "\(path)")
        }
        let selectionForms = try Self.keys(schema, ["definitions", "selection", "oneOf", 1]) + Self.keys(schema, ["definitions", "selection", "oneOf", 2])
        #expect(selectionForms.sorted() == ScenarioKeys.selection.sorted())
        let clockForms = try (1...3).flatMap { try Self.keys(schema, stage + ["properties", "clock", "oneOf", $0]) }
        #expect(clockForms.sorted() == ScenarioKeys.clockAction.sorted())
    }

    @Test func enumerationsAndPatternsMatch() throws {
        let schema = try Self.schema()
        let stage: [Any] = ["definitions", "stage", "properties"]
        #expect(try Self.strings(schema, stage + ["until", "enum"]) == StageCondition.allCases.map(\.rawValue))
        #expect(try Self.strings(schema, stage + ["commands", "properties", "kinds", "items", "enum"]) == CommandsAction.Kind.allCases.map(\.rawValue))
        #expect(try Self.strings(schema, stage + ["broker", "items", "properties", "action", "enum"]) == BrokerAction.Kind.allCases.map(\.rawValue))
        #expect(try Self.strings(schema, ["properties", "fleet", "properties", "shadowService", "enum"])
            == ScenarioFleet.ShadowService.allCases.map(\.rawValue))
        #expect(try Self.at(schema, stage + ["clock", "oneOf", 1, "properties", "jump", "pattern"]) as? String == ScenarioDuration.pattern)
        #expect(try Self.at(schema, ["definitions", "duration", "pattern"]) as? String == ScenarioDuration.pattern.replacingOccurrences(of: "^-?", with: "^"))
        #expect(try Self.at(schema, ["definitions", "timeOfDay", "pattern"]) as? String == TimeOfDay.pattern)
    }
}

/// The reference lists every metric with its unit and meaning.
@Suite struct ScenarioReferenceTests {
    @Test func everyMetricIsInTheReferenceTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let reference = try String(contentsOf: root.appendingPathComponent("Sources/HatchScenarioFile/Documentation.docc/ScenarioFileReference.md"),
                                   encoding: .utf8)
        for metric in ScenarioMetric.allCases {
            let row = "| `\(metric.rawValue)` | \(metric.unit.rawValue) | \(metric.needsSimulator ? "yes" : "no") | \(metric.meaning) |"
            #expect(reference.contains(row), "no row for \(metric.rawValue)")
        }
    }
}
