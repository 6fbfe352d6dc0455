# Plays one good move, then answers genmove with a sentence instead of a
# reply, or (with the argument "endless") with an endless line of zeros.
. "$(dirname "$0")/common.sh"
moves=0
genmove() {
	moves=$((moves + 1))
	if [ "$moves" -lt 2 ]; then next_column; return; fi
	echo "about to talk nonsense" >&2
	if [ "$1" = endless ] || [ "$mode" = endless ]; then
		exec cat /dev/zero
	fi
	printf 'I think the best column is 4\n\n'
}
mode=$1
serve
