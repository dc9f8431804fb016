import HatchDeviceModel

/// The AWS IoT policies every device of a fleet shares: each thing may connect only as itself and
/// use only its own topics, exactly those of ``FirmwareTopics`` with the thing name replaced by the
/// `${iot:Connection.Thing.ThingName}` policy variable; never a shadow reply, never a wildcard.
///
/// AWS IoT caps a policy document at 2,048 characters (whitespace aside), which one document with
/// every topic of a device exceeds; so there are two, both attached to each certificate:
/// `policy.json` (connect, and what the device publishes) and `policy-subscribe.json` (what it
/// subscribes to and receives).
package struct DevicePolicies {
    /// How resource ARNs are written.
    package enum ARNStyle {
        /// For `aws iot create-policy`: `arn:aws:iot:{region}:{account}:…`, `*` meaning any.
        case literal(region: String, account: String)
        /// For CloudFormation: `Fn::Sub` with the stack's partition, region and account.
        case cloudFormation
    }

    /// The name of the first policy; the second adds `-subscribe`.
    package var baseName: String
    /// Literal ARNs for the policy files, or `Fn::Sub` templates for the CloudFormation stack.
    package var style: ARNStyle

    /// Creates the AWS IoT policies every device of a fleet shares.
    package init(baseName: String, style: ARNStyle) {
        self.baseName = baseName
        self.style = style
    }

    /// The policy documents, connect and publish first.
    package var documents: [IoTPolicyDocument] {
        let topics = FirmwareTopics(ThingName(rawValue: thingVariable))
        let retained = Set(Self.retainedTopics(of: topics.thing))
        let connect = IoTPolicyDocument.Statement(sid: "ConnectAsItsOwnThing", actions: ["iot:Connect"],
                                                  resources: [resource("client/" + thingVariable)])
        let publishRetained = IoTPolicyDocument.Statement(
            sid: "PublishItsRetainedRecords", actions: ["iot:Publish", "iot:RetainPublish"],
            resources: topics.publishes.filter(retained.contains).map { resource("topic/" + $0) })
        let publish = IoTPolicyDocument.Statement(
            sid: "PublishItsShadowAndReplies", actions: ["iot:Publish"],
            resources: topics.publishes.filter { !retained.contains($0) }.map { resource("topic/" + $0) })
        let subscribe = IoTPolicyDocument.Statement(sid: "SubscribeToItsOwnTopics", actions: ["iot:Subscribe"],
                                                    resources: topics.subscribes.map { resource("topicfilter/" + $0) })
        let receive = IoTPolicyDocument.Statement(sid: "ReceiveOnItsOwnTopics", actions: ["iot:Receive"],
                                                  resources: topics.subscribes.map { resource("topic/" + $0) })
        return [
            IoTPolicyDocument(name: baseName, fileName: "policy.json", statements: [connect, publishRetained, publish]),
            IoTPolicyDocument(name: baseName + Self.subscribeSuffix, fileName: "policy-subscribe.json", statements: [subscribe, receive]),
        ]
    }

    /// The topics a device publishes with the retain flag (its presence, also its last will, its
    /// registry record and its record documents), which AWS IoT also checks against `iot:RetainPublish`.
    package static func retainedTopics(of thing: ThingName) -> [String] {
        [Topics.presence(thing), Topics.registry(thing), Topics.routines(thing).document, Topics.alarms(thing).document]
    }

    /// Whether `name` is a valid AWS IoT policy name (`[\w+=,.@-]+`, 128 characters) for both documents.
    package static func isValidName(_ name: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_+=,.@-")
        return !name.isEmpty && name.count + subscribeSuffix.count <= 128 && name.allSatisfy(allowed.contains)
    }

    private static let subscribeSuffix = "-subscribe"

    private var thingVariable: String {
        switch style {
        case .literal: IoTPolicyVariables.thingName
        case .cloudFormation: IoTPolicyVariables.thingNameInSubstitution
        }
    }

    private func resource(_ suffix: String) -> IoTPolicyDocument.Resource {
        switch style {
        case .literal(let region, let account): .arn("arn:aws:iot:\(region):\(account):\(suffix)")
        case .cloudFormation: .substituted("arn:${AWS::Partition}:iot:${AWS::Region}:${AWS::AccountId}:\(suffix)")
        }
    }
}
