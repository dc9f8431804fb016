"""The shadow service conformance suite: AWS's own device-shadow client (awsiotsdk's
`awsiot.iotshadow.IotShadowClient`, its request and response models, nothing hand-written) against the
simulated fleet's shadow service, once with the service inside `hatchctl fleet run` and once split out
as `hatchctl shadow-service` on a broker with an ACL like an AWS IoT policy. Every check proves one
sentence of the AWS IoT Device Shadow documentation, quoted beside it, for the classic shadow and for a
named shadow (a few quote the docstrings of the SDK's own models, where the guide has no sentence).

    .build/interop-venv/bin/python Tests/ShadowConformance/shadow_conformance.py \\
        [--hatchctl .build/debug/hatchctl] [--mode both|fused|split] [--devices devices/household.yaml]

The classic checks use the first device of the fleet file, taken offline first (an `offline` fault on
`hatch/fleet/control`), so that its firmware's own reports do not move the version while the checks
run: the shadow service answers for a device that is away exactly as for one that is online. Prints
PASS or FAIL per check and exits 1 when any failed.
"""

from __future__ import annotations

import argparse
import json
import queue
import sys
import tempfile
import time
import traceback
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

INTEROP = Path(__file__).resolve().parent.parent / "Interop"
sys.path.insert(0, str(INTEROP))  # the interop suite's helper modules: processes, monitor, connection

from fleet_monitor import FleetMonitor  # noqa: E402
from fleet_processes import Fleet, Mosquitto, ProcessError, SecuredMosquitto, ShadowService  # noqa: E402
from vendor_client_interop import connect  # noqa: E402

from awscrt import mqtt  # noqa: E402
from awsiot import iotshadow  # noqa: E402

# The pages each check cites.
MQTT_TOPICS = "https://docs.aws.amazon.com/iot/latest/developerguide/device-shadow-mqtt.html"
DOCUMENTS = "https://docs.aws.amazon.com/iot/latest/developerguide/device-shadow-document.html"
INTERACTING = "https://docs.aws.amazon.com/iot/latest/developerguide/device-shadow-data-flow.html"
ERRORS = "https://docs.aws.amazon.com/iot/latest/developerguide/device-shadow-error-messages.html"
DIAGNOSING = "https://docs.aws.amazon.com/iot/latest/developerguide/diagnosing-shadows.html"
GET_THING_SHADOW = "https://docs.aws.amazon.com/iot/latest/apireference/API_iotdata_GetThingShadow.html"
SDK_MODELS = "awsiotsdk 1.31.0, awsiot/iotshadow.py"

QOS = mqtt.QoS.AT_LEAST_ONCE


class CheckFailed(AssertionError):
    """A check's expectation did not hold."""


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise CheckFailed(message)


def token() -> str:
    return f"conformance-{uuid.uuid4().hex[:16]}"


@dataclass
class Reply:
    """The reply to one request: `accepted` (the SDK's response model) or `rejected` (its ErrorResponse)."""
    accepted: Any = None
    rejected: iotshadow.ErrorResponse | None = None

    def must_accept(self, what: str) -> Any:
        if self.rejected is not None:
            raise CheckFailed(f"{what} was rejected: {self.rejected.code} {self.rejected.message!r}")
        return self.accepted

    def must_reject(self, what: str, code: int) -> iotshadow.ErrorResponse:
        if self.rejected is None:
            raise CheckFailed(f"{what} was accepted (version {getattr(self.accepted, 'version', None)}); expected {code}")
        expect(self.rejected.code == code, f"{what} was rejected with {self.rejected.code} {self.rejected.message!r}; expected {code}")
        return self.rejected


