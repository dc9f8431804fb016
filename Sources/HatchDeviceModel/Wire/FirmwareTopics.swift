/// The topics a device's firmware uses when a shadow service answers for it (AWS IoT Core, or
/// `hatchctl shadow-service` on a plain broker): what it publishes and what it subscribes to.
///
/// It is the one list behind the simulated firmware's subscriptions, the mosquitto ACL that
/// gives a device exactly what an AWS IoT policy would, and the IoT policy `hatchctl cloud
/// provision` writes. A device never publishes a shadow reply (`/accepted`, `/rejected`,
/// `/delta`, `/documents`): on AWS IoT Core those topics are reserved to the cloud.
public struct FirmwareTopics: Sendable, Hashable {
    /// The device.
    public let thing: ThingName

    /// The topic list of `thing`.
    public init(_ thing: ThingName) { self.thing = thing }

    /// What the firmware publishes: its reported state and shadow reads, its retained presence
    /// (also its last will), registry and record documents, and the replies to record requests
    /// (the vendor's cloud keeps routines and alarms beside the shadow; the device answers them).
    public var publishes: [String] {
        let shadow = Topics.Shadow(thing)
        var topics = [shadow.update, shadow.get, Topics.presence(thing), Topics.registry(thing)]
        for records in [Topics.routines(thing), Topics.alarms(thing)] {
            topics += [records.document, records.accepted, records.rejected]
        }
        return topics
    }

    /// What the firmware subscribes to (and receives): the shadow service's delta and its answers to
    /// the device's own get and update, `delete/accepted`, and the record requests addressed to it.
    ///
    /// `delete/accepted` is there because the Restore firmware reports its whole state again when its
    /// shadow is deleted, so the document exists once more; without it the device would not know and
    /// its next report would hold only what changed.
    public var subscribes: [String] {
        let shadow = Topics.Shadow(thing)
        return [shadow.updateDelta, shadow.getAccepted, shadow.getRejected, shadow.updateRejected, shadow.deleteAccepted,
                Topics.routines(thing).request, Topics.alarms(thing).request]
    }

    /// The shadow topics only the shadow service publishes (AWS IoT Core, or on a plain broker
    /// `hatchctl shadow-service` or the fleet's built-in shadow); a device publishing one of them is a
    /// bug, and AWS IoT Core would refuse it.
    public var reservedReplies: [String] {
        let shadow = Topics.Shadow(thing)
        return [shadow.getAccepted, shadow.getRejected, shadow.updateAccepted, shadow.updateRejected, shadow.updateDelta,
                shadow.updateDocuments, shadow.deleteAccepted, shadow.deleteRejected]
    }
}
