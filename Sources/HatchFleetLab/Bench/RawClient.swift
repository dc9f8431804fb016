import CMosquitto
import Foundation
import HatchMQTT

/// A plain libmosquitto client for the fleet bench's baselines: created, TCP_NODELAY set and connected
/// (blocking), or the reason it could not be.
package enum RawClient {
    /// A connected client, or why not. With `releaseSocketPair` it drops libmosquitto's wake-up socket
    /// pair as HatchMQTT's sessions do (needed to fit 10,000 clients in the open-file limit).
    /// `bindAddress` is the local address to connect from (nil: the system chooses).
    package static func connect(id: String, host: String, port: Int, bindAddress: String? = nil, releaseSocketPair: Bool) -> Result<OpaquePointer, RawClientError> {
        mosquitto_lib_init()
        guard let client = mosquitto_new(id, true, nil) else { return .failure(RawClientError(reason: "mosquitto_new failed for \(id)")) }
        if releaseSocketPair { MosquittoLibrary.releaseWakeupSocketPair(of: client) }
        mosquitto_int_option(client, MOSQ_OPT_TCP_NODELAY, 1)
        let rc = mosquitto_connect_bind(client, host, Int32(port), 60, bindAddress)
        guard rc == Int32(MOSQ_ERR_SUCCESS.rawValue) else {
            let reason = rc == Int32(MOSQ_ERR_ERRNO.rawValue) ? String(cString: strerror(errno)) : String(cString: mosquitto_strerror(rc))
            mosquitto_destroy(client)
            return .failure(RawClientError(reason: "\(id) could not connect to \(host):\(port): \(reason)"))
        }
        return .success(client)
    }

    /// Disconnects and frees `client`.
    package static func close(_ client: OpaquePointer) {
        mosquitto_disconnect(client)
        mosquitto_destroy(client)
    }
}

/// Why a baseline client could not connect.
package struct RawClientError: Error, CustomStringConvertible {
    package let reason: String
    package var description: String { reason }
}
