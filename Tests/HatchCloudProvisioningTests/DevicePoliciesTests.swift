import Foundation
import HatchCloudProvisioning
import HatchDeviceModel
import Testing

/// The AWS IoT policies: each thing may use exactly its firmware's topics, under AWS's length limit.
@Suite("Device policies")
struct DevicePoliciesTests {
    private let policies = DevicePolicies(baseName: "hatch-fleet-device", style: .literal(region: "*", account: "*")).documents

    @Test("two documents, both under AWS IoT's 2,048 characters, and valid JSON")
    func documentsFitAndParse() throws {
        #expect(policies.map(\.fileName) == ["policy.json", "policy-subscribe.json"])
        #expect(policies.map(\.name) == ["hatch-fleet-device", "hatch-fleet-device-subscribe"])
        for policy in policies {
            #expect(policy.length <= IoTPolicyDocument.maximumLength, "\(policy.fileName) is \(policy.length) characters")
            let object = try JSONSerialization.jsonObject(with: Data(policy.json().utf8)) as? [String: Any]
            #expect(object?["Version"] as? String == "2012-10-17")
        }
    }

    @Test("the client id is the thing name, and no resource is a wildcard topic or a shadow reply")
    func ownTopicsOnly() {
        let resources = policies.flatMap(\.statements).flatMap(\.resources).map(\.json)
        #expect(resources.contains("\"arn:aws:iot:*:*:client/${iot:Connection.Thing.ThingName}\""))
        for resource in resources {
            #expect(!resource.contains("#") && !resource.contains("+"), "wildcard in \(resource)")
        }
        let publishes = policies[0].statements.flatMap { $0.actions.contains("iot:Publish") ? $0.resources.map(\.json) : [] }
        #expect(!publishes.contains { $0.contains("/update/accepted") || $0.contains("/update/delta") },
                "a device publishes its reports, never the shadow service's replies")
    }

    @Test("every statement requires the certificate to be attached to the connecting thing")
    func attachedThingCondition() {
        for statement in policies.flatMap(\.statements) {
            #expect(statement.requiresAttachedThing, "\(statement.sid)")
        }
        #expect(policies[0].json().contains("\"iot:Connection.Thing.IsAttached\": \"true\""))
    }

    @Test("CloudFormation ARNs substitute the partition, region and account and keep the policy variable literal")
    func cloudFormationStyle() {
        let documents = DevicePolicies(baseName: "p", style: .cloudFormation).documents
        let connect = documents[0].statements[0].resources[0]
        #expect(connect == .substituted("arn:${AWS::Partition}:iot:${AWS::Region}:${AWS::AccountId}:client/${!iot:Connection.Thing.ThingName}"))
    }

    @Test("policy names: AWS's characters, room for the -subscribe suffix", arguments: [
        ("hatch-fleet-device", true), ("a.b@c=d,e+f_g", true), ("", false), ("has space", false),
        ("slash/name", false), (String(repeating: "x", count: 118), true), (String(repeating: "x", count: 119), false),
    ])
    func policyNames(name: String, valid: Bool) {
        #expect(DevicePolicies.isValidName(name) == valid)
    }

    @Test("a long region and account make the policy too long, and the length ignores whitespace")
    func lengthCountsWithoutWhitespace() {
        let long = DevicePolicies(baseName: "p", style: .literal(region: String(repeating: "r", count: 60),
                                                                  account: String(repeating: "1", count: 60))).documents
        #expect(long.contains { $0.length > IoTPolicyDocument.maximumLength })
        let policy = policies[0]
        #expect(policy.length == policy.json().filter { !$0.isWhitespace }.count)
        #expect(policy.length < policy.json().count)
    }
}
