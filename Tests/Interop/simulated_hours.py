"""The simulated hours the interop suite runs at, and what each device should be doing then.

An hour is a wall-clock moment in the devices' time zone (America/New_York in the fleet files
here), converted to UTC with zoneinfo for `hatchctl fleet run --start-time`, with a clock speed.
What a device does at that moment follows from its own records and settings, read from the broker
once the fleet is up, and from the device rules:

- an alarm fires at its local wake time on one of its days (`daysOfWeek`: Sun = 1 … Sat = 64,
  0 = once); its sunrise runs during the `sunriseLead` seconds before; a device that boots after a
  wake time waits for the next occurrence, one that boots inside a lead starts that sunrise at once;
- a scheduled clock (`clock.turnOffMode: scheduled`) is on from `turnOnAt` to `turnOffAt`, a custom
  toddler lock (`toddlerLock.turnOnMode: custom`) is engaged from `turnOnAt` to `turnOffAt`; both
  take that level at boot and then change only at those moments.

Everything here is computed independently of the simulator, so a device that fires at the wrong
UTC moment (a time-zone or daylight-saving mistake) disagrees with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, timezone
from typing import Any
from zoneinfo import ZoneInfo

UTC = timezone.utc


@dataclass(frozen=True)
class Hour:
    """One row of the matrix: a fresh fleet started at `local` (naive, in the devices' time zone)."""
    name: str
    local: datetime
    speed: float            # simulated seconds per real second (`hatchctl fleet run --speed`)
    setup: str              # what the suite brings about before the operations: none, routine, ringing, snoozed
    purpose: str
    fold: int = 0           # which of two equal local times on a fall-back day (0: the first, daylight time)

    def start(self, zone: ZoneInfo) -> datetime:
        return local_to_utc(self.local, zone, self.fold)


# A Monday in winter (EST, UTC-5), so the weekday alarms of the fleet file apply.
MONDAY = date(2026, 1, 5)


def _at(day: date, hour: int, minute: int) -> datetime:
    return datetime.combine(day, time(hour, minute))


# The catalog, in running order. Hours that watch a state for simulated minutes run accelerated
# (60: a real second is a simulated minute); the quiet and routine hours run in real time, like a
# user would drive a device. Times refer to devices/all-products.yaml: Restore and Restore 2 wake at
# 06:30 on weekdays (sunrise from 06:10 and 06:00), Restore 3 at 06:45 every day (sunrise from
# 06:30), Restore 2's clock is scheduled on from 06:00 to 23:00, and Restore 3 and the Rest 2nd gen
# lock themselves from 19:00 to 06:30.
HOURS: tuple[Hour, ...] = (
    Hour("quiet", _at(MONDAY, 12, 0), 1, "none",
         "clear of every alarm and schedule transition: the devices do only what the suite asks"),
    Hour("sunrise-early", _at(MONDAY, 6, 10), 60, "none",
         "inside the sunrise leads of the 06:30 alarms; scheduled clocks inside their on window"),
    Hour("ringing", _at(MONDAY, 6, 29), 60, "ringing",
         "the 06:30 alarms ring (and keep ringing) before the operations; the 06:45 sunrise begins"),
    Hour("snoozed", _at(MONDAY, 6, 29), 60, "snoozed",
         "the 06:30 alarms ring and are snoozed through the shadow before the operations"),
    Hour("sunrise", _at(MONDAY, 6, 40), 60, "none",
         "inside the 15-minute sunrise lead of the 06:45 alarm"),
    Hour("clock-morning", _at(MONDAY, 9, 0), 60, "none", "scheduled clocks inside their on window"),
    Hour("clock-afternoon", _at(MONDAY, 15, 0), 60, "none", "scheduled clocks inside their on window"),
    Hour("routine", _at(MONDAY, 20, 0), 1, "routine",
         "a favorite started on every device before the operations; toddler-lock windows engaged"),
    Hour("clock-late", _at(MONDAY, 22, 30), 60, "none",
         "scheduled clocks half an hour before their off transition"),
    Hour("clock-off", _at(MONDAY, 23, 30), 60, "none", "scheduled clocks outside their on window"),
    Hour("dst-spring", _at(date(2026, 3, 8), 1, 55), 60, "none",
         "clocks go forward at 02:00 (EST to EDT) five simulated minutes into the run"),
    Hour("dst-fall", _at(date(2026, 11, 1), 1, 55), 60, "none",
         "clocks go back at 02:00 (EDT to EST) five simulated minutes into the run", fold=0),
)

HOURS_BY_NAME = {hour.name: hour for hour in HOURS}


def select_hours(text: str) -> list[Hour]:
    """`all`, or hour names separated by commas (in the order given)."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if names == ["all"]:
        return list(HOURS)
    unknown = [name for name in names if name not in HOURS_BY_NAME]
    if unknown or not names:
        raise ValueError(f"unknown hour(s) {', '.join(unknown) or '(none given)'}; "
                         f"choose from all, {', '.join(HOURS_BY_NAME)}")
    return [HOURS_BY_NAME[name] for name in names]


def hour_at(start_utc: datetime, zone: ZoneInfo, speed: float = 1) -> Hour:
    """An ad-hoc row for `--start-time`: whatever the devices do at that moment."""
    local = start_utc.astimezone(zone)
    return Hour("start-time", local.replace(tzinfo=None, fold=0), speed, "none", "the given --start-time",
                fold=local.fold)


# Time-zone arithmetic --------------------------------------------------------------------------

def local_to_utc(local: datetime, zone: ZoneInfo, fold: int = 0) -> datetime:
    """The UTC moment of a naive local time. A time inside a spring-forward gap does not exist
    and is refused; `fold` picks one of the two moments of a fall-back hour."""
    aware = local.replace(tzinfo=zone, fold=fold)
    moment = aware.astimezone(UTC)
    if moment.astimezone(zone).replace(tzinfo=None) != local:
        raise ValueError(f"{local:%Y-%m-%d %H:%M} does not exist in {zone.key} (a daylight-saving gap)")
    return moment


def describe_local(moment: datetime, zone: ZoneInfo, seconds: bool = False) -> str:
    """`Mon 2026-01-05 06:40 EST` for a UTC moment."""
    local = moment.astimezone(zone)
    return local.strftime("%a %Y-%m-%d %H:%M" + (":%S" if seconds else "")) + f" {local.tzname()}"


def clock_time(moment: datetime, zone: ZoneInfo) -> str:
    """`06:46:00 EST` for a UTC moment."""
    local = moment.astimezone(zone)
    return f"{local:%H:%M:%S} {local.tzname()}"


def offset_changes(start: datetime, end: datetime, zone: ZoneInfo) -> list[datetime]:
    """UTC moments in (start, end] at which the zone's UTC offset changes (to the minute)."""
    changes = []
    moment = start.replace(second=0, microsecond=0)
    offset = moment.astimezone(zone).utcoffset()
    while moment < end:
        moment += timedelta(minutes=1)
        now = moment.astimezone(zone).utcoffset()
        if now != offset:
            changes.append(moment)
            offset = now
    return changes


def parse_time_of_day(text: Any) -> time | None:
    """`"06:30"` or `"06:30:00"` (the firmware's form), else None."""
    if not isinstance(text, str):
        return None
    try:
        parts = [int(part) for part in text.split(":")]
    except ValueError:
        return None
    if len(parts) not in (2, 3):
        return None
    try:
        return time(*parts)
    except ValueError:
        return None


def within(moment: time, on: time, off: time) -> bool:
    """Whether a local time lies in the window from `on` (included) to `off` (excluded), which may
    wrap past midnight; equal times make an empty window."""
    if on == off:
        return False
    if on < off:
        return on <= moment < off
    return moment >= on or moment < off


# What a device is doing ------------------------------------------------------------------------

@dataclass(frozen=True)
class AlarmOccurrence:
    """The next occurrence of one of a device's alarms after it booted."""
    alarm_id: int
    name: str
    fire: datetime              # UTC: the wake time
    lead: timedelta             # the sunrise lead (none on a product without a light)
    sunrise_start: datetime     # UTC: when the light starts to ramp (the boot time when it booted inside the lead)
    sound_id: int | None        # the wake sound (None or the product's no-sound id: a silent alarm)
    snooze_seconds: int

    def phase_at(self, moment: datetime) -> str:
        if moment < self.sunrise_start:
            return "waiting"
        return "sunrise" if moment < self.fire else "ringing"


@dataclass(frozen=True)
class Window:
    """A scheduled clock display or a custom toddler-lock window."""
    on: time
    off: time

    def contains(self, moment: datetime, zone: ZoneInfo) -> bool:
        local = moment.astimezone(zone)
        return within(time(local.hour, local.minute), self.on, self.off)

    def __str__(self) -> str:
        return f"{self.on:%H:%M}–{self.off:%H:%M}"


@dataclass
class Situation:
    """What one device should be doing at a run's start, from its own records and settings."""
    alarm: AlarmOccurrence | None = None
    clock_window: Window | None = None      # turnOffMode scheduled
    lock_window: Window | None = None       # toddler lock turnOnMode custom
    snooze_default: int = 540
    notes: list[str] = field(default_factory=list)


DAY_BITS = {0: 2, 1: 4, 2: 8, 3: 16, 4: 32, 5: 64, 6: 1}  # Python weekday() -> daysOfWeek bit


def next_occurrence(wake: time, days_of_week: int, after: datetime, zone: ZoneInfo) -> datetime | None:
    """The first wake time strictly after `after` (UTC) on one of the alarm's days."""
    local_day = after.astimezone(zone).date()
    for offset in range(0, 9):
        day = local_day + timedelta(days=offset)
        if days_of_week and not days_of_week & DAY_BITS[day.weekday()]:
            continue
        moment = datetime.combine(day, wake).replace(tzinfo=zone).astimezone(UTC)
        if moment > after:
            return moment
    return None


def situation_of(alarms: list[dict], reported: dict, boot: datetime, zone: ZoneInfo,
                 no_sound_ids: frozenset[int] = frozenset({19998})) -> Situation:
    """A device's situation after booting at `boot` (UTC), from its alarm records and reported state."""
    situation = Situation()
    snooze_default = reported.get("snoozeDuration")
    if isinstance(snooze_default, int):
        situation.snooze_default = snooze_default
    candidates: list[AlarmOccurrence] = []
    for alarm in alarms:
        if not isinstance(alarm, dict) or alarm.get("enabled") is False:
            continue
        wake = parse_time_of_day(alarm.get("wakeTime"))
        if wake is None:
            situation.notes.append(f"alarm {alarm.get('id')} has no readable wakeTime {alarm.get('wakeTime')!r}")
            continue
        fire = next_occurrence(wake, int(alarm.get("daysOfWeek") or 0), boot, zone)
        if fire is None:
            continue
        lead = int(alarm.get("sunriseLead") or 0)
        sound = alarm.get("sound") if isinstance(alarm.get("sound"), dict) else {}
        sound_id = sound.get("id") if isinstance(sound.get("id"), int) else None
        candidates.append(AlarmOccurrence(
            alarm_id=int(alarm.get("id") or 0), name=str(alarm.get("name") or ""), fire=fire,
            lead=timedelta(seconds=lead), sunrise_start=max(fire - timedelta(seconds=lead), boot),
            sound_id=None if sound_id in no_sound_ids else sound_id,
            snooze_seconds=int(alarm.get("snoozeDuration") or situation.snooze_default)))
    if candidates:
        situation.alarm = min(candidates, key=lambda occurrence: occurrence.fire)

    clock = reported.get("clock") if isinstance(reported.get("clock"), dict) else {}
    if clock.get("turnOffMode") == "scheduled":
        on, off = parse_time_of_day(clock.get("turnOnAt")), parse_time_of_day(clock.get("turnOffAt"))
        if on and off:
            situation.clock_window = Window(on, off)
    lock = reported.get("toddlerLock") if isinstance(reported.get("toddlerLock"), dict) else {}
    if lock.get("turnOnMode") == "custom":
        on, off = parse_time_of_day(lock.get("turnOnAt")), parse_time_of_day(lock.get("turnOffAt"))
        if on and off:
            situation.lock_window = Window(on, off)
    return situation
