#!/bin/sh
# build.sh: builds egaroucid-gtp, Boardgames' GTP front end (egaroucid_gtp.cpp)
# for Egaroucid's web engine, natively with g++, outside this repository.
#
#   tools/peers/egaroucid/build.sh [SRC [OUT]]
#
# SRC is a copy of https://github.com/Nyanyan/Egaroucid (only src/web is
# used; default /work/peers/egaroucid). When SRC does not exist it is
# fetched: a sparse clone of src/web at $EGAROUCID_COMMIT (default the
# commit the benchmarks used). OUT (default SRC/build-boardgames) gets a
# copy of src/web with our fixes and the program OUT/egaroucid-gtp.
#
# The fixes, applied to the copy (Egaroucid's web engine is built with
# emscripten upstream, where uint64_t is unsigned long long):
#   - max(1ULL, x) with x a uint64_t does not compile where uint64_t is
#     unsigned long (x86-64 Linux): it becomes max<uint64_t>(1ULL, x).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
src=${1:-/work/peers/egaroucid}
out=${2:-$src/build-boardgames}
commit=${EGAROUCID_COMMIT:-8a98e5ae64d5e53124b6b2c136022911f15736ab}

if [ ! -d "$src" ]; then
	echo "fetching Egaroucid $commit (src/web only) into $src"
	git init -q "$src"
	git -C "$src" remote add origin https://github.com/Nyanyan/Egaroucid.git
	git -C "$src" sparse-checkout set src/web
	git -C "$src" fetch -q --depth 1 --filter=blob:none origin "$commit"
	git -C "$src" checkout -q FETCH_HEAD
fi
if [ ! -f "$src/src/web/ai.hpp" ]; then
	echo "build.sh: $src/src/web/ai.hpp not found: SRC must be a copy of Egaroucid" >&2
	exit 2
fi
if [ -e "$src/.git" ]; then
	commit=$(git -C "$src" rev-parse HEAD)
fi

rm -rf "$out/src"
mkdir -p "$out/src"
cp -R "$src/src/web" "$out/src/web"
# The fix; the count checks that it found what it fixes.
n=$(grep -c 'max(1ULL, ' "$out"/src/web/*.hpp | awk -F: '{s += $2} END {print s}')
sed -i 's/max(1ULL, /max<uint64_t>(1ULL, /g' "$out"/src/web/*.hpp
echo "fixed $n calls of max(1ULL, uint64_t)"

${CXX:-g++} -O3 -pthread -march=${ARCH:-native} -std=c++17 -DEGAROUCID_COMMIT="\"$commit\"" \
	-I"$out/src" "$here/egaroucid_gtp.cpp" -o "$out/egaroucid-gtp"
echo "built $out/egaroucid-gtp (Egaroucid $commit)"
