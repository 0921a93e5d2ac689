"""Docker's HEALTHCHECK: ask the server in this container for /healthz.

    python -m scorekeeper.healthcheck      # exit 0 when healthy, 1 when not

Standard library only, so each probe costs a few milliseconds rather than a
Django start-up. The request names one of DJANGO_ALLOWED_HOSTS, or Django
would answer 400 to the container's own address.
"""

import os
import sys
import urllib.error
import urllib.request


def probe_host(allowed_hosts: str) -> str:
    """A host name Django accepts: the first allowed host, made concrete."""
    first = next((host.strip() for host in allowed_hosts.split(",") if host.strip()), "localhost")
    if first == "*":
        return "localhost"
    # ".example.com" allows example.com and its subdomains.
    return first.lstrip(".")


def main() -> int:
    port = os.environ.get("PORT", "8000")
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/healthz",
        headers={"Host": probe_host(os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost"))},
    )
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            healthy = response.status == 200
    except (urllib.error.URLError, OSError) as error:
        print(f"unhealthy: {error}", file=sys.stderr)  # noqa: T201 - a container health probe's one line
        return 1
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
