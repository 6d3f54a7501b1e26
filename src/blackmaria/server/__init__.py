"""``blackmaria serve``: online tables over HTTP and WebSocket, durable in a database, with a verifiable shuffle.

Imported only by the ``serve`` and ``verify`` commands, so the rules engine
and the terminal game do not need the web stack. ``docs/server.md`` documents
the lobby API and the WebSocket protocol.
"""
