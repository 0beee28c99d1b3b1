"""PNG files checked from their bytes before anything decodes them: signature, header, whole chunk chain.
Pure Python (no pygame)."""
from __future__ import annotations

from collections.abc import Callable

MAX_SIDE = 4096
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[tuple[int, int] | None, str]:
    """Width and height from the PNG header after walking its chunk chain, or (None, why not)."""
    return png_size_from(lambda pos, n: data[pos:pos + n], len(data))


def png_size_from(read_at: Callable[[int, int], bytes], total: int) -> tuple[tuple[int, int] | None, str]:
    """`png_size` of a file of `total` bytes read only where its header and chunk headers lie (`read_at(offset,
    n)` gives at most n bytes from there): the pixel data is never read."""
    if not total:
        return None, "empty file (0 bytes)"
    head = read_at(0, 33)
    if not head.startswith(SIGNATURE):
        if SIGNATURE.startswith(head):
            return None, "truncated PNG (ends inside its signature)"
        looks_text = all(b in b"\t\n\r" or 32 <= b < 127 for b in head) or head.startswith(b"\xef\xbb\xbf")
        return None, "not a PNG image" + (" (it looks like text)" if looks_text else " (bad signature)")
    if len(head) < 33:
        return None, "truncated PNG (ends inside its header)"
    if head[12:16] != b"IHDR" or int.from_bytes(head[8:12], "big") != 13:
        return None, "not a valid PNG (no IHDR header chunk)"
    width, height = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    if width == 0 or height == 0:
        return None, "not a valid PNG (zero width or height)"
    if width > MAX_SIDE or height > MAX_SIDE:
        return None, f"image too large ({width}x{height} px; at most {MAX_SIDE} px a side)"
    pos = 8
    while True:
        chunk = read_at(pos, 8)
        if len(chunk) < 8:
            return None, "truncated PNG (ends before its IEND chunk)"
        pos += 12 + int.from_bytes(chunk[:4], "big")
        if pos > total:
            return None, f"truncated PNG (chunk {chunk[4:].decode('latin-1')!r} runs past the end of the file)"
        if chunk[4:] == b"IEND":
            return (width, height), ""
