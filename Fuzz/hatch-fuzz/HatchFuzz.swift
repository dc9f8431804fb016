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
/// ARGUMENTS through TARGET, to reproduce a crash a fuzzing run saved. Without TARGET, the target
/// is `HATCH_FUZZ_TARGET`'s, as in the processes libFuzzer starts itself (a `-merge=1` run).
@main
enum HatchFuzz {
    static func main() {
        var arguments = CommandLine.arguments
        let target: FuzzTarget
        if arguments.count >= 2, let named = FuzzTarget(rawValue: arguments[1]) {
            target = named
            arguments.remove(at: 1)
            // libFuzzer starts this program again for -merge=1 (and -fork, -minimize_crash) with the
            // arguments it was given, which no longer name the target; the environment carries it.
            setenv("HATCH_FUZZ_TARGET", named.rawValue, 1)
        } else if let name = ProcessInfo.processInfo.environment["HATCH_FUZZ_TARGET"], let inherited = FuzzTarget(rawValue: name) {
            target = inherited
        } else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: " | ")
            FileHandle.standardError.write(Data("usage: hatch-fuzz \(names) [libFuzzer options and corpus folders | files to replay]\n".utf8))
            exit(64)
        }
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
