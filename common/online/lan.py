"""The addresses other machines on the local network can reach this one at (for the invite of a hosted game)."""
from __future__ import annotations

import contextlib
import ipaddress
import socket

PROBE = ("192.0.2.1", 9)  # a documentation address: connecting a UDP socket to it sends nothing


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses others may reach, the one of the default route first; none when the
    machine has no network (the invite then says to use 127.0.0.1 on this machine only)."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(PROBE)
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    return [a for a in dict.fromkeys(found) if _usable(a)]


def split_address(text: str, default_port: int) -> tuple[str, int] | None:
    """"host", "host:port" or "[v6]:port" as (host, port); None when it is not an address."""
    text = text.strip()
    if not text or any(c.isspace() for c in text) or "/" in text:
        return None
    host, port = text, default_port
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            return None
        host, rest = text[1:end], text[end + 1:]
        if rest:
            if not rest.startswith(":"):
                return None
            port_text = rest[1:]
            if not (port_text.isascii() and port_text.isdigit()):
                return None
            port = int(port_text)
    elif text.count(":") == 1:
        host, port_text = text.split(":")
        if not (port_text.isascii() and port_text.isdigit()):
            return None
        port = int(port_text)
    elif ":" in text and not _is_ipv6(text):  # "host:1:8765": no host has two colons but an IPv6 address
        return None
    if not host or not 0 < port < 65536:
        return None
    return host, port


def _is_ipv6(text: str) -> bool:
    try:
        return ipaddress.ip_address(text).version == 6
    except ValueError:
        return False


def port_free(port: int, host: str = "") -> bool:
    """Whether a server could listen on `port` now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def free_port_near(port: int, tries: int = 50) -> int | None:
    """The first port after `port` a server could listen on now (None if none of the next `tries`)."""
    return next((p for p in range(port + 1, min(65536, port + 1 + tries)) if port_free(p)), None)
