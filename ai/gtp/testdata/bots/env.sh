# Reports its environment and its data-size limit on stderr, then plays.
. "$(dirname "$0")/common.sh"
env >&2
echo "ulimit-d $(ulimit -d)" >&2
genmove() { next_column; }
serve
