import Dispatch
import Foundation

/// Waits for SIGINT or SIGTERM (or a time-out), so `fleet run` can shut down cleanly instead of dying.
enum ShutdownSignal {
    /// Why the wait ended.
    enum Reason: String, Sendable {
        case interrupt = "SIGINT"
        case terminate = "SIGTERM"
        case duration = "--duration elapsed"
    }

    /// Returns when a signal arrives or `timeout` real seconds have passed.
    static func wait(timeout: Double?) async -> Reason {
        let (stream, continuation) = AsyncStream.makeStream(of: Reason.self, bufferingPolicy: .bufferingNewest(1))
        var sources: [any DispatchSourceSignal] = []
        for (number, reason) in [(SIGINT, Reason.interrupt), (SIGTERM, Reason.terminate)] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(reason) }
            source.resume()
            sources.append(source)
        }
        let timer = Task {
            guard let timeout else { return }
            try? await Task.sleep(for: .milliseconds(Int(timeout * 1000)))
            continuation.yield(.duration)
        }
        var iterator = stream.makeAsyncIterator()
        let reason = await iterator.next() ?? .duration
        timer.cancel()
        sources.forEach { $0.cancel() }
        return reason
    }
}