# Every reply topic of a shadow: IotShadowClient's `subscribe_to_…` call for a named and for the classic
# shadow, and the subscription request model of each.
SUBSCRIPTIONS = {
    "get/accepted": ("get_named_shadow_accepted", "get_shadow_accepted", "GetNamedShadowSubscriptionRequest", "GetShadowSubscriptionRequest"),
    "get/rejected": ("get_named_shadow_rejected", "get_shadow_rejected", "GetNamedShadowSubscriptionRequest", "GetShadowSubscriptionRequest"),
    "update/accepted": ("update_named_shadow_accepted", "update_shadow_accepted",
                        "UpdateNamedShadowSubscriptionRequest", "UpdateShadowSubscriptionRequest"),
    "update/rejected": ("update_named_shadow_rejected", "update_shadow_rejected",
                        "UpdateNamedShadowSubscriptionRequest", "UpdateShadowSubscriptionRequest"),
    "update/delta": ("named_shadow_delta_updated_events", "shadow_delta_updated_events",
                     "NamedShadowDeltaUpdatedSubscriptionRequest", "ShadowDeltaUpdatedSubscriptionRequest"),
    "update/documents": ("named_shadow_updated_events", "shadow_updated_events",
                         "NamedShadowUpdatedSubscriptionRequest", "ShadowUpdatedSubscriptionRequest"),
    "delete/accepted": ("delete_named_shadow_accepted", "delete_shadow_accepted",
                        "DeleteNamedShadowSubscriptionRequest", "DeleteShadowSubscriptionRequest"),
    "delete/rejected": ("delete_named_shadow_rejected", "delete_shadow_rejected",
                        "DeleteNamedShadowSubscriptionRequest", "DeleteShadowSubscriptionRequest"),
}


class ShadowProbe:
    """One shadow (the classic shadow of `thing`, or its shadow `name`) through IotShadowClient: it
    subscribes to every reply topic of the shadow with the SDK's `subscribe_to_*` calls and sends
    requests with its `publish_*` calls, one at a time, each answered on /accepted or /rejected."""

    def __init__(self, client: iotshadow.IotShadowClient, thing: str, name: str | None, timeout: float):
        self.client, self.thing, self.name, self.timeout = client, thing, name, timeout
        self.queues: dict[str, queue.Queue] = {}
        for kind, (named_call, classic_call, named_model, classic_model) in SUBSCRIPTIONS.items():
            subscribe = getattr(client, "subscribe_to_" + (named_call if name is not None else classic_call))
            request = self._request(getattr(iotshadow, named_model), getattr(iotshadow, classic_model))
            self.queues[kind] = queue.Queue()
            future, _ = subscribe(request, QOS, self.queues[kind].put)
            future.result(timeout=10)

    def _request(self, named_type, classic_type, **fields):
        if self.name is not None:
            return named_type(thing_name=self.thing, shadow_name=self.name, **fields)
        return classic_type(thing_name=self.thing, **fields)

    @property
    def label(self) -> str:
        return f"{self.thing}/{self.name}" if self.name else self.thing

    def _drain(self) -> None:
        for waiting in self.queues.values():
            while not waiting.empty():
                waiting.get_nowait()

    def _answer(self, operation: str, what: str) -> Reply:
        accepted, rejected = self.queues[f"{operation}/accepted"], self.queues[f"{operation}/rejected"]
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            try:
                return Reply(accepted=accepted.get(timeout=0.02))
            except queue.Empty:
                pass
            try:
                return Reply(rejected=rejected.get_nowait())
            except queue.Empty:
                pass
        raise CheckFailed(f"no /{operation}/accepted or /{operation}/rejected for {what} on {self.label} within {self.timeout:g} s")

    def next_event(self, kind: str, what: str, matches: Callable[[Any], bool] = lambda _: True) -> Any:
        """The next /update/delta or /update/documents event that `matches` (its clientToken or version:
        an event of an earlier request that was still on its way is passed over)."""
        deadline = time.monotonic() + self.timeout
        while (remaining := deadline - time.monotonic()) > 0:
            try:
                event = self.queues[kind].get(timeout=remaining)
            except queue.Empty:
                break
            if matches(event):
                return event
        raise CheckFailed(f"no /{kind} for {what} on {self.label} within {self.timeout:g} s")

    def no_event(self, kind: str) -> bool:
        """Whether nothing arrived on `kind` once a get sent now is answered: the service answers in
        order and the broker keeps that order, so an event of an earlier request would be here by then."""
        fence = token()
        self._publish("get", client_token=fence)
        deadline = time.monotonic() + self.timeout
        answered = False
        while not answered and time.monotonic() < deadline:
            for reply_kind in ("get/accepted", "get/rejected"):
                try:
                    answered = answered or self.queues[reply_kind].get(timeout=0.02).client_token == fence
                except queue.Empty:
                    pass
        if not answered:
            raise CheckFailed(f"no answer to a get on {self.label} within {self.timeout:g} s")
        return self.queues[kind].empty()

    def _publish(self, operation: str, **fields) -> None:
        """Publishes a `get`, `update` or `delete` request with IotShadowClient's `publish_…` call and model."""
        request = self._request(getattr(iotshadow, f"{operation.capitalize()}NamedShadowRequest"),
                                getattr(iotshadow, f"{operation.capitalize()}ShadowRequest"), **fields)
        publish = getattr(self.client, f"publish_{operation}_named_shadow" if self.name else f"publish_{operation}_shadow")
        publish(request, QOS).result(timeout=10)

    def get(self, client_token: str | None = None) -> Reply:
        self._drain()
        self._publish("get", client_token=client_token)
        return self._answer("get", "a get")

    def update(self, state: iotshadow.ShadowState, client_token: str | None = None, version: int | None = None) -> Reply:
        self._drain()
        self._publish("update", state=state, client_token=client_token, version=version)
        return self._answer("update", "an update")

    def delete(self, client_token: str | None = None) -> Reply:
        self._drain()
        self._publish("delete", client_token=client_token)
        return self._answer("delete", "a delete")

    def version(self) -> int:
        """The shadow's version now (0 when it has no document)."""
        reply = self.get(token())
        return reply.accepted.version if reply.accepted is not None else 0

    def fresh(self) -> int:
        """Deletes the document if there is one; returns the version it had (what the next update continues)."""
        reply = self.delete(token())
        if reply.accepted is not None:
            return reply.accepted.version
        expect(reply.rejected.code == 404, f"deleting {self.label} was rejected with {reply.rejected.code} {reply.rejected.message!r}")
        return 0


