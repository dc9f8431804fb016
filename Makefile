# Set-up and everyday commands. The build, run, test and bench targets install what they need when
# it is missing before they build (the Debian packages mosquitto, mosquitto-clients,
# libmosquitto-dev, pkg-config and openssl, which the tests use to check the TLS files of
# `hatchctl broker config --tls` independently of the library that makes them;
# `make test` and `make interop` also the interop suite's Python environment), so a fresh machine
# needs nothing by hand.

SWIFT        ?= swift
SCRATCH      ?= .build
SWIFTFLAGS   ?= --scratch-path $(SCRATCH)

# The interop suite: the vendor's Python client against the simulated fleet (Tests/Interop).
INTEROP_REQUIREMENTS := Tests/Interop/requirements.txt
INTEROP_VENV         := $(SCRATCH)/interop-venv
INTEROP_PYTHON       ?=
# The simulated hours the suite runs at, each on a fresh fleet: `all` (a quiet hour, sunrise leads,
# ringing and snoozed alarms, a running routine, inside and outside a scheduled clock window, both
# daylight-saving changes; about a minute), or some of them by name, e.g. INTEROP_HOURS=quiet,sunrise
# (`$(INTEROP_VENV)/bin/python Tests/Interop/vendor_client_interop.py --list-hours` lists them).
INTEROP_HOURS        ?= all
INTEROP_SUITE        := $(INTEROP_VENV)/bin/python Tests/Interop/vendor_client_interop.py \
                        --hatchctl $(SCRATCH)/debug/hatchctl --devices devices/all-products.yaml \
                        --hours $(INTEROP_HOURS) --log-dir $(SCRATCH)/interop-logs

# The interop suite once more with the two roles apart (`--shadow-service external`): a broker from
# `hatchctl broker config --shadow-service external` (an ACL like an AWS IoT policy), `hatchctl
# shadow-service` and `hatchctl fleet run --shadow-service external`, at the hours of INTEROP_SPLIT_HOURS.
INTEROP_SPLIT_HOURS  ?= all
INTEROP_SPLIT_SUITE  := $(INTEROP_VENV)/bin/python Tests/Interop/vendor_client_interop.py \
                        --hatchctl $(SCRATCH)/debug/hatchctl --devices devices/all-products.yaml \
                        --hours $(INTEROP_SPLIT_HOURS) --log-dir $(SCRATCH)/interop-split-logs --shadow-service external

# The shadow conformance suite (Tests/ShadowConformance): AWS's own device-shadow client (awsiotsdk's
# IotShadowClient and its request and response models) against the classic and a named shadow, with the
# shadow service inside `fleet run` and split out as `hatchctl shadow-service`; each check quotes the
# AWS IoT Device Shadow documentation it proves.
SHADOW_CONFORMANCE   := $(INTEROP_VENV)/bin/python Tests/ShadowConformance/shadow_conformance.py \
                        --hatchctl $(SCRATCH)/debug/hatchctl --devices devices/household.yaml \
                        --mode both --log-dir $(SCRATCH)/shadow-conformance-logs

# The hardware-in-loop suite (Tests/HardwareInLoopTests): each scenario appends a JSON line to this
# report, and Scripts/hil-table.py prints the table from it after the run.
HIL_REPORT           := $(SCRATCH)/hil-report.jsonl
HIL_TABLE            := python3 Scripts/hil-table.py $(HIL_REPORT)
# The same verdicts as a JUnit XML file (HATCH_HIL_JUNIT), which Scripts/check-hil-junit.py parses with
# junitparser (pinned in $(HIL_REQUIREMENTS), in a throwaway virtual environment) and compares with the table.
HIL_JUNIT            := $(SCRATCH)/hil/junit.xml
HIL_SPLIT_JUNIT      := $(SCRATCH)/hil/junit-split.xml
HIL_REQUIREMENTS     := Scripts/hil-junit-requirements.txt
HIL_VENV             := $(SCRATCH)/hil-venv
HIL_JUNIT_CHECK      := $(HIL_VENV)/bin/python Scripts/check-hil-junit.py
# The variables that point the suite at devices it did not start; `make test` clears them, so that it
# always runs the scenarios against the private fleet.
HIL_TARGET_VARIABLES := HATCH_HIL_BROKER_URL HATCH_HIL_DEVICES HATCH_HIL_CA_FILE HATCH_HIL_CERT_FILE \
                        HATCH_HIL_KEY_FILE HATCH_HIL_USERNAME HATCH_HIL_PASSWORD

