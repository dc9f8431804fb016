import Foundation
import HatchDeviceModel
import HatchSeededRandom
import Yams

/// Reads fleet files (YAML): explicit `devices`, generated `cohorts` (`count`, `products` mix,
/// `macPrefix`, routine and alarm templates) and scheduled `faults`. Every error names the file,
/// the line and the field.
public enum FleetFileParser {
    /// Parses the bytes of a fleet file: UTF-8 text (an error names the line of the first byte
    /// that is not), then parses the text.
    public static func parse(_ data: Data, file: String) throws(FleetFileError) -> FleetDefinition {
        var iterator = data.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var line = 1
        var offset = 0
        decoding: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                if scalar.count == 1, scalar.first == 0x0A { line += 1 }
                offset += scalar.count
            case .error(let length):
                throw FleetFileError(file: file, line: line, field: "",
                                     message: "byte \(offset) is not UTF-8 text (\(length) invalid byte(s)); save the file as UTF-8")
            case .emptyInput:
                break decoding
            }
        }
        return try parse(String(decoding: data, as: UTF8.self), file: file)
    }

    /// Parses fleet-file text; `file` is used in error messages.
    public static func parse(_ text: String, file: String) throws(FleetFileError) -> FleetDefinition {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw FleetFileError(file: file, line: 1, field: "", message: "the file is empty; add a 'devices:' or 'cohorts:' list")
            }
            root = node
        } catch let error as FleetFileError {
            throw error
        } catch let error as YamlError {
            throw FleetFileError(file: file, line: Self.line(of: error), field: "", message: "not valid YAML: \(error)")
        } catch {
            throw FleetFileError(file: file, line: 0, field: "", message: "not valid YAML: \(error)")
        }
        let top = YAMLCursor(node: root, path: "", file: file)
        try top.checkKeys(["fleet", "defaults", "devices", "cohorts", "routineTemplates", "alarmTemplates", "faults"])
        let name = try top.child("fleet")?.string() ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let defaultTimezone = try top.child("defaults")?.child("timezone").map { cursor throws(FleetFileError) in try timezone(cursor) } ?? "UTC"

        var routineTemplates: [String: [Routine]] = [:]
        if let templates = top.child("routineTemplates") {
            for key in try templates.keys() { routineTemplates[key] = try routines(templates.child(key)!) }
        }
        var alarmTemplates: [String: [Alarm]] = [:]
        if let templates = top.child("alarmTemplates") {
            for key in try templates.keys() { alarmTemplates[key] = try alarms(templates.child(key)!) }
        }

        var specs: [DeviceSpec] = []
        var seen: [String: (line: Int, field: String)] = [:]
        func register(_ spec: DeviceSpec, at cursor: YAMLCursor) throws(FleetFileError) {
            let mac = spec.profile.macAddress.rawValue
            if let first = seen[mac] {
                throw cursor.error("duplicate MAC address \(mac): \(first.field) on line \(first.line) has it already; every device needs its own MAC")
            }
            seen[mac] = (cursor.line, cursor.path)
            specs.append(spec)
        }
        if let devices = top.child("devices") {
            for item in try devices.elements() {
                let (spec, macCursor) = try device(item, defaultTimezone: defaultTimezone, routineTemplates: routineTemplates, alarmTemplates: alarmTemplates)
                try register(spec, at: macCursor)
            }
        }
        if let cohorts = top.child("cohorts") {
            for item in try cohorts.elements() {
                for (spec, cursor) in try cohort(item, defaultTimezone: defaultTimezone, routineTemplates: routineTemplates, alarmTemplates: alarmTemplates) {
                    try register(spec, at: cursor)
                }
            }
        }
        var faults: [FaultInjection] = []
        if let list = top.child("faults") {
            for item in try list.elements() { faults.append(try fault(item)) }
        }
        if specs.isEmpty {
            throw top.error("the fleet has no devices; add a 'devices:' list or a 'cohorts:' entry with a count")
        }
        return FleetDefinition(name: name, devices: specs, faults: faults)
    }

    private static func line(of error: YamlError) -> Int {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): return mark.line
        default: return 0
        }
    }

    static func timezone(_ cursor: YAMLCursor) throws(FleetFileError) -> String {
        let text = try cursor.string()
        guard TimeZone(identifier: text) != nil else { throw cursor.error("'\(text)' is not an IANA time zone; write e.g. America/New_York") }
        return text
    }

    static func product(_ cursor: YAMLCursor) throws(FleetFileError) -> HardwareProduct {
        let text = try cursor.string()
        guard let product = HardwareProduct(rawValue: text) else {
            throw cursor.error("unknown product '\(text)'; use one of \(HardwareProduct.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return product
    }

    static func mac(_ cursor: YAMLCursor) throws(FleetFileError) -> MacAddress {
        do {
            return try MacAddress(validating: try cursor.string())
        } catch let error as MacAddressError {
            throw cursor.error(error.description)
        } catch {
            throw error as! FleetFileError
        }
    }

    static func routines(_ cursor: YAMLCursor) throws(FleetFileError) -> [Routine] {
        try records(cursor)
    }

    static func alarms(_ cursor: YAMLCursor) throws(FleetFileError) -> [Alarm] {
        try records(cursor) { item throws(FleetFileError) in
            guard let wake = item.child("wakeTime") else { return }
            let text = try wake.string()
            do throws(TimeOfDayError) {
                _ = try TimeOfDay(parsing: text)
            } catch {
                throw wake.error("alarm time out of range: \(error.description)")
            }
        }
    }

    /// The routines or alarms of a list, numbered from 1 where they give no id, each decoded and
    /// validated after `check` looked at its YAML (for errors that point at the field).
    private static func records<Item: DeviceRecord>(
        _ cursor: YAMLCursor, check: (YAMLCursor) throws(FleetFileError) -> Void = { _ in }
    ) throws(FleetFileError) -> [Item] {
        var result: [Item] = []
        for item in try cursor.elements() {
            try check(item)
            do {
                var record = try item.json().decode(Item.self)
                if record.id == 0 { record.id = result.count + 1 }
                if let problem = record.validationProblem() { throw item.error(problem) }
                result.append(record)
            } catch let error as FleetFileError {
                throw error
            } catch {
                throw item.error("not a valid \(Item.singularKey): \(DecodingProblem.describe(error))")
            }
        }
        return result
    }

    static func templateRoutines(_ cursor: YAMLCursor, _ templates: [String: [Routine]]) throws(FleetFileError) -> [Routine]? {
        try templated(cursor, templates, inline: routines)
    }

    static func templateAlarms(_ cursor: YAMLCursor, _ templates: [String: [Alarm]]) throws(FleetFileError) -> [Alarm]? {
        try templated(cursor, templates, inline: alarms)
    }

    /// A device's or cohort's routines or alarms: the inline list (`routines:`, read by `inline`), the
    /// named template (`routineTemplate:`), or `nil` when it gives neither.
    private static func templated<Item: DeviceRecord>(
        _ cursor: YAMLCursor, _ templates: [String: [Item]], inline: (YAMLCursor) throws(FleetFileError) -> [Item]
    ) throws(FleetFileError) -> [Item]? {
        let singular = Item.singularKey
        if let list = cursor.child(singular + "s") { return try inline(list) }
        guard let name = cursor.child(singular + "Template") else { return nil }
        let key = try name.string()
        guard let records = templates[key] else { throw name.error("no \(singular) template '\(key)' under \(singular)Templates") }
        return records
    }

    /// `power: battery | plugged | base`, as `deviceInfo.powerStatus` 0, 3 or 5.
    static func power(_ cursor: YAMLCursor) throws(FleetFileError) -> PowerStatus {
        switch try cursor.string() {
        case "battery": return .notCharging
        case "plugged": return .pluggedIn
        case "base": return .onBase
        default: throw cursor.error("must be 'battery', 'plugged' (charging from a cable) or 'base' (charging on its base)")
        }
    }

    /// The error for `battery:` or `power:` on a mains-only product, naming those with a battery.
    static func noBattery(_ product: HardwareProduct) -> String {
        let withBattery = HardwareProduct.allCases.filter(\.capabilities.battery).map(\.rawValue)
        return "\(product.rawValue) has no battery; only \(withBattery.joined(separator: ", ")) do"
    }

    /// Applies the optional `state:` block to factory settings.
    static func applyState(_ cursor: YAMLCursor?, to settings: inout DeviceSettings, product: HardwareProduct) throws(FleetFileError) {
        guard let cursor else { return }
        try cursor.checkKeys(["volume", "nightlightOn", "nightlightIntensity", "snoozeDuration", "alarmsDisabled", "clock", "toddlerLock", "color"])
        if let value = cursor.child("volume") { settings.volume = try value.int(0...WireConstants.fullScale) }
        if let value = cursor.child("nightlightOn") { settings.nightlightOn = product.capabilities.nightlight ? try value.bool() : nil }
        if let value = cursor.child("nightlightIntensity") { settings.nightlightIntensity = product.capabilities.nightlight ? try value.int(0...WireConstants.fullScale) : nil }
        if let value = cursor.child("snoozeDuration") { settings.snoozeDuration = try value.int(60...3600) }
        if let value = cursor.child("alarmsDisabled") { settings.alarmsDisabled = try value.bool() }
        if let value = cursor.child("clock") {
            guard product.capabilities.clock, var clock = settings.clock else { throw value.error("\(product.rawValue) has no clock") }
            let patch = value.json()
            if let problem = StateSchema.shadowState.problem(in: ["clock": patch]) { throw value.error(problem) }
            if let day = value.child("day"), let night = value.child("night") {
                clock.i = ClockBrightness(day: try day.int(0...65535), night: try night.int(0...65535)).packed(for: product)
            }
            if let i = patch["i"]?.intValue { clock.i = i }
            if let flags = patch["flags"]?.intValue { clock.flags = flags }
            if let mode = patch["turnOffMode"]?.stringValue.flatMap(ClockTurnOffMode.init(rawValue:)) { clock.turnOffMode = mode }
            for (key, path) in [("turnOnAt", \ClockState.turnOnAt), ("turnOffAt", \.turnOffAt), ("turnDimAt", \.turnDimAt), ("turnBrightAt", \.turnBrightAt)] {
                if let text = patch[key]?.stringValue, let time = try? TimeOfDay(parsing: text) { clock[keyPath: path] = time }
            }
            settings.clock = clock
        }
        if let value = cursor.child("toddlerLock") {
            guard product.capabilities.toddlerLock, var lock = settings.toddlerLock else { throw value.error("\(product.rawValue) has no toddler lock") }
            let patch = value.json()
            if let problem = StateSchema.shadowState.problem(in: ["toddlerLock": patch]) { throw value.error(problem) }
            if let mode = patch["turnOnMode"]?.stringValue.flatMap(ToddlerLockMode.init(rawValue:)) { lock.turnOnMode = mode }
            if let text = patch["turnOnAt"]?.stringValue, let time = try? TimeOfDay(parsing: text) { lock.turnOnAt = time }
            if let text = patch["turnOffAt"]?.stringValue, let time = try? TimeOfDay(parsing: text) { lock.turnOffAt = time }
            settings.toddlerLock = lock
        }
        if let value = cursor.child("color") {
            guard product.capabilities.light else { throw value.error("\(product.rawValue) has no light") }
            do {
                settings.colorPreset = try value.json().decode(ColorState.self)
            } catch {
                throw value.error("not a valid colour: \(DecodingProblem.describe(error))")
            }
        }
    }

    static func device(_ item: YAMLCursor, defaultTimezone: String, routineTemplates: [String: [Routine]],
                       alarmTemplates: [String: [Alarm]]) throws(FleetFileError) -> (DeviceSpec, YAMLCursor) {
        try item.checkKeys(["name", "mac", "product", "firmware", "hardwareVersion", "timezone", "rssi", "battery", "power",
                            "state", "routines", "routineTemplate", "alarms", "alarmTemplate", "autoStartRoutine"])
        guard let macCursor = item.child("mac") else { throw item.error("missing field 'mac'") }
        guard let productCursor = item.child("product") else { throw item.error("missing field 'product'") }
        let product = try product(productCursor)
        let macAddress = try mac(macCursor)
        let name = try item.child("name")?.string() ?? product.marketingName
        let zone = try item.child("timezone").map { cursor throws(FleetFileError) in try timezone(cursor) } ?? defaultTimezone
        var settings = DeviceSettings.factory(for: product, timezone: zone)
        if let value = item.child("battery") {
            guard product.capabilities.battery else { throw value.error(noBattery(product)) }
            settings.battery = try value.double(0...100)
        }
        if let value = item.child("power") {
            guard product.capabilities.battery else { throw value.error(noBattery(product)) }
            settings.powerStatus = try power(value)
        }
        try applyState(item.child("state"), to: &settings, product: product)
        if let routines = try templateRoutines(item, routineTemplates) {
            guard product.capabilities.routines || routines.isEmpty else {
                throw (item.child("routines") ?? item.child("routineTemplate") ?? item).error("a \(product.rawValue) has no routines or favorites; remove them from this device")
            }
            settings.routines = RecordCollection(items: routines)
        }
        if let alarms = try templateAlarms(item, alarmTemplates) {
            guard product.capabilities.alarms || alarms.isEmpty else {
                throw (item.child("alarms") ?? item.child("alarmTemplate") ?? item).error("a \(product.rawValue) has no alarms; remove them from this device")
            }
            settings.alarms = RecordCollection(items: alarms)
        }
        let profile = DeviceProfile(name: name, macAddress: macAddress, product: product,
                                    firmware: try item.child("firmware")?.string(),
                                    hardwareVersion: try item.child("hardwareVersion")?.string(),
                                    baseRSSI: try item.child("rssi")?.int(-100 ... -20) ?? -55)
        let autoStart = try item.child("autoStartRoutine")?.int(1...Int(Int32.max))
        if let autoStart, settings.routines[id: autoStart] == nil {
            throw item.child("autoStartRoutine")!.error("no routine with id \(autoStart) on this device")
        }
        return (DeviceSpec(profile: profile, initialSettings: settings, autoStartRoutine: autoStart), macCursor)
    }

    static func cohort(_ item: YAMLCursor, defaultTimezone: String, routineTemplates: [String: [Routine]],
                       alarmTemplates: [String: [Alarm]]) throws(FleetFileError) -> [(DeviceSpec, YAMLCursor)] {
        try item.checkKeys(["name", "count", "products", "macPrefix", "timezone", "firmware", "state", "routines", "routineTemplate",
                            "alarms", "alarmTemplate", "autoStartRoutine", "seed", "power"])
        guard let countCursor = item.child("count") else { throw item.error("missing field 'count'") }
        let count = try countCursor.int(1...1_000_000)
        let name = try item.child("name")?.string() ?? "cohort"
        guard let prefixCursor = item.child("macPrefix") else { throw item.error("missing field 'macPrefix' (three bytes, e.g. 02:4C:00)") }
        let prefixText = try prefixCursor.string()
        let prefixHex = prefixText.filter { $0.isHexDigit }
        guard prefixHex.count == 6, prefixText.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "-" }), let prefix = UInt64(prefixHex, radix: 16) else {
            throw prefixCursor.error("'\(prefixText)' is not a three-byte MAC prefix; write e.g. 02:4C:00")
        }
        guard count <= 0xFF_FFFF else { throw countCursor.error("a cohort can hold at most 16777215 devices") }
        var mix: [(HardwareProduct, Int)] = []
        if let products = item.child("products") {
            for key in try products.keys() {
                let cursor = products.child(key)!
                guard let product = HardwareProduct(rawValue: key) else {
                    throw cursor.error("unknown product '\(key)'; use one of \(HardwareProduct.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                mix.append((product, try cursor.int(0...1_000_000)))
            }
        } else {
            mix = [(.restoreV5, 1)]
        }
        let totalWeight = mix.reduce(0) { $0 + $1.1 }
        guard totalWeight > 0 else { throw item.error("products: the weights add up to 0") }
        let zone = try item.child("timezone").map { cursor throws(FleetFileError) in try timezone(cursor) } ?? defaultTimezone
        let routines = try templateRoutines(item, routineTemplates)
        let alarms = try templateAlarms(item, alarmTemplates)
        let autoStart = try item.child("autoStartRoutine")?.int(1...Int(Int32.max))
        if let autoStart, routines?.contains(where: { $0.id == autoStart }) != true {
            throw item.child("autoStartRoutine")!.error("no routine with id \(autoStart) in this cohort's routines")
        }
        let powerStatus = try item.child("power").map { cursor throws(FleetFileError) in try power(cursor) }
        let firmware = try item.child("firmware")?.string()
        var random = SeededRandom(seed: UInt64(try item.child("seed")?.int(0...Int.max) ?? 42))
        var base: [HardwareProduct: DeviceSettings] = [:]
        for (product, _) in mix {
            var settings = DeviceSettings.factory(for: product, timezone: zone)
            try applyState(item.child("state"), to: &settings, product: product)
            if let routines, product.capabilities.routines { settings.routines = RecordCollection(items: routines) }
            if let alarms, product.capabilities.alarms { settings.alarms = RecordCollection(items: alarms) }
            if let powerStatus, product.capabilities.battery { settings.powerStatus = powerStatus }
            base[product] = settings
        }
        var result: [(DeviceSpec, YAMLCursor)] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            var slot = index % totalWeight
            var product = mix[0].0
            for (candidate, weight) in mix {
                if slot < weight { product = candidate; break }
                slot -= weight
            }
            let mac = MacAddress(value: prefix << 24 | UInt64(index + 1))
            let rssi = -40 - Int(random.next() % 36)
            let profile = DeviceProfile(name: "\(name)-\(index + 1)", macAddress: mac, product: product, firmware: firmware, baseRSSI: rssi)
            let cursor = YAMLCursor(node: countCursor.node, path: "\(item.path).count (device \(index + 1), \(mac.rawValue))", file: item.file)
            result.append((DeviceSpec(profile: profile, initialSettings: base[product]!, autoStartRoutine: product.capabilities.routines ? autoStart : nil), cursor))
        }
        return result
    }

    static func fault(_ item: YAMLCursor) throws(FleetFileError) -> FaultInjection {
        try item.checkKeys(["fault", "devices", "share", "all", "after", "seed", "seconds", "milliseconds", "count", "reconnectAfter"])
        do {
            return try FaultInjection(jsonValue: item.json())
        } catch {
            // Point at the field itself when the error names one (`faults[0].seconds`).
            if case .invalidField(let field, let reason) = error {
                let key = String(field.prefix { $0 != "[" })
                throw (item.child(key) ?? item).error(reason)
            }
            if case .missingParameter = error { throw item.error(error.description) }
            if case .parameterOutOfRange(_, let parameter, _) = error, let child = item.child(parameter) {
                throw child.error(error.description)
            }
            if case .unknownFault = error, let child = item.child("fault") { throw child.error(error.description) }
            throw item.error(error.description)
        }
    }
}