@dataclass
class Check:
    name: str
    url: str
    quote: str
    run: Callable[[ShadowProbe], None]


def nested(levels: int) -> dict:
    """An object `levels` deep: {"l1": {"l2": … {"leaf": 1}}}, counting the outermost object as level 1."""
    value: Any = 1
    for level in range(levels, 0, -1):
        value = {f"l{level}": value} if level < levels else {"leaf": value}
    return value


# --- the checks, each run on a classic and on a named shadow -------------------------------------

def check_get_missing(probe: ShadowProbe) -> None:
    probe.fresh()
    rejected = probe.get(token()).must_reject("a get of a shadow without a document", 404)
    expect((rejected.message or "").startswith("No shadow exists with name"), f"message {rejected.message!r}")


def check_update_creates(probe: ShadowProbe) -> None:
    probe.update(iotshadow.ShadowState(reported={"color": "blue"}), token()).must_accept("a report")
    before = probe.fresh()
    client_token = token()
    accepted = probe.update(iotshadow.ShadowState(desired={"color": "red"}), client_token).must_accept("an update")
    expect(accepted.version == before + 1, f"version {accepted.version} after a delete at version {before}; expected {before + 1}")
    expect(accepted.state.desired == {"color": "red"}, f"accepted state {accepted.state.desired}")
    expect(isinstance((accepted.metadata.desired or {}).get("color", {}).get("timestamp"), int),
           f"metadata {accepted.metadata.desired}")
    expect(accepted.client_token == client_token, f"clientToken {accepted.client_token!r}")
    document = probe.get(token()).must_accept("a get after the update")
    expect(document.version == accepted.version and document.state.desired == {"color": "red"},
           f"get: version {document.version}, desired {document.state.desired}")


def check_version_increments(probe: ShadowProbe) -> None:
    start = probe.version()
    versions = [probe.update(iotshadow.ShadowState(reported={"step": step}), token()).must_accept(f"update {step}").version
                for step in range(1, 4)]
    expect(versions == [start + 1, start + 2, start + 3], f"versions {versions} after version {start}")


