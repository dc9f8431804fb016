"""A free TCP port on 127.0.0.1 for a listener the suites start (a broker, a dashboard).

Chosen below the kernel's ephemeral range, the ports it gives outgoing connections, so a busy
machine's clients cannot take it between choosing it and the listener's bind, nor while a killed
broker restarts on it; the kernel's own choice when that range leaves too little room.
"""

from __future__ import annotations

import random
import socket
from pathlib import Path


def ephemeral_range_start() -> int:
    """The first port of the kernel's ephemeral range (Linux), else the IANA range macOS uses."""
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 49152


def free_loopback_port() -> int:
    """A TCP port on 127.0.0.1 that nothing is bound to right now."""
    start = ephemeral_range_start()
    lowest = max(10_000, start - 20_000)
    candidates = range(lowest, start) if start - lowest >= 4096 else range(0)
    for port in random.sample(candidates, min(64, len(candidates))) + [0]:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return probe.getsockname()[1]
    raise OSError("no free port on 127.0.0.1")
