#if FUZZING
import CFuzzDriver
#endif
import Foundation

#if FUZZING
/// libFuzzer's classic entry point, which its archive references: runs the target named by
/// `HATCH_FUZZ_TARGET` (default json-parser). `hatch-fuzz TARGET` passes its target directly instead.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let name = ProcessInfo.processInfo.environment["HATCH_FUZZ_TARGET"] ?? FuzzTarget.jsonParser.rawValue
    return (FuzzTarget(rawValue: name) ?? .jsonParser).callback(bytes, count)
}
#endif

/// `hatch-fuzz TARGET [ARGUMENTS]`: in a `make fuzz` build (compiled with `-D FUZZING` and
/// `-sanitize=fuzzer,address`) it hands TARGET to libFuzzer with libFuzzer's own ARGUMENTS
/// (corpus folders, `-max_total_time=60`, …); in an ordinary build it replays the files named in
/// ARGUMENTS through TARGET, to reproduce a crash a fuzzing run saved.
@main
enum HatchFuzz {
    static func main() {
        var arguments = CommandLine.arguments
        guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: " | ")
            FileHandle.standardError.write(Data("usage: hatch-fuzz \(names) [libFuzzer options and corpus folders | files to replay]\n".utf8))
            exit(64)
        }
        arguments.remove(at: 1)
        #if FUZZING
        var argc = Int32(arguments.count)
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let status = pointers.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var argv = buffer.baseAddress
            return LLVMFuzzerRunDriver(&argc, &argv, target.callback)
        }
        exit(status)
        #else
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("hatch-fuzz: cannot read \(path)\n".utf8))
                exit(66)
            }
            target.run(data)
            print("\(target.rawValue): \(path) (\(data.count) bytes) ran without a crash")
        }
        #endif
    }
}