def check_optimistic_locking(probe: ShadowProbe) -> None:
    current = probe.version()
    accepted = probe.update(iotshadow.ShadowState(desired={"lock": 1}), token(), version=current).must_accept("an update at the current version")
    expect(accepted.version == current + 1, f"version {accepted.version}; expected {current + 1}")
    stale_token = token()
    rejected = probe.update(iotshadow.ShadowState(desired={"lock": 2}), stale_token, version=current).must_reject(
        "an update at a stale version", 409)
    expect(rejected.client_token == stale_token, f"the rejection's clientToken {rejected.client_token!r}")
    expect(probe.version() == current + 1, "a rejected update changed the version")


def check_client_token_echo(probe: ShadowProbe) -> None:
    probe.update(iotshadow.ShadowState(reported={"power": "off"}), token()).must_accept("a report")
    client_token = token()
    accepted = probe.update(iotshadow.ShadowState(desired={"power": "on"}), client_token).must_accept("an update")
    expect(accepted.client_token == client_token, f"/update/accepted clientToken {accepted.client_token!r}")
    delta = probe.next_event("update/delta", "an update that leaves a difference", lambda event: event.version == accepted.version)
    expect(delta.client_token == client_token, f"/update/delta clientToken {delta.client_token!r}")
    get_token = token()
    expect(probe.get(get_token).must_accept("a get").client_token == get_token, "/get/accepted clientToken")
    rejected_token = token()
    rejected = probe.update(iotshadow.ShadowState(desired={"power": "on"}), rejected_token, version=0).must_reject(
        "an update at version 0", 409)
    expect(rejected.client_token == rejected_token, f"/update/rejected clientToken {rejected.client_token!r}")


def check_client_token_limit(probe: ShadowProbe) -> None:
    exact = "t" * 64
    accepted = probe.update(iotshadow.ShadowState(reported={"tokenLimit": 64}), exact).must_accept("a 64-byte clientToken")
    expect(accepted.client_token == exact, "the 64-byte clientToken is echoed")
    before = probe.version()
    probe.update(iotshadow.ShadowState(reported={"tokenLimit": 65}), "t" * 65).must_reject("a 65-byte clientToken", 400)
    expect(probe.version() == before, "a rejected update changed the version")


def check_delta_is_difference(probe: ShadowProbe) -> None:
    probe.fresh()
    probe.update(iotshadow.ShadowState(reported={"color": "red", "power": "off", "mode": {"fan": 1, "heat": 2}}), token()).must_accept("a report")
    expect(probe.no_event("update/delta"), "a report without desired state published a delta")
    client_token = token()
    accepted = probe.update(iotshadow.ShadowState(desired={"color": "red", "power": "on", "mode": {"fan": 1, "heat": 3}, "extra": True}),
                            client_token).must_accept("a desired update")
    delta = probe.next_event("update/delta", "a desired update that differs from reported",
                             lambda event: event.client_token == client_token)
    expect(delta.state == {"power": "on", "mode": {"heat": 3}, "extra": True}, f"delta state {delta.state}")
    expect(delta.version == accepted.version, f"delta version {delta.version}, accepted {accepted.version}")
    expect(set((delta.metadata or {}).keys()) == {"power", "mode", "extra"}, f"delta metadata {delta.metadata}")
    document = probe.get(token()).must_accept("a get")
    expect(document.state.delta == delta.state, f"get's delta {document.state.delta}")
    # Reported catching up: no delta for an update that leaves no difference, and none in the document.
    probe.update(iotshadow.ShadowState(reported={"power": "on", "mode": {"heat": 3}, "extra": True}), token()).must_accept("the report")
    expect(probe.no_event("update/delta"), "a report that matched desired published a delta")
    expect(probe.get(token()).must_accept("a get").state.delta is None, "a document whose reported matches desired has a delta")


