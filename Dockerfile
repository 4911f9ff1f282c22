# Card Table: the bot in a slim Python image, as a non-root user, SQLite on a volume.
#   docker build -t cardtable .
#   docker run -d --env-file .env -v cardtable-data:/data cardtable
FROM python:3.12-slim
RUN useradd --system --create-home --home-dir /home/cardtable cardtable \
    && mkdir -p /data && chown cardtable: /data
COPY . /src
# The same install steps CI runs in a fresh venv (deploy/install.sh).
RUN bash /src/deploy/install.sh /opt/cardtable /src && rm -rf /src
USER cardtable
WORKDIR /data
ENV CARDTABLE_DATABASE_URL=sqlite:////data/cardtable.sqlite3 \
    PATH=/opt/cardtable/bin:$PATH
VOLUME ["/data"]
# SIGTERM (docker stop) stops the bot gracefully within a few seconds.
STOPSIGNAL SIGTERM
CMD ["cardtable", "run"]
