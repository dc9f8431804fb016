"""Situation set-ups and device-rule checks, run through the vendor's client at a simulated hour.

Before the per-class operations, each hour brings its devices into the hour's situation and checks
that they are in it (group "situation"): the schedule levels at boot, a sunrise running, an alarm
ringing or snoozed, a favorite running. Then, on an accelerated clock, it checks the rules that
need simulated minutes to pass, all against one shared hold window so they cost the time once:

- "sunrise off": `turn_off()` during an alarm's sunrise lead ends it, and it stays off through the
  wake time (the dismissed occurrence neither restarts its sunrise nor rings);
- "clock sched": inside a scheduled clock's on window `turn_clock_off()` turns the display off in
  the next report that carries the clock, and it stays off; outside it `set_clock()` turns it on
  and it stays on (schedules act only at their transition moments);
- "lock sched": the toddler-lock button (`toddlerLockOn`) overrides a custom window until its next
  transition;
- "alarm": alarms fire and sunrises start at their local times (the reports' simulated timestamps
  against zoneinfo), a ringing alarm keeps ringing, a snoozed one stays snoozed, and a snooze while
  nothing rings changes nothing.

What "holds" means: from the first client update that shows the new state on, every update the
client publishes shows it, every device report that carries the field shows it (the first of them
is the report that answered the command), and a fresh shadow document at the end of the window,
stamped with the simulated time, still shows it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Callable

from simulated_hours import UTC, AlarmOccurrence, Hour, Window, clock_time

# How long the "hold" rules watch a state, in simulated time.
HOLD = timedelta(minutes=3)
# A dismissed sunrise is watched at least this long, and through its wake time when that is near.
SUNRISE_WATCH = timedelta(minutes=5)
SUNRISE_WATCH_LONGEST = timedelta(minutes=8)
# A rule that holds a state needs a clock at least this fast (simulated seconds per real second).
HOLD_SPEED = 30
# An alarm counts as ringing in an hour's set-up when it fires this soon after the fleet starts.
RING_SOON = timedelta(minutes=3)
# The client attributes recorded at every update the client publishes.
SAMPLED = ("document_version", "current_playing", "current_id", "current_step", "sound_id", "color_id",
           "flags", "toddler_lock")
NO_SOUND_ID = 19998
CLOCK_ON = 1 << 15


def snapshot(client: Any) -> dict:
    return {name: getattr(client, name, None) for name in SAMPLED}


def reported_value(reported: dict, path: str) -> Any:
    """The value at a dotted path of a (partial) `state.reported`, or KeyError when it is not there."""
    value: Any = reported
    for key in path.split("."):
        if not isinstance(value, dict) or key not in value:
            raise KeyError(path)
        value = value[key]
    return value


def ringing(client: Any, alarm: AlarmOccurrence) -> bool:
    """The client shows `alarm` ringing: its routine at step 2 (where the class reports steps) with
    the wake sound (where the alarm has one)."""
    if client.current_playing != "routine":
        return False
    if hasattr(client, "current_step") and client.current_step != 2:
        return False
    if hasattr(client, "current_id") and client.current_id != alarm.alarm_id:
        return False
    return client.sound_id == alarm.sound_id if alarm.sound_id is not None else True


@dataclass
class Hold:
    """A state that must hold from an action until a simulated moment."""
    device: Any                                   # DeviceUnderTest
    operation: str
    group: str
    since: float                                  # time.monotonic() just before the action
    until: datetime                               # simulated UTC moment
    client_ok: Callable[[dict], bool]             # on a client snapshot
    client_words: str
    shown: tuple[str, ...]                        # snapshot fields to show in evidence
    wire: list[tuple[str, Callable[[Any], bool], str]] = field(default_factory=list)  # (path, ok, words)


class Rules:
    """The situation and rule checks of one hour (one fleet run)."""

    def __init__(self, suite: Any, hour: Hour, devices: list):
        self.suite = suite
        self.hour = hour
        self.devices = devices
        self.zone = suite.zone
        self.holds: list[Hold] = []

    # Helpers ------------------------------------------------------------------------------------

    def local(self, moment: datetime) -> str:
        return clock_time(moment, self.zone)

    def applies(self, device: Any) -> bool:
        return device.client is not None and device.situation is not None

    # Situation ----------------------------------------------------------------------------------

    def check_boot_levels(self) -> None:
        """Scheduled clocks and custom toddler-lock windows take their schedule's level at boot
        (checked while no transition has come since, with a simulated minute to spare)."""
        boot = self.suite.boot
        soon = self.suite.simulated_now() + timedelta(minutes=1)

        def untouched(window: Window) -> bool:
            transition = next_transition(window, boot, self.zone)
            return transition is None or transition > soon

        for device in self.devices:
            if not self.applies(device):
                continue
            for window in (device.situation.clock_window, device.situation.lock_window):
                if window is not None and not untouched(window):
                    self.suite.reporter.note(f"{device.name}: the {window} window changes right after the start of "
                                         f"{self.hour.name}; its level at boot is not checked there")
            window = device.situation.clock_window
            if window is not None and untouched(window) and hasattr(device.client, "flags"):
                on = window.contains(boot, self.zone)
                self.suite.check(
                    device, f"clock display at boot {'on' if on else 'off'} ({window} window)", None,
                    lambda c, on=on: bool(c.is_clock_on) == on, f"is_clock_on == {on}",
                    lambda c: {"flags": c.flags, "is_clock_on": bool(c.is_clock_on)}, ["clock"],
                    advances_version=False, group="situation")
            window = device.situation.lock_window
            if window is not None and untouched(window):
                locked = window.contains(boot, self.zone)
                if hasattr(device.client, "toddler_lock"):
                    self.suite.check(
                        device, f"toddler lock at boot {'engaged' if locked else 'released'} ({window} window)", None,
                        lambda c, locked=locked: c.toddler_lock is locked, f"toddler_lock is {locked}",
                        lambda c: {"toddler_lock": c.toddler_lock, "toddler_lock_mode": c.toddler_lock_mode},
                        ["toddlerLock", "toddlerLockOn"], advances_version=False, group="situation")
                else:
                    self.suite.reporter.note(f"{type(device.client).__name__} does not read the toddler lock: "
                                         f"{device.name}'s {window} window is not checked through the client")

    def set_up(self) -> None:
        """The hour's set-up before the operations."""
        if self.hour.setup == "routine":
            self.start_favorites()
        elif self.hour.setup in ("ringing", "snoozed"):
            ringers = self.wait_for_rings()
            self.check_alarm_timing()
            if self.hour.setup == "snoozed":
                for device in ringers:
                    self.snooze(device)
        else:
            # A device whose alarm is a while away: nothing rings, so a snooze has nothing to act on.
            soon = self.suite.simulated_now() + timedelta(minutes=2)
            for device in self.devices:
                alarm = device.situation.alarm if self.applies(device) else None
                if alarm is not None and alarm.sunrise_start > soon:
                    self.snooze_while_nothing_rings(device)

    def start_favorites(self) -> None:
        """Starts, through `set_favorite`, a routine the client lists: one other than the favorite the
        operations start later where the client lists another (re-selecting a routine that runs
        at the same step changes no desired field, so the shadow sends the device nothing)."""
        for device in self.devices:
            client = device.client
            if client is None:
                continue
            names = client.favorite_names() if hasattr(client, "set_favorite") else []
            if not names:
                self.suite.reporter.note(f"{device.name} ({device.product}): no favorite to start through "
                                     f"{type(client).__name__}; it runs the operations idle")
                continue
            later = next((r["id"] for r in device.routines if r.get("type") == "favorite"), None)
            name_id = next((n for n in names if not n.endswith(f"-{later}")), names[0])
            fav_id = int(name_id.rsplit("-", 1)[1])

            def expect(c, fav_id=fav_id) -> bool:
                return (c.current_playing == "routine"
                        and getattr(c, "current_id", fav_id) == fav_id and getattr(c, "current_step", 1) == 1)

            self.suite.check(device, f'favorite running: set_favorite("{name_id}")',
                             lambda name_id=name_id, client=client: client.set_favorite(name_id), expect,
                             f"current_playing == 'routine', current_id == {fav_id}, current_step == 1 (where the class has them)",
                             lambda c: {"current_playing": c.current_playing, "current_id": getattr(c, "current_id", None),
                                        "current_step": getattr(c, "current_step", None)},
                             ["current.playing", "current.srId", "current.step"], group="situation")

    def wait_for_rings(self) -> list:
        """Waits for the alarms that fire soon after the start and checks that the client sees them ring."""
        ringers = []
        for device in self.devices:
            alarm = device.situation.alarm if self.applies(device) else None
            if alarm is None or alarm.fire - self.suite.boot > RING_SOON:
                continue
            ringers.append(device)
            remaining = (alarm.fire - self.suite.simulated_now()).total_seconds() / self.hour.speed
            self.suite.check(
                device, f"alarm {alarm.alarm_id} ringing after its {self.local(alarm.fire)} wake time", None,
                lambda c, alarm=alarm: ringing(c, alarm),
                f"current_playing == 'routine' at step 2 with the wake sound {alarm.sound_id}",
                lambda c: {name: value for name, value in snapshot(c).items() if name != "flags"},
                ["current.playing", "current.srId", "current.step", "current.sound"],
                advances_version=False, group="situation", timeout=max(0.0, remaining) + self.suite.timeout)
        if not ringers:
            self.suite.fail_setup(None, "ring an alarm", f"no alarm fires within {RING_SOON} of "
                                  f"{self.local(self.suite.boot)}", group="situation")
        return ringers

    def check_alarm_timing(self) -> None:
        """Every sunrise that started and every alarm that fired since the boot did so at its local
        time, by the simulated timestamps of the device's own reports."""
        now = self.suite.simulated_now()
        tolerance = timedelta(seconds=2 + self.hour.speed * 0.25)  # the fleet ticks every 0.1 s of real time
        for device in self.devices:
            alarm = device.situation.alarm if self.applies(device) else None
            if alarm is None:
                continue
            events = []
            if self.suite.boot < alarm.sunrise_start <= now:
                events.append(("sunrise start", alarm.sunrise_start, "current.playing", "routine"))
            if alarm.fire <= now:
                events.append(("ring", alarm.fire, "current.step", 2))
            for label, due, path, value in events:
                first = self.first_report(device, path, value)
                passed = first is not None and abs(datetime.fromtimestamp(first.timestamp, UTC) - due) <= tolerance
                detail = [] if passed else [
                    f"expected the first report with {path} = {value} at {self.local(due)} "
                    f"(± {tolerance.total_seconds():.0f} s)",
                    "no such report" if first is None else
                    f"it came at {self.local(datetime.fromtimestamp(first.timestamp, UTC))} (version {first.version})"]
                self.suite.add(device, f"alarm {alarm.alarm_id} {label} at {self.local(due)}", "alarm", passed, 0, detail,
                               {"due": due.isoformat(), "report": first.__dict__ if first else None})

    def first_report(self, device: Any, path: str, value: Any) -> Any:
        """The device's first report since the start with `path` = `value`; waits (bounded) for it,
        since the observer may receive a report a moment after the client."""
        deadline = time.monotonic() + self.suite.timeout
        while True:
            for report in self.suite.monitor.reports_since(device.thing, 0):
                try:
                    if reported_value(report.reported, path) == value:
                        return report
                except KeyError:
                    continue
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.05)

    def snooze(self, device: Any) -> None:
        """Snoozes the ringing alarm the way an app does it with this client: `snooze {active, startTime: 0}`
        through the client's own `_update` (the class has no snooze method)."""
        alarm = device.situation.alarm
        client = device.client

        def snoozed(c) -> bool:
            return c.current_playing == "routine" and not c.is_playing

        def snoozed_sample(sample: dict) -> bool:
            return sample["current_playing"] == "routine" and sample["sound_id"] == NO_SOUND_ID

        since = time.monotonic()
        passed = self.suite.check(
            device, 'snooze: _update({"snooze": {"active": True, "startTime": 0}})',
            lambda: client._update({"snooze": {"active": True, "startTime": 0}}), snoozed,
            "current_playing still 'routine', the wake sound stopped (not is_playing); reported snooze.active",
            lambda c: snapshot(c), ["snooze", "current.playing", "current.sound"], group="situation",
            wire=lambda document: None if reported_value_or(document, "snooze.active") is True
            else f"reported snooze.active is {reported_value_or(document, 'snooze.active')}")
        if passed:
            now = self.suite.simulated_now()
            ends = now + timedelta(seconds=alarm.snooze_seconds)
            until = min(now + HOLD, ends - timedelta(seconds=30))
            self.holds.append(Hold(device, f"stays snoozed through {self.local(until)} (snooze ends {self.local(ends)})",
                                   "alarm", since, until, snoozed_sample, "current_playing 'routine', not is_playing",
                                   ("current_playing", "current_step", "sound_id"),
                                   [("snooze.active", lambda v: v is True, "snooze.active true"),
                                    ("current.playing", lambda v: v == "routine", "current.playing 'routine'")]))

    def snooze_while_nothing_rings(self, device: Any) -> None:
        """A snooze request while no alarm rings is consumed and changes nothing."""
        client = device.client
        playing = client.current_playing

        def consumed(document: dict) -> str | None:
            desired = (document.get("state") or {}).get("desired") or {}
            if "snooze" in desired:
                return f"snooze is still desired: {desired['snooze']}"
            active = reported_value_or(document, "snooze.active")
            return None if active is False else f"reported snooze.active is {active}"

        self.suite.check(
            device, "snooze while no alarm rings: changes nothing",
            lambda: client._update({"snooze": {"active": True, "startTime": 0}}),
            lambda c, playing=playing: c.current_playing == playing,
            f"current_playing stays '{playing}'; the request is consumed (not desired), reported snooze.active false",
            lambda c: snapshot(c), ["snooze", "current.playing"], advances_version=False, group="alarm",
            wire=consumed)

    # Rules that hold a state ---------------------------------------------------------------------

    def start_holds(self) -> None:
        """Sends the command of every rule that applies at this hour and registers what must hold;
        needs an accelerated clock (HOLD_SPEED), since the holds last simulated minutes."""
        if self.hour.speed < HOLD_SPEED:
            return
        for device in self.devices:
            if not self.applies(device):
                continue
            alarm = device.situation.alarm
            if self.hour.setup == "ringing" and alarm is not None and alarm.fire - self.suite.boot <= RING_SOON:
                self.hold_ringing(device)
            elif (self.hour.setup == "none" and alarm is not None
                  and alarm.phase_at(self.suite.boot) == "sunrise" and alarm.fire - self.suite.boot >= RING_SOON):
                self.dismiss_sunrise(device)
            if device.situation.clock_window is not None and hasattr(device.client, "flags"):
                self.hold_clock(device)
            if device.situation.lock_window is not None and hasattr(device.client, "toddler_lock"):
                self.hold_lock(device)

    def clear_of_transition(self, window: Window) -> datetime:
        """The simulated time now, after waiting out a transition of `window` that lies within a
        minute of it: an estimate of "now" that close to a transition could pick the wrong side."""
        now = self.suite.simulated_now()
        transition = next_transition(window, now - timedelta(minutes=1), self.zone)
        if transition is not None and transition < now + timedelta(minutes=1):
            self.suite.wait_simulated(transition + timedelta(minutes=1))
            now = self.suite.simulated_now()
        return now

    def hold_until(self, now: datetime, window: Window | None = None, longer: timedelta = HOLD) -> datetime | None:
        """The end of a hold that starts `now`: `longer` later, or through a daylight-saving change in
        the run plus two minutes; ends 30 s before the window's next transition, None when that
        leaves less than a minute."""
        until = now + longer
        for change in self.suite.offset_changes:
            if change > now:
                until = max(until, change + timedelta(minutes=2))
        if window is not None:
            transition = next_transition(window, now, self.zone)
            if transition is not None and transition - timedelta(seconds=30) < until:
                until = transition - timedelta(seconds=30)
                if until - now < timedelta(minutes=1):
                    return None
        return until

    def hold_ringing(self, device: Any) -> None:
        alarm = device.situation.alarm
        if not ringing(device.client, alarm):
            return  # the set-up check has reported it
        now = self.suite.simulated_now()
        until = self.hold_until(now)
        self.holds.append(Hold(device, f"alarm {alarm.alarm_id} keeps ringing through {self.local(until)}", "alarm",
                               time.monotonic(), until, lambda s, alarm=alarm: ringing_snapshot(s, alarm),
                               "routine at step 2 with the wake sound", ("current_playing", "current_step", "sound_id"),
                               [("current.playing", lambda v: v == "routine", "current.playing 'routine'"),
                                ("current.step", lambda v: v == 2, "current.step 2")]))

    def dismiss_sunrise(self, device: Any) -> None:
        """Rule: turn_off() during the sunrise ends it, and the dismissed occurrence stays dismissed."""
        alarm = device.situation.alarm
        client = device.client
        lead = f"{self.local(alarm.fire - alarm.lead)[:5]}–{self.local(alarm.fire)[:5]}"
        running = self.suite.check(
            device, f"alarm {alarm.alarm_id} sunrise running ({lead} lead)", None,
            lambda c: c.current_playing == "routine" and getattr(c, "current_id", alarm.alarm_id) == alarm.alarm_id,
            f"current_playing == 'routine' (current_id == {alarm.alarm_id} where the class has it)",
            lambda c: snapshot(c), ["current.playing", "current.srId", "current.step", "current.color.i"],
            advances_version=False, group="situation")
        if not running:
            return
        since = time.monotonic()
        off = self.suite.simulated_now()
        passed = self.suite.check(
            device, f"turn_off during the sunrise at {self.local(off)}", client.turn_off,
            lambda c: c.current_playing == "none" and not c.is_playing and getattr(c, "current_id", 0) == 0,
            "current_playing == 'none', not is_playing, current_id == 0 (where the class has it)",
            lambda c: snapshot(c), ["current.playing", "current.srId", "current.step", "current.color"],
            group="sunrise off")
        if not passed:
            return
        until = max(off + SUNRISE_WATCH, min(alarm.fire + timedelta(minutes=1), off + SUNRISE_WATCH_LONGEST))
        until = max(until, self.hold_until(off, longer=SUNRISE_WATCH))
        through = " (past its wake time)" if until > alarm.fire else ""
        self.holds.append(Hold(device, f"sunrise stays dismissed through {self.local(until)}{through}", "sunrise off",
                               since, until, lambda s: s["current_playing"] == "none", "current_playing 'none'",
                               ("current_playing", "current_id", "current_step", "color_id", "sound_id"),
                               [("current.playing", lambda v: v == "none", "current.playing 'none'")]))

    def hold_span(self, device: Any, window: Any, what: str) -> tuple[datetime, datetime] | None:
        """When to send a command inside or outside `window`, and until when it must hold; None (with a
        note) when the window's next transition comes too soon to watch a hold."""
        now = self.clear_of_transition(window)
        until = self.hold_until(now, window)
        if until is None:
            self.suite.reporter.note(f"{device.name}: the {what} {window} changes too soon after "
                                     f"{self.local(now)} to hold a command")
            return None
        return now, until

    def hold_clock(self, device: Any) -> None:
        """Rule: between two transitions of a scheduled clock the last explicit command holds."""
        client = device.client
        window = device.situation.clock_window
        span = self.hold_span(device, window, "clock window")
        if span is None:
            return
        now, until = span
        inside = window.contains(now, self.zone)
        since = time.monotonic()
        if inside:
            operation = f"turn_clock_off inside the {window} window at {self.local(now)}"
            action = client.turn_clock_off
        else:
            operation = f"set_clock outside the {window} window at {self.local(now)}"
            if hasattr(client, "clock_daytime"):
                action = client.set_clock        # RestoreV5/V4: keeps both brightness levels
            else:
                action = lambda: client.set_clock(client.clock or 50)  # noqa: E731 — one brightness
        on = not inside
        passed = self.suite.check(
            device, operation, action, lambda c: bool(c.is_clock_on) == on, f"is_clock_on == {on}",
            lambda c: {"flags": c.flags, "is_clock_on": bool(c.is_clock_on)}, ["clock"], group="clock sched")
        if passed:
            self.holds.append(Hold(device, f"clock display stays {'on' if on else 'off'} through {self.local(until)}",
                                   "clock sched", since, until,
                                   lambda s: s["flags"] is not None and bool(s["flags"] & CLOCK_ON) == on,
                                   f"is_clock_on == {on}", ("flags",),
                                   [("clock.flags", lambda v: isinstance(v, int) and bool(v & CLOCK_ON) == on,
                                     f"clock.flags with the on bit {'set' if on else 'clear'}")]))

    def hold_lock(self, device: Any) -> None:
        """Rule: the lock button overrides a custom toddler-lock window until its next transition."""
        client = device.client
        window = device.situation.lock_window
        span = self.hold_span(device, window, "toddler-lock window")
        if span is None:
            return
        now, until = span
        locked = not window.contains(now, self.zone)
        since = time.monotonic()
        passed = self.suite.check(
            device, f'toddler-lock button {"on" if locked else "off"} {"outside" if locked else "inside"} the '
                    f'{window} window: _update({{"toddlerLockOn": {locked}}})',
            lambda: client._update({"toddlerLockOn": locked}),
            lambda c: c.toddler_lock is locked, f"toddler_lock is {locked}",
            lambda c: {"toddler_lock": c.toddler_lock, "toddler_lock_mode": c.toddler_lock_mode},
            ["toddlerLock", "toddlerLockOn"], group="lock sched")
        if passed:
            self.holds.append(Hold(device, f"toddler lock stays {'engaged' if locked else 'released'} through "
                                   f"{self.local(until)}", "lock sched", since, until,
                                   lambda s: s["toddler_lock"] is locked, f"toddler_lock is {locked}", ("toddler_lock",),
                                   [("toddlerLockOn", lambda v: v is locked, f"toddlerLockOn {locked}")]))

    def finish_holds(self) -> None:
        """Waits once for the latest hold, then judges every hold."""
        if not self.holds:
            return
        started = time.monotonic()
        latest = max(hold.until for hold in self.holds)
        self.suite.wait_simulated(latest)
        waited = (time.monotonic() - started) * 1000
        for hold in self.holds:
            self.judge(hold, waited)

    def judge(self, hold: Hold, waited_ms: float) -> None:
        device = hold.device
        detail: list[str] = []
        evidence: dict = {}
        samples = [(t, s) for t, s in device.samples if t >= hold.since]
        first_ok = next((index for index, (_, s) in enumerate(samples) if hold.client_ok(s)), None)
        if first_ok is None:
            detail.append(f"the client never showed {hold.client_words}")
        else:
            broken = [(t, s) for t, s in samples[first_ok:] if not hold.client_ok(s)]
            if broken:
                detail.append(f"the client showed {hold.client_words} and then left it "
                              f"{len(broken)} time(s); first: {pick(broken[0][1], hold.shown)} "
                              f"{broken[0][0] - hold.since:.2f} s after the command")
                evidence["clientBroke"] = [pick(s, hold.shown) | {"secondsAfterCommand": round(t - hold.since, 3)}
                                           for t, s in broken[:10]]
        reports = self.suite.monitor.reports_since(device.thing, hold.since)
        for path, ok, words in hold.wire:
            carried = []
            for report in reports:
                try:
                    carried.append((report, reported_value(report.reported, path)))
                except KeyError:
                    continue
            bad = [(report, value) for report, value in carried if not ok(value)]
            if bad:
                report, value = bad[0]
                position = "the first report" if report is carried[0][0] else "a later report"
                detail.append(f"{position} carrying {path} has {value!r} (want {words}), at "
                              f"{self.local(datetime.fromtimestamp(report.timestamp, UTC))}, version {report.version}")
                evidence.setdefault("reportsBroke", []).extend(
                    {"path": path, "value": value, "version": r.version,
                     "simulated": datetime.fromtimestamp(r.timestamp, UTC).isoformat()} for r, value in bad[:10])
        evidence["watched"] = {"clientUpdates": len(samples), "reports": len(reports)}
        document = self.suite.monitor.shadow_document(device.thing)
        if document is None:
            detail.append("no reply to a shadow get at the end of the window")
        else:
            stamped = datetime.fromtimestamp(int(document.get("timestamp") or 0), UTC)
            evidence["end"] = {"simulated": stamped.isoformat(), "version": document.get("version")}
            if stamped < hold.until:
                detail.append(f"the window ended early: the shadow says {self.local(stamped)}")
            for path, ok, words in hold.wire:
                value = reported_value_or(document, path)
                evidence["end"][path] = value
                if not ok(value):
                    detail.append(f"at {self.local(stamped)} the shadow reports {path} = {value!r} (want {words})")
        now = snapshot(device.client)
        if not hold.client_ok(now):
            detail.append(f"at the end the client has {pick(now, hold.shown)} (want {hold.client_words})")
        self.suite.add(device, hold.operation, hold.group, not detail, waited_ms, detail, evidence)


def ringing_snapshot(sample: dict, alarm: AlarmOccurrence) -> bool:
    if sample["current_playing"] != "routine":
        return False
    if sample["current_step"] is not None and sample["current_step"] != 2:
        return False
    return sample["sound_id"] == alarm.sound_id if alarm.sound_id is not None else True


def pick(sample: dict, names: tuple[str, ...]) -> dict:
    return {name: sample.get(name) for name in names}


def reported_value_or(document: dict | None, path: str) -> Any:
    try:
        return reported_value(((document or {}).get("state") or {}).get("reported") or {}, path)
    except KeyError:
        return None


def next_transition(window: Window, after: datetime, zone) -> datetime | None:
    """The first moment after `after` at which the window opens or closes."""
    local = after.astimezone(zone)
    moments = []
    for offset in range(0, 3):
        day = local.date() + timedelta(days=offset)
        for edge in (window.on, window.off):
            moment = datetime.combine(day, edge).replace(tzinfo=zone).astimezone(UTC)
            if moment > after:
                moments.append(moment)
    return min(moments) if moments else None
