#!/bin/sh
# Make sure the Debian packages the tests need are there:
# - chromium (and fonts) for the browser tests; ARBITRO_CHROMIUM may name another executable;
# - poppler-utils for pdftoppm, which turns the hand-record PDF into images in the tests;
# - postgresql (initdb, pg_ctl) for the storage tests, which start a throwaway cluster on
#   loopback; PostgreSQL refuses to run as root, so as root the tests run it as the
#   unprivileged user arbitro-test, created here.
set -eu
chromium_path="${ARBITRO_CHROMIUM:-/usr/bin/chromium}"
missing=""
if [ ! -x "$chromium_path" ]; then
    missing="$missing chromium fonts-dejavu-core"
fi
if ! command -v pdftoppm >/dev/null 2>&1; then
    missing="$missing poppler-utils"
fi
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    missing="$missing postgresql"
fi
if [ "$(id -u)" -eq 0 ] && ! id arbitro-test >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin arbitro-test
fi
if [ -z "$missing" ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "These Debian packages are missing and installing them needs root:$missing" >&2
    echo "  sudo apt-get install$missing   (or set ARBITRO_CHROMIUM to a Chromium binary)" >&2
    exit 1
fi
echo "Installing Debian packages for the tests:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086 # the list is meant to split into package names
apt-get install -y -qq $missing >/dev/null
