import Foundation
import HatchDeviceModel
import HatchDeviceSimulator

/// Shadow requests: the decoder for each operation, then the shadow service itself (get, update,
/// delete on a stored document). A rejected request must leave the document as it was.
enum ShadowRequestFuzz {
    static let stored = ShadowDocument(desired: ["nightlightOn": true], reported: ["nightlightOn": false, "current": ["sound": ["v": 100]]],
                                       desiredMetadata: ["nightlightOn": ["timestamp": 1]],
                                       reportedMetadata: ["nightlightOn": ["timestamp": 1], "current": ["sound": ["v": ["timestamp": 1]]]],
                                       version: 3)

    static func run(_ data: Data) {
        for operation in ShadowRequestDecoder.Operation.allCases { _ = try? ShadowRequestDecoder.decode(data, operation: operation) }
        var shadow = DeviceShadow(document: stored)
        _ = shadow.get(payload: data, timestamp: 10)
        let update = shadow.update(payload: data, timestamp: 11)
        if update.rejection != nil, shadow.document != stored { fatalError("a rejected update changed the document") }
        var deleting = DeviceShadow(document: stored)
        let delete = deleting.delete(payload: data, timestamp: 12)
        if delete.rejection != nil, deleting.document != stored { fatalError("a rejected delete changed the document") }
    }
}
