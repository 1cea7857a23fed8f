"""A small private network of Linux network namespaces for the multi-host test.

One namespace holds a bridge (the "LAN"); every host is a namespace with a veth pair into it and an
address of ``SUBNET``. The subnet exists only inside these namespaces: nothing is added to the host's
own network, and ``Lan.close()`` ends every process left in them and deletes them.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from dataclasses import dataclass, field

SUBNET = "10.231.0"


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True)


@dataclass
class Lan:
    tag: str
    hosts: dict[str, str] = field(default_factory=dict)  # role → address

    @property
    def lan(self) -> str:
        return f"cdp{self.tag}-lan"

    def ns(self, role: str) -> str:
        return f"cdp{self.tag}-{role}"

    def up(self) -> None:
        ip("netns", "add", self.lan)
        ip("-n", self.lan, "link", "add", "br0", "type", "bridge")
        ip("-n", self.lan, "link", "set", "br0", "up")

    def add_host(self, role: str, last_octet: int) -> str:
        ns, index = self.ns(role), len(self.hosts)
        outside, inside = f"c{self.tag}{index}a", f"c{self.tag}{index}b"
        ip("netns", "add", ns)
        ip("-n", ns, "link", "set", "lo", "up")
        ip("link", "add", outside, "type", "veth", "peer", "name", inside)
        ip("link", "set", outside, "netns", self.lan)
        ip("link", "set", inside, "netns", ns)
        ip("-n", self.lan, "link", "set", outside, "master", "br0", "up")
        address = f"{SUBNET}.{last_octet}"
        ip("-n", ns, "addr", "add", f"{address}/24", "dev", inside)
        ip("-n", ns, "link", "set", inside, "up")
        self.hosts[role] = address
        return address

    def command(self, role: str, argv: list[str]) -> list[str]:
        return ["ip", "netns", "exec", self.ns(role), *argv]

    def pids(self, role: str) -> list[int]:
        out = subprocess.run(["ip", "netns", "pids", self.ns(role)], capture_output=True, text=True).stdout
        return [int(pid) for pid in out.split()]

    def close(self) -> None:
        """Stop every process in the hosts (TERM, then KILL), then delete the namespaces."""
        names = [self.ns(role) for role in self.hosts]
        for sig in (signal.SIGTERM, signal.SIGKILL):
            for role in self.hosts:
                for pid in self.pids(role):
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, sig)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and any(self.pids(role) for role in self.hosts):
                time.sleep(0.2)
        for name in [*names, self.lan]:
            subprocess.run(["ip", "netns", "del", name], capture_output=True)
