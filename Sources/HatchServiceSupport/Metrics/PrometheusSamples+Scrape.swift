import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension PrometheusSamples {
    /// Why a scrape gave no samples.
    public enum ScrapeFailure: Error, Sendable, CustomStringConvertible {
        /// The server answered with another status than 200.
        case status(Int, port: Int)
        /// The server did not answer (nothing listens there, or it took longer than the time-out).
        case noAnswer(port: Int, reason: String)

        public var description: String {
            switch self {
            case .status(let status, let port): return "127.0.0.1:\(port) answered /metrics with HTTP \(status)"
            case .noAnswer(let port, let reason): return "127.0.0.1:\(port) did not answer /metrics (\(reason))"
            }
        }
    }

    /// The samples `http://127.0.0.1:port/metrics` serves now (a child process's metrics, read by
    /// `fleet bench`), fetched with URLSession; throws ``ScrapeFailure`` when it does not answer 200.
    public static func scrape(port: Int, timeoutSeconds: Int = 10) async throws -> PrometheusSamples {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/metrics")!)
        request.timeoutInterval = TimeInterval(timeoutSeconds)
        let data: Data, response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch {
            throw ScrapeFailure.noAnswer(port: port, reason: error.localizedDescription)
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else { throw ScrapeFailure.status(status, port: port) }
        return PrometheusSamples(exposition: String(decoding: data, as: UTF8.self))
    }
}