# The Kubernetes manifests' check (deploy/kubernetes): the API schemas through kubernetes-validate,
# from a throwaway virtual environment, and their hatchctl commands through this build's hatchctl.
K8S_REQUIREMENTS     := Scripts/kubernetes-requirements.txt
K8S_VENV             := $(SCRATCH)/k8s-venv
K8S_VERSION          ?= 1.31
K8S_CHECK            := Scripts/check-kubernetes.sh $(SCRATCH)/debug/hatchctl $(K8S_VENV) $(K8S_VERSION)

# The dashboard's browser suite (Tests/Dashboard): Debian's chromium and chromium-driver, driven headless by
# Selenium from a throwaway virtual environment; screenshots land in DASHBOARD_SCREENSHOTS.
BROWSER_REQUIREMENTS := Tests/Dashboard/requirements.txt
BROWSER_VENV         := $(SCRATCH)/browser-venv
DASHBOARD_SCREENSHOTS := $(SCRATCH)/dashboard-screenshots

# The example app package (Examples/WakeUpScreen): its own build folder under this one, and its reports.
EXAMPLE_PACKAGE      := Examples/WakeUpScreen
EXAMPLES_SCRATCH     := $(SCRATCH)/examples
EXAMPLES_REPORT      := $(EXAMPLES_SCRATCH)/hil/report.jsonl
EXAMPLES_JUNIT       := $(EXAMPLES_SCRATCH)/hil/junit.xml

.PHONY: help dashboard-script-test scenarios scenarios-small deps deps-system deps-interop deps-compose deps-k8s deps-hil deps-browser dashboard-test examples examples-external compose-check k8s-check build test test-portable test-tsan interop interop-split shadow-conformance hil hil-split run bench docs fuzz fuzz-long clean

## help: each target and the first line of what it does.
help:
	@grep -E '^## [a-z-]+(, [a-z-]+)*:' $(firstword $(MAKEFILE_LIST)) | sed -E 's/^## //' | awk -F': ' '{ printf "  %-20s %s\n", $$1, substr($$0, length($$1) + 3) }'

## deps: the Debian packages every target uses, the interop suite's Python environment, the
## Compose parser that validates docker-compose.yml, the Kubernetes schema validator, the JUnit
## parser that checks the hardware-in-loop JUnit report, and the browser that tests the dashboard.
deps: deps-system deps-interop deps-compose deps-k8s deps-hil deps-browser

## deps-system: install mosquitto, its command-line clients, libmosquitto-dev, pkg-config, openssl,
## shellcheck (which lints the provision.sh of `hatchctl cloud provision` in the tests) and nodejs (which
## checks and unit-tests the dashboard's script) when missing.
# Decides by what is actually there (executables, pkg-config, dpkg's "installed" state), not by
# `dpkg -s`, which succeeds for a package removed with its configuration files left behind.
deps-system:
	@if [ "$$(uname -s)" = Darwin ]; then \
		if pkg-config --exists libmosquitto 2>/dev/null && command -v node >/dev/null 2>&1 && { command -v mosquitto >/dev/null 2>&1 || [ -x /opt/homebrew/sbin/mosquitto ] || [ -x /usr/local/sbin/mosquitto ]; }; then \
			echo "make deps: mosquitto, pkg-config and node are installed"; exit 0; fi; \
		if command -v brew >/dev/null 2>&1; then \
			echo "make deps: installing mosquitto, pkg-config and node with Homebrew"; brew install mosquitto pkg-config node || exit 1; exit 0; fi; \
		echo "make deps: on macOS this needs Homebrew (https://brew.sh), then 'brew install mosquitto pkg-config node';" >&2; \
		echo "  or install mosquitto (with libmosquitto and its .pc file) and pkg-config some other way and run make again." >&2; \
		exit 1; \
	fi; \
	missing=""; \
	installed() { [ "$$(dpkg-query -W -f='$${db:Status-Status}' "$$1" 2>/dev/null)" = installed ]; }; \
	{ command -v mosquitto >/dev/null 2>&1 || [ -x /usr/sbin/mosquitto ]; } || missing="$$missing mosquitto"; \
	{ command -v mosquitto_sub >/dev/null 2>&1 && command -v mosquitto_pub >/dev/null 2>&1; } || missing="$$missing mosquitto-clients"; \
	command -v openssl >/dev/null 2>&1 || missing="$$missing openssl"; \
	command -v shellcheck >/dev/null 2>&1 || missing="$$missing shellcheck"; \
	command -v node >/dev/null 2>&1 || missing="$$missing nodejs"; \
	if command -v pkg-config >/dev/null 2>&1; then \
		pkg-config --exists libmosquitto || missing="$$missing libmosquitto-dev"; \
	else \
		missing="$$missing pkg-config"; installed libmosquitto-dev || missing="$$missing libmosquitto-dev"; \
	fi; \
	if [ -n "$$missing" ]; then \
		echo "make deps: installing$$missing"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null || exit 1; \
		echo "make deps: installed$$missing"; \
	else echo "make deps: mosquitto, mosquitto-clients, libmosquitto-dev, pkg-config, openssl, shellcheck and nodejs are installed"; fi

