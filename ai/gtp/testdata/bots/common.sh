# Sourced by the test bots: a GTP engine in sh that plays Connect Four by
# answering genmove with the function genmove (which each bot defines).
# Columns are played in turn 1, 2, ..., 7, 1, ...: legal in the tests'
# short games.
n=0
reply() { printf '= %s\n\n' "$1"; }
serve() {
	while read -r cmd arg1 arg2; do
		case "$cmd" in
		list_commands) printf '= list_commands\nset_game\nplay\ngenmove\nclear_board\nquit\n\n' ;;
		quit) reply ""; exit 0 ;;
		genmove) genmove ;;
		*) reply "" ;;
		esac
	done
}
next_column() { n=$((n % 7 + 1)); reply "$n"; }
