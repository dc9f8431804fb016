extension PrometheusSamples {
    /// Why a scrape gave no samples.
    public enum ScrapeFailure: Error, Sendable, CustomStringConvertible {
        /// The answer had no HTTP body.
        case noBody(port: Int)

        public var description: String {
            switch self {
            case .noBody(let port): return "127.0.0.1:\(port) answered /metrics with no HTTP body"
            }
        }
    }

    /// The samples `http://127.0.0.1:port/metrics` serves now (a child process's metrics, read by
    /// `fleet bench`); throws ``LoopbackHTTPExchange/Failure`` when it does not answer.
    public static func scrape(port: Int, timeoutSeconds: Int = 10) async throws -> PrometheusSamples {
        let raw = try await LoopbackHTTPExchange.exchangeAsync(Array("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8),
                                                               port: port, timeoutSeconds: timeoutSeconds)
        let text = String(decoding: raw, as: UTF8.self)
        guard let body = text.range(of: "\r\n\r\n") else { throw ScrapeFailure.noBody(port: port) }
        return PrometheusSamples(exposition: String(text[body.upperBound...]))
    }
}
