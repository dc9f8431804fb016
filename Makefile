# Set-up and everyday commands. `make run` and `make test` install what is missing (Debian packages
# mosquitto and libmosquitto-dev) before they build, so a fresh machine needs nothing by hand.

SWIFT        ?= swift
SCRATCH      ?= .build
SWIFTFLAGS   ?= --scratch-path $(SCRATCH)
APT_PACKAGES := mosquitto libmosquitto-dev

.PHONY: deps build test test-tsan run bench clean

## deps: install the broker and the client library when they are missing.
deps:
	@missing=""; \
	for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "make deps: installing$$missing"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	else echo "make deps: mosquitto and libmosquitto-dev are installed"; fi

build: deps
	$(SWIFT) build $(SWIFTFLAGS)

## test: every unit and integration test (integration tests start their own mosquitto).
test: deps
	$(SWIFT) build $(SWIFTFLAGS) --build-tests
	$(SWIFT) test $(SWIFTFLAGS) --skip-build
	$(SCRATCH)/debug/dependency-analyzer --mode package .

## test-tsan: the same suite under ThreadSanitizer.
test-tsan: deps
	$(SWIFT) test --scratch-path .build-tsan --sanitize=thread

## run: a private broker, the sample household fleet and a short demo.
run: deps
	$(SWIFT) build $(SWIFTFLAGS) --product hatchctl
	$(SCRATCH)/debug/hatchctl demo

## bench: the benchmark package (container, MQTT) with peers in the same run.
bench: deps
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark

clean:
	rm -rf $(SCRATCH) .build-tsan Benchmarks/.build
