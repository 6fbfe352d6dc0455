# Thinks for ten minutes in a child process (a grandchild of the
# controller, whose pid goes to stderr) before every move.
. "$(dirname "$0")/common.sh"
genmove() {
	sleep 600 &
	echo "thinking in $!" >&2
	wait
	next_column
}
serve
