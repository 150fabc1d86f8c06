"""The two wire fixes that make python-socketio's msgpack speak like socket.io-msgpack-parser."""

from __future__ import annotations

import msgpack
from socketio import packet
from socketio.msgpack_packet import MsgPackPacket

from host.wire import JsMsgPackPacket

UNDEFINED = msgpack.ExtType(0, b"\x00")  # what notepack.io sends for JS undefined


def test_disconnect_packet_has_no_data_key():
    encoded = JsMsgPackPacket(packet.DISCONNECT, namespace="/").encode()
    assert msgpack.unpackb(encoded) == {"type": packet.DISCONNECT, "nsp": "/"}
    stock = msgpack.unpackb(MsgPackPacket(packet.DISCONNECT, namespace="/").encode())
    assert "data" in stock  # the stock class sends data: nil, which the JS parser rejects


def test_packets_with_data_keep_it():
    encoded = JsMsgPackPacket(packet.EVENT, data=["view", {"a": [1, None]}], namespace="/").encode()
    assert msgpack.unpackb(encoded)["data"] == ["view", {"a": [1, None]}]


def test_js_undefined_decodes_to_none():
    raw = msgpack.packb({"type": packet.CONNECT, "nsp": "/", "data": UNDEFINED})
    assert JsMsgPackPacket(encoded_packet=raw).data is None
    assert MsgPackPacket(encoded_packet=raw).data == UNDEFINED  # truthy in stock python-socketio


def test_undefined_inside_objects_and_array_buffers():
    raw = msgpack.packb({"type": packet.EVENT, "nsp": "/", "id": 3,
                         "data": ["act", {"token": UNDEFINED, "buf": msgpack.ExtType(0, b"\x01\x02")}]})
    decoded = JsMsgPackPacket(encoded_packet=raw)
    assert decoded.data == ["act", {"token": None, "buf": b"\x01\x02"}]
    assert decoded.id == 3
    other = JsMsgPackPacket(encoded_packet=msgpack.packb(
        {"type": packet.EVENT, "nsp": "/", "data": [msgpack.ExtType(5, b"x")]}))
    assert other.data == [msgpack.ExtType(5, b"x")]


async def test_undefined_auth_from_a_client_counts_as_no_token(clients):
    client = await clients(auth=UNDEFINED)
    ack = await client.call("list_tables", {})
    assert ack == {"ok": True, "tables": []}
    client2 = await clients(auth={"token": UNDEFINED})
    await client2.call("list_tables", {})
    assert client.last("error") is None and client2.last("error") is None
