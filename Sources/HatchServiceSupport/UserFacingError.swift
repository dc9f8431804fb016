/// An error of one of the toolkit's host libraries whose description tells the user what to do next;
/// `hatchctl` reports it as it is and exits with its ``exitStatus``.
package protocol UserFacingError: Error, CustomStringConvertible {
    /// The process exit status that scripts can test (the README lists them); 9, an invalid argument,
    /// unless the error says otherwise.
    var exitStatus: Int32 { get }
    /// A stable machine-readable name for `--json` output; `invalidArgument` unless the error says otherwise.
    var kind: String { get }
}

extension UserFacingError {
    package var exitStatus: Int32 { 9 }
    package var kind: String { "invalidArgument" }
}