## dashboard-script-test: the dashboard's script files through `node --check`, and its pure helpers (the grid's
## arithmetic, the batch merge, the shadow's and the log's JSON, the timelines' geometry) through node's test
## runner (Tests/DashboardScript).
DASHBOARD_ASSETS := Sources/HatchDashboard/Web/Assets
dashboard-script-test: deps-system
	@for file in $(DASHBOARD_ASSETS)/*.js; do node --check "$$file" || exit 1; done; echo "node --check: $(DASHBOARD_ASSETS)/*.js"
	node --test Tests/DashboardScript/

## deps-compose: docker-compose (Debian's 1.29), which validates docker-compose.yml without a Docker engine.
deps-compose:
	@if command -v docker-compose >/dev/null 2>&1 || docker compose version >/dev/null 2>&1; then \
		echo "make deps: a Compose parser is installed"; exit 0; fi; \
	if [ "$$(uname -s)" = Darwin ]; then \
		echo "make deps: validating docker-compose.yml needs Docker Desktop's 'docker compose' or 'brew install docker-compose'" >&2; exit 1; fi; \
	SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	echo "make deps: installing docker-compose"; \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq docker-compose >/dev/null || exit 1; \
	echo "make deps: installed docker-compose"

## compose-check: docker-compose.yml through a real Compose parser, and its hatchctl commands through hatchctl.
compose-check: deps-compose
	$(SWIFT) build $(SWIFTFLAGS) --product hatchctl
	Scripts/check-compose.sh $(SCRATCH)/debug/hatchctl

# A throwaway virtual environment: $(call throwaway-venv,VENV,REQUIREMENTS,EXECUTABLE,WHAT,PURPOSE) makes VENV
# with the packages pinned in REQUIREMENTS, unless VENV/bin/EXECUTABLE is there and REQUIREMENTS has not changed.
define throwaway-venv
	@stamp="$(1)/requirements.txt"; \
	if [ -x "$(1)/bin/$(3)" ] && cmp -s "$(2)" "$$stamp"; then \
		echo "make deps: $(1) is up to date"; exit 0; fi; \
	command -v python3 >/dev/null 2>&1 && python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || { \
		echo "make deps: $(5) needs python3 with venv (e.g. 'apt-get install python3-venv')" >&2; exit 1; }; \
	echo "make deps: creating $(1) with $(4)"; \
	rm -rf "$(1)"; \
	python3 -m venv "$(1)" \
		&& "$(1)/bin/python" -m pip install --quiet --disable-pip-version-check --requirement "$(2)" \
		&& cp "$(2)" "$$stamp" \
		|| { echo "make deps: could not install $(2) into $(1)" >&2; rm -rf "$(1)"; exit 1; }
endef

## deps-k8s: a throwaway virtual environment with kubernetes-validate (the Kubernetes API's schemas), pinned
## in $(K8S_REQUIREMENTS); rebuilt only when that file changes.
deps-k8s:
	$(call throwaway-venv,$(K8S_VENV),$(K8S_REQUIREMENTS),kubernetes-validate,kubernetes-validate,the Kubernetes check)

## deps-hil: a throwaway virtual environment with junitparser, pinned in $(HIL_REQUIREMENTS); rebuilt
## only when that file changes.
deps-hil:
	$(call throwaway-venv,$(HIL_VENV),$(HIL_REQUIREMENTS),python,junitparser,the JUnit check)

## deps-browser: Debian's chromium and chromium-driver when missing, and a throwaway virtual environment
## with Selenium (pinned in $(BROWSER_REQUIREMENTS)); rebuilt only when that file changes.
deps-browser:
	@if [ "$$(uname -s)" = Darwin ]; then \
		command -v chromedriver >/dev/null 2>&1 || { echo "make deps: the dashboard tests need Chromium and chromedriver ('brew install --cask chromium chromedriver')" >&2; exit 1; }; \
	else \
		missing=""; \
		[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
		[ -x /usr/bin/chromedriver ] || missing="$$missing chromium-driver"; \
		if [ -n "$$missing" ]; then \
			echo "make deps: installing$$missing"; \
			SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
			$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null || exit 1; \
			echo "make deps: installed$$missing"; \
		else echo "make deps: chromium and chromium-driver are installed"; fi; \
	fi;
	$(call throwaway-venv,$(BROWSER_VENV),$(BROWSER_REQUIREMENTS),python,Selenium,the dashboard suite)

## dashboard-test: the live dashboard in headless chromium against `hatchctl fleet run --dashboard-port` on
## devices/household.yaml (and ten devices of its own): every device shown, `hatchctl light` reaching the
## swatch within a second, a control on the page changing the device, a fault from the page taking it
## offline, the token enforced, the shadow panel's desired edit and delta, a saved command applied to a
## search with its tally, a sunrise in a timeline, and axe-core. Screenshots in $(DASHBOARD_SCREENSHOTS).
dashboard-test: deps-system deps-browser
	$(SWIFT) build $(SWIFTFLAGS) --product hatchctl
	$(BROWSER_VENV)/bin/python Tests/Dashboard/dashboard_browser_test.py --hatchctl $(SCRATCH)/debug/hatchctl \
		--devices devices/household.yaml --screenshots $(DASHBOARD_SCREENSHOTS)

## k8s-check: deploy/kubernetes against the Kubernetes $(K8S_VERSION) schemas (strict), and the hatchctl
## commands of its pods through this build's hatchctl (Scripts/check-kubernetes.sh says how).
k8s-check: deps-k8s
	$(SWIFT) build $(SWIFTFLAGS) --product hatchctl
	$(K8S_CHECK)

## deps-interop: a throwaway virtual environment for the interop suite, with the pinned packages of
## Tests/Interop/requirements.txt; rebuilt only when that file changes. hatch-rest-api needs Python 3.12+.
deps-interop:
	@stamp="$(INTEROP_VENV)/requirements.txt"; \
	if [ -x "$(INTEROP_VENV)/bin/python" ] && cmp -s "$(INTEROP_REQUIREMENTS)" "$$stamp" \
		&& "$(INTEROP_VENV)/bin/python" -c 'import sys' >/dev/null 2>&1; then \
		echo "make deps: $(INTEROP_VENV) is up to date"; exit 0; fi; \
	python=""; \
	for candidate in $(INTEROP_PYTHON) python3.13 python3.12 python3 $$HOME/.pyenv/versions/3.1[2-9]*/bin/python3; do \
		command -v "$$candidate" >/dev/null 2>&1 || continue; \
		"$$candidate" -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1 \
			&& { python="$$candidate"; break; }; \
	done; \
	if [ -z "$$python" ]; then \
		echo "make deps: the interop suite needs Python 3.12 or newer with venv (hatch-rest-api requires it)," >&2; \
		echo "  and none was found (tried python3.13, python3.12, python3, ~/.pyenv/versions/3.1[2-9]*)." >&2; \
		echo "  Install one (e.g. 'pyenv install 3.12', or a python3.12 and python3.12-venv package)," >&2; \
		echo "  or name it with 'make deps INTEROP_PYTHON=/path/to/python3.12'." >&2; \
		exit 1; \
	fi; \
	echo "make deps: creating $(INTEROP_VENV) with $$("$$python" --version 2>&1) ($$python)"; \
	rm -rf "$(INTEROP_VENV)"; \
	"$$python" -m venv "$(INTEROP_VENV)" \
		&& "$(INTEROP_VENV)/bin/python" -m pip install --quiet --disable-pip-version-check \
			--requirement "$(INTEROP_REQUIREMENTS)" \
		&& cp "$(INTEROP_REQUIREMENTS)" "$$stamp" \
		|| { echo "make deps: could not install $(INTEROP_REQUIREMENTS) into $(INTEROP_VENV)" >&2; rm -rf "$(INTEROP_VENV)"; exit 1; }; \
	echo "make deps: installed $$(grep -cE '^[A-Za-z0-9]' "$(INTEROP_REQUIREMENTS)") pinned packages into $(INTEROP_VENV)"

