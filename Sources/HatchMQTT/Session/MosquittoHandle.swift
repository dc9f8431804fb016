import CMosquitto
import Foundation

/// Creates and configures the libmosquitto client behind one session.
enum MosquittoHandle {
    /// A configured handle, or the configuration error `connect()` must report.
    static func make(for configuration: MQTTConfiguration) -> (OpaquePointer, MQTTError?) {
        MosquittoLibrary.initialize()
        var problem: MQTTError?
        var handle = mosquitto_new(configuration.clientID, configuration.cleanSession, nil)
        if handle == nil {
            problem = .invalidConfiguration(
                configuration.clientID.isEmpty && !configuration.cleanSession
                    ? "a persistent session (cleanSession: false) needs a non-empty client id"
                    : "libmosquitto could not create a client for id '\(configuration.clientID)'"
            )
            handle = mosquitto_new(nil, true, nil)
        }
        guard let mosq = handle else { fatalError("HatchMQTT: libmosquitto is out of memory") }
        MosquittoLibrary.releaseWakeupSocketPair(of: mosq)
        _ = mosquitto_threaded_set(mosq, true)
        let version = configuration.protocolVersion == .v5 ? MQTT_PROTOCOL_V5 : MQTT_PROTOCOL_V311
        _ = mosquitto_int_option(mosq, MOSQ_OPT_PROTOCOL_VERSION, Int32(version))
        _ = mosquitto_int_option(mosq, MOSQ_OPT_TCP_NODELAY, configuration.tcpNoDelay ? 1 : 0)
        if problem == nil { problem = applyCredentials(configuration, to: mosq) }
        if problem == nil { problem = applyWill(configuration, to: mosq) }
        if problem == nil { problem = applyTLS(configuration, to: mosq) }
        return (mosq, problem)
    }

    private static func applyCredentials(_ configuration: MQTTConfiguration, to mosq: OpaquePointer) -> MQTTError? {
        guard let credentials = configuration.credentials else { return nil }
        let rc = mosquitto_username_pw_set(mosq, credentials.username, credentials.password)
        return rc == 0 ? nil : .invalidConfiguration("the username or password is not valid UTF-8 or is too long")
    }

    private static func applyWill(_ configuration: MQTTConfiguration, to mosq: OpaquePointer) -> MQTTError? {
        guard let will = configuration.will else { return nil }
        guard TopicName.isValidTopic(will.topic) else { return .invalidTopic(will.topic) }
        let rc = will.payload.withUnsafeBytes { bytes in
            mosquitto_will_set(mosq, will.topic, Int32(clamping: bytes.count), bytes.baseAddress, Int32(will.qos.rawValue), will.retain)
        }
        return rc == 0 ? nil : .invalidConfiguration("the last will was refused by libmosquitto: \(MQTTErrorMapping.message(rc))")
    }

    private static func applyTLS(_ configuration: MQTTConfiguration, to mosq: OpaquePointer) -> MQTTError? {
        guard configuration.broker.usesTLS || configuration.tls != nil else { return nil }
        let tls = configuration.tls ?? MQTTTLSConfiguration()
        for (label, path) in [("CA file", tls.caFile), ("client certificate", tls.certificateFile), ("client key", tls.keyFile)] {
            if let path, !FileManager.default.isReadableFile(atPath: path) {
                return .invalidConfiguration("the TLS \(label) '\(path)' does not exist or cannot be read")
            }
        }
        if (tls.certificateFile == nil) != (tls.keyFile == nil) {
            return .invalidConfiguration("a TLS client certificate needs its key and vice versa; set both certificateFile and keyFile")
        }
        if tls.caFile == nil && tls.caDirectory == nil {
            _ = mosquitto_int_option(mosq, MOSQ_OPT_TLS_USE_OS_CERTS, 1)
        } else {
            let rc = mosquitto_tls_set(mosq, tls.caFile, tls.caDirectory, tls.certificateFile, tls.keyFile, nil)
            if rc != 0 {
                return .invalidConfiguration("libmosquitto refused the TLS files: \(MQTTErrorMapping.message(rc))")
            }
        }
        if tls.allowsHostnameMismatch { _ = mosquitto_tls_insecure_set(mosq, true) }
        if let alpn = tls.alpn { _ = mosquitto_string_option(mosq, MOSQ_OPT_TLS_ALPN, alpn) }
        return nil
    }
}
