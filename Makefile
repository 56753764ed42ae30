# The two commands of the README, and a few helpers. Everything else is plain SwiftPM.
.PHONY: run test deps build install lint format

# Where `make install` puts bin/photogate (`make install PREFIX=~/.local` needs no root).
PREFIX ?= /usr/local

# Run PhotoGate (the terminal gallery) on SampleImages/, installing what is missing first.
run: deps
	swift build -c release --product photogate
	.build/release/photogate

# The test suite (CI runs this).
test: deps
	SNAPSHOT_TESTING_RECORD=$${SNAPSHOT_TESTING_RECORD:-never} swift test

deps:
	@scripts/install-deps

build: deps
	swift build

# Builds the release binary and copies it to $(PREFIX)/bin.
install: deps
	swift build -c release --product photogate
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 .build/release/photogate "$(DESTDIR)$(PREFIX)/bin/photogate"

lint:
	swift format lint --strict --recursive Package.swift Sources Tests Examples

format:
	swift format --in-place --recursive Package.swift Sources Tests Examples
