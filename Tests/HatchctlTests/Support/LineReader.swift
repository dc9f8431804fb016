import Foundation

/// Reads a running process's standard output on a Dispatch thread (never the cooperative pool, which
/// the in-process fleet needs) until a line matches, or the output ends.
enum LineReader {
    static func firstLines(of pipe: Pipe, matching predicate: @escaping @Sendable (String) -> Bool) async -> [String] {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var buffer = Data()
                let handle = pipe.fileHandleForReading
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { return continuation.resume(returning: []) }
                    buffer.append(chunk)
                    let lines = String(decoding: buffer, as: UTF8.self).split(separator: "\n").map(String.init).filter(predicate)
                    if !lines.isEmpty { return continuation.resume(returning: lines) }
                }
            }
        }
    }
}