def check_documents(probe: ShadowProbe) -> None:
    probe.update(iotshadow.ShadowState(reported={"documents": 1}), token()).must_accept("a report")
    before = probe.get(token()).must_accept("a get")
    accepted = probe.update(iotshadow.ShadowState(desired={"documents": 2}), token()).must_accept("an update")
    event = probe.next_event("update/documents", "an accepted update", lambda event: event.current.version == accepted.version)
    expect(event.previous.version == before.version, f"previous.version {event.previous.version}; expected {before.version}")
    expect(event.current.version == before.version + 1, f"current.version {event.current.version}")
    expect(event.previous.state.reported == before.state.reported and event.previous.state.desired == before.state.desired,
           f"previous state {event.previous.state.to_payload()}")
    expect(event.current.state.desired.get("documents") == 2 and event.current.state.reported.get("documents") == 1,
           f"current state {event.current.state.to_payload()}")
    expect(event.timestamp is not None, "no timestamp")
    expect(isinstance(event.current.metadata.desired.get("documents", {}).get("timestamp"), int), f"current metadata {event.current.metadata}")


def check_null_removes_field(probe: ShadowProbe) -> None:
    probe.update(iotshadow.ShadowState(desired={"keep": 1, "drop": 2, "inner": {"gone": 1, "stays": 2}}), token()).must_accept("an update")
    probe.update(iotshadow.ShadowState(desired={"drop": None, "inner": {"gone": None}}), token()).must_accept("an update with nulls")
    desired = probe.get(token()).must_accept("a get").state.desired or {}
    expect("drop" not in desired and desired.get("inner") == {"stays": 2} and desired.get("keep") == 1, f"desired {desired}")


def check_desired_null(probe: ShadowProbe) -> None:
    probe.update(iotshadow.ShadowState(desired={"one": 1, "two": 2}, reported={"one": 0}), token()).must_accept("an update")
    accepted = probe.update(iotshadow.ShadowState(desired=None, desired_is_nullable=True), token()).must_accept("desired: null")
    expect(accepted.state.desired is None and accepted.state.desired_is_nullable, f"accepted state {accepted.state.to_payload()}")
    document = probe.get(token()).must_accept("a get")
    expect(document.state.desired is None, f"desired {document.state.desired}")
    expect(document.state.delta is None, f"delta {document.state.delta}")
    expect(document.state.reported.get("one") == 0, "reported stays")


def check_size_limit(probe: ShadowProbe) -> None:
    probe.fresh()
    before = probe.update(iotshadow.ShadowState(reported={"small": 1}), token()).must_accept("a small report").version
    probe.update(iotshadow.ShadowState(desired={"blob": "x" * (8 * 1024)}), token()).must_reject("a state over 8 KB", 413)
    # Each part alone fits; together the document would not.
    probe.update(iotshadow.ShadowState(desired={"half": "x" * 5000}), token()).must_accept("a 5 KB desired state")
    probe.update(iotshadow.ShadowState(reported={"other": "y" * 5000}), token()).must_reject("a report that makes the document 10 KB", 413)
    expect(probe.version() == before + 1, "a rejected update changed the version")


def check_depth_limit(probe: ShadowProbe) -> None:
    probe.update(iotshadow.ShadowState(desired=nested(6)), token()).must_accept("a desired section 6 levels deep")
    rejected = probe.update(iotshadow.ShadowState(desired=nested(8)), token()).must_reject("a desired section 8 levels deep", 400)
    expect("nesting" in (rejected.message or ""), f"message {rejected.message!r}")


def check_delete_continues_version(probe: ShadowProbe) -> None:
    probe.update(iotshadow.ShadowState(reported={"before": "delete"}), token()).must_accept("a report")
    version = probe.version()
    delete_token = token()
    deleted = probe.delete(delete_token).must_accept("a delete")
    expect(deleted.version == version, f"/delete/accepted version {deleted.version}; expected {version}")
    expect(deleted.client_token == delete_token, f"/delete/accepted clientToken {deleted.client_token!r}")
    probe.get(token()).must_reject("a get after the delete", 404)
    probe.delete(token()).must_reject("a second delete", 404)
    again = probe.update(iotshadow.ShadowState(reported={"after": "delete"}), token()).must_accept("an update after the delete")
    expect(again.version == version + 1, f"version {again.version} after a delete at {version}; expected {version + 1}")
    document = probe.get(token()).must_accept("a get").state
    expect(document.reported == {"after": "delete"}, f"the old content came back: {document.reported}")


