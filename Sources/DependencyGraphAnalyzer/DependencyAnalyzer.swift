import HatchMemberwiseInit

/// The analyser's entry point: finds the Swift files for a mode, reads them (concurrently, through the
/// content-hash cache), merges them into a `ModuleGraph` and checks it.
public struct DependencyAnalyzer: Sendable {
    /// What to analyse and how.
    @MemberwiseInit(.public)
    public struct Options: Sendable {
        /// The package folder, or the folder holding many packages.
        public var path: String
        /// `package` or `monorepo`.
        public var mode: AnalysisMode = .package
        /// Whether to read and write the cache.
        public var useCache: Bool = true
        /// The cache folder; `nil` means `<path>/.build/dependency-analyzer-cache`.
        public var cacheDirectory: String? = nil
        /// Whether `Tests/` folders are analysed too (their `Fixtures/` never are).
        public var includeTests: Bool = false

        /// The cache folder actually used.
        public var resolvedCacheDirectory: String { cacheDirectory ?? path + "/.build/dependency-analyzer-cache" }
    }

    /// The report and how it was obtained.
    public struct Outcome: Sendable {
        /// The report.
        public var report: AnalysisReport
        /// Swift files found.
        public var filesFound: Int
        /// Files parsed in this run (the rest came from the cache or did not mention the container).
        public var filesParsed: Int
        /// Whether the whole report came from the cache.
        public var reportFromCache: Bool
        /// Wall time of each phase that ran (`read`, `cache lookup`, `parse`, `check`, `cache write`), in order.
        public var phases: [(name: String, duration: Duration)] = []
    }

    /// The options.
    public let options: Options

    /// Creates an analyser.
    public init(options: Options) {
        var options = options
        while options.path.count > 1, options.path.hasSuffix("/") { options.path.removeLast() }
        self.options = options
    }

    /// Runs the analysis.
    public func run() throws(AnalyzerError) -> Outcome {
        let clock = ContinuousClock()
        var phases: [(name: String, duration: Duration)] = []
        var phaseStart = clock.now
        func endPhase(_ name: String) {
            let now = clock.now
            phases.append((name, now - phaseStart))
            phaseStart = now
        }
        let root = options.path
        let packages = try SourceFileDiscovery.packages(in: root, mode: options.mode)
        let files = SourceFileDiscovery.swiftFiles(ofPackages: packages, includeTests: options.includeTests)
        let relativePaths = files.map { Self.relative($0, to: root) }
        let cache = options.useCache ? AnalysisCache(directory: options.resolvedCacheDirectory) : nil
        let knownHashes = cache?.fileHashes() ?? [:]
        let contents: [FileContent] = ParallelMap.map(count: files.count) { index in
            let stamp = FileStampValue.of(files[index])
            if let stamp, let known = knownHashes[relativePaths[index]], known.stamp == stamp {
                return FileContent(bytes: nil, hash: known.hash, stamp: stamp, failure: nil)
            }
            switch FileReader.read(files[index]) {
            case .success(let bytes): return FileContent(bytes: bytes, hash: ContentHasher.hash(bytes), stamp: stamp, failure: nil)
            case .failure(let failure): return FileContent(bytes: nil, hash: "unreadable", stamp: nil, failure: failure.reason)
            }
        }
        endPhase("read")
        var keyParts = ["v\(AnalysisCache.formatVersion)", options.mode.rawValue, "\(options.includeTests)"]
        for (path, content) in zip(relativePaths, contents) { keyParts += [path, content.hash] }
        let inputKey = ContentHasher.hash(keyParts)
        let stampsChanged = contents.contains { $0.bytes != nil } || knownHashes.count != files.count
        if let cache, stampsChanged { try storeHashes(cache, paths: relativePaths, contents: contents) }
        if let cache, let report = cache.report(forInputKey: inputKey) {
            endPhase("cache lookup")
            return Outcome(report: report, filesFound: files.count, filesParsed: 0, reportFromCache: true, phases: phases)
        }

        let cached = cache?.summaries() ?? [:]
        endPhase("cache lookup")
        let reused: [SourceFileSummary?] = zip(relativePaths, contents).map { path, content in
            guard let entry = cached[path], entry.hash == content.hash else { return nil }
            return entry.summary
        }
        let toParse = reused.indices.filter { reused[$0] == nil }
        let parsed: [SourceFileSummary] = ParallelMap.map(count: toParse.count) { slot in
            let index = toParse[slot]
            let path = relativePaths[index]
            var failure = contents[index].failure
            var bytes = contents[index].bytes
            if bytes == nil, failure == nil {
                switch FileReader.read(files[index]) {
                case .success(let read): bytes = read
                case .failure(let readFailure): failure = readFailure.reason
                }
            }
            guard let bytes, failure == nil else {
                var summary = SourceFileSummary(path: path)
                summary.diagnostics = [ParseDiagnostic(severity: .error, position: SourcePosition(file: path, line: 1), message: "cannot read the file: \(failure ?? "unknown error")")]
                return summary
            }
            return SourceFileParser.summarize(bytes: bytes, path: path)
        }
        var summaries = reused
        for (slot, index) in toParse.enumerated() { summaries[index] = parsed[slot] }
        let allSummaries = summaries.compactMap { $0 }
        endPhase("parse")

        let graph = ModuleGraph(summaries: allSummaries)
        let report = DependencyGraphChecker(graph: graph).check(fileCount: files.count)
        endPhase("check")
        if let cache {
            let entries = allSummaries.indices.compactMap { index -> (path: String, hash: String, summary: SourceFileSummary)? in
                contents[index].failure == nil ? (relativePaths[index], contents[index].hash, allSummaries[index]) : nil
            }
            try cache.store(summaries: entries, report: report, inputKey: inputKey)
            endPhase("cache write")
        }
        return Outcome(report: report, filesFound: files.count, filesParsed: toParse.count, reportFromCache: false, phases: phases)
    }

    /// `path` relative to `root` when inside it.
    static func relative(_ path: String, to root: String) -> String {
        let prefix = root == "/" ? "/" : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    private func storeHashes(_ cache: AnalysisCache, paths: [String], contents: [FileContent]) throws(AnalyzerError) {
        var entries: [(path: String, stamp: FileStampValue, hash: String)] = []
        entries.reserveCapacity(paths.count)
        for (path, content) in zip(paths, contents) {
            if let stamp = content.stamp, content.failure == nil { entries.append((path, stamp, content.hash)) }
        }
        try cache.storeFileHashes(entries)
    }

    /// One file as read: its bytes (`nil` when the stamp matched and the stored hash was reused), its
    /// content hash, its stamp, or why it could not be read.
    private struct FileContent: Sendable {
        var bytes: [UInt8]?
        var hash: String
        var stamp: FileStampValue?
        var failure: String?
    }
}
