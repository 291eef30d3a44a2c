#!/bin/sh
# Make a musl sysroot for aarch64 from Debian's own packages, for the
# aarch64 group of tests/rt-musl, which runs this when it is root
# and the sysroot is missing (as on CI).
#
# Usage: scripts/musl-aarch64-root.sh [DIR]   (default build/musl-aarch64-root)
#
# Debian ships musl for arm64 as packages of that architecture (musl,
# musl-dev), which apt can only fetch with an arm64 package list.  This
# keeps that list in DIR (apt-get with its own state and cache folders
# and one source line: the machine's apt set-up and dpkg are not
# touched), downloads the two packages, unpacks them into DIR/root and
# writes DIR/musl-gcc: the cross gcc (gcc-aarch64-linux-gnu) with a
# specs file pointing into DIR/root, as Debian's musl-gcc does for the
# host.  Static programs it links run under qemu-aarch64 as they are;
# dynamic ones with "qemu-aarch64 -L DIR/root".  About 10 MB of
# downloads (the arm64 list is most of it).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$top/build/musl-aarch64-root}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || {
	echo "musl-aarch64-root: no aarch64-linux-gnu-gcc (gcc-aarch64-linux-gnu)" >&2
	exit 1
}
codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-bookworm}")
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
apt=$dir/apt
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$dir/debs"
echo "deb [arch=arm64 signed-by=$keyring] http://deb.debian.org/debian $codename main" \
	>"$apt/sources.list"
set -- -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" \
	-o Dir::Etc::SourceList="$apt/sources.list" \
	-o Dir::Etc::SourceParts=/nonexistent -o APT::Architecture=arm64 \
	-o APT::Architectures::=arm64 -o Acquire::Languages=none \
	-o APT::Sandbox::User=root
apt-get "$@" -qq update
(cd "$dir/debs" && apt-get "$@" -qq download musl:arm64 musl-dev:arm64)
rm -rf "$dir/root"
for deb in "$dir"/debs/*.deb; do
	dpkg-deb -x "$deb" "$dir/root"
done
lib=$dir/root/usr/lib/aarch64-linux-musl
[ -f "$lib/musl-gcc.specs" ] && [ -f "$dir/root/lib/aarch64-linux-musl/libc.so" ] || {
	echo "musl-aarch64-root: the packages lack musl-gcc.specs or libc.so" >&2
	exit 1
}
# Debian's specs name /usr/...: point them into the root, and look for
# libc.so (in /lib) before libc.a (in /usr/lib), as the host's layout
# does.
sed -e "s#/usr/#$dir/root/usr/#g" \
	-e "s#^-L$lib #-L$dir/root/lib/aarch64-linux-musl -L$lib #" \
	"$lib/musl-gcc.specs" >"$dir/musl-gcc.specs"
printf '#!/bin/sh\nexec aarch64-linux-gnu-gcc "$@" -specs "%s"\n' \
	"$dir/musl-gcc.specs" >"$dir/musl-gcc"
chmod +x "$dir/musl-gcc"
echo "musl-aarch64-root: $dir/musl-gcc (run with qemu-aarch64 -L $dir/root)"
