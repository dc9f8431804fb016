import SwiftSyntax

/// The access level generated members get: the struct's own, so a `public` struct gets `public` accessors.
enum AccessLevel {
    /// The modifier to put in front of generated members, with a trailing space, or "" for internal.
    static func modifier(for declaration: some DeclGroupSyntax) -> String {
        for modifier in declaration.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            // Members of a private type are visible in its file at most.
            case .keyword(.fileprivate), .keyword(.private): return "fileprivate "
            default: continue
            }
        }
        return ""
    }
}
