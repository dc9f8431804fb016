#!/usr/bin/env python3
"""Writes the bad-input corpus under Tests/Fixtures/bad-input: `cases.json` (one entry per case:
id, kind, topic, device, payload file, expected outcome) and `payloads/<id>.bin` (the exact bytes
published). The files are committed; run this again only to change the corpus:

    python3 Scripts/make-bad-input-corpus.py

Topics: shadow/get, shadow/update, shadow/delete, routines/request, alarms/request (per device) and
fleet/control. Devices are named as in devices/household.yaml. Expected outcomes:
  rejected  — a reply on the request's /rejected topic (fleet/control: a reply with ok false) with
              `code` and a `message` containing the given text;
  ignored   — no reply at all (topics of things that are not in the fleet, or no request topic);
  accepted  — a valid read-only request (an empty shadow/get) answered without changing anything.
Every case must leave every device's shadow document, version, state and records unchanged.
"""
import json
import os
import random
import shutil

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures", "bad-input")
PAYLOADS = os.path.join(ROOT, "payloads")

DEVICES = ["Nursery", "Parents", "Kids room Rest+", "Travel Rest Mini"]
SHADOW_TOPICS = ["shadow/get", "shadow/update", "shadow/delete"]
RECORD_TOPICS = ["routines/request", "alarms/request"]
ALL_TOPICS = SHADOW_TOPICS + RECORD_TOPICS + ["fleet/control"]

INVALID_JSON = "Payload contains invalid json"
UTF8 = "supported encoding is UTF-8"
TOO_LARGE = "exceeds the maximum size"

cases = []
counter = {}


def add(kind, topic, payload, outcome, code=None, message=None, device=None, thing=None, topic_override=None, note=None):
    if isinstance(payload, str):
        payload = payload.encode("utf-8")
    if isinstance(payload, (dict, list)):
        payload = json.dumps(payload, separators=(",", ":")).encode("utf-8")
    if topic != "fleet/control" and device is None and thing is None and topic_override is None:
        device = DEVICES[len(cases) % len(DEVICES)]
    key = f"{topic.replace('/', '-')}-{kind}"
    counter[key] = counter.get(key, 0) + 1
    case_id = f"{key}-{counter[key]:02d}"
    with open(os.path.join(PAYLOADS, case_id + ".bin"), "wb") as handle:
        handle.write(payload)
    expect = {"outcome": outcome}
    if code is not None:
        expect["code"] = code
    if message is not None:
        expect["message"] = message
    case = {"id": case_id, "kind": kind, "topic": topic, "payload": f"payloads/{case_id}.bin", "bytes": len(payload), "expect": expect}
    if device is not None:
        case["device"] = device
    if thing is not None:
        case["thing"] = thing
    if topic_override is not None:
        case["publishTopic"] = topic_override
    if note is not None:
        case["note"] = note
    cases.append(case)


def rejected(kind, topic, payload, code, message, **extra):
    add(kind, topic, payload, "rejected", code, message, **extra)


def is_utf8(data):
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def nested(depth, leaf=1, array=False):
    value = leaf
    for index in range(depth):
        value = [value] if array else {f"l{depth - index}": value}
    return value


# A valid routine and alarm to mutate.
ROUTINE = {"id": 0, "name": "Corpus", "type": "sleep", "enabled": True,
           "steps": [{"color": {"r": 100, "g": 100, "b": 100, "w": 0, "i": 1000}, "sound": {"id": 3, "v": 1000}, "duration": 60}]}
ALARM = {"id": 0, "name": "Corpus", "enabled": True, "daysOfWeek": 62, "wakeTime": "06:30:00", "sunriseLead": 600,
         "color": {"r": 0, "g": 65535, "b": 0, "w": 0, "i": 30000}, "sound": {"id": 19998, "v": 0}}


def with_fields(base, **changes):
    value = json.loads(json.dumps(base))
    for key, change in changes.items():
        value[key] = change
    return value


