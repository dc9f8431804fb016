"""A plain MQTT observer of the fleet (paho-mqtt), beside the vendor's client.

It reads what the vendor's cloud would hand the client before it connects (the retained registry,
routine and alarm records), and keeps what the vendor's client never looks at but a check or a
failure report needs: `/update/rejected` replies, every device report (`/update/accepted` with
`state.reported`, stamped with the fleet's simulated time), and on request a fresh shadow document
(`desired`, `reported`, `delta`, and the simulated `timestamp`) fetched with its own `clientToken`.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from dataclasses import dataclass, field

import paho.mqtt.client as paho

REGISTRY_FILTER = "hatch/registry/+"
PRESENCE_FILTER = "hatch/things/+/presence"
ROUTINES_FILTER = "hatch/things/+/routines"
ALARMS_FILTER = "hatch/things/+/alarms"
REJECTED_FILTER = "$aws/things/+/shadow/update/rejected"
GET_ACCEPTED_FILTER = "$aws/things/+/shadow/get/accepted"
GET_REJECTED_FILTER = "$aws/things/+/shadow/get/rejected"
ACCEPTED_FILTER = "$aws/things/+/shadow/update/accepted"


@dataclass
class Rejection:
    """One `/update/rejected` reply, as received."""
    thing: str
    received: float  # time.monotonic()
    payload: dict


@dataclass
class Report:
    """One device report (an `/update/accepted` carrying `state.reported`)."""
    thing: str
    received: float  # time.monotonic()
    timestamp: int   # the fleet's simulated time, epoch seconds
    version: int
    reported: dict


@dataclass
class FleetRecords:
    """The retained records, keyed by thing name."""
    registry: dict[str, dict] = field(default_factory=dict)
    presence: dict[str, dict] = field(default_factory=dict)
    routines: dict[str, dict] = field(default_factory=dict)
    alarms: dict[str, dict] = field(default_factory=dict)


def _thing_of(topic: str) -> str:
    # hatch/registry/{thing}, hatch/things/{thing}/…, $aws/things/{thing}/shadow/…
    parts = topic.split("/")
    return parts[2] if parts[0] in ("hatch", "$aws") and parts[1] in ("registry", "things") and len(parts) > 2 else ""


class FleetMonitor:
    """Subscribes to the fleet's records and shadow replies on a broker at 127.0.0.1:`port`."""

    def __init__(self, port: int, credentials: tuple[str, str] | None = None):
        self.port = port
        self.records = FleetRecords()
        self.rejections: list[Rejection] = []
        self.reports: list[Report] = []
        self._lock = threading.Condition()
        self._documents: dict[str, dict] = {}  # clientToken -> get reply
        self._client = paho.Client(paho.CallbackAPIVersion.VERSION2,
                                   client_id=f"interop-monitor-{uuid.uuid4().hex[:8]}", clean_session=True)
        if credentials is not None:
            self._client.username_pw_set(*credentials)
        self._client.on_message = self._on_message
        self._subscribed = threading.Event()
        self._client.on_connect = self._on_connect
        self._client.on_subscribe = lambda *args, **kwargs: self._subscribed.set()

    def start(self, timeout: float = 10) -> None:
        self._client.connect("127.0.0.1", self.port, keepalive=30)
        self._client.loop_start()
        if not self._subscribed.wait(timeout):
            raise TimeoutError(f"could not subscribe to the broker at 127.0.0.1:{self.port} within {timeout:.0f} s")

    def stop(self) -> None:
        try:
            self._client.disconnect()
        finally:
            self._client.loop_stop()

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        client.subscribe([(topic, 1) for topic in (REGISTRY_FILTER, PRESENCE_FILTER, ROUTINES_FILTER, ALARMS_FILTER,
                                                   REJECTED_FILTER, GET_ACCEPTED_FILTER, GET_REJECTED_FILTER,
                                                   ACCEPTED_FILTER)])

    def _on_message(self, client, userdata, message) -> None:
        try:
            payload = json.loads(message.payload)
        except ValueError:
            return
        if not isinstance(payload, dict):
            return
        topic = message.topic
        thing = _thing_of(topic)
        with self._lock:
            if topic.startswith("hatch/registry/"):
                self.records.registry[thing] = payload
            elif topic.endswith("/presence"):
                self.records.presence[thing] = payload
            elif topic.endswith("/routines"):
                self.records.routines[thing] = payload
            elif topic.endswith("/alarms"):
                self.records.alarms[thing] = payload
            elif topic.endswith("/update/accepted"):
                reported = (payload.get("state") or {}).get("reported")
                if isinstance(reported, dict):
                    self.reports.append(Report(thing, time.monotonic(), int(payload.get("timestamp") or 0),
                                               int(payload.get("version") or 0), reported))
            elif topic.endswith("/update/rejected"):
                self.rejections.append(Rejection(thing, time.monotonic(), payload))
            elif topic.endswith("/get/accepted") or topic.endswith("/get/rejected"):
                token = payload.get("clientToken")
                if isinstance(token, str) and token.startswith("interop-evidence-"):
                    self._documents[token] = payload
            self._lock.notify_all()

    def wait_for_fleet(self, device_count: int, timeout: float = 15) -> FleetRecords:
        """Waits until `device_count` devices have a registry record and an online presence; routine
        records, which arrive in the same burst, are given a short grace period after that."""
        deadline = time.monotonic() + timeout

        def online() -> int:
            return sum(1 for record in self.records.presence.values() if record.get("state") == "online")

        with self._lock:
            while len(self.records.registry) < device_count or online() < device_count:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TimeoutError(
                        f"{len(self.records.registry)} of {device_count} registry records and {online()} online "
                        f"presence records after {timeout:.0f} s")
                self._lock.wait(timeout=min(remaining, 0.1))
            grace = time.monotonic() + 1.0
            while ((len(self.records.routines) < device_count or len(self.records.alarms) < device_count)
                   and time.monotonic() < grace):
                self._lock.wait(timeout=0.05)
            return self.records

    def rejections_since(self, thing: str, since: float) -> list[dict]:
        with self._lock:
            return [r.payload for r in self.rejections if r.thing == thing and r.received >= since]

    def reports_since(self, thing: str, since: float) -> list[Report]:
        """The device's reports received at or after `since` (time.monotonic()), oldest first."""
        with self._lock:
            return [r for r in self.reports if r.thing == thing and r.received >= since]

    def alarm_request(self, thing: str, request: dict, timeout: float = 5) -> dict | None:
        """Publishes an alarm record request (`{op, alarm | id, enabled}`) to the device and returns its
        retained alarm document once the request has changed it (a higher dataVersion), or None."""
        with self._lock:
            before = int((self.records.alarms.get(thing) or {}).get("dataVersion") or 0)
        payload = dict(request, clientToken=f"interop-alarm-{uuid.uuid4().hex[:12]}")
        self._client.publish(f"hatch/things/{thing}/alarms/request", json.dumps(payload), qos=1)
        deadline = time.monotonic() + timeout
        with self._lock:
            while int((self.records.alarms.get(thing) or {}).get("dataVersion") or 0) <= before:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self._lock.wait(timeout=min(remaining, 0.1))
            return self.records.alarms[thing]

    def alarms_of(self, thing: str) -> list[dict]:
        """The device's alarm records as its retained document lists them now."""
        with self._lock:
            alarms = (self.records.alarms.get(thing) or {}).get("alarms") or []
            return [alarm for alarm in alarms if isinstance(alarm, dict)]

    def shadow_document(self, thing: str, timeout: float = 3) -> dict | None:
        """A fresh `get` of the shadow (the whole document: desired, reported, delta), or None."""
        token = f"interop-evidence-{uuid.uuid4().hex[:12]}"
        self._client.publish(f"$aws/things/{thing}/shadow/get", json.dumps({"clientToken": token}), qos=1)
        deadline = time.monotonic() + timeout
        with self._lock:
            while token not in self._documents:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self._lock.wait(timeout=min(remaining, 0.1))
            return self._documents.pop(token)
