import Foundation
import HatchDeviceModel
import HatchFleetControl
import Testing

/// The command-line values the device commands take: colours, percentages, days, times, timeouts.
@Suite("Parsing command-line values")
struct ParsingTests {
    @Test("colours by name, #RRGGBB and RRGGBB, scaled to 0…65535")
    func colours() throws {
        let channels = { (text: String) throws(FleetControlError) -> [Int] in
            let parsed = try ColorParser.parse(text)
            return [parsed.r, parsed.g, parsed.b, parsed.w]
        }
        #expect(try channels("Red") == [65535, 0, 0, 0])
        #expect(try channels("#00FF00") == [0, 65535, 0, 0])
        #expect(try channels("000080") == [0, 0, 128 * 65535 / 255, 0])
        #expect(try channels("warm") == [65535, 32000, 8000, 20000])
        let error = #expect(throws: FleetControlError.self) { try ColorParser.parse("mauve") }
        #expect(error?.exitStatus == 9)
        #expect(error?.description.contains("warm, white") == true)
    }

    @Test("a percentage outside 0…100 names its option")
    func percentages() throws {
        #expect(try PercentParser.scale(100, option: "--volume") == WireConstants.fullScale)
        #expect(try PercentParser.scale(0, option: "--volume") == 0)
        let error = #expect(throws: FleetControlError.self) { try PercentParser.scale(140, option: "--volume") }
        #expect(error?.description == "--volume must be 0…100 (percent), not 140.")
    }

    @Test("days by set name or as a comma list, and described back")
    func days() throws {
        #expect(try DaysParser.parse("weekdays") == .weekdays)
        #expect(try DaysParser.parse("Weekend") == .weekend)
        #expect(try DaysParser.parse("once") == .once)
        let days = try DaysParser.parse("mon, wednesday,fri")
        #expect(days == [.monday, .wednesday, .friday])
        #expect(DaysParser.describe(days) == "Mon,Wed,Fri")
        #expect(DaysParser.describe(.everyDay) == "every day")
        #expect(throws: FleetControlError.self) { try DaysParser.parse("mon,funday") }
    }

    @Test("a time is HH:mm")
    func times() throws {
        #expect(try TimeParser.parse("06:30").description == "06:30")
        #expect(throws: FleetControlError.self) { try TimeParser.parse("25:00") }
    }

    @Test("the timeout: given, else HATCH_TIMEOUT, else 5 s; clamped; a bad variable is refused")
    func timeouts() throws {
        #expect(DeviceTimeout.seconds(given: 2, environment: ["HATCH_TIMEOUT": "15"]) == 2)
        #expect(DeviceTimeout.seconds(given: nil, environment: ["HATCH_TIMEOUT": " 15 "]) == 15)
        #expect(DeviceTimeout.seconds(given: nil, environment: [:]) == 5)
        #expect(DeviceTimeout.duration(seconds: 0) == .milliseconds(10))
        #expect(DeviceTimeout.duration(seconds: .infinity) == .milliseconds(10))
        #expect(DeviceTimeout.duration(seconds: 1e9) == .seconds(86_400))
        #expect(DeviceTimeout.duration(seconds: 1.5) == .milliseconds(1500))
        let error = #expect(throws: FleetControlError.self) { try DeviceTimeout.environmentSeconds(["HATCH_TIMEOUT": "soon"]) }
        #expect(error?.description.contains("HATCH_TIMEOUT=soon") == true)
    }

    @Test("local addresses: literals only, and only this machine's")
    func localAddresses() {
        #expect(LocalAddress.isAddressLiteral("127.0.1.1"))
        #expect(LocalAddress.isAddressLiteral("::1"))
        #expect(!LocalAddress.isAddressLiteral("localhost"))
        #expect(LocalAddress.isLocal("127.0.1.1"))
        #expect(!LocalAddress.isLocal("192.0.2.1"))
    }
}
