#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CMosquitto

/// Process-wide libmosquitto set-up and the few low-level facts HatchMQTT relies on. Public for
/// tools that drive plain libmosquitto clients next to HatchMQTT (the fleet bench's raw baselines).
package enum MosquittoLibrary {
    private static let initialized: Bool = {
        mosquitto_lib_init()
        return true
    }()

    /// Calls `mosquitto_lib_init` once per process (thread-safe).
    static func initialize() {
        _ = initialized
    }

    /// The linked libmosquitto version, e.g. "2.0.11".
    static var version: String {
        var major: Int32 = 0, minor: Int32 = 0, revision: Int32 = 0
        _ = mosquitto_lib_version(&major, &minor, &revision)
        return "\(major).\(minor).\(revision)"
    }

    /// Closes the wake-up socket pair `mosquitto_new` opens for every client.
    ///
    /// libmosquitto (1.x–2.0) opens an AF_UNIX socket pair per client so that its own
    /// `loop_start` thread can be woken from `select()`; our event loop never uses it. Keeping it
    /// would cost two extra descriptors per session (30,000 for 10,000 sessions) and a `write(2)`
    /// per publish. The library already supports running without it ("Unable to open socket pair"
    /// leaves both at -1), so we close them and store -1 — but only after checking, on this very
    /// handle, that the first three ints of the (private) struct are the unconnected socket and two
    /// distinct AF_UNIX stream sockets. If anything differs, the handle is left untouched.
    package static func releaseWakeupSocketPair(of mosq: OpaquePointer) {
        let fields = UnsafeMutableRawPointer(mosq).assumingMemoryBound(to: Int32.self)
        let sock = fields[0], read = fields[1], write = fields[2]
        guard sock == -1, mosquitto_socket(mosq) == -1, read >= 0, write >= 0, read != write,
              PortableSocket.isUnixStreamSocket(read), PortableSocket.isUnixStreamSocket(write) else { return }
        close(read)
        close(write)
        fields[1] = -1
        fields[2] = -1
    }
}