build: deps-system
	$(SWIFT) build $(SWIFTFLAGS)

## test: every unit and integration test (integration tests start their own mosquitto), including the
## hardware-in-loop scenarios against the private fleet (their table follows the run, and their JUnit
## report $(HIL_JUNIT) is checked against it), the example app package (`make examples`), then the
## property tests on their own (they keep both cores busy, which would slow the brokers of the
## integration tests), the dependency analyzer on this package, Package.swift held to what each target imports
## (Scripts/check-package-imports.py), the docker-compose.yml check, the
## Kubernetes manifests' check (`make k8s-check`), the DocC catalogs (`make docs`: a broken
## documentation link fails), and the interop suite at every hour of INTEROP_HOURS; then the
## hardware-in-loop scenarios and the interop suite (INTEROP_SPLIT_HOURS) once more with the device
## firmware and the shadow service apart (`hil-split`, `interop-split`), and the shadow conformance
## suite with the shadow service inside the fleet and apart (`shadow-conformance`).
test: deps
	$(SWIFT) build $(SWIFTFLAGS) --build-tests
	@rm -f $(HIL_REPORT) $(HIL_JUNIT)
	env $(addprefix -u ,$(HIL_TARGET_VARIABLES)) -u HATCH_HIL_SHADOW_SERVICE HATCH_HIL_REPORT=$(abspath $(HIL_REPORT)) \
		HATCH_HIL_JUNIT=$(abspath $(HIL_JUNIT)) $(SWIFT) test $(SWIFTFLAGS) --skip-build --skip DeviceRulesPropertyTests; \
		status=$$?; $(HIL_TABLE) || status=1; $(HIL_JUNIT_CHECK) $(HIL_JUNIT) $(HIL_REPORT) || status=1; exit $$status
	$(MAKE) examples
	$(MAKE) scenarios-small
	$(MAKE) hil-split
	$(MAKE) test-portable
	$(MAKE) dashboard-script-test
	$(MAKE) dashboard-test
	$(SWIFT) test $(SWIFTFLAGS) --skip-build --filter DeviceRulesPropertyTests
	$(SCRATCH)/debug/dependency-analyzer --mode package .
	python3 Scripts/check-package-imports.py .
	Scripts/check-compose.sh $(SCRATCH)/debug/hatchctl
	$(K8S_CHECK)
	$(MAKE) docs
	$(INTEROP_SUITE)
	$(INTEROP_SPLIT_SUITE)
	$(SHADOW_CONFORMANCE)

