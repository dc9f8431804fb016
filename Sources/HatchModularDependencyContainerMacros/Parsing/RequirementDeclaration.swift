import SwiftSyntax

/// One `Requirement(...)` or `InputRequirement(...)` element of the macro's arguments, parsed.
struct RequirementDeclaration {
    /// The list it was written in.
    let kind: RequirementKind
    /// The array element, for fix-its that remove it.
    let element: ArrayElementSyntax
    /// The `Requirement(...)` call, for fix-its that add an argument.
    let call: FunctionCallExprSyntax
    /// The required type.
    let requiredType: RequiredType
    /// The key, if any.
    let key: RequirementKey?
    /// The `accessorName:` argument, if any.
    let accessorNameArgument: LabeledExprSyntax?
    /// The `accessorName:` value, if it is a plain string literal.
    let explicitAccessorName: String?

    /// Identifies the registration the requirement is met by: type and key, as written.
    var identity: String {
        let keyIdentity = key.map { $0.expression.tokens(viewMode: .sourceAccurate).map(\.text).joined() }
        return [requiredType.identity, keyIdentity ?? ""].joined(separator: "#")
    }

    /// The accessor name from the naming rules, ignoring `accessorName:`.
    var derivedAccessorName: String? {
        guard let components = requiredType.nameComponents else { return nil }
        return AccessorNaming.derivedName(typeComponents: components, key: key)
    }

    /// The accessor's name: `accessorName:` if given, otherwise derived.
    var accessorName: String? {
        explicitAccessorName ?? derivedAccessorName
    }

    /// A more specific name to suggest when the accessor name is taken.
    var qualifiedAccessorName: String {
        AccessorNaming.qualifiedName(typeIdentifiers: requiredType.identifiers, keyIdentifiers: key?.identifiers ?? [])
    }

    /// How the requirement reads in messages: `Requirement(ContentClient.self)`.
    var source: String {
        call.trimmedDescription
    }
}
