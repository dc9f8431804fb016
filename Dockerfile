# A container image of hatchctl and the fleet files.
#
#   docker build -t hatch-device-toolkit .
#   docker run --rm hatch-device-toolkit hatchctl --help
#
# docker-compose.yml builds it and runs the fleet against a mosquitto 2 broker.

ARG SWIFT_VERSION=6.3

# Build: hatchctl in release mode on the official Swift image (Ubuntu 24.04).
FROM swift:${SWIFT_VERSION}-noble AS build
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libmosquitto-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN swift build -c release --product hatchctl \
    && install -D "$(swift build -c release --show-bin-path)/hatchctl" /out/hatchctl

# Run: the Swift runtime, libmosquitto and the mosquitto command-line clients.
FROM swift:${SWIFT_VERSION}-noble-slim AS runtime
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libmosquitto1 mosquitto-clients ca-certificates tzdata \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --create-home --home-dir /var/lib/hatch --uid 1883 --user-group hatch \
    && install -d -o hatch -g hatch -m 0700 /etc/hatch/broker
COPY --from=build /out/hatchctl /usr/local/bin/hatchctl
COPY devices /opt/hatch/devices
# uid 1883 is also the mosquitto image's user, so the broker reads the 0600 password file and ACL
# that `hatchctl broker config` writes here, and the fleet reads its credentials from the same folder.
ENV HATCH_HOME=/var/lib/hatch
WORKDIR /opt/hatch
USER hatch
VOLUME ["/var/lib/hatch", "/etc/hatch/broker"]
# Prometheus metrics (`--metrics-port 9464`).
EXPOSE 9464
CMD ["hatchctl", "fleet", "run", "--broker", "mqtt://broker:1883", "--devices", "devices/household.yaml"]