## test-portable: the MQTT, simulator and fleet, client and feature, and hatchctl suites again on the
## portable poll(2) event loop (HATCH_MQTT_EVENT_LOOP=poll), so Linux CI proves the backend macOS uses.
test-portable: deps-system
	$(SWIFT) build $(SWIFTFLAGS) --build-tests
	HATCH_MQTT_EVENT_LOOP=poll $(SWIFT) test $(SWIFTFLAGS) --skip-build \
		--filter 'HatchMQTTTests|HatchDeviceSimulatorTests|HatchFeatureTests|HatchctlTests' --skip DeviceRulesPropertyTests

## test-tsan: the same suite under ThreadSanitizer.
test-tsan: deps-system
	$(SWIFT) test --scratch-path .build-tsan --sanitize=thread

## interop: the vendor's own client (hatch-rest-api over awsiotsdk) against one simulated device of
## each product on a private mosquitto, at every hour of INTEROP_HOURS: failed checks as they
## finish, a matrix of hours against check groups, then `N passed, N failed`.
interop: deps
	$(SWIFT) build $(SWIFTFLAGS) --product hatchctl
	$(INTEROP_SUITE)

## interop-split: the interop suite at the hours of INTEROP_SPLIT_HOURS against the two roles apart: a
## broker with an ACL like an AWS IoT policy, `hatchctl shadow-service`, and `fleet run --shadow-service
## external`; every hour also checks that the broker denied no publish.
interop-split: deps
	$(SWIFT) build $(SWIFTFLAGS) --product hatchctl
	$(INTEROP_SPLIT_SUITE)

