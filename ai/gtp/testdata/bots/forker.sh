# Starts a child process that would run for ten minutes (its pid goes to
# stderr), then plays normally.
. "$(dirname "$0")/common.sh"
sleep 600 &
echo "forked $!" >&2
genmove() { next_column; }
serve
