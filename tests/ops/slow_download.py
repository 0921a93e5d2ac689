"""A WSGI app that streams for longer than a short worker timeout: a stand-in for the biggest league's backup."""

import time

SECONDS = 4


def application(environ, start_response):
    start_response("200 OK", [("Content-Type", "text/plain")])

    def pieces():
        for second in range(SECONDS):
            time.sleep(1)
            yield f"{second}\n".encode()

    return pieces()