## shadow-conformance: AWS's device-shadow client (awsiotsdk's IotShadowClient) against the classic
## shadow of a device (taken offline, so its own reports leave the version alone) and a named shadow,
## first with the shadow service inside `fleet run`, then split out (`hatchctl shadow-service` on a
## broker with an ACL like an AWS IoT policy): get, update, delete, versions and optimistic locking,
## clientToken, /delta, /documents, null, the size and depth limits, a shadow deleted and created again,
## named shadows apart from the classic one and kept across a restart. PASS or FAIL per check with the
## AWS documentation sentence it proves, then `N passed, N failed`; exits non-zero when one failed.
shadow-conformance: deps-system deps-interop
	$(SWIFT) build $(SWIFTFLAGS) --product hatchctl
	$(SHADOW_CONFORMANCE)

## hil-split: the hardware-in-loop scenarios against the private fleet with its device firmware and its
## shadow service apart (HATCH_HIL_SHADOW_SERVICE=external): a broker with an ACL like an AWS IoT
## policy, the shadow service apart on the fleet's clock (in the kit's process), the devices and the
## controller logged in with their own credentials; a device publish the broker denied fails the
## scenario. Then their table, and their JUnit report ($(HIL_SPLIT_JUNIT)) checked against it.
hil-split: deps-system deps-hil
	$(SWIFT) build $(SWIFTFLAGS) --build-tests
	@rm -f $(HIL_REPORT) $(HIL_SPLIT_JUNIT)
	env $(addprefix -u ,$(HIL_TARGET_VARIABLES)) HATCH_HIL_SHADOW_SERVICE=split HATCH_HIL_REPORT=$(abspath $(HIL_REPORT)) \
		HATCH_HIL_JUNIT=$(abspath $(HIL_SPLIT_JUNIT)) \
		$(SWIFT) test $(SWIFTFLAGS) --skip-build --filter HardwareInLoopTests; \
		status=$$?; $(HIL_TABLE) || status=1; $(HIL_JUNIT_CHECK) $(HIL_SPLIT_JUNIT) $(HIL_REPORT) || status=1; exit $$status

## hil: the hardware-in-loop scenarios, then their table (scenario, target, verdict, the steps not
## applicable on the target, timings). Against a fleet the suite starts itself by default; set
## HATCH_HIL_BROKER_URL and HATCH_HIL_DEVICES (MAC=product pairs or a fleet file), and when needed
## HATCH_HIL_CA_FILE, HATCH_HIL_CERT_FILE, HATCH_HIL_KEY_FILE, HATCH_HIL_USERNAME, HATCH_HIL_PASSWORD,
## for devices on another broker: a `hatchctl fleet run` elsewhere, or real hardware. Writes the JUnit
## report $(HIL_JUNIT) and checks it against the table with junitparser.
hil: deps-system deps-hil
	$(SWIFT) build $(SWIFTFLAGS) --build-tests
	@rm -f $(HIL_REPORT) $(HIL_JUNIT)
	HATCH_HIL_REPORT=$(abspath $(HIL_REPORT)) HATCH_HIL_JUNIT=$(abspath $(HIL_JUNIT)) \
		$(SWIFT) test $(SWIFTFLAGS) --skip-build --filter HardwareInLoopTests; \
		status=$$?; $(HIL_TABLE) || status=1; $(HIL_JUNIT_CHECK) $(HIL_JUNIT) $(HIL_REPORT) || status=1; exit $$status

