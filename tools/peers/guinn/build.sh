#!/bin/sh
# Builds GuiNN Checkers' engine on Linux, without its GUI, behind our GTP
# adapter (gtp.cpp): tools/peers/guinn/build.sh [SRC [OUT]].
#   SRC  a checkout of https://github.com/jonkr2/GuiNN_Checkers
#        (default /work/peers/guinn; cloned there when missing)
#   OUT  where the build goes (default SRC/build): OUT/guinn-gtp, with the
#        engine's network (Nets206.gnn) and 2-4 piece databases
#        (database.jef) beside it, which it reads from its working directory.
# GuiNN's sources are copied to OUT/src, with our shim headers over its
# Windows GUI headers; nothing of GuiNN's is kept in this repository.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=${1:-/work/peers/guinn}
out=${2:-$src/build}
if [ ! -d "$src/src" ]; then
	git clone --depth 1 https://github.com/jonkr2/GuiNN_Checkers "$src"
fi
rm -rf "$out/src"
mkdir -p "$out/src" "$out/obj"
cp -r "$src/src/." "$out/src/"
# Our stand-ins for the GUI headers (the engine includes them by "name",
# so they must replace the files beside it), and for windows.h, conio.h
# and intrin.h.
cp "$here/shim/guiWindows.h" "$here/shim/checkersGui.h" "$out/src/"
mkdir -p "$out/shim"
cp "$here/shim/posix_shim.h" "$here/shim/windows.h" \
	"$here/shim/conio.h" "$here/shim/intrin.h" "$out/shim/"
ln -sf windows.h "$out/shim/Windows.h" # cb_interface.h includes <Windows.h>
# moveGen.h's GCC branches name variables that do not exist (Moves, bb):
# take its MSVC branches, which the intrin.h shim serves.
sed -i -e 's/^#elif __GNUC__/#elif 0/' -e 's/^#ifdef __GNUC__/#if 0/' "$out/src/moveGen.h"
# egdb.h (the Kingsrow database driver's header, which this build does not
# link) declares a variable as extern "C" extern, which GCC refuses.
sed -i -e 's/^EGDB_API extern unsigned int egdb_version;//' "$out/src/egdb.h"
# uncompress.h casts as unsigned char (x), which only MSVC takes.
sed -i -e 's/unsigned char (/(unsigned char)(/g' "$out/src/uncompress.h"

# Windows file names ignore case; the sources include moveGen.h as
# movegen.h and NeuralNet/ as neuralNet/.
ln -sf moveGen.h "$out/src/movegen.h"
ln -sf NeuralNet "$out/src/neuralNet"

CXX=${CXX:-g++}
# -fkeep-inline-functions: board.h declares inline methods that only
# moveGen.h defines (MSVC links them; GCC needs them emitted).
flags="-O2 -fkeep-inline-functions -std=c++17 -mavx2 -mpopcnt -mbmi -DNDEBUG -w -I$out/shim -include $out/shim/posix_shim.h"
files="board.cpp checkersNN.cpp database.cpp edDatabase.cpp engine.cpp evaluate.cpp
	gui_cb_interface.cpp kr_db_stubs.cpp learning.cpp movegen.cpp NeuralNet/NeuralNet.cpp
	openingBook.cpp search.cpp transcript.cpp"
objs=""
for f in $files; do
	o="$out/obj/$(basename "$f" .cpp).o"
	$CXX $flags -c "$out/src/$f" -o "$o"
	objs="$objs $o"
done
cp "$here/shim/shim_gui.cpp" "$here/gtp.cpp" "$out/src/"
$CXX $flags -c "$out/src/shim_gui.cpp" -o "$out/obj/shim_gui.o"
$CXX $flags -c "$out/src/gtp.cpp" -o "$out/obj/gtp.o"
$CXX -o "$out/guinn-gtp" $objs "$out/obj/shim_gui.o" "$out/obj/gtp.o" -lpthread
cp "$src/bin/Nets206.gnn" "$src/bin/database.jef" "$out/"
echo "built $out/guinn-gtp"
