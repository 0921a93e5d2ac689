"""Path converters that turn away, as a 404, addresses no object could have.

An id longer than a 64-bit integer made SQLite raise OverflowError, and a
NUL in a token made PostgreSQL refuse the query: both were 500s. Here such
paths never reach a view.
"""


class IdConverter:
    """A database id: digits that fit a signed 64-bit integer (18 digits always do)."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


class TokenConverter:
    """A share or invite link's token, as models.new_token makes them (URL-safe base64)."""

    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
