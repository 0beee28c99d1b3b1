"""A person elsewhere: their committed actions wait until the table takes them."""
from __future__ import annotations

from arzium.rules.actions import RestEarly, SkipBuy
from arzium.rules.state import default_setup, new_game
from arzium.seats import RemotePerson


def test_an_action_asked_while_the_table_is_busy_is_still_there_when_it_is_taken() -> None:
    state = new_game(default_setup(2), 5)
    remote = RemotePerson()
    remote.push(3, [RestEarly(), SkipBuy()])
    assert remote.poll(state, 0, 3) == RestEarly()  # asked while an animation runs: not taken yet
    assert remote.poll(state, 0, 3) == RestEarly()  # asked again once idle
    assert remote.poll(state, 0, 4) == SkipBuy()
    assert remote.poll(state, 0, 3) is None  # an older one is forgotten once a later one was asked for
    assert remote.poll(state, 0, 5) is None
