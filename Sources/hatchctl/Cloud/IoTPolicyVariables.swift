/// The AWS IoT policy variables and condition keys the device policies use.
enum IoTPolicyVariables {
    /// The thing the connecting certificate is attached to, resolved from the MQTT client id.
    static let thingName = "${iot:Connection.Thing.ThingName}"
    /// The same variable inside a CloudFormation `Fn::Sub` template, where `${!…}` keeps it literal.
    static let thingNameInSubstitution = "${!iot:Connection.Thing.ThingName}"
    /// True only when the certificate is attached to the thing named by the client id.
    static let isAttached = "iot:Connection.Thing.IsAttached"
}
