/// A file summary in the cache's binary form. Positions are stored without their file (every position of a
/// summary is in the summary's own file, which the cache entry names), so reading needs the path back.
extension CacheWriter {
    mutating func write(summary: SourceFileSummary) {
        write(summary.modules) { writer, module in
            writer.write(module.name)
            writer.write(module.requirements) { writer, requirement in
                writer.write(identity: requirement.identity)
                writer.write(requirement.kind.rawValue)
                writer.write(requirement.accessorName)
                writer.write(line: requirement.position)
            }
            writer.write(line: module.position)
        }
        write(summary.testProviders)
        write(summary.productionBlocks) { $0.write(block: $1) }
        write(summary.mockBlocks) { $0.write(block: $1) }
        write(summary.roots) { writer, root in
            writer.write(root.ownerName)
            writer.write(root.registrations) { $0.write(registration: $1) }
            writer.write(root.registrationCalls)
            writer.write(line: root.position)
        }
        write(summary.registrationFunctions) { $0.write(block: $1) }
        write(summary.sites) { writer, site in
            writer.write(site.childName)
            writer.write(site.kind.rawValue)
            writer.write(receiver: site.receiver)
            writer.write(site.enclosingTypes)
            writer.write(site.registrations) { $0.write(registration: $1) }
            writer.write(line: site.position)
        }
        write(summary.properties.sorted { $0.key < $1.key }) { writer, entry in
            writer.write(entry.key)
            writer.write(entry.value.sorted { $0.key < $1.key }) { writer, property in
                writer.write(property.key)
                writer.write(receiver: property.value)
            }
        }
        write(summary.functionResults.sorted { $0.key < $1.key }) { writer, entry in
            writer.write(entry.key)
            writer.write(receiver: entry.value)
        }
        write(summary.manuallyResolved) { $0.write(identity: $1) }
        write(summary.diagnostics) { writer, diagnostic in
            writer.write(diagnostic.severity.rawValue)
            writer.write(line: diagnostic.position)
            writer.write(diagnostic.message)
        }
    }

    mutating func write(identity: TypeIdentity) {
        write(identity.typeName)
        write(identity.key)
    }

    mutating func write(receiver: ReceiverReference) {
        switch receiver {
        case .typeNamed(let name, let testMode):
            write(0)
            write(name)
            write(testMode)
        case .root(let name):
            write(1)
            write(name)
        case .container:
            write(2)
        case .callResult(let name):
            write(3)
            write(name)
        case .property(let ownerType, let name):
            write(4)
            write(ownerType)
            write(name)
        case .unknown(let text):
            write(5)
            write(text)
        }
    }

    /// A position of the summary's own file: line and column only.
    private mutating func write(line position: SourcePosition) {
        write(position.line)
        write(position.column)
    }

    private mutating func write(registration: RegistrationDeclaration) {
        write(identity: registration.identity)
        write(registration.scope.rawValue)
        write(registration.isLocal)
        write(registration.isMainActor)
        write(line: registration.position)
    }

    private mutating func write(block: RegistrationBlock) {
        write(block.moduleName)
        write(block.registrations) { $0.write(registration: $1) }
        write(block.imports) { writer, declaration in
            writer.write(declaration.moduleName)
            writer.write(line: declaration.position)
        }
        write(line: block.position)
    }
}

extension CacheReader {
    /// The summary of the file at `path`, as ``CacheWriter/write(summary:)`` stored it.
    mutating func summary(path: String) throws(Damaged) -> SourceFileSummary {
        var summary = SourceFileSummary(path: path)
        summary.modules = try array { reader throws(Damaged) in
            let name = try reader.string()
            let requirements = try reader.array { reader throws(Damaged) in
                RequirementDeclaration(
                    identity: try reader.identity(),
                    kind: try reader.rawValue(RequirementDeclaration.Kind.self),
                    accessorName: try reader.optionalString(),
                    position: try reader.position(in: path)
                )
            }
            return ModuleDeclaration(name: name, requirements: requirements, position: try reader.position(in: path))
        }
        summary.testProviders = try strings()
        summary.productionBlocks = try array { reader throws(Damaged) in try reader.block(in: path) }
        summary.mockBlocks = try array { reader throws(Damaged) in try reader.block(in: path) }
        summary.roots = try array { reader throws(Damaged) in
            RootDeclaration(
                ownerName: try reader.string(),
                registrations: try reader.array { reader throws(Damaged) in try reader.registration(in: path) },
                registrationCalls: try reader.strings(),
                position: try reader.position(in: path)
            )
        }
        summary.registrationFunctions = try array { reader throws(Damaged) in try reader.block(in: path) }
        summary.sites = try array { reader throws(Damaged) in
            BuildSite(
                childName: try reader.string(),
                kind: try reader.rawValue(BuildSite.Kind.self),
                receiver: try reader.receiver(),
                enclosingTypes: try reader.strings(),
                registrations: try reader.array { reader throws(Damaged) in try reader.registration(in: path) },
                position: try reader.position(in: path)
            )
        }
        for _ in 0..<(try count()) {
            let owner = try string()
            var properties: [String: ReceiverReference] = [:]
            for _ in 0..<(try count()) {
                let name = try string()
                properties[name] = try receiver()
            }
            summary.properties[owner] = properties
        }
        for _ in 0..<(try count()) {
            let name = try string()
            summary.functionResults[name] = try receiver()
        }
        summary.manuallyResolved = try array { reader throws(Damaged) in try reader.identity() }
        summary.diagnostics = try array { reader throws(Damaged) in
            ParseDiagnostic(
                severity: try reader.rawValue(ParseDiagnostic.Severity.self),
                position: try reader.position(in: path),
                message: try reader.string()
            )
        }
        return summary
    }

    mutating func identity() throws(Damaged) -> TypeIdentity {
        TypeIdentity(typeName: try string(), key: try optionalString())
    }

    mutating func receiver() throws(Damaged) -> ReceiverReference {
        switch try int() {
        case 0: .typeNamed(try string(), testMode: try bool())
        case 1: .root(try string())
        case 2: .container
        case 3: .callResult(try string())
        case 4: .property(ownerType: try string(), name: try string())
        case 5: .unknown(try string())
        default: throw Damaged()
        }
    }

    private mutating func position(in file: String) throws(Damaged) -> SourcePosition {
        SourcePosition(file: file, line: try int(), column: try int())
    }

    private mutating func registration(in file: String) throws(Damaged) -> RegistrationDeclaration {
        RegistrationDeclaration(
            identity: try identity(),
            scope: try rawValue(RegistrationDeclaration.Scope.self),
            isLocal: try bool(),
            isMainActor: try bool(),
            position: try position(in: file)
        )
    }

    private mutating func block(in file: String) throws(Damaged) -> RegistrationBlock {
        let moduleName = try string()
        let registrations = try array { reader throws(Damaged) in try reader.registration(in: file) }
        let imports = try array { reader throws(Damaged) in
            ImportDeclaration(moduleName: try reader.string(), position: try reader.position(in: file))
        }
        return RegistrationBlock(moduleName: moduleName, registrations: registrations, imports: imports, position: try position(in: file))
    }
}
