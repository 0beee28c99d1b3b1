"""The online client: a hosted room's facts, a session with a room server, seat tokens kept on disk,
this computer's addresses. Imports common.net's client and protocol, common.data."""
