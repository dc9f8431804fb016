#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CMosquitto

/// Turns libmosquitto return codes, CONNACK codes and `errno` into ``MQTTError``s that say what to do.
enum MQTTErrorMapping {
    /// libmosquitto's text for a return code.
    static func message(_ rc: Int32) -> String {
        String(cString: mosquitto_strerror(rc))
    }

    /// The error for a refused CONNACK (`code` is the 3.1.1 return code or the MQTT 5 reason code).
    static func connack(_ code: Int32) -> MQTTError {
        switch code {
        case 4, 0x86:
            return .notAuthorized("the broker rejected the username or password (CONNACK \(code))")
        case 5, 0x87:
            return .notAuthorized("the broker does not authorize this client (CONNACK \(code))")
        default:
            let reason = code < 6 ? String(cString: mosquitto_connack_string(code)) : String(cString: mosquitto_reason_string(code))
            return .connectionRejected(code: Int(code), reason: reason)
        }
    }

    /// The error for a connection attempt that ended before the broker's CONNACK.
    ///
    /// A TLS broker that requires a client certificate (mosquitto's `require_certificate true`) ends
    /// the connection of a client that presents none, and libmosquitto reports that as a closed
    /// connection (TLS 1.2 and 1.3 alike), not as a TLS error; an untrusted broker certificate is a TLS
    /// error. So a TLS session without a certificate whose attempt is closed before CONNACK is told
    /// that the broker requires one.
    static func attempt(rc: Int32, errno savedErrno: Int32, configuration: MQTTConfiguration) -> MQTTError {
        let broker = configuration.broker
        let error = connection(rc: rc, errno: savedErrno, broker: broker, bindAddress: configuration.bindAddress)
        guard let tls = configuration.tls, tls.certificateFile == nil, case .connectionLost = error,
              rc == MOSQ_ERR_CONN_LOST.rawValue || (rc == MOSQ_ERR_ERRNO.rawValue && (savedErrno == ECONNRESET || savedErrno == EPROTO))
        else { return error }
        return .clientCertificateRequired(host: broker.host, port: broker.port)
    }

    /// The error for a failed connection attempt or a dropped connection.
    static func connection(rc: Int32, errno savedErrno: Int32, broker: MQTTBrokerURL, bindAddress: String? = nil) -> MQTTError {
        switch rc {
        case MOSQ_ERR_ERRNO.rawValue:
            switch savedErrno {
            case ECONNREFUSED: return .connectionRefused(host: broker.host, port: broker.port)
            // No socket file at the path: nothing listens there either.
            case ENOENT where broker.isUnixSocket: return .connectionRefused(host: broker.host, port: broker.port)
            case EMFILE, ENFILE: return .tooManyOpenFiles(limit: FileDescriptorLimit.current.soft)
            case EADDRNOTAVAIL: return .noLocalPort(bindAddress: bindAddress, host: broker.host, port: broker.port)
            case 0: return .connectionLost("the socket closed")
            default: return .connectionLost("\(String(cString: strerror(savedErrno))) (errno \(savedErrno)) talking to \(broker)")
            }
        case MOSQ_ERR_EAI.rawValue, MOSQ_ERR_LOOKUP.rawValue:
            return .hostNotFound(broker.host)
        case MOSQ_ERR_TLS.rawValue, MOSQ_ERR_TLS_HANDSHAKE.rawValue, MOSQ_ERR_OCSP.rawValue:
            return .tlsFailed("libmosquitto reported '\(message(rc))' with \(broker)")
        case MOSQ_ERR_CONN_LOST.rawValue:
            return .connectionLost("the broker at \(broker) closed the connection")
        case MOSQ_ERR_KEEPALIVE.rawValue:
            return .connectionLost("no answer from the broker within the keep-alive interval")
        case MOSQ_ERR_NO_CONN.rawValue:
            return .notConnected
        default:
            return .library(code: Int(rc), message: message(rc))
        }
    }
}
