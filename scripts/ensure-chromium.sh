#!/bin/sh
# Make sure a headless Chromium is there for the browser tests (Debian's package).
# ARBITRO_CHROMIUM may name another executable.
set -eu
chromium_path="${ARBITRO_CHROMIUM:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "Chromium is not at $chromium_path and installing it needs root:" >&2
    echo "  sudo apt-get install chromium   (or set ARBITRO_CHROMIUM to a Chromium binary)" >&2
    exit 1
fi
echo "Installing Debian's chromium for the browser tests..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
