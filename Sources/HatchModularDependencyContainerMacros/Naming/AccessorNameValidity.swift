import SwiftParser

/// Whether a name can be used as a generated accessor.
enum AccessorNameValidity: Equatable {
    /// Usable as is: `contentClient`.
    case valid
    /// A keyword: usable only in backticks (`default`); `accessorName:` rejects it, derived names are escaped.
    case keyword
    /// Not an identifier at all: `my-client`, `1client`, `self`, an empty string.
    case invalid

    /// Names the macro reserves for the members it generates besides accessors.
    static let reservedNames: Set<String> = ["container"]

    /// Classifies `name`.
    init(_ name: String) {
        if name.isValidSwiftIdentifier(for: .variableName) && name.isValidSwiftIdentifier(for: .memberAccess) {
            self = .valid
        } else if Self.isIdentifierShaped(name) && name.isValidSwiftIdentifier(for: .memberAccess) {
            self = .keyword
        } else if Self.isIdentifierShaped(name) && ["self", "Self", "init", "Type", "Protocol"].contains(name) {
            self = .keyword
        } else {
            self = .invalid
        }
    }

    /// Letters, digits and underscores, not starting with a digit.
    private static func isIdentifierShaped(_ name: String) -> Bool {
        guard let first = name.first, !first.isNumber else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// The closest valid identifier to `name` (`my-client` → `myClient`), or nil if there is none.
    static func sanitized(_ name: String) -> String? {
        let words = AccessorNaming.words(in: name)
        guard !words.isEmpty else { return nil }
        let candidate = AccessorNaming.lowerCamel(AccessorNaming.camelJoined(words))
        return AccessorNameValidity(candidate) == .valid ? candidate : nil
    }
}
