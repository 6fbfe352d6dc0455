# A bash bot that tries what the sandbox forbids, at its first genmove
# (setsid: at its start), and reports each try on stderr: "read T: ...",
# "wrote T", "connected ..." when it worked, "refused T: why" when not.
# It plays on when something forbidden worked, and exits with status 3
# when all was refused (as a real bot fails), so the game is forfeited.
# Its targets are the lines of the file "targets" beside it.
#   read     read each target (a folder: list it)
#   write    write each target (under /tmp and /dev/shm it may: private)
#   connect  connect to 127.0.0.1 at the port given as the second argument
#   setsid   leave a child in a session of its own (its $0 is "child-"
#            and the second argument, for the test to find it), then play
#   burn     burn CPU time in a loop instead of answering
#   hog      double a string until memory runs out
. "$(dirname "$0")/common.sh"
mode=$1
arg=$2
mapfile -t targets < "$(dirname "$0")/targets" 2>/dev/null
attack() {
	worked=0
	case "$mode" in
	read)
		for t in "${targets[@]}"; do
			if [ -d "$t" ]; then out=$(ls -A "$t" 2>&1); else out=$(cat "$t" 2>&1); fi
			if [ $? -eq 0 ] && [ -n "$out" ]; then
				echo "read $t: ${out%%$'\n'*}" >&2; worked=1
			else
				echo "refused $t: ${out:-empty}" >&2
			fi
		done ;;
	write)
		for t in "${targets[@]}"; do
			if err=$( { echo pwned > "$t"; } 2>&1 ); then
				echo "wrote $t" >&2
				case "$t" in /tmp/* | /dev/shm/*) ;; *) worked=1 ;; esac
			else
				echo "refused $t: $err" >&2
			fi
		done ;;
	connect)
		if err=$( { exec 3<>"/dev/tcp/127.0.0.1/$arg"; } 2>&1 ); then
			echo "connected to 127.0.0.1:$arg" >&2; worked=1
		else
			echo "refused 127.0.0.1:$arg: $err" >&2
		fi ;;
	burn)
		echo "burning" >&2
		while :; do :; done ;;
	hog)
		echo "hogging" >&2
		x=a
		while :; do x=$x$x; done ;;
	esac
	if [ "$worked" -eq 0 ]; then exit 3; fi
}
if [ "$mode" = setsid ]; then
	setsid sh -c 'while :; do sleep 1; done' "child-$arg" &
	echo "left $!" >&2
fi
attacked=0
genmove() {
	if [ "$attacked" -eq 0 ] && [ "$mode" != setsid ]; then attacked=1; attack; fi
	next_column
}
serve
