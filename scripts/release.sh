#!/bin/sh
# Builds the release: static (CGO_ENABLED=0) binaries of senapati for
# linux, windows and darwin on amd64 and arm64, named with the version
# (senapati-VERSION-OS-ARCH, .exe on windows), and beside them
# senapati-VERSION-SHA256SUMS. Usage: scripts/release.sh [OUTDIR] (default
# dist/); `make release` runs it. The version is $VERSION, else what
# `git describe --tags --always --dirty --abbrev=12` says, else dev; it is
# linked into package internal/version, which UCI's id name, CECP's myname
# and `senapati match -version` read.
set -eu
cd "$(dirname "$0")/.."
go=${GO:-go}
version=${VERSION:-$(git describe --tags --always --dirty --abbrev=12 2>/dev/null || echo dev)}
case $version in
*[!A-Za-z0-9._+-]* | "")
	echo "release: version \"$version\" is not a file name's worth of [A-Za-z0-9._+-]" >&2
	exit 2
	;;
esac
out=${1:-dist}
mkdir -p "$out"
names=
for target in linux/amd64 linux/arm64 windows/amd64 windows/arm64 darwin/amd64 darwin/arm64; do
	os=${target%/*}
	arch=${target#*/}
	ext=
	[ "$os" = windows ] && ext=.exe
	name=senapati-$version-$os-$arch$ext
	# -trimpath and no symbol tables: the same bytes from any checkout
	# directory, and a third smaller download.
	CGO_ENABLED=0 GOOS=$os GOARCH=$arch "$go" build -trimpath \
		-ldflags "-s -w -X senapati/internal/version.version=$version" -o "$out/$name" .
	names="$names $name"
done
# macOS has shasum, not sha256sum; both write the format `sha256sum -c` reads.
if command -v sha256sum >/dev/null 2>&1; then
	sum="sha256sum"
else
	sum="shasum -a 256"
fi
# shellcheck disable=SC2086 # names is a list of plain file names
(cd "$out" && $sum $names >"senapati-$version-SHA256SUMS")
cd "$out"
ls -l $names "senapati-$version-SHA256SUMS"
