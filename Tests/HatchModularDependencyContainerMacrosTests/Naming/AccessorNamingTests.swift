@testable import HatchModularDependencyContainerMacros
import SwiftSyntax
import SwiftSyntaxBuilder
import Testing

/// The naming rules, one by one, on the production cookbook's examples and the README.
@Suite("Accessor naming rules")
struct AccessorNamingTests {
    @Test("Unkeyed type names", arguments: [
        (["ContentClient"], "contentClient"),
        (["DeviceSettingsViewControllerProvider"], "deviceSettingsViewControllerProvider"),
        (["HardwareProduct"], "hardwareProduct"),
        (["IoTActionSenderClient"], "iotActionSenderClient"),
        (["HA25ToolbarViewModel"], "ha25ToolbarViewModel"),
        (["URLSession"], "urlSession"),
        (["UUID"], "uuid"),
        (["IoT"], "iot"),
        (["Iota"], "iota"),
        (["IoTDeviceConnectionStateClient", "Factory"], "iotDeviceConnectionStateClientFactory"),
        (["DeviceStateEmitterClient", "Factory"], "deviceStateEmitterClientFactory"),
        (["HatchAnalyticsClient"], "analyticsClient"),
        (["Hatch"], "hatch"),
        (["Hatchery"], "hatchery"),
        (["RestoreV4Client"], "restoreV4Client"),
    ])
    func unkeyed(components: [String], expected: String) {
        #expect(AccessorNaming.derivedName(typeComponents: components, key: nil) == expected)
    }

    @Test("Keys put their name in front, integer keys behind")
    func keyed() {
        let amplitude = RequirementKey(ExprSyntax(stringLiteral: "AnalyticsKey.amplitude"))
        #expect(AccessorNaming.derivedName(typeComponents: ["HatchAnalyticsClient"], key: amplitude)
            == "amplitudeAnalyticsClient")
        let nested = RequirementKey(ExprSyntax(stringLiteral: "Keys.Analytics.statsig"))
        #expect(AccessorNaming.derivedName(typeComponents: ["HatchAnalyticsClient"], key: nested)
            == "statsigAnalyticsClient")
        let string = RequirementKey(ExprSyntax(stringLiteral: #""goodnight-phone""#))
        #expect(AccessorNaming.derivedName(typeComponents: ["UserDefaultsClient"], key: string)
            == "goodnightPhoneUserDefaultsClient")
        let integer = RequirementKey(ExprSyntax(stringLiteral: "1_0"))
        #expect(AccessorNaming.derivedName(typeComponents: ["ContentClient"], key: integer) == "contentClient10")
        let empty = RequirementKey(ExprSyntax(stringLiteral: #""--""#))
        #expect(AccessorNaming.derivedName(typeComponents: ["ContentClient"], key: empty) == nil)
    }

    @Test("Key expressions are classified by form")
    func keyForms() {
        guard case .staticMember(let member, _, _) = RequirementKey(ExprSyntax(stringLiteral: "AnalyticsKey.`default`")) else {
            Issue.record("a static member key was not recognised")
            return
        }
        #expect(member == "default")
        for unsupported in [".amplitude", "analyticsKey", "AnalyticsKey.custom(\"x\")", "-1", "true", "AnalyticsKey.self"] {
            guard case .unsupported = RequirementKey(ExprSyntax(stringLiteral: unsupported)) else {
                Issue.record("\(unsupported) should not be accepted as a key")
                continue
            }
        }
    }

    @Test("Accessor name validity", arguments: [
        ("contentClient", AccessorNameValidity.valid),
        ("_private", .valid),
        ("async", .valid),
        ("default", .keyword),
        ("class", .keyword),
        ("self", .keyword),
        ("init", .keyword),
        ("my-client", .invalid),
        ("1client", .invalid),
        ("", .invalid),
        ("two words", .invalid),
    ])
    func validity(name: String, expected: AccessorNameValidity) {
        #expect(AccessorNameValidity(name) == expected)
    }

    @Test("Sanitised suggestions for invalid names")
    func sanitized() {
        #expect(AccessorNameValidity.sanitized("my-client") == "myClient")
        #expect(AccessorNameValidity.sanitized("Content Client") == "contentClient")
        #expect(AccessorNameValidity.sanitized("--") == nil)
        #expect(AccessorNameValidity.sanitized("1client") == nil)
    }
}
