import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests to an HTTP server on 127.0.0.1 through URLSession, for the suites that scrape `/metrics`
/// or probe a server's routes.
public enum LoopbackHTTP {
    /// An answer: its status, its header fields (names in lower case) and its body as text.
    public struct Response: Sendable, CustomStringConvertible {
        public var status: Int
        public var headers: [String: String]
        public var body: String

        public var description: String { "HTTP \(status) \(headers) \(body.prefix(200))" }
    }

    /// `GET path` on 127.0.0.1:`port`.
    public static func get(_ path: String, port: Int) async throws -> Response {
        try await request("GET", path, port: port)
    }

    /// `method path` on 127.0.0.1:`port`, with no body; waits at most 10 s.
    public static func request(_ method: String, _ path: String, port: Int) async throws -> Response {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.timeoutInterval = 10
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for case let (name as String, value as String) in http.allHeaderFields { headers[name.lowercased()] = value }
        return Response(status: http.statusCode, headers: headers, body: String(decoding: data, as: UTF8.self))
    }
}
