import HatchMemberwiseInit

/// What a requirement or registration is about: a type as written in source (`ContentClient`,
/// `any DeviceSettingsViewControllerProvider`) and an optional key (`AnalyticsKey.amplitude`).
@MemberwiseInit(.public)
public struct TypeIdentity: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The type as written, with redundant parentheses and whitespace removed.
    public var typeName: String
    /// The key expression as written, or `nil` for an unkeyed requirement.
    public var key: String? = nil

    /// The identity used for matching: a key written as `.amplitude` matches `AnalyticsKey.amplitude`,
    /// because registrations often use the implicit-member form.
    public var matchKey: String {
        guard let key else { return typeName }
        let member = key.split(separator: ".").last.map(String.init) ?? key
        return "\(typeName)|\(member)"
    }

    /// `HatchAnalyticsClient (key: AnalyticsKey.amplitude)` or just the type.
    public var description: String {
        guard let key else { return typeName }
        return "\(typeName) (key: \(key))"
    }

    /// The Swift expression that names the type and key in a registration call, e.g.
    /// `HatchAnalyticsClient.self, key: AnalyticsKey.amplitude`.
    var registrationArguments: String {
        let typeExpression = typeName.hasPrefix("any ") || typeName.hasPrefix("some ") ? "(\(typeName)).self" : "\(typeName).self"
        guard let key else { return typeExpression }
        return "\(typeExpression), key: \(key)"
    }
}
