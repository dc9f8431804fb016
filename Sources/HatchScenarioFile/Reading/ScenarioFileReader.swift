import Foundation
import Yams

/// Turns a scenario file's YAML into a ``Scenario``, checking every field's type, range and key, and the
/// things that cannot happen (a fault after its stage's end, an alarm window that ends before it
/// begins, two stages of one name). Every error is a ``ScenarioFileError`` with the file, the line of
/// the value and the field's path, and says what is allowed.
///
/// What needs the simulator (product and fault names, fault parameters, device names, the fleet file's
/// contents) the engine checks when it prepares a run.
public enum ScenarioFileReader {
    /// Reads the scenario file at `url`; messages name the file by its path as given.
    public static func read(contentsOf url: URL) throws(ScenarioFileError) -> Scenario {
        let file = url.isFileURL ? url.relativePath : url.absoluteString
        guard url.isFileURL else {
            throw ScenarioFileError(FieldLocation(file: file, line: 0, field: "(file)"), "`\(file)` is not a file; write the path of a scenario file")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ScenarioFileError(FieldLocation(file: file, line: 0, field: "(file)"),
                                    "cannot read the file (\(error.localizedDescription)); give the path of a readable scenario file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScenarioFileError(FieldLocation(file: file, line: 0, field: "(file)"), "the file is not UTF-8 text; save it as UTF-8")
        }
        return try read(text: text, file: file)
    }

    /// Reads a scenario from YAML text; `file` names it in messages and in the scenario.
    public static func read(text: String, file: String) throws(ScenarioFileError) -> Scenario {
        let root = try compose(text, file: file)
        let mapping = try root.mapping("a scenario", allowed: ScenarioKeys.root)
        let name = try mapping.required("name", "the scenario's name, e.g. `name: Reconnect storm`").string()
        let fleet = try FleetReader.read(try mapping.required("fleet", "`fleet:` with `devices:`"))
        var scenario = Scenario(name: name, fleet: fleet, stages: [], file: file)
        if let description = mapping["description"] { scenario.description = try description.string(nonEmpty: false) }
        if let seed = mapping["seed"] {
            guard seed.isPlain, let text = seed.text, let value = UInt64(text) else { throw seed.expected("a whole number >= 0") }
            scenario.seed = value
        }
        if let clock = mapping["clock"] { scenario.clock = try ClockReader.read(clock) }
        let stages = try mapping.required("stages", "a list of stages, each with `name:` and a length")
        var names: Set<String> = []
        for item in try stages.list(of: "stages (`name:` and `duration:`, `realDuration:` or `until:`)") {
            let stage = try StageReader.read(item, earlierNames: names)
            names.insert(stage.name)
            scenario.stages.append(stage)
        }
        if let expect = mapping["expect"] { scenario.expectations = try ExpectationReader.readList(expect) }
        return scenario
    }

    /// The document's root node; a YAML syntax error names its line and the field `(document)`.
    static func compose(_ text: String, file: String) throws(ScenarioFileError) -> NodeCursor {
        func document(_ line: Int, _ message: String) -> ScenarioFileError {
            ScenarioFileError(FieldLocation(file: file, line: line, field: "(document)"), message)
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            switch error {
            case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
                throw document(mark.line, "the YAML is malformed: \(problem); write valid YAML (mind indentation, colons and quotes)")
            case let .duplicatedKeysInMapping(duplicates, context):
                throw document(context.mark.line, "the key \(duplicates.map { "`\($0)`" }.joined(separator: ", ")) appears twice in one mapping; "
                    + "write each key once")
            case let .reader(problem, offset, _, _):
                let line = offset.map { text.prefix($0).filter(\.isNewline).count + 1 } ?? 1
                throw document(line, "the text cannot be read as YAML: \(problem); save the file as UTF-8 text")
            default:
                throw document(1, "the YAML is malformed: \(error); write valid YAML")
            }
        } catch {
            throw document(1, "the YAML is malformed: \(error); write valid YAML")
        }
        guard let node else {
            throw document(1, "the file is empty; write a mapping with `name`, `fleet` and `stages`")
        }
        return NodeCursor(root: node, file: file)
    }
}
