"""The host's own tools, apart from the server: the headless phone, the lean bench phones and
the bench drivers."""
