import Foundation

/// Describes why a JSON file did not decode by its shape (which key, which place), never by its
/// values: the files hatchctl reads may hold passwords, which must not reach an error message.
package enum DecodingFailure {
    /// A description of `error` that names keys and paths only.
    package static func shape(of error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: return "the key '\(key.stringValue)' is missing"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "unexpected value at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        case .dataCorrupted?: return "it is not valid JSON"
        default: return "it cannot be decoded"
        }
    }
}
