import SwiftSyntax

/// The type of a requirement, read from its `T.self` argument.
struct RequiredType {
    /// The `T.self` expression as written, passed on to the container in generated accessors.
    let metatypeExpression: ExprSyntax
    /// The type as it is spelled in the accessor's declaration: `ContentClient`, `any DeviceSettingsViewControllerProvider`.
    let typeSyntax: TypeSyntax
    /// The name components the accessor name is built from (`["IoTDeviceConnectionStateClient", "Factory"]`),
    /// or nil when the type's shape has no natural name (tuples, functions, arrays, optionals, compositions).
    let nameComponents: [String]?
    /// Every identifier in the type, generic arguments included (for suggestions).
    let identifiers: [String]

    /// Reads `expression`, which must be `T.self`; nil otherwise.
    init?(metatypeExpression expression: ExprSyntax) {
        guard let member = expression.as(MemberAccessExprSyntax.self),
              member.declName.baseName.tokenKind == .keyword(.self),
              let base = member.base else {
            return nil
        }
        let typeExpression = Self.unparenthesized(base)
        self.metatypeExpression = expression
        self.typeSyntax = Self.typeSyntax(of: typeExpression)
        self.nameComponents = Self.nameComponents(of: typeExpression)
        self.identifiers = typeExpression.tokens(viewMode: .sourceAccurate).compactMap { $0.identifier?.name }
    }

    /// A normalised spelling used to recognise the same type written twice.
    var identity: String {
        typeSyntax.tokens(viewMode: .sourceAccurate).map(\.text).joined(separator: " ")
    }

    private static func unparenthesized(_ expression: ExprSyntax) -> ExprSyntax {
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
           let only = tuple.elements.first, only.label == nil {
            return unparenthesized(only.expression)
        }
        return expression
    }

    private static func typeSyntax(of expression: ExprSyntax) -> TypeSyntax {
        if let typeExpression = expression.as(TypeExprSyntax.self) {
            return typeExpression.type.trimmed
        }
        return TypeSyntax("\(raw: expression.trimmedDescription)")
    }

    private static func nameComponents(of expression: ExprSyntax) -> [String]? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            guard reference.argumentNames == nil, let name = reference.baseName.identifier?.name else { return nil }
            return [name]
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            guard let base = member.base, let baseComponents = nameComponents(of: base),
                  let name = member.declName.baseName.identifier?.name else { return nil }
            return baseComponents + [name]
        }
        if let specialization = expression.as(GenericSpecializationExprSyntax.self) {
            return nameComponents(of: specialization.expression)
        }
        if let typeExpression = expression.as(TypeExprSyntax.self) {
            return nameComponents(of: typeExpression.type)
        }
        return nil
    }

    private static func nameComponents(of type: TypeSyntax) -> [String]? {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return identifier.name.identifier.map { [$0.name] }
        }
        if let member = type.as(MemberTypeSyntax.self) {
            guard let base = nameComponents(of: member.baseType), let name = member.name.identifier?.name else {
                return nil
            }
            return base + [name]
        }
        if let existential = type.as(SomeOrAnyTypeSyntax.self) {
            return nameComponents(of: existential.constraint)
        }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
           only.firstName == nil {
            return nameComponents(of: only.type)
        }
        return nil
    }
}
