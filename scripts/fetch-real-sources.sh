#!/bin/sh
# Fetch and unpack Debian source packages for tests/gnu-real.
#
# Usage: scripts/fetch-real-sources.sh DIR PKG...
# Leaves each PKG's unpacked source tree in DIR/PKG (Debian patches
# applied when dpkg-source is installed, else the upstream tarball as
# is); DIR/PKG.log says how it went.  A package already there
# (DIR/PKG/.fetched) is not fetched again.
#
# Needs apt-get and a deb-src line for Debian bookworm main.  Run as
# root on a machine without one, it adds /etc/apt/sources.list.d/
# debian-src.sources and runs apt-get update; as another user it gives
# up.  Exits 0 when every package is there; otherwise prints one line
# per missing package, "PKG: why", on stderr and exits 1.
set -u
dir=${1:?usage: fetch-real-sources.sh DIR PKG...}
shift
mkdir -p "$dir" || exit 1
dir=$(cd "$dir" && pwd)
SRCLIST=/etc/apt/sources.list.d/debian-src.sources
status=0

# has_source PKG: apt knows a source package PKG.
has_source() {
	apt-cache showsrc "$1" 2>/dev/null | grep -q '^Package:'
}

# add_deb_src: as root, configure bookworm main sources and update.
add_deb_src() {
	[ "$(id -u)" = 0 ] || return 1
	if [ ! -e "$SRCLIST" ]; then
		cat >"$SRCLIST" <<'EOF' || return 1
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
	fi
	apt-get update -qq >/dev/null 2>&1
}

# unpack DL DEST: unpack the package downloaded into DL as DEST.
unpack() {
	set +f
	dsc=$(ls "$1"/*.dsc 2>/dev/null | head -1)
	orig=$(ls "$1"/*.orig.tar.* 2>/dev/null | head -1)
	set -f
	rm -rf "$2" "$1/src"
	if [ -n "$dsc" ] && command -v dpkg-source >/dev/null 2>&1 &&
		dpkg-source -x "$dsc" "$1/src" && mv "$1/src" "$2"; then
		return 0
	fi
	[ -n "$orig" ] || return 1
	rm -rf "$1/src"
	mkdir -p "$2" && tar -xf "$orig" -C "$2" --strip-components=1
}

for pkg in "$@"; do
	[ -e "$dir/$pkg/.fetched" ] && continue
	if ! command -v apt-get >/dev/null 2>&1; then
		echo "$pkg: no apt-get on this machine" >&2
		status=1
		continue
	fi
	if ! has_source "$pkg" && ! { add_deb_src && has_source "$pkg"; }; then
		if [ "$(id -u)" = 0 ]; then
			echo "$pkg: apt has no source package (network?)" >&2
		else
			echo "$pkg: no deb-src for bookworm main (root can add it)" >&2
		fi
		status=1
		continue
	fi
	dl=$dir/$pkg.dl
	rm -rf "$dl"
	mkdir -p "$dl"
	if ! (cd "$dl" && apt-get source -qq --download-only "$pkg") \
		>"$dir/$pkg.log" 2>&1; then
		echo "$pkg: apt-get source failed (see $dir/$pkg.log)" >&2
		status=1
		continue
	fi
	if ! unpack "$dl" "$dir/$pkg" >>"$dir/$pkg.log" 2>&1; then
		echo "$pkg: cannot unpack the source (see $dir/$pkg.log)" >&2
		rm -rf "${dir:?}/$pkg"
		status=1
		continue
	fi
	rm -rf "$dl"
	: >"$dir/$pkg/.fetched"
done
exit $status
