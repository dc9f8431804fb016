/// Magic numbers of the Restore-family firmware, named once so nobody writes 9998 by hand.
public enum WireConstants {
    /// Colour id meaning "no colour" (light off).
    public static let colorOffID = 9998
    /// Colour id meaning "custom colour" (r/g/b/w/i given explicitly).
    public static let customColorID = 9999
    /// Sound id meaning "no sound" on every product but the Rest Mini (`NO_SOUND_ID` in the vendor's client).
    public static let soundOffID = 19998
    /// Sound id meaning "no sound" on a Rest Mini (`RestMiniAudioTrack.NONE`).
    public static let restMiniNoSoundID = 0
    /// Sound id of a stream played from a URL that is not one of the product's sounds
    /// (`RestPlusAudioTrack.Stream` in the vendor's client).
    public static let streamSoundID = 2
    /// The file the firmware reports with "no sound".
    public static let noSoundURL = "https://images.hatchbaby.com/content/sounds/noSound.wav"
    /// The full scale of colour channels, intensity and volume (0…65535).
    public static let fullScale = 65535
    /// Clock flag bit: display on.
    public static let clockOnFlag = 1 << 15
    /// Clock flag bit: 24-hour display.
    public static let clock24HourFlag = 1 << 11
    /// Default snooze duration in seconds (9 minutes).
    public static let defaultSnoozeDuration = 540
    /// The largest `state` a shadow update may carry (AWS IoT: 8 KB).
    public static let maximumStateBytes = 8 * 1024
}
