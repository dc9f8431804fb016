/// The AWS IoT policy variables and condition keys the device policies use.
package enum IoTPolicyVariables {
    /// The thing the connecting certificate is attached to, resolved from the MQTT client id.
    package static let thingName = "${iot:Connection.Thing.ThingName}"
    /// The same variable inside a CloudFormation `Fn::Sub` template, where `${!…}` keeps it literal.
    package static let thingNameInSubstitution = "${!iot:Connection.Thing.ThingName}"
    /// True only when the certificate is attached to the thing named by the client id.
    package static let isAttached = "iot:Connection.Thing.IsAttached"
}