## examples: the example app package $(EXAMPLE_PACKAGE) (a wake-up screen feature and its hardware-in-loop
## tests, depending on this package by path), built and tested in $(EXAMPLES_SCRATCH) against the
## simulated fleet its tests start; then its table, and its JUnit report checked against it.
examples: deps-system deps-hil
	cd $(EXAMPLE_PACKAGE) && $(SWIFT) build --scratch-path $(abspath $(EXAMPLES_SCRATCH)) --build-tests
	@rm -f $(EXAMPLES_REPORT) $(EXAMPLES_JUNIT)
	cd $(EXAMPLE_PACKAGE) && env $(addprefix -u ,$(HIL_TARGET_VARIABLES)) -u HATCH_HIL_SHADOW_SERVICE \
		HATCH_HIL_REPORT=$(abspath $(EXAMPLES_REPORT)) HATCH_HIL_JUNIT=$(abspath $(EXAMPLES_JUNIT)) \
		$(SWIFT) test --scratch-path $(abspath $(EXAMPLES_SCRATCH)) --skip-build; \
		status=$$?; cd $(CURDIR) && python3 Scripts/hil-table.py $(EXAMPLES_REPORT) || status=1; \
		$(HIL_JUNIT_CHECK) $(EXAMPLES_JUNIT) $(EXAMPLES_REPORT) || status=1; exit $$status

## examples-external: the example's scenarios against a fleet they did not start: `hatchctl fleet run`
## in another process, reached through the HATCH_HIL_* variables (Scripts/examples-external.sh); the
## clock-jump scenario must be reported not applicable (JUnit skipped), the others must pass.
examples-external: deps-system deps-hil
	$(SWIFT) build $(SWIFTFLAGS) --product hatchctl
	cd $(EXAMPLE_PACKAGE) && $(SWIFT) build --scratch-path $(abspath $(EXAMPLES_SCRATCH)) --build-tests
	Scripts/examples-external.sh $(SCRATCH)/debug/hatchctl $(EXAMPLE_PACKAGE) $(EXAMPLES_SCRATCH) $(HIL_VENV)

