"""A link's news: each frame it is given and each change of its status is counted in `NEWS`, and a wait for the
next piece of news ends when it comes (what the online tests wait on instead of sleeping)."""
from __future__ import annotations

import threading

from netkit import Served

from common.net.client import NEWS, Link, News


def test_a_wait_ends_at_the_next_news_and_not_before() -> None:
    news = News()
    assert not news.wait_past(0, 0.0)  # nothing yet
    threading.Timer(0.01, news.add).start()
    assert news.wait_past(0, 30.0) and news.count == 1
    assert news.wait_past(0, 0.0) and not news.wait_past(1, 0.0)


def test_a_links_frames_and_its_end_are_news(served: Served) -> None:
    seen = NEWS.count
    link = Link(served.url, reconnect=False)
    try:
        frames: list[dict[str, object]] = []
        while not any(f.get("kind") == "welcome" for f in frames):
            assert NEWS.wait_past(seen, 30.0), "the welcome frame came as no news"
            seen = NEWS.count
            frames += link.poll()
    finally:
        before = NEWS.count
        link.close()
    assert link.status == "closed" and NEWS.count > before  # closing is news too
