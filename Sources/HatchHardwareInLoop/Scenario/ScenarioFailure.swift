/// A scenario step that failed: what was expected and what happened instead.
public struct ScenarioFailure: Error, CustomStringConvertible, Sendable {
    /// The message the report shows.
    public let description: String

    /// A failure with `description` as its message.
    public init(_ description: String) { self.description = description }
}
