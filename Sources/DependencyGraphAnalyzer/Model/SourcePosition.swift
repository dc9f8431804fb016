import HatchMemberwiseInit

/// A place in a source file (path relative to the analysed folder, 1-based line and column), so every
/// finding can point the user at the exact line to change.
@MemberwiseInit(.public)
public struct SourcePosition: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The file's path, relative to the analysed folder when it lies inside it.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int = 1

    /// `file:line`, the form editors and CI logs make clickable.
    public var description: String { "\(file):\(line)" }
}
