"""The msgpack packet class that speaks exactly like the browser's socket.io-msgpack-parser."""

from __future__ import annotations

from typing import Any

import msgpack
from socketio.msgpack_packet import MsgPackPacket


def js_ext_hook(code: int, data: bytes) -> Any:
    """Map notepack.io's ext type 0 back to Python: ``undefined`` → None, ArrayBuffer → bytes."""
    if code == 0 and data == b"\x00":
        return None
    if code == 0:
        return bytes(data)
    return msgpack.ExtType(code, data)


class JsMsgPackPacket(MsgPackPacket):
    """Socket.IO msgpack packet compatible with socket.io-msgpack-parser.

    Two fixes over python-socketio's stock class: a packet without data (DISCONNECT) carries no
    ``data`` key at all, and JS ``undefined`` (ext type 0, one zero byte) decodes to ``None``.
    """

    ext_hook = staticmethod(js_ext_hook)

    def decode(self, encoded_packet: Any) -> None:
        """Decode a received packet without judging it: maps may have keys of any type and fields may be
        missing or of any type (:func:`host.transport.frame_problem` says what is wrong, so that the
        sender gets an error ack instead of silence)."""
        decoded = msgpack.loads(encoded_packet, ext_hook=self.ext_hook, strict_map_key=False)
        if not isinstance(decoded, dict):
            raise ValueError("a packet must be a map")
        self.packet_type = decoded.get("type")
        self.data = decoded.get("data")
        self.id = decoded.get("id")
        self.namespace = decoded.get("nsp")

    def _to_dict(self) -> dict[str, Any]:
        d = super()._to_dict()
        if d.get("data") is None:
            d.pop("data", None)
        return d
