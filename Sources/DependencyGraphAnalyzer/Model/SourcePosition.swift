/// A place in a source file (path relative to the analysed folder, 1-based line and column), so every
/// finding can point the user at the exact line to change.
public struct SourcePosition: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The file's path, relative to the analysed folder when it lies inside it.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int

    /// Creates a position.
    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line`, the form editors and CI logs make clickable.
    public var description: String { "\(file):\(line)" }
}
