"""The vendor cloud's alarm API, played by the fleet's alarm records, for the Restore family's alarm methods.

`RestoreIot`, `RestoreV4` and `RestoreV5` read and edit their alarms through the vendor's HTTP API
(`Hatch.scheduled_routines` and `Hatch.update_scheduled_routine_alarm_*`, reached through
`configure_alarm_api`), not through the device shadow. This stand-in has those four methods with the
same signatures: it lists a device's alarm records (`hatch/things/{thing}/alarms`) in the cloud's
`ScheduledRoutineAlarm` shape, and turns each edit, built by the client's own payload functions, into
an alarm record request to the device (`op: enable` or `op: edit`), returning the record the device
then publishes. The client's methods (`refresh_alarms`, `set_alarm_enabled`, `set_alarm_wake_time`,
`set_alarm_weekdays`, `alarm_by_id`) run unmodified on top of it.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any, Iterable

from hatch_rest_api.scheduled_routine import (alarm_update_payload, alarm_wake_time_update_payload,
                                              alarm_weekdays_update_payload)

CLOUD_TIME = "%Y-%m-%d %H:%M:%S"


class FleetAlarmApi:
    def __init__(self, monitor: Any, thing: str, today: date):
        self.monitor = monitor
        self.thing = thing
        self.today = today   # the local date the cloud's startTime/endTime carry

    # The cloud's shape -------------------------------------------------------------------------

    def as_cloud(self, record: dict, mac: str, order: int) -> dict:
        hours, minutes = (int(part) for part in str(record.get("wakeTime", "00:00")).split(":")[:2])
        wake = datetime.combine(self.today, time(hours, minutes))
        lead = timedelta(seconds=int(record.get("sunriseLead") or 0))
        return {"id": record["id"], "name": record.get("name"), "active": True, "enabled": record.get("enabled", True),
                "type": "alarm", "macAddress": mac, "displayOrder": order, "daysOfWeek": record.get("daysOfWeek"),
                "startTime": (wake - lead).strftime(CLOUD_TIME), "endTime": wake.strftime(CLOUD_TIME)}

    def record(self, alarm_id: Any) -> dict:
        record = next((a for a in self.monitor.alarms_of(self.thing) if str(a.get("id")) == str(alarm_id)), None)
        if record is None:
            raise ValueError(f"{self.thing} has no alarm {alarm_id}")
        return record

    def _send(self, request: dict, mac: str, alarm_id: Any) -> list[dict]:
        document = self.monitor.alarm_request(self.thing, request)
        if document is None:
            raise TimeoutError(f"{self.thing} did not change its alarms after {request}")
        return [self.as_cloud(self.record(alarm_id), mac, 0)]

    def _edit(self, mac: str, alarm: dict, change: dict) -> list[dict]:
        return self._send({"op": "edit", "alarm": dict(self.record(alarm["id"]), **change)}, mac, alarm["id"])

    # `Hatch`'s methods ---------------------------------------------------------------------------

    async def scheduled_routines(self, auth_token: str, mac: str, types: list[str] | None = None) -> list[dict]:
        return [self.as_cloud(record, mac, order) for order, record in enumerate(self.monitor.alarms_of(self.thing))]

    async def update_scheduled_routine_alarm_enabled(self, auth_token: str, mac: str, alarm: dict,
                                                     enabled: bool) -> list[dict]:
        payload = alarm_update_payload(alarm, enabled)
        return self._send({"op": "enable", "id": payload["id"], "enabled": payload["enabled"]}, mac, payload["id"])

    async def update_scheduled_routine_alarm_wake_time(self, auth_token: str, mac: str, alarm: dict,
                                                       wake_time: time) -> list[dict]:
        payload = alarm_wake_time_update_payload(alarm, wake_time)
        start = datetime.strptime(payload["startTime"], CLOUD_TIME)
        end = datetime.strptime(payload["endTime"], CLOUD_TIME)
        return self._edit(mac, alarm, {"wakeTime": end.strftime("%H:%M"), "sunriseLead": int((end - start).total_seconds())})

    async def update_scheduled_routine_alarm_weekdays(self, auth_token: str, mac: str, alarm: dict,
                                                      weekdays: Iterable[str]) -> list[dict]:
        payload = alarm_weekdays_update_payload(alarm, weekdays)
        return self._edit(mac, alarm, {"daysOfWeek": payload["daysOfWeek"]})