CHECKS = [
    Check("get of a missing shadow: 404", ERRORS, "404 (Not Found) … No shadow exists with name: shadowName", check_get_missing),
    Check("update creates the shadow, echoes state, metadata and clientToken", INTERACTING,
          "Creates a shadow if it doesn't exist, or updates the contents of an existing shadow with the state information "
          "provided in the message body.", check_update_creates),
    Check("version increments on every update", DOCUMENTS,
          "The document version. Every time the document is updated, this version number is incremented.", check_version_increments),
    Check("optimistic locking: a stale version is 409 on /update/rejected", DOCUMENTS,
          "version — If used, the Device Shadow service processes the update only if the specified version matches the latest "
          "version it has.", check_optimistic_locking),
    Check("clientToken echoed on /accepted, /delta, /get/accepted and /rejected", DOCUMENTS,
          "clientToken — If used, you can match the request and corresponding response by the client token.", check_client_token_echo),
    Check("clientToken over 64 bytes: 400", ERRORS,
          "Invalid clientToken … A client token that is longer than 64 bytes will cause this response.", check_client_token_limit),
    Check("/delta holds exactly the difference between desired and reported", INTERACTING,
          "When the shadow's state changes, AWS IoT sends /delta messages to all MQTT subscribers with the difference between the "
          "desired and the reported states.", check_delta_is_difference),
    Check("/documents: previous and current with versions, metadata and timestamp", SDK_MODELS,
          "ShadowUpdatedEvent: A description of the before and after states of a device shadow. … previous (ShadowUpdatedSnapshot): "
          "Contains the state of the object before the update.", check_documents),
    Check("null removes a field", DOCUMENTS,
          "state — Updates affect only the fields specified.", check_null_removes_field),
    Check("desired: null removes all of desired", SDK_MODELS,
          "ShadowState: desired_is_nullable (bool): Set to true to allow 'desired' to be None, clearing the data if sent.",
          check_desired_null),
    Check("size: over 8 KB of desired and reported is 413", DIAGNOSING,
          "The device's shadow supports 8 KB of data only. … Only the data for desired and reported state inside the state document "
          "sent to the device's shadow counts toward the limit.", check_size_limit),
    Check("depth: more than 6 levels is 400", ERRORS, "JSON contains too many levels of nesting; maximum is 6", check_depth_limit),
    Check("a deleted shadow created again continues its version", INTERACTING,
          "If you create a device shadow document that has the same name as one that was deleted within the past 48 hours, the "
          "version number of the new device shadow document will follow that of the deleted one.", check_delete_continues_version),
]


class Reporter:
    """Prints PASS or FAIL per check (a failure with what it proves and where; with `verbose` a pass too)."""

    def __init__(self, verbose: bool = False) -> None:
        self.verbose = verbose
        self.passed = 0
        self.failed: list[str] = []

    def run(self, label: str, url: str, quote: str, body: Callable[[], None]) -> None:
        began = time.monotonic()
        try:
            body()
        except Exception as error:  # noqa: BLE001 — a check that raises anything failed
            self.failed.append(label)
            detail = str(error) if isinstance(error, CheckFailed) else f"{type(error).__name__}: {error}\n{traceback.format_exc()}"
            print(f"FAIL  {label} ({time.monotonic() - began:.2f} s)\n      {detail}\n      proves: {quote}\n      {url}", flush=True)
            return
        self.passed += 1
        print(f"PASS  {label} ({time.monotonic() - began:.2f} s)", flush=True)
        if self.verbose:
            print(f"      proves: {quote}\n      {url}", flush=True)


