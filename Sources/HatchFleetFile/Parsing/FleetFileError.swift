/// A problem in a fleet file, naming the file, the line and the field, e.g.
/// `devices/household.yaml:14: devices[1].mac: 'AA:BB' is not a MAC address: …`.
public struct FleetFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// 1-based line (0 when unknown).
    public var line: Int
    /// The field path (`devices[1].mac`).
    public var field: String
    /// What is wrong and what to write instead.
    public var message: String

    /// Creates a problem in a fleet file, naming the file.
    public init(file: String, line: Int, field: String, message: String) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
    }

    /// `file:line: field: message`.
    public var description: String { "\(file):\(line): \(field.isEmpty ? "" : field + ": ")\(message)" }
}
