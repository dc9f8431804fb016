import HatchDeviceModel
import Yams

/// A position in a parsed YAML document that knows its file, line and field path, so every
/// error it raises says where the problem is.
struct YAMLCursor {
    let node: Node
    let path: String
    let file: String

    var line: Int { node.mark?.line ?? 0 }

    func error(_ message: String) -> FleetFileError {
        FleetFileError(file: file, line: line, field: path, message: message)
    }

    func child(_ key: String) -> YAMLCursor? {
        guard case .mapping(let mapping) = node else { return nil }
        for (keyNode, value) in mapping where keyNode.string == key {
            return YAMLCursor(node: value, path: path.isEmpty ? key : path + "." + key, file: file)
        }
        return nil
    }

    func keys() throws(FleetFileError) -> [String] {
        guard case .mapping(let mapping) = node else { throw error("must be a mapping of field: value") }
        return mapping.map { $0.key.string ?? "" }
    }

    func checkKeys(_ allowed: Set<String>) throws(FleetFileError) {
        guard case .mapping(let mapping) = node else { throw error("must be a mapping of field: value") }
        for (key, _) in mapping {
            let name = key.string ?? ""
            if !allowed.contains(name) {
                throw FleetFileError(file: file, line: key.mark?.line ?? line, field: path.isEmpty ? name : path + "." + name,
                                     message: "unknown field; allowed here: \(allowed.sorted().joined(separator: ", "))")
            }
        }
    }

    func elements() throws(FleetFileError) -> [YAMLCursor] {
        guard case .sequence(let sequence) = node else { throw error("must be a list") }
        return sequence.enumerated().map { YAMLCursor(node: $1, path: "\(path)[\($0)]", file: file) }
    }

    /// The raw scalar text (no YAML 1.1 number or sexagesimal conversion).
    func string() throws(FleetFileError) -> String {
        guard case .scalar(let scalar) = node else { throw error("must be a text value") }
        return scalar.string
    }

    func int(_ range: ClosedRange<Int>? = nil) throws(FleetFileError) -> Int {
        let text = try string()
        let value: Int?
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            value = Int(text.dropFirst(2), radix: 16)
        } else {
            value = Int(text.replacingOccurrences(of: "_", with: ""))
        }
        guard let value else { throw error("'\(text)' must be a whole number") }
        if let range, !range.contains(value) { throw error("\(value) is out of range \(range.lowerBound)…\(range.upperBound)") }
        return value
    }

    func double(_ range: ClosedRange<Double>? = nil) throws(FleetFileError) -> Double {
        let text = try string()
        guard let value = Double(text) else { throw error("'\(text)' must be a number") }
        if let range, !range.contains(value) { throw error("\(value) is out of range \(range.lowerBound)…\(range.upperBound)") }
        return value
    }

    func bool() throws(FleetFileError) -> Bool {
        switch try string().lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error("must be true or false")
        }
    }

    /// The node as JSON; time-of-day and text fields keep their raw text.
    func json() -> JSONValue {
        Self.json(node, key: nil)
    }

    private static let textKeys: Set<String> = ["wakeTime", "turnOnAt", "turnOffAt", "turnDimAt", "turnBrightAt", "name", "url", "type", "turnOnMode", "turnOffMode"]

    private static func json(_ node: Node, key: String?) -> JSONValue {
        switch node {
        case .scalar(let scalar):
            if let key, textKeys.contains(key) { return .string(scalar.string) }
            if scalar.style == .plain {
                if node.null != nil { return .null }
                if let bool = node.bool { return .bool(bool) }
                if let int = node.int { return .int(int) }
                if let double = node.float { return .double(double) }
            }
            return .string(scalar.string)
        case .mapping(let mapping):
            var fields: JSONObject = [:]
            for (keyNode, value) in mapping {
                let name = keyNode.string ?? ""
                fields[name] = json(value, key: name)
            }
            return .object(fields)
        case .sequence(let sequence):
            return .array(sequence.map { json($0, key: nil) })
        case .alias:
            return .null
        }
    }
}
