# The scorekeeper as one container: gunicorn serving Django, static files
# from WhiteNoise. Database: PostgreSQL through DATABASE_URL, or SQLite in the
# /data volume when DATABASE_URL is unset. See README, "Deploy".
FROM python:3.11-slim

COPY --from=ghcr.io/astral-sh/uv:0.13.9 /uv /usr/local/bin/uv

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    UV_COMPILE_BYTECODE=1 \
    UV_LINK_MODE=copy \
    UV_PYTHON_DOWNLOADS=never \
    UV_PROJECT_ENVIRONMENT=/app/.venv \
    PATH="/app/.venv/bin:$PATH" \
    SQLITE_PATH=/data/db.sqlite3 \
    PORT=8000

WORKDIR /app

# Fonts for the result previews a chat app shows (games/result_image.py): DejaVu for most
# scripts, Droid Sans Fallback for Chinese, Japanese and Korean names.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core fonts-droid-fallback fonts-symbola gettext \
    && rm -rf /var/lib/apt/lists/*

# Dependencies first, in their own layer: it is rebuilt only when the lock changes.
COPY pyproject.toml uv.lock ./
RUN uv sync --locked --no-dev --no-install-project

COPY . .
# Hashed, compressed copies for WhiteNoise, and the translations compiled (locale/*.po to .mo,
# git-ignored); neither needs a secret key or database.
RUN python manage.py collectstatic --noinput \
    && python manage.py compilemessages --ignore=.venv \
    && useradd --system --uid 10001 --no-create-home --home-dir /nonexistent scorekeeper \
    && mkdir -p /data \
    && chown scorekeeper /data

# The code stays root's and read-only to the server; only /data is writable.
USER scorekeeper
VOLUME ["/data"]
EXPOSE 8000

HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["python", "-m", "scorekeeper.healthcheck"]

# gunicorn.conf.py (bind from PORT, workers from WEB_CONCURRENCY) is read from /app.
CMD ["gunicorn"]
