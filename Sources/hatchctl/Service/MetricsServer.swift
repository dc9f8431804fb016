import HatchServiceSupport
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// A small HTTP/1.1 server for Prometheus: `GET /metrics` answers with the text exposition format,
/// any other path with 404, a malformed request with 400. One connection at a time, each answered
/// and closed, on a thread of its own so that a slow scraper never blocks the fleet's tasks.
///
/// It binds in its initializer (so a taken port fails before the fleet connects) and serves while it
/// runs as a service: until graceful shutdown or cancellation.
final class MetricsServer: Service, Sendable {
    /// The Content-Type of the exposition format.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"
    /// The host it is bound to, as given.
    let host: String
    /// The port it listens on (the one picked, when asked for port 0).
    var port: Int { socket.port }
    /// `http://host:port/metrics`.
    var url: String { "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/metrics" }

    private let socket: ListeningSocket
    private let render: @Sendable () async -> [UInt8]
    private let logger: Logger
    private let wakeUp: (read: Int32, write: Int32)

    /// Binds and listens on `host`:`port`; `render` produces the body of each `/metrics` answer.
    init(host: String, port: Int, logger: Logger, render: @escaping @Sendable () async -> [UInt8]) throws(MetricsServerError) {
        socket = try ListeningSocket(host: host, port: port)
        self.host = host
        self.logger = logger
        self.render = render
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            socket.stopListening()
            throw .cannotListen(host: host, port: port, reason: String(cString: strerror(errno)))
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        wakeUp = (ends[0], ends[1])
    }

    /// Serves until graceful shutdown (or cancellation), then stops listening.
    func run() async throws {
        let (finished, done) = AsyncStream.makeStream(of: Void.self)
        let thread = Thread { [self] in
            serve()
            done.finish()
        }
        thread.name = "metrics-server"
        thread.start()
        logger.notice("serving Prometheus metrics at \(url)", metadata: ["url": "\(url)", "port": "\(port)"])
        try? await gracefulShutdown()
        var byte: UInt8 = 1
        _ = write(wakeUp.write, &byte, 1)
        for await _ in finished {}
        socket.stopListening()
        close(wakeUp.read)
        close(wakeUp.write)
        logger.debug("metrics server stopped")
    }

    /// The thread's loop: wait for a connection or the wake-up byte; answer connections one by one.
    private func serve() {
        var entries = [pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeUp.read, events: Int16(POLLIN), revents: 0)]
        while true {
            entries[0].revents = 0
            entries[1].revents = 0
            let ready = poll(&entries, 2, -1)
            if ready < 0, errno == EINTR { continue }
            if ready < 0 || entries[1].revents != 0 { return }
            guard entries[0].revents != 0, let connection = socket.acceptConnection() else { continue }
            answer(connection)
            close(connection)
        }
    }

    /// Reads one request head (at most 5 s), answers it, and leaves the closing to the caller.
    private func answer(_ connection: Int32) {
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + .seconds(5)
        var response: HTTPResponse
        var isHead = false
        while true {
            do {
                if let head = try HTTPRequestHead.parse(received) {
                    isHead = head.method == "HEAD"
                    response = respond(to: head)
                    break
                }
            } catch {
                logger.debug("bad request on the metrics port: \(error)")
                response = .text(error.status, error.description)
                break
            }
            let remaining = deadline - ContinuousClock.now
            let milliseconds = Int32(max(0, remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000))
            guard milliseconds > 0, let chunk = ListeningSocket.read(connection, limit: 4096, timeout: milliseconds), !chunk.isEmpty else {
                // Nothing complete in time, or the client went away: answer 400 if it is still there.
                let error = HTTPRequestError.incomplete
                response = .text(error.status, error.description)
                break
            }
            received += chunk
        }
        _ = ListeningSocket.write(response.serialized(includingBody: !isHead), to: connection, timeout: 5000)
    }

    /// The answer to a well-formed request.
    private func respond(to head: HTTPRequestHead) -> HTTPResponse {
        guard head.path == "/metrics" else { return .text(.notFound, "not found: \(head.path) (metrics are at /metrics)") }
        guard head.method == "GET" || head.method == "HEAD" else {
            var response = HTTPResponse.text(.methodNotAllowed, "\(head.method) is not allowed; use GET")
            response.fields = [(name: "Allow", value: "GET, HEAD")]
            return response
        }
        return HTTPResponse(status: .ok, contentType: Self.contentType, body: renderNow())
    }

    /// Runs the asynchronous `render` from this thread and waits for it (the thread is ours to block).
    private func renderNow() -> [UInt8] {
        let result = Mutex<[UInt8]>([])
        let semaphore = DispatchSemaphore(value: 0)
        let render = self.render
        Task {
            let body = await render()
            result.withLock { $0 = body }
            semaphore.signal()
        }
        semaphore.wait()
        return result.withLock { $0 }
    }
}
