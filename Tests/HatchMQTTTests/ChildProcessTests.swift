import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HatchMosquittoBroker
import Testing

@Suite("ChildProcess")
struct ChildProcessTests {
    @Test("FileHandle.nullDevice gives the child /dev/null as standard input, output and error, not this process's streams")
    func nullDevice() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hatch-child-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("not-null")
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Names each stream that is not /dev/null in the report file (its own output goes nowhere).
        process.arguments = ["-c", "for s in stdin stdout stderr; do [ /dev/$s -ef /dev/null ] || echo $s >> \"$0\"; done; echo done >> \"$0\"",
                             report.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try String(contentsOf: report, encoding: .utf8) == "done\n")
    }

    #if os(Linux)
    @Test("the child starts with no signal blocked or ignored, whatever the parent blocks and ignores, so SIGTERM stops it")
    func signalsStartAtTheirDefaults() throws {
        // What a server that handles SIGTERM through a dispatch source does: block it, ignore another.
        var terminate = sigset_t()
        sigemptyset(&terminate)
        sigaddset(&terminate, SIGTERM)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &terminate, &previousMask)
        let previousHangUp = signal(SIGHUP, SIG_IGN)
        defer {
            signal(SIGHUP, previousHangUp)
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        }
        let output = Pipe()
        let process = ChildProcess()
        // grep's own blocked and ignored signals, as the kernel reports them (a shell would clear its mask itself).
        process.executableURL = URL(fileURLWithPath: "/bin/grep")
        process.arguments = ["-E", "^Sig(Blk|Ign):", "/proc/self/status"]
        process.standardOutput = output
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let masks = Dictionary(uniqueKeysWithValues: report.split(separator: "\n").compactMap { line -> (String, UInt64)? in
            let parts = line.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let mask = UInt64(parts[1], radix: 16) else { return nil }
            return (parts[0], mask)
        })
        let bit = { (signal: Int32) -> UInt64 in 1 << UInt64(signal - 1) }
        #expect(masks["SigBlk"].map { $0 & bit(SIGTERM) } == 0, "\(report)")
        #expect(masks["SigIgn"].map { $0 & bit(SIGHUP) } == 0, "\(report)")
    }
    #endif
}
