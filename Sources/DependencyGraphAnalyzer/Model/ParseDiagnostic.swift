import HatchMemberwiseInit

/// A problem reading a file: a syntax error, an unreadable file, or a call the analyser cannot place.
@MemberwiseInit(.public)
public struct ParseDiagnostic: Codable, Hashable, Sendable, CustomStringConvertible {
    /// How bad it is.
    public enum Severity: String, Codable, Sendable {
        /// The file (or part of it) could not be analysed.
        case error
        /// The analysis went on but may be incomplete.
        case warning
    }

    /// How bad it is.
    public var severity: Severity
    /// Where.
    public var position: SourcePosition
    /// What, and what to do about it.
    public var message: String

    /// `file:line: error: message`.
    public var description: String { "\(position): \(severity.rawValue): \(message)" }
}
