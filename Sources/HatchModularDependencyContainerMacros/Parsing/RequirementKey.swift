import SwiftSyntax

/// A requirement's `key:` argument, classified by how it may take part in the accessor name.
enum RequirementKey {
    /// `AnalyticsKey.amplitude`: `member` is `amplitude`, `identifiers` every name in the expression.
    case staticMember(member: String, identifiers: [String], expression: ExprSyntax)
    /// `"amplitude"` (a string literal without interpolation).
    case stringLiteral(String, expression: ExprSyntax)
    /// `2` (an integer literal).
    case integerLiteral(String, expression: ExprSyntax)
    /// Anything else: a variable, a call, an implicit member such as `.amplitude`.
    case unsupported(expression: ExprSyntax)

    /// Classifies `expression`.
    init(_ expression: ExprSyntax) {
        if let member = expression.as(MemberAccessExprSyntax.self),
           let base = member.base,
           Self.isTypeReference(base),
           member.declName.argumentNames == nil,
           case .identifier = member.declName.baseName.tokenKind {
            let name = member.declName.baseName.identifier?.name ?? member.declName.baseName.text
            self = .staticMember(member: name, identifiers: Self.identifiers(in: expression), expression: expression)
        } else if let literal = expression.as(StringLiteralExprSyntax.self), let value = literal.representedLiteralValue {
            self = .stringLiteral(value, expression: expression)
        } else if let literal = expression.as(IntegerLiteralExprSyntax.self) {
            self = .integerLiteral(literal.literal.text.filter { $0 != "_" }, expression: expression)
        } else {
            self = .unsupported(expression: expression)
        }
    }

    /// The key as written.
    var expression: ExprSyntax {
        switch self {
        case .staticMember(_, _, let expression), .stringLiteral(_, let expression),
             .integerLiteral(_, let expression), .unsupported(let expression):
            return expression
        }
    }

    /// Every identifier in the key, for a more specific suggested accessor name.
    var identifiers: [String] {
        switch self {
        case .staticMember(_, let identifiers, _): return identifiers
        case .stringLiteral(let value, _): return AccessorNaming.words(in: value)
        case .integerLiteral(let digits, _): return ["key", digits]
        case .unsupported(let expression): return Self.identifiers(in: expression)
        }
    }

    /// Whether `expression` names a type: `AnalyticsKey`, `Keys.Analytics`, `Box<Int>`.
    private static func isTypeReference(_ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.argumentNames == nil
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            return isTypeReference(base)
        }
        if let specialization = expression.as(GenericSpecializationExprSyntax.self) {
            return isTypeReference(specialization.expression)
        }
        return false
    }

    private static func identifiers(in expression: ExprSyntax) -> [String] {
        expression.tokens(viewMode: .sourceAccurate).compactMap { $0.identifier?.name }
    }
}
