# Plays two moves, then says goodbye on stderr and exits with status 3
# in the middle of the game.
. "$(dirname "$0")/common.sh"
moves=0
genmove() {
	moves=$((moves + 1))
	if [ "$moves" -gt 2 ]; then
		echo "bye: giving up after $((moves - 1)) moves" >&2
		exit 3
	fi
	next_column
}
serve