def take_offline(connection: mqtt.Connection, monitor: FleetMonitor, thing: str, timeout: float) -> None:
    """Sends the device away for an hour (`offline` on the fleet's control topic) and waits for its offline presence."""
    replies: queue.Queue = queue.Queue()
    def received(*args, **kwargs) -> None:
        replies.put(json.loads(kwargs["payload"] if "payload" in kwargs else args[1]))
    subscribed, _ = connection.subscribe("hatch/fleet/control/reply", QOS, received)
    subscribed.result(timeout=10)
    request_token = token()
    request = {"fault": "offline", "seconds": 3600, "devices": [thing], "clientToken": request_token}
    connection.publish("hatch/fleet/control", json.dumps(request), QOS)[0].result(timeout=10)
    deadline = time.monotonic() + timeout
    while True:
        try:
            reply = replies.get(timeout=max(0.01, deadline - time.monotonic()))
        except queue.Empty:
            raise ProcessError(f"no reply on hatch/fleet/control/reply to {request} within {timeout:g} s") from None
        if reply.get("clientToken") == request_token:
            break
    if reply.get("ok") is False:
        raise ProcessError(f"the fleet refused to take {thing} offline: {reply}")
    while (monitor.records.presence.get(thing) or {}).get("state") != "offline":
        if time.monotonic() > deadline:
            raise ProcessError(f"{thing} did not go offline within {timeout:g} s: {monitor.records.presence.get(thing)}")
        time.sleep(0.02)