def generate():
    rng = random.Random(20240601)

    # --- empty payloads ---------------------------------------------------------------------
    for device in DEVICES:
        add("empty", "shadow/get", b"", "accepted", device=device, note="an empty get is a valid AWS request: it reads the document")
        rejected("empty", "shadow/update", b"", 400, INVALID_JSON, device=device)
        rejected("empty", "routines/request", b"", 400, INVALID_JSON, device=device)
        rejected("empty", "alarms/request", b"", 400, INVALID_JSON, device=device)
    rejected("empty", "fleet/control", b"", 400, INVALID_JSON)
    rejected("empty", "fleet/control", b"{}", 400, "fault")
    rejected("empty", "shadow/update", b"{}", 400, "Missing required node: state")
    rejected("empty", "shadow/update", b'{"clientToken":"e"}', 400, "Missing required node: state")
    rejected("empty", "routines/request", b"{}", 400, "op must be one of")
    rejected("empty", "alarms/request", b'{"clientToken":"e"}', 400, "op must be one of")
    rejected("empty", "shadow/update", b"   \n\t ", 400, INVALID_JSON)

    # --- invalid JSON -----------------------------------------------------------------------
    broken = [
        b"{", b"}", b"{oops", b'{"state":}', b'{"state":{"desired":{"nightlightOn":true}},}', b"{'state':{}}",
        b'{state:{"desired":{}}}', b'{"state":{"desired":{"v":NaN}}}', b'{"state":{"desired":{"v":Infinity}}}',
        b'{"state":{"desired":{}}} // comment', b'{"state":{"desired":{}}}{"state":{}}', b"\xef\xbb\xbf{\"state\":{}}",
        b'{"state":{"desired":{"nightlightOn":tru}}}', b'{"state":{"desired":{"n":01}}}', b'{"state":{"desired":{"n":1.}}}',
        b'{"state":{"desired":{"n":"\\x41"}}}', b'{"state":{"desired":{"n":"\\ud800"}}}', b'{"state":{"desired":{"n":"a\nb"}}}',
        b"[]", b"5", b'"state"', b"null", b"true", b'{"state":{"desired":{"a":1}}', b'{"state" {"desired":{}}}',
    ]
    for index, payload in enumerate(broken):
        topic = ALL_TOPICS[index % len(ALL_TOPICS)]
        rejected("invalid-json", topic, payload, 400, INVALID_JSON)
    for topic in ALL_TOPICS:
        rejected("invalid-json", topic, b'{"clientToken":"x",', 400, INVALID_JSON)

    # --- wrong types ------------------------------------------------------------------------
    update_types = [
        ({"state": "on"}, "State node must be an object"),
        ({"state": [1, 2]}, "State node must be an object"),
        ({"state": {"desired": 5}}, "Desired node must be an object"),
        ({"state": {"desired": [1]}}, "Desired node must be an object"),
        ({"state": {"reported": "x"}}, "Reported node must be an object"),
        ({"state": {"desired": {"nightlightOn": True}}, "version": "3"}, "Invalid version"),
        ({"state": {"desired": {"nightlightOn": True}}, "version": 1.5}, "Invalid version"),
        ({"state": {"desired": {"nightlightOn": True}}, "clientToken": 5}, "Invalid clientToken"),
        ({"state": {"desired": {"nightlightOn": "yes"}}}, "nightlightOn must be true or false"),
        ({"state": {"desired": {"current": {"sound": {"v": "loud"}}}}}, "current.sound.v must be an integer"),
        ({"state": {"desired": {"current": {"color": 5}}}}, "current.color must be an object"),
        ({"state": {"desired": {"current": 7}}}, "current must be an object"),
        ({"state": {"desired": {"clock": {"turnOnAt": 700}}}}, "clock.turnOnAt must be a time of day"),
        ({"state": {"desired": {"timezone": 5}}}, "timezone must be an IANA time zone"),
        ({"state": {"reported": {"deviceInfo": {"powerStatus": "charging"}}}}, "deviceInfo.powerStatus must be one of"),
        ({"state": {"desired": {"current": {"paused": 1}}}}, "current.paused must be true or false"),
    ]
    for payload, message in update_types:
        rejected("wrong-type", "shadow/update", payload, 400, message)
    rejected("wrong-type", "shadow/get", {"clientToken": 7}, 400, "Invalid clientToken")
    rejected("wrong-type", "shadow/get", {"clientToken": None}, 400, "Invalid clientToken")
    rejected("wrong-type", "shadow/delete", {"clientToken": {}}, 400, "Invalid clientToken")
    rejected("wrong-type", "shadow/delete", {"clientToken": ["a"]}, 400, "Invalid clientToken")
    record_types = [
        ("routines/request", {"op": 5}, "op must be one of"),
        ("routines/request", {"op": "delete", "id": "1"}, "id must be an integer"),
        ("routines/request", {"op": "enable", "id": 1, "enabled": "yes"}, "enabled must be true or false"),
        ("routines/request", {"op": "create", "routine": "Bedtime"}, "routine is not valid"),
        ("routines/request", {"op": "create", "routine": with_fields(ROUTINE, steps="x")}, "routine is not valid"),
        ("routines/request", {"op": "create", "routine": ROUTINE, "dataVersion": "1"}, "dataVersion must be an integer"),
        ("routines/request", {"op": "create", "routine": with_fields(ROUTINE, name=5)}, "routine is not valid"),
        ("routines/request", {"op": "create", "routine": ROUTINE, "clientToken": 9}, "Invalid clientToken"),
        ("alarms/request", {"op": "create", "alarm": with_fields(ALARM, wakeTime=630)}, "alarm is not valid"),
        ("alarms/request", {"op": "create", "alarm": with_fields(ALARM, daysOfWeek="weekdays")}, "alarm is not valid"),
        ("alarms/request", {"op": "create", "alarm": with_fields(ALARM, enabled="on")}, "alarm is not valid"),
        ("alarms/request", {"op": "edit", "alarm": [ALARM]}, "alarm is not valid"),
        ("alarms/request", {"op": "enable", "id": True}, "id must be an integer"),
        ("alarms/request", {"op": ["create"]}, "op must be one of"),
    ]
    for topic, payload, message in record_types:
        device = "Nursery" if topic == "alarms/request" else None
        rejected("wrong-type", topic, payload, 400, message, device=device)
    control_types = [
        ({"fault": 5, "all": True}, "'fault' must be a fault name"),
        ({"fault": "reboot", "devices": "Nursery"}, "'devices' must be a non-empty list"),
        ({"fault": "reboot", "devices": [5]}, "'devices[0]'"),
        ({"fault": "reboot", "all": "yes"}, "'all' must be true"),
        ({"fault": "offline", "seconds": "10", "all": True}, "'seconds' must be a number"),
        ({"fault": "reboot", "share": "half"}, "'share' must be a number"),
        ({"status": "yes"}, "'status' must be true"),
        ({"fault": "reboot", "share": 0.5, "seed": "x"}, "'seed' must be a whole number"),
        ({"fault": "reboot", "devices": []}, "'devices' must be a non-empty list"),
        ({"fault": "clear", "all": True, "clientToken": 12}, "Invalid clientToken"),
    ]
    for payload, message in control_types:
        rejected("wrong-type", "fleet/control", payload, 400, message)

    # --- out of range -----------------------------------------------------------------------
    update_ranges = [
        ({"current": {"sound": {"v": 70000}}}, "current.sound.v must be 0…65535"),
        ({"current": {"sound": {"v": -1}}}, "current.sound.v must be 0…65535"),
        ({"current": {"color": {"r": 65536}}}, "current.color.r must be 0…65535"),
        ({"nightlightIntensity": -5}, "nightlightIntensity must be 0…65535"),
        ({"snoozeDuration": 30}, "snoozeDuration must be 60…3600"),
        ({"snoozeDuration": 4000}, "snoozeDuration must be 60…3600"),
        ({"rssi": 5}, "rssi must be -127…0"),
        ({"clock": {"flags": 70000}}, "clock.flags must be 0…65535"),
        ({"deviceInfo": {"b": 101}}, "deviceInfo.b must be 0…100"),
        ({"deviceInfo": {"powerStatus": 4}}, "deviceInfo.powerStatus must be one of"),
        ({"current": {"step": 5000}}, "current.step must be 0…1000"),
        ({"current": {"playing": "loud"}}, "current.playing must be one of"),
        ({"timezone": "Mars/Olympus_Mons"}, "timezone must be an IANA time zone"),
        ({"clock": {"turnOnAt": "25:00:00"}}, "clock.turnOnAt must be a time of day"),
        ({"toddlerLock": {"turnOnMode": "sometimes"}}, "toddlerLock.turnOnMode must be one of"),
        ({"current": {"srId": -4}}, "current.srId must be 0…"),
        ({"current": {"sound": {"v": 1e300}}}, "current.sound.v must be an integer"),
        ({"current": {"sound": {"v": 99999999999999999999999}}}, "current.sound.v must be an integer"),
    ]
    for desired, message in update_ranges:
        rejected("out-of-range", "shadow/update", {"state": {"desired": desired}, "clientToken": "range"}, 400, message)
    rejected("out-of-range", "shadow/update", {"state": {"reported": {"current": {"sound": {"v": 65536}}}}}, 400, "current.sound.v must be 0…65535")
    rejected("out-of-range", "routines/request", {"op": "create", "routine": with_fields(ROUTINE, steps=[{"sound": {"id": 3, "v": 1}, "duration": 7 * 86400 + 1}])}, 400, "steps[0].duration")
    rejected("out-of-range", "shadow/update", {"state": {"desired": {"nightlightOn": True}}, "version": -1}, 400, "Invalid version")
    rejected("out-of-range", "shadow/update", {"state": {"desired": {"nightlightOn": True}}, "clientToken": "t" * 65}, 400, "Invalid clientToken")
    rejected("out-of-range", "shadow/get", {"clientToken": "g" * 65}, 400, "Invalid clientToken")
    rejected("out-of-range", "shadow/delete", {"clientToken": "d" * 100}, 400, "Invalid clientToken")
    rejected("out-of-range", "shadow/update", {"state": {"desired": {"nightlightOn": True}}, "version": 999999}, 409, "Version conflict")
    rejected("out-of-range", "shadow/update", {"state": {"desired": {"nightlightOn": True}}, "version": 0}, 409, "Version conflict")
    record_ranges = [
        ("alarms/request", {"op": "create", "alarm": with_fields(ALARM, sunriseLead=9000)}, 400, "sunriseLead must be 0…7200"),
        ("alarms/request", {"op": "create", "alarm": with_fields(ALARM, daysOfWeek=200)}, 400, "daysOfWeek must be a bitmask"),
        ("alarms/request", {"op": "create", "alarm": with_fields(ALARM, snoozeDuration=10)}, 400, "snoozeDuration must be 60…3600"),
        ("alarms/request", {"op": "create", "alarm": with_fields(ALARM, sound={"id": 3, "v": 70000})}, 400, "sound.v must be 0…65535"),
        ("alarms/request", {"op": "create", "alarm": with_fields(ALARM, color={"r": 0, "g": 0, "b": 0, "w": 0, "i": -1})}, 400, "color.i must be 0…65535"),
        ("alarms/request", {"op": "create", "alarm": with_fields(ALARM, wakeTime="24:61:00")}, 400, "alarm is not valid"),
        ("alarms/request", {"op": "create", "alarm": with_fields(ALARM, id=-3)}, 400, "id must be 1…2147483647"),
        ("alarms/request", {"op": "create", "alarm": with_fields(ALARM, id=2 ** 40)}, 400, "id must be 1…2147483647"),
        ("alarms/request", {"op": "delete", "id": 999}, 404, "No alarm with id 999"),
        ("alarms/request", {"op": "enable", "id": 4242, "enabled": False}, 404, "No alarm with id 4242"),
        ("alarms/request", {"op": "edit", "alarm": with_fields(ALARM, id=77)}, 404, "No alarm with id 77"),
        ("alarms/request", {"op": "delete", "id": 1, "dataVersion": 999}, 409, "Version conflict"),
        ("alarms/request", {"op": "create", "alarm": with_fields(ALARM, id=1)}, 409, "exists already"),
        ("routines/request", {"op": "create", "routine": with_fields(ROUTINE, steps=[])}, 400, "steps must hold at least one step"),
        ("routines/request", {"op": "create", "routine": with_fields(ROUTINE, steps=[{"duration": -5}])}, 400, "steps[0].duration"),
        ("routines/request", {"op": "create", "routine": with_fields(ROUTINE, steps=[{"duration": 10 ** 12}])}, 400, "steps[0].duration"),
        ("routines/request", {"op": "create", "routine": with_fields(ROUTINE, steps=[{"color": {"r": 1, "g": 2, "b": 3, "w": 4, "i": 70000}}])}, 400, "steps[0].color.i"),
        ("routines/request", {"op": "create", "routine": with_fields(ROUTINE, name="")}, 400, "name must not be empty"),
        ("routines/request", {"op": "create", "routine": with_fields(ROUTINE, id=2 ** 62)}, 400, "id must be 1…2147483647"),
        ("routines/request", {"op": "create", "routine": with_fields(ROUTINE, type="nap")}, 400, "routine is not valid"),
        ("routines/request", {"op": "delete", "id": 31337}, 404, "No routine with id 31337"),
        ("routines/request", {"op": "create", "routine": ROUTINE, "dataVersion": -7}, 409, "Version conflict"),
        ("routines/request", {"op": "delete", "id": 1, "clientToken": "r" * 65}, 400, "Invalid clientToken"),
    ]
    for topic, payload, code, message in record_ranges:
        device = "Nursery" if topic == "alarms/request" else None
        rejected("out-of-range", topic, payload, code, message, device=device)
    rejected("out-of-range", "alarms/request", {"op": "create", "alarm": ALARM}, 400, "has no alarms", device="Travel Rest Mini")
    control_ranges = [
        ({"fault": "offline", "seconds": -1, "all": True}, "'seconds' must be 0.0…86400.0"),
        ({"fault": "offline", "seconds": 999999, "all": True}, "'seconds' must be 0.0…86400.0"),
        ({"fault": "reboot", "share": 2}, "'share' must be a number 0…1"),
        ({"fault": "delayReplies", "milliseconds": 70000, "all": True}, "'milliseconds' must be 0.0…60000.0"),
        ({"fault": "rejectUpdates", "count": 0, "all": True}, "'count' must be 1.0…1000000.0"),
        ({"fault": "dropCommands", "share": -0.5, "all": True}, "'share' must be 0.0…1.0"),
        ({"fault": "reboot", "all": True, "after": -1}, "'after' must be 0…86400"),
        ({"fault": "reboot", "all": True, "after": 1e12}, "'after' must be 0…86400"),
        ({"fault": "offline", "all": True}, "needs 'seconds'"),
        ({"fault": "explode", "all": True}, "unknown fault 'explode'"),
        ({"fault": "reboot", "all": True, "clientToken": "c" * 80}, "Invalid clientToken"),
    ]
    for payload, message in control_ranges:
        rejected("out-of-range", "fleet/control", payload, 400, message)

    # --- unknown fields ---------------------------------------------------------------------
    rejected("unknown-field", "shadow/update", {"state": {"delta": {"nightlightOn": True}}}, 400, "State contains an invalid node: 'delta'")
    rejected("unknown-field", "shadow/update", {"state": {"metadata": {}}}, 400, "State contains an invalid node: 'metadata'")
    rejected("unknown-field", "shadow/update", {"state": {"desired": {"nightlightOn": True}, "wanted": {}}}, 400, "State contains an invalid node: 'wanted'")
    rejected("unknown-field", "shadow/update", {"desired": {"nightlightOn": True}}, 400, "Missing required node: state")
    rejected("unknown-field", "shadow/update", {"state": {"desired": {"nightlightOn": True}}, "timestamp": 5}, 400, "invalid node: 'timestamp'")
    rejected("unknown-field", "shadow/update", {"state": {"desired": {"nightlightOn": True}}, "metadata": {}}, 400, "invalid node: 'metadata'")
    rejected("unknown-field", "shadow/update", {"state": {"desired": {"nightlightOn": True}}, "clientTokn": "typo"}, 400, "invalid node: 'clientTokn'")
    rejected("unknown-field", "shadow/get", {"clientToken": "a", "version": 1}, 400, "invalid node: 'version'")
    rejected("unknown-field", "shadow/get", {"shadowName": "x"}, 400, "invalid node: 'shadowName'")
    rejected("unknown-field", "shadow/get", {"state": {}}, 400, "invalid node: 'state'")
    rejected("unknown-field", "shadow/delete", {"force": True}, 400, "invalid node: 'force'")
    rejected("unknown-field", "shadow/delete", {"state": {"desired": None}}, 400, "invalid node: 'state'")
    rejected("unknown-field", "shadow/delete", {"clientToken": "d", "version": 1}, 400, "invalid node: 'version'")
    rejected("unknown-field", "routines/request", {"op": "create", "routine": ROUTINE, "extra": 1}, 400, "invalid node: 'extra'")
    rejected("unknown-field", "routines/request", {"op": "delete", "id": 1, "force": True}, 400, "invalid node: 'force'")
    rejected("unknown-field", "routines/request", {"op": "enable", "id": 1, "enable": False}, 400, "invalid node: 'enable'")
    rejected("unknown-field", "routines/request", {"op": "create", "alarm": ALARM}, 400, "invalid node: 'alarm'")
    rejected("unknown-field", "alarms/request", {"op": "create", "routine": ROUTINE}, 400, "invalid node: 'routine'", device="Parents")
    rejected("unknown-field", "alarms/request", {"op": "delete", "ids": [1]}, 400, "invalid node: 'ids'", device="Parents")
    rejected("unknown-field", "alarms/request", {"op": "delete", "id": 1, "version": 3}, 400, "invalid node: 'version'", device="Parents")
    rejected("unknown-field", "fleet/control", {"fault": "reboot", "all": True, "seconds": 5}, 400, "'seconds' unknown field for fault reboot")
    rejected("unknown-field", "fleet/control", {"fault": "reboot", "devices": ["Nursery"], "priority": 1}, 400, "'priority' unknown field")
    rejected("unknown-field", "fleet/control", {"status": True, "verbose": True}, 400, "invalid node: 'verbose'")
    rejected("unknown-field", "fleet/control", {"fault": "offline", "seconds": 5, "device": ["Nursery"]}, 400, "'device' unknown field")
    rejected("unknown-field", "fleet/control", {"fault": "clear", "everyone": True}, 400, "'everyone' unknown field")

    # --- oversized payloads -----------------------------------------------------------------
    for size in [8 * 1024 + 1, 9000, 16 * 1024, 64 * 1024, 120 * 1024]:
        state = {"desired": {"note": "x" * size}}
        rejected("oversized", "shadow/update", {"state": state, "clientToken": f"big-{size}"}, 413, TOO_LARGE)
    rejected("oversized", "shadow/update", {"state": {"reported": {"note": "y" * 9000}}}, 413, TOO_LARGE)
    many = {f"k{index}": index for index in range(1500)}
    rejected("oversized", "shadow/update", {"state": {"desired": many}}, 413, TOO_LARGE)
    for size in [128 * 1024 + 1, 160 * 1024, 200 * 1024]:
        filler = b'{"state":{"desired":{"note":"' + b"z" * size + b'"}}}'
        rejected("oversized", "shadow/update", filler, 413, TOO_LARGE)
    for topic in ["shadow/get", "shadow/delete", "routines/request", "alarms/request", "fleet/control"]:
        for size in [128 * 1024 + 1, 140 * 1024]:
            payload = b'{"clientToken":"' + b"q" * size + b'"}'
            device = "Nursery" if topic == "alarms/request" else None
            rejected("oversized", topic, payload, 413, TOO_LARGE, device=device)
    steps = [{"sound": {"id": 3, "v": 100}, "duration": 60}] * 3200
    rejected("oversized", "routines/request", {"op": "create", "routine": with_fields(ROUTINE, steps=steps)}, 413, TOO_LARGE)

    # --- deep nesting -----------------------------------------------------------------------
    for depth in [7, 8, 12, 50, 200]:
        rejected("deep-nesting", "shadow/update", {"state": {"desired": nested(depth)}}, 400, "too many levels of nesting; maximum is 6")
    rejected("deep-nesting", "shadow/update", {"state": {"reported": nested(7)}}, 400, "too many levels of nesting")
    rejected("deep-nesting", "shadow/update", {"state": {"desired": {"list": nested(8, array=True)}}}, 400, "too many levels of nesting")
    for depth in [600, 5000, 20000]:
        rejected("deep-nesting", "shadow/update", b'{"state":{"desired":' + b'{"a":' * depth + b"1" + b"}" * depth + b"}}", 400, INVALID_JSON)
    for topic in ["shadow/get", "shadow/delete", "routines/request", "alarms/request", "fleet/control"]:
        device = "Nursery" if topic == "alarms/request" else None
        rejected("deep-nesting", topic, b"[" * 20000 + b"]" * 20000, 400, INVALID_JSON, device=device)
        rejected("deep-nesting", topic, b'{"x":' * 700 + b"0" + b"}" * 700, 400, INVALID_JSON, device=device)
    rejected("deep-nesting", "shadow/get", {"clientToken": "n", "x": nested(30)}, 400, "invalid node: 'x'")
    rejected("deep-nesting", "routines/request", {"op": "create", "routine": with_fields(ROUTINE, steps=nested(40, array=True))}, 400, "routine is not valid")
    rejected("deep-nesting", "alarms/request", {"op": "create", "alarm": with_fields(ALARM, color=nested(60, array=True))}, 400, "alarm is not valid", device="Parents")
    rejected("deep-nesting", "fleet/control", {"fault": "reboot", "devices": [nested(40)]}, 400, "'devices[0]'")

    # --- invalid UTF-8 ----------------------------------------------------------------------
    bad_utf8 = [
        b'{"state":{"desired":{"name":"\xff"}}}',
        b'{"state":{"desired":{"name":"caf\xe9"}}}',
        b'{"state":{"desired":{"name":"\xc0\xaf"}}}',
        b'{"state":{"desired":{"name":"\xed\xa0\x80"}}}',
        b'{"state":{"desired":{"name":"\xf4\x90\x80\x80"}}}',
        b'{"state":{"desired":{"nightlightOn":true}},"clientToken":"\xe2\x82"}',
        b'{"clientToken":"ok"}\xc3',
        b'\xfe\xff{"clientToken":"utf16"}',
        b'{"op":"create","routine":{"name":"\x80\x80"}}',
    ]
    for index, payload in enumerate(bad_utf8):
        assert not is_utf8(payload), payload
        for topic in ALL_TOPICS:
            if (index + ALL_TOPICS.index(topic)) % 2 == 0 or index < 2:
                device = "Parents" if topic == "alarms/request" else None
                rejected("invalid-utf8", topic, payload, 415, UTF8, device=device)

    # --- binary garbage ---------------------------------------------------------------------
    fixed = [
        b"\x00", b"\x00" * 64, b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
        b"\xa2\x65state\xa1\x67desired\xa0", b"\x08\x96\x01\x12\x07testing", b"\x7fELF\x02\x01\x01\x00", bytes(range(256)),
    ]
    for index, payload in enumerate(fixed):
        topic = ALL_TOPICS[index % len(ALL_TOPICS)]
        code, message = (415, UTF8) if not is_utf8(payload) else (400, INVALID_JSON)
        device = "Kids room Rest+" if topic == "alarms/request" else None
        rejected("binary-garbage", topic, payload, code, message, device=device)
    for topic in ALL_TOPICS:
        for _ in range(4):
            payload = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 2048)))
            code, message = (415, UTF8) if not is_utf8(payload) else (400, INVALID_JSON)
            device = "Kids room Rest+" if topic == "alarms/request" else None
            rejected("binary-garbage", topic, payload, code, message, device=device)
        ascii_noise = bytes(rng.choice(b"\x01\x02\x03\x04\x05\x06\x07\x0b\x0c\x0e\x10\x7f") for _ in range(300))
        device = "Kids room Rest+" if topic == "alarms/request" else None
        rejected("binary-garbage", topic, ascii_noise, 400, INVALID_JSON, device=device)

    # --- wrong thing names ------------------------------------------------------------------
    good = {"state": {"desired": {"nightlightOn": True}}, "clientToken": "ghost"}
    ghosts = [
        "restoreV5_ffffffffffff", "restoreV5_A4C138100001", "Nursery", "restoreV5_a4c13810000", "restoreV5_a4c1381000011",
        "restoreV6_a4c138100001", "restoreV5-a4c138100001", "restoreV5_a4c138100001 ", "restoreV4_a4c138100001", "x" * 200,
    ]
    for index, thing in enumerate(ghosts):
        add("wrong-thing", "shadow/update", good, "ignored", thing=thing)
        add("wrong-thing", SHADOW_TOPICS[index % 2 * 2], {"clientToken": "ghost"}, "ignored", thing=thing)
    for index, thing in enumerate(ghosts[:5]):
        add("wrong-thing", RECORD_TOPICS[index % 2], {"op": "delete", "id": 1}, "ignored", thing=thing)
    add("wrong-thing", "shadow/update", good, "ignored", topic_override="$aws/things//shadow/update")
    add("wrong-thing", "shadow/update", good, "ignored", topic_override="$aws/things/{Nursery}/shadow/name/bad.name/update")
    add("wrong-thing", "shadow/update", good, "ignored", topic_override="$aws/things/{Nursery}/shadow/updates")
    add("wrong-thing", "shadow/update", good, "ignored", topic_override="$aws/things/{Nursery}/shadow/update/accepted")
    add("wrong-thing", "shadow/update", good, "ignored", topic_override="$aws/things/{Nursery}/shadow/update/delta")
    add("wrong-thing", "shadow/delete", b"", "ignored", topic_override="$aws/things/{Nursery}/shadow/delete/accepted")
    add("wrong-thing", "shadow/delete", b"", "ignored", topic_override="$aws/things/{Nursery}/Shadow/delete")
    add("wrong-thing", "routines/request", {"op": "delete", "id": 1}, "ignored", topic_override="hatch/things/{Nursery}/scenes/request")
    add("wrong-thing", "routines/request", {"op": "delete", "id": 1}, "ignored", topic_override="hatch/things/{Nursery}/routines")
    add("wrong-thing", "alarms/request", {"op": "delete", "id": 1}, "ignored", topic_override="hatch/things/{Nursery}/alarms/request/accepted")
    for names in [["NoSuchDevice"], ["Nursery", "Attic"], ["ff:ff:ff:ff:ff:ff"], ["restoreV5_ffffffffffff"], ["nursery "]]:
        rejected("wrong-thing", "fleet/control", {"fault": "reboot", "devices": names}, 404, "in this fleet")


def main():
    if os.path.isdir(PAYLOADS):
        shutil.rmtree(PAYLOADS)
    os.makedirs(PAYLOADS)
    generate()
    with open(os.path.join(ROOT, "cases.json"), "w") as handle:
        json.dump({"generatedBy": "Scripts/make-bad-input-corpus.py", "devices": "devices/household.yaml", "cases": cases}, handle, indent=1, ensure_ascii=False)
        handle.write("\n")
    kinds = {}
    for case in cases:
        kinds.setdefault(case["kind"], {}).setdefault(case["topic"], 0)
        kinds[case["kind"]][case["topic"]] += 1
    print(f"{len(cases)} cases")
    for kind, topics in sorted(kinds.items()):
        print(f"  {kind:15} " + ", ".join(f"{topic} {count}" for topic, count in sorted(topics.items())))


if __name__ == "__main__":
    main()
