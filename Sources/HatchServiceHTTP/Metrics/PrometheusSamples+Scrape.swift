import AsyncHTTPClient
import NIOCore

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
    /// `fleet bench`), fetched with AsyncHTTPClient (not URLSession, whose libcurl and its two dozen
    /// libraries would add about 4 MB to every process that links this); throws ``ScrapeFailure``
    /// when it does not answer 200.
    public static func scrape(port: Int, timeoutSeconds: Int = 10) async throws -> PrometheusSamples {
        let request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/metrics")
        let response: HTTPClientResponse
        let body: ByteBuffer
        do {
            response = try await HTTPClient.shared.execute(request, timeout: .seconds(Int64(timeoutSeconds)))
            guard response.status == .ok else { throw ScrapeFailure.status(Int(response.status.code), port: port) }
            body = try await response.body.collect(upTo: 64 << 20)
        } catch let failure as ScrapeFailure {
            throw failure
        } catch {
            throw ScrapeFailure.noAnswer(port: port, reason: String(describing: error))
        }
        return PrometheusSamples(exposition: String(buffer: body))
    }
}
