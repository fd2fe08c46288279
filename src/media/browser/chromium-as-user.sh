#!/bin/sh
# Starts Chromium as an unprivileged user when the service itself runs as root, so that Chromium's own
# sandbox (user namespaces + seccomp) can run: Chromium refuses to sandbox itself as root. Playwright
# launches this script in Chromium's place with the real binary in CLIPWRIGHT_CHROMIUM_BIN and the user in
# CLIPWRIGHT_BROWSER_USER; the DevTools pipe (file descriptors 3 and 4) passes through `exec` untouched.
set -eu
user="${CLIPWRIGHT_BROWSER_USER:?CLIPWRIGHT_BROWSER_USER is not set}"
binary="${CLIPWRIGHT_CHROMIUM_BIN:?CLIPWRIGHT_CHROMIUM_BIN is not set}"
group="$(id -g "$user")"
profile=""
for arg in "$@"; do
  case "$arg" in
    --user-data-dir=*) profile="${arg#--user-data-dir=}" ;;
  esac
done
# Playwright creates a fresh profile directory (mode 0700, owned by us) for every launch: hand it over.
if [ -n "$profile" ]; then
  chown -R "$user:$group" "$profile"
  export HOME="$profile"
fi
exec setpriv --reuid="$user" --regid="$group" --init-groups --inh-caps=-all --bounding-set=-all --no-new-privs \
  -- "$binary" "$@"
