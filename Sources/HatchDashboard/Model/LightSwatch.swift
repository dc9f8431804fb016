import HatchDeviceModel

/// A light as the page draws it: the colour (CSS `rgb(…)`, black when off) and the brightness in
/// percent, kept apart so the swatch's background is the light's colour whatever its brightness.
package struct LightSwatch: Sendable, Hashable, Codable {
    /// `rgb(255, 0, 0)`; `rgb(0, 0, 0)` when the light is off.
    package var css: String
    /// 0…100.
    package var brightness: Int
    /// Whether the light is on.
    package var on: Bool

    /// Creates a light as the page draws it.
    package init(css: String, brightness: Int, on: Bool) {
        self.css = css
        self.brightness = brightness
        self.on = on
    }

    /// A light that is off.
    package static let off = LightSwatch(css: "rgb(0, 0, 0)", brightness: 0, on: false)

    /// The swatch of a reported colour. The white channel lifts every channel (a warm white looks
    /// paler), since a screen has no white LED.
    package init(_ color: ColorState?) {
        guard let color, color.isOn else {
            self = .off
            return
        }
        let channels = [color.r, color.g, color.b].map { channel in
            Self.byte(max(channel, color.w))
        }
        self.init(css: "rgb(\(channels[0]), \(channels[1]), \(channels[2]))", brightness: Self.percent(color.i), on: true)
    }

    /// A 0…65535 value as 0…255.
    static func byte(_ value: Int) -> Int {
        min(255, max(0, value * 255 / WireConstants.fullScale))
    }

    /// A 0…65535 value as a rounded percentage.
    static func percent(_ value: Int) -> Int {
        min(100, max(0, Int((Double(value) / Double(WireConstants.fullScale) * 100).rounded())))
    }
}
