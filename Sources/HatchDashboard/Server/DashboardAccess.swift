import Foundation

/// Who may use the dashboard: on loopback anyone on the machine; on any other address only a
/// request that carries the token (an `Authorization: Bearer` header, a `token` query parameter, which
/// the page's own requests and live stream carry, or the `hatch-dashboard-token` cookie).
package struct DashboardAccess: Sendable, Hashable {
    /// The address the server listens on.
    package var host: String
    /// The token every request must carry; `nil` only on loopback.
    package var token: String?

    /// Checks the pair: a non-loopback address needs a token, and a token must be long enough to guess.
    package init(host: String, token: String?) throws(DashboardAccessError) {
        if let token, token.count < Self.minimumTokenLength {
            throw .shortToken(minimum: Self.minimumTokenLength)
        }
        if !Self.isLoopback(host), token == nil {
            throw .tokenRequired(host: host)
        }
        self.host = host
        self.token = token
    }

    /// The shortest token accepted.
    package static let minimumTokenLength = 16

    /// Whether `host` is a loopback address (`127.0.0.0/8`, `::1`, `localhost`).
    package static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// Whether a request carrying these credentials may proceed.
    package func allows(authorization: String?, queryToken: String?, cookie: String?) -> Bool {
        guard let token else { return true }
        var offered: [String] = []
        if let authorization, authorization.hasPrefix("Bearer ") { offered.append(String(authorization.dropFirst(7))) }
        if let queryToken { offered.append(queryToken) }
        if let cookie {
            for part in cookie.split(separator: ";") {
                let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0] == Self.cookieName { offered.append(String(pair[1])) }
            }
        }
        return offered.contains { Self.constantTimeEquals($0, token) }
    }

    /// The cookie the page may carry the token in.
    package static let cookieName = "hatch-dashboard-token"

    /// Compares without stopping at the first difference, so the time taken does not tell how much
    /// of a guess was right.
    static func constantTimeEquals(_ left: String, _ right: String) -> Bool {
        let a = Array(left.utf8), b = Array(right.utf8)
        var difference = a.count ^ b.count
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= Int(x ^ y)
        }
        return difference == 0
    }
}

/// Why the dashboard would not start with the address and token given.
package enum DashboardAccessError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A non-loopback address without a token.
    case tokenRequired(host: String)
    /// A token too short to be secret.
    case shortToken(minimum: Int)

    /// What went wrong and what to do.
    package var description: String {
        switch self {
        case .tokenRequired(let host):
            return "--dashboard-host \(host) is reachable from other machines: give a --dashboard-token (at least \(DashboardAccess.minimumTokenLength) characters, e.g. from `openssl rand -hex 16`), or leave --dashboard-host out to listen on 127.0.0.1 only."
        case .shortToken(let minimum):
            return "--dashboard-token must be at least \(minimum) characters (e.g. `openssl rand -hex 16`)."
        }
    }
}
