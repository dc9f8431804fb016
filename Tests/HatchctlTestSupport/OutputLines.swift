import Foundation
import Synchronization

/// Collects a running process's output line by line on a Dispatch thread (never the cooperative
/// pool), so a test can wait for a line while the process keeps running.
public final class OutputLines: Sendable {
    private let lines = Mutex<[String]>([])
    private let ended = Mutex(false)

    /// Starts reading `pipe` until its end.
    public init(_ pipe: Pipe) {
        DispatchQueue.global().async { [self] in
            var pending = Data()
            let handle = pipe.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    lines.withLock { $0.append(line) }
                }
            }
            if !pending.isEmpty { lines.withLock { $0.append(String(decoding: pending, as: UTF8.self)) } }
            ended.withLock { $0 = true }
        }
    }

    /// Every line so far.
    public var all: [String] { lines.withLock { $0 } }

    /// Whether the output has ended.
    public var hasEnded: Bool { ended.withLock { $0 } }

    /// The first line that matches, waiting up to `timeout` seconds; `nil` if none came.
    public func first(timeout: Double = 30, where predicate: (String) -> Bool) async -> String? {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while ContinuousClock.now < deadline {
            if let line = all.first(where: predicate) { return line }
            if hasEnded { return all.first(where: predicate) }
            do { try await Task.sleep(for: .milliseconds(50)) } catch { return nil }
        }
        return nil
    }

    /// Waits until the output ends (the process closed it), up to `timeout` seconds.
    public func waitForEnd(timeout: Double = 30) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while ContinuousClock.now < deadline {
            if hasEnded { return true }
            do { try await Task.sleep(for: .milliseconds(50)) } catch { return hasEnded }
        }
        return hasEnded
    }
}
