#!/usr/bin/env bash
# Install Debian's Chromium for the browser tests (tests/browser) when it is missing.
# Playwright cannot download its own browser here, so the tests drive /usr/bin/chromium.
# Usage: scripts/install_browser.sh   (needs root or sudo; does nothing when Chromium is present)
set -euo pipefail

CHROMIUM="${COMPANION_CHROMIUM:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
    echo "install_browser: $CHROMIUM is present ($("$CHROMIUM" --version 2>/dev/null || echo 'version unknown'))"
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
        echo "install_browser: not root and no sudo; install the 'chromium' package by hand" >&2
        exit 1
    fi
fi

echo "install_browser: installing chromium with apt-get"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
"$CHROMIUM" --version
