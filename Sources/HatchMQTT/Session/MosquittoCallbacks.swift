#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CMosquitto

/// The C callbacks libmosquitto calls (on the session's loop thread, inside `mosquitto_loop_*`);
/// each forwards to the ``SessionCore`` stored as the handle's user data.
enum MosquittoCallbacks {
    static func install(on mosq: OpaquePointer) {
        mosquitto_connect_callback_set(mosq) { _, context, code in
            sessionCore(context)?.didConnect(code: code)
        }
        mosquitto_disconnect_callback_set(mosq) { _, context, code in
            let savedErrno = errno
            sessionCore(context)?.didDisconnect(code: code, errno: savedErrno)
        }
        mosquitto_publish_callback_set(mosq) { _, context, mid in
            sessionCore(context)?.didPublish(mid: mid)
        }
        mosquitto_message_callback_set(mosq) { _, context, message in
            guard let message else { return }
            sessionCore(context)?.didReceive(message.pointee)
        }
        mosquitto_subscribe_callback_set(mosq) { _, context, mid, count, granted in
            sessionCore(context)?.didSubscribe(mid: mid, grantedCodes: UnsafeBufferPointer(start: granted, count: granted == nil ? 0 : Int(max(0, count))))
        }
        mosquitto_unsubscribe_callback_set(mosq) { _, context, mid in
            sessionCore(context)?.didUnsubscribe(mid: mid)
        }
    }
}

/// The session a libmosquitto callback belongs to (its user data).
private func sessionCore(_ context: UnsafeMutableRawPointer?) -> SessionCore? {
    context.map { Unmanaged<SessionCore>.fromOpaque($0).takeUnretainedValue() }
}