## scenarios-small: every scenario in scenarios/ at SCENARIOS_SMALL_SCALE of its devices, command rates and
## real durations, its clock SCENARIOS_SMALL_SPEED times faster (SCENARIOS_SMALL_FAULT_SPEED for those that
## kill the broker or drop devices, whose faults fall due in simulated time but recover in real time); a
## JUnit and an HTML report each under $(SCENARIOS_OUTPUT)/small. Part of `make test`.
## scenarios: every scenario in scenarios/ at full scale (10,000 devices for the morning rush and the
## reconnect storm, thirty minutes for the soak; about an hour in all), reports under $(SCENARIOS_OUTPUT)/full.
## Not part of `make test`; its figures are in the HatchScenarios documentation.
SCENARIOS_OUTPUT      ?= $(SCRATCH)/scenarios
SCENARIOS_SMALL_SCALE ?= 0.02
SCENARIOS_SMALL_SPEED ?= 8
SCENARIOS_SMALL_FAULT_SPEED ?= 4
SCENARIOS             ?= $(sort $(wildcard scenarios/*.yaml))
SCENARIOS_WITH_FAULTS := scenarios/chaos.yaml scenarios/flaky-wifi.yaml scenarios/reconnect-storm.yaml
SCENARIO_RUN          := Scripts/run-scenarios.sh $(SCRATCH)/debug/hatchctl
scenarios-small: deps-system
	$(SWIFT) build $(SWIFTFLAGS) --product hatchctl
	$(SCENARIO_RUN) $(SCENARIOS_OUTPUT)/small "--scale $(SCENARIOS_SMALL_SCALE) --speed-factor $(SCENARIOS_SMALL_SPEED)" \
		$(filter-out $(SCENARIOS_WITH_FAULTS),$(SCENARIOS))
	$(SCENARIO_RUN) $(SCENARIOS_OUTPUT)/small "--scale $(SCENARIOS_SMALL_SCALE) --speed-factor $(SCENARIOS_SMALL_FAULT_SPEED)" \
		$(filter $(SCENARIOS_WITH_FAULTS),$(SCENARIOS))
scenarios: deps-system
	$(SWIFT) build $(SWIFTFLAGS) --product hatchctl
	$(SCENARIO_RUN) $(SCENARIOS_OUTPUT)/full "" $(SCENARIOS)

## run: a private broker, the sample household fleet and a short demo.
run: deps-system
	$(SWIFT) build $(SWIFTFLAGS) --product hatchctl
	$(SCRATCH)/debug/hatchctl demo

## bench: the benchmark package (container, MQTT) with peers in the same run.
bench: deps-system
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark

## docs: the DocC catalogs (Sources/<Module>/Documentation.docc), one archive per module under
## $(DOCS_OUTPUT). One plugin invocation builds every target, so the package is loaded and each
## symbol graph extracted once; a broken ``symbol`` or <doc:article> link fails the build, and so does a
## top-level public symbol of a product an app links that its landing page does not list.
DOCS_OUTPUT  ?= $(SCRATCH)/docs
DOCS_TARGETS := HatchDependencyContainerCore HatchModularDependencyContainer DependencyGraphAnalyzer HatchMQTT HatchMQTTLoadTest HatchMosquittoBroker \
                HatchDeviceModel HatchFleetFile HatchDeviceSimulator \
                HatchIoTDeviceStateEmitterClient HatchIoTActionSenderClient HatchIoTDeviceConnectionStateClient \
                HatchDeviceSession HatchAdultRoutine HatchAdultAlarms HatchHardwareInLoop \
                HatchDashboard HatchScenarioFile HatchScenarios

# The products an app links: each landing page lists every top-level public symbol (checked after the build).
APP_PRODUCTS := HatchDependencyContainerCore HatchMQTT HatchDeviceModel HatchIoTDeviceStateEmitterClient HatchIoTActionSenderClient \
                HatchIoTDeviceConnectionStateClient HatchDeviceSession HatchAdultRoutine HatchAdultAlarms HatchFleetFile

docs: deps-system
	$(SWIFT) package $(SWIFTFLAGS) --allow-writing-to-directory $(DOCS_OUTPUT) \
		generate-documentation $(addprefix --target ,$(DOCS_TARGETS)) \
		--output-path $(DOCS_OUTPUT) --disable-indexing --warnings-as-errors
	python3 Scripts/check-landing-pages.py $(SCRATCH) $(APP_PRODUCTS)

## fuzz: builds the libFuzzer targets (json-parser, shadow-request, record-request, fleet-file) with
## AddressSanitizer into $(FUZZ_SCRATCH), runs each for FUZZ_SECONDS from its kept corpus Fuzz/corpus/<target>
## and Tests/Fixtures/bad-input, and prints minutes, executions, exec/s, coverage (cov, ft), corpus inputs and
## crashes per target; fails when a target crashed. Links with lld: gold fails on the instrumented objects.
## E.g. `make fuzz FUZZ_SECONDS=10 FUZZ_TARGETS=json-parser`.
FUZZ_SECONDS ?= 60
FUZZ_SCRATCH ?= .build-fuzz
FUZZ_TARGETS ?= json-parser shadow-request record-request fleet-file
# libFuzzer's archive goes whole into every executable of this build, the macro plugins included, and
# its `main` needs LLVMFuzzerTestOneInput: $(FUZZ_WEAK_ENTRY) gives them a weak one.
FUZZ_WEAK_ENTRY := $(FUZZ_SCRATCH)/weak-test-one-input.o
FUZZ_BUILD   := $(SWIFT) build --scratch-path $(FUZZ_SCRATCH) -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
                -Xswiftc -use-ld=lld -Xlinker $(abspath $(FUZZ_WEAK_ENTRY)) --product hatch-fuzz
$(FUZZ_WEAK_ENTRY): Fuzz/link/weak-test-one-input.c
	@mkdir -p $(@D)
	clang -c -fPIC -O1 -o $@ $<

fuzz: deps-system $(FUZZ_WEAK_ENTRY)
	$(FUZZ_BUILD)
	Scripts/run-fuzz.sh $(FUZZ_SCRATCH)/debug/hatch-fuzz $(FUZZ_SCRATCH) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

## fuzz-long: the same build and table as `make fuzz`, each target run for FUZZ_LONG_SECONDS (default 600,
## ten minutes; about 40 minutes for the four), then the inputs that add coverage merged into Fuzz/corpus/<target>
## (libFuzzer's -merge=1) with the number added; fails on a crash, timeout or out-of-memory and names the
## reproducer and how to replay it. Not part of `make test`. E.g. `make fuzz-long FUZZ_TARGETS=fleet-file`.
FUZZ_LONG_SECONDS ?= 600
fuzz-long: deps-system $(FUZZ_WEAK_ENTRY)
	$(FUZZ_BUILD)
	Scripts/run-fuzz.sh -k $(FUZZ_SCRATCH)/debug/hatch-fuzz $(FUZZ_SCRATCH) $(FUZZ_LONG_SECONDS) $(FUZZ_TARGETS)

clean:
	rm -rf $(SCRATCH) .build-tsan .build-fuzz Benchmarks/.build
