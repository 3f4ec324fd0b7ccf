# Build, install and test `tatami` (README, "Install"). No root needed: PREFIX defaults to
# ~/.local, whose bin/ is on PATH on most systems.
#
#   make install                  # ~/.local/bin/tatami and shell completions
#   make install PREFIX=/opt/x    # elsewhere (sudo only if PREFIX needs it)
#   make uninstall [PREFIX=…]     # removes exactly what install put there
#   make build | make test
PREFIX ?= $(HOME)/.local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
SWIFT ?= swift

# A release build with the commit compiled in for `tatami --version` (scripts/build-info.sh
# writes it, -DTATAMI_BUILD_INFO uses it). On Linux the Swift runtime is linked statically, so
# the installed binary needs only libyaml, HarfBuzz, FreeType and the system's C and C++ libraries, wherever the
# toolchain lives.
SWIFT_FLAGS := -c release -Xswiftc -DTATAMI_BUILD_INFO
ifeq ($(shell uname -s),Linux)
SWIFT_FLAGS += --static-swift-stdlib
endif

BASH_COMPLETION := $(DATADIR)/bash-completion/completions/tatami
ZSH_COMPLETION := $(DATADIR)/zsh/site-functions/_tatami
FISH_COMPLETION := $(DATADIR)/fish/vendor_completions.d/tatami.fish

.PHONY: build install uninstall test

build:
	@echo "tatami: $$(scripts/build-info.sh)"
	$(SWIFT) build $(SWIFT_FLAGS) --product tatami

install: build
	@set -e; bin="$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/tatami"; \
	install -d "$(DESTDIR)$(BINDIR)" "$(dir $(DESTDIR)$(BASH_COMPLETION))" \
	  "$(dir $(DESTDIR)$(ZSH_COMPLETION))" "$(dir $(DESTDIR)$(FISH_COMPLETION))"; \
	install -m 755 "$$bin" "$(DESTDIR)$(BINDIR)/tatami"; \
	"$$bin" --generate-completion-script bash > "$(DESTDIR)$(BASH_COMPLETION)"; \
	"$$bin" --generate-completion-script zsh > "$(DESTDIR)$(ZSH_COMPLETION)"; \
	"$$bin" --generate-completion-script fish > "$(DESTDIR)$(FISH_COMPLETION)"; \
	echo "installed $(DESTDIR)$(BINDIR)/tatami and completions for bash, zsh and fish under $(DESTDIR)$(DATADIR)"
	@# The installed binary must start: this fails when a library (libyaml, HarfBuzz, FreeType) does not resolve.
	@if ! "$(DESTDIR)$(BINDIR)/tatami" --version; then \
	  echo "error: the installed tatami does not start; are libyaml, HarfBuzz and FreeType installed (apt-get install libyaml-dev libharfbuzz-dev libfreetype-dev, brew install libyaml harfbuzz freetype)?" >&2; \
	  exit 1; fi
	@if command -v ldd >/dev/null 2>&1 && ldd "$(DESTDIR)$(BINDIR)/tatami" | grep 'not found'; then \
	  echo "error: libraries above do not resolve" >&2; exit 1; fi
	@case ":$$PATH:" in *":$(BINDIR):"*) ;; \
	  *) echo "note: $(BINDIR) is not on PATH; add it, e.g. export PATH=\"$(BINDIR):\$$PATH\"";; esac

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/tatami" "$(DESTDIR)$(BASH_COMPLETION)" \
	  "$(DESTDIR)$(ZSH_COMPLETION)" "$(DESTDIR)$(FISH_COMPLETION)"

test:
	$(SWIFT) test