def run_mode(mode: str, arguments: argparse.Namespace, reporter: Reporter) -> None:
    split = mode == "split"
    print(f"=== {mode}: {'`hatchctl shadow-service` beside `fleet run --shadow-service external`' if split else 'the shadow service inside `fleet run`'}",
          flush=True)
    log_dir = Path(arguments.log_dir) / mode
    log_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="hatch-shadow-conformance-") as scratch:
        work_dir = Path(scratch)
        broker = SecuredMosquitto(arguments.hatchctl, arguments.devices, work_dir, log_dir) if split else Mosquitto(work_dir, log_dir)
        service: ShadowService | None = None
        fleet: Fleet | None = None
        monitor: FleetMonitor | None = None
        connection: mqtt.Connection | None = None
        try:
            broker.start()
            login = broker.controller if split else None
            monitor = FleetMonitor(broker.port, login)
            monitor.start()
            extra: list[str] = []
            if split:
                service = ShadowService(arguments.hatchctl, broker.url, broker.credentials_file, work_dir, log_dir)
                service.start()
                extra = ["--credentials", str(broker.credentials_file), "--shadow-service", "external"]
            fleet = Fleet(arguments.hatchctl, arguments.devices, broker.url, work_dir, log_dir, extra=extra)
            count = int(fleet.start().get("devices") or 0)
            records = monitor.wait_for_fleet(count)
            thing = sorted(records.registry)[0]
            connection, client = connect(broker.port, login)
            take_offline(connection, monitor, thing, arguments.timeout * 2)

            classic = ShadowProbe(client, thing, None, arguments.timeout)
            named = ShadowProbe(client, thing, arguments.shadow_name, arguments.timeout)
            for check in CHECKS:
                for probe, kind in ((classic, "classic"), (named, "named")):
                    reporter.run(f"[{mode}] {kind}: {check.name}", check.url, check.quote, lambda: check.run(probe))

            def independent() -> None:
                classic_version = classic.version()
                named_before = named.version()
                for step in range(3):
                    named.update(iotshadow.ShadowState(desired={"independent": step}), token()).must_accept("a named update")
                expect(classic.version() == classic_version, "updates of the named shadow moved the classic shadow's version")
                expect(named.version() == named_before + 3, "the named shadow's own version")
                other = ShadowProbe(client, thing, arguments.shadow_name + "-other", arguments.timeout)
                other.get(token()).must_reject("a get of another named shadow", 404)
                classic_state = classic.get(token()).must_accept("a get of the classic shadow").state
                expect("independent" not in (classic_state.desired or {}), "the named shadow's state showed in the classic one")
            reporter.run(f"[{mode}] named: a named shadow is independent of the classic shadow and of other named shadows", MQTT_TOPICS,
                         "Shadows can be named or unnamed (classic). The topics used by each differ only in the topic prefix.", independent)

            def longest_name() -> None:
                longest = ShadowProbe(client, thing, "n" * 64, arguments.timeout)
                longest.update(iotshadow.ShadowState(reported={"name": 64}), token()).must_accept("an update of a 64-character shadow name")
            reporter.run(f"[{mode}] named: a shadow name of 64 characters", GET_THING_SHADOW,
                         "shadowName … Length Constraints: Minimum length of 1. Maximum length of 64. Pattern: [$a-zA-Z0-9:_-]+", longest_name)

            def persisted() -> None:
                nonlocal fleet, service
                # The last change without a clientToken: saved all the same.
                named.update(iotshadow.ShadowState(desired={"persisted": "without a clientToken"})).must_accept("an update")
                expected = named.get(token()).must_accept("a get before the restart")
                if split:
                    assert service is not None
                    service.stop()
                    service = ShadowService(arguments.hatchctl, broker.url, broker.credentials_file, work_dir, log_dir)
                    service.start()
                else:
                    assert fleet is not None
                    fleet.stop()
                    fleet = Fleet(arguments.hatchctl, arguments.devices, broker.url, work_dir, log_dir, extra=extra)
                    fleet.start()
                # The restarted process subscribes once it is up: a get sent before that finds no one to answer it.
                for attempt in range(3):
                    try:
                        after = named.get(token()).must_accept("a get after the restart")
                        break
                    except CheckFailed:
                        if attempt == 2:
                            raise
                expect(after.version == expected.version and after.state.desired == expected.state.desired,
                       f"after the restart: version {after.version}, desired {after.state.desired}; before: version "
                       f"{expected.version}, desired {expected.state.desired}")
            reporter.run(f"[{mode}] named: the document and its version survive a restart of the "
                         f"{'shadow service' if split else 'fleet'}", DOCUMENTS,
                         "The document version. Every time the document is updated, this version number is incremented.", persisted)
            if split:
                assert isinstance(broker, SecuredMosquitto)
                reporter.run(f"[{mode}] the broker denied no publish", MQTT_TOPICS,
                             "Publishing and subscribing on shadow topics requires topic-based authorization.",
                             lambda: expect(not broker.denied_publishes(), "\n".join(broker.denied_publishes()[:5])))
        except (ProcessError, TimeoutError) as error:
            reporter.failed.append(f"[{mode}] set-up")
            print(f"FAIL  [{mode}] set-up: {error}", flush=True)
        finally:
            if connection is not None:
                try:
                    connection.disconnect().result(timeout=5)
                except Exception:  # noqa: BLE001 — tearing down
                    pass
            if fleet is not None:
                fleet.stop()
            if service is not None:
                service.stop()
            if monitor is not None:
                monitor.stop()
            broker.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hatchctl", default=".build/debug/hatchctl", help="the hatchctl executable")
    parser.add_argument("--devices", default="devices/household.yaml", help="the fleet file (its first device's shadows are used)")
    parser.add_argument("--mode", choices=("both", "fused", "split"), default="both",
                        help="the shadow service inside `fleet run` (fused), split out (split), or both (default)")
    parser.add_argument("--shadow-name", default="conformance", help="the named shadow the named checks use")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds each reply is waited for (5)")
    parser.add_argument("--log-dir", default=".build/shadow-conformance-logs", help="where the processes' logs go")
    parser.add_argument("--verbose", action="store_true", help="print the documentation each passing check proves too")
    arguments = parser.parse_args()
    reporter = Reporter(arguments.verbose)
    for mode in (("fused", "split") if arguments.mode == "both" else (arguments.mode,)):
        run_mode(mode, arguments, reporter)
    print(f"{reporter.passed} passed, {len(reporter.failed)} failed", flush=True)
    for label in reporter.failed:
        print(f"  failed: {label}")
    return 1 if reporter.failed else 0


if __name__ == "__main__":
    sys.exit(main())
