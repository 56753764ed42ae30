# The two commands of the README, and a few helpers. Everything else is plain SwiftPM.
.PHONY: run test deps build install check-install lint format

# Where `make install` puts bin/photogate, its man page and its shell completions
# (`make install PREFIX=~/.local` needs no root; DESTDIR stages a package).
PREFIX ?= /usr/local
# Extra `swift build` flags of the installed binary (scripts/release: --static-swift-stdlib).
SWIFT_BUILD_FLAGS ?=

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

# The release binary in $(PREFIX)/bin; the man page (swift-argument-parser's generate-manual,
# the generator `swift package plugin generate-manual` runs, here run on the release binary
# without building the rest of the package in release) in share/man/man1; the bash, zsh and
# fish completions (`photogate --generate-completion-script`) where each shell looks.
# Each file is made in a temporary folder first, so a failure installs nothing half-written.
install: deps
	swift build -c release --product photogate $(SWIFT_BUILD_FLAGS)
	swift build --product generate-manual
	@set -e; \
	bin="$$(swift build -c release --show-bin-path)/photogate"; \
	generator="$$(swift build --show-bin-path)/generate-manual"; \
	root="$(DESTDIR)$(PREFIX)"; \
	work="$$(mktemp -d)"; trap 'rm -rf "$$work"' EXIT; \
	"$$generator" "$$bin" --output-directory "$$work"; \
	"$$bin" --generate-completion-script bash > "$$work/photogate.bash"; \
	"$$bin" --generate-completion-script zsh > "$$work/_photogate"; \
	"$$bin" --generate-completion-script fish > "$$work/photogate.fish"; \
	install -d "$$root/bin" "$$root/share/man/man1" \
	  "$$root/share/bash-completion/completions" "$$root/share/zsh/site-functions" \
	  "$$root/share/fish/vendor_completions.d"; \
	install -m 755 "$$bin" "$$root/bin/photogate"; \
	install -m 644 "$$work/photogate.1" "$$root/share/man/man1/photogate.1"; \
	install -m 644 "$$work/photogate.bash" "$$root/share/bash-completion/completions/photogate"; \
	install -m 644 "$$work/_photogate" "$$root/share/zsh/site-functions/_photogate"; \
	install -m 644 "$$work/photogate.fish" "$$root/share/fish/vendor_completions.d/photogate.fish"; \
	echo "installed photogate, its man page and completions under $$root"

# `make install` into a temporary prefix, then checks the four kinds of files and that the man
# page renders (a release build: minutes, so a script check rather than a unit test).
check-install:
	@set -e; prefix="$$(mktemp -d)"; trap 'rm -rf "$$prefix"' EXIT; \
	$(MAKE) --no-print-directory install PREFIX="$$prefix"; \
	scripts/check-prefix "$$prefix"

lint:
	swift format lint --strict --recursive Package.swift Sources Tests Examples

format:
	swift format --in-place --recursive Package.swift Sources Tests Examples
