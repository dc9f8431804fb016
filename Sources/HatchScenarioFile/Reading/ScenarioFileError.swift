/// Why a scenario file cannot run: the file, line and field, what is wrong and what is allowed.
/// Nothing has started when one is thrown.
public struct ScenarioFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where.
    public var location: FieldLocation
    /// What is wrong and what to write instead.
    public var message: String

    /// Creates an error.
    public init(_ location: FieldLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `file:line: field: message`.
    public var description: String { "\(location.file):\(location.line): \(location.field): \(message)" }
}
