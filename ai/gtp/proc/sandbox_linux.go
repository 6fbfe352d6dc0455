package proc

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// The sandbox on Linux is bubblewrap (bwrap, Debian's package bubblewrap),
// run as the user (it needs no privileges where the kernel lets users
// make namespaces, as Debian's does, and works as root). A program in it:
//   - sees the system read-only: /usr, /bin, /sbin, /lib*, /etc and /opt,
//     with what other users cannot read of /etc hidden (password hashes,
//     private keys); no /home, /root, /var, /run, /srv, /mnt, /media or
//     other folder of the disk at all;
//   - sees its own folders read-only: the program's folder (an
//     installation's, for a program in a bin folder), the folder of
//     each file its arguments name and each folder they name (a class
//     path's parts too), and the working directory given in Limits.Dir;
//     a folder that is the home folder, /, or holds a home folder, is
//     never shown whole (a file in it is shown alone);
//   - writes only to a private /tmp (a tmpfs as large as its memory
//     limit, gone with the game), which is also its HOME and TMPDIR, and
//     to a /dev/shm of the same kind;
//   - has no network (a network namespace of its own, with only a
//     loopback of its own), no System V IPC or host name of ours;
//   - lives in a PID namespace of its own: when the game ends (or
//     Boardgames dies: --die-with-parent) the whole namespace is killed,
//     the programs it started with setsid included;
//   - has no capabilities, not even as root (--cap-drop ALL: root in a
//     user namespace could otherwise remount the read-only folders
//     writable), and a session of its own (no terminal to inject into).

// systemDirs are the folders a program sees read-only (those that exist;
// a symbolic link, such as Debian's /bin -> usr/bin, is made again).
var systemDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt"}

// secrets are the files and folders of /etc that other users cannot read
// (the password hashes, private keys, munge's key, sudoers): the sandbox
// hides them (a folder under an empty tmpfs, a file under /dev/null),
// since a program run by root would read them. /etc is walked once.
var secrets = sync.OnceValue(func() []string {
	var out []string
	filepath.WalkDir("/etc", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.Type()&fs.ModeSymlink != 0 {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return nil
		}
		switch perm := fi.Mode().Perm(); {
		case d.IsDir() && perm&0o005 != 0o005:
			out = append(out, p)
			return filepath.SkipDir
		case fi.Mode().IsRegular() && perm&0o004 == 0:
			out = append(out, p)
		}
		return nil
	})
	return out
})

// The result of trying bubblewrap once: which bwrap, whether it works,
// and whether it takes --size (bubblewrap 0.7 and newer).
var probed struct {
	sync.Mutex
	path string
	err  error
	size bool
}

// probe tries a real sandbox once for each bwrap found in PATH.
func probe() error {
	path, err := exec.LookPath("bwrap")
	if err != nil {
		return fmt.Errorf("%w: bubblewrap (bwrap) is not installed (Debian, Ubuntu: apt install bubblewrap)", ErrNoSandbox)
	}
	probed.Lock()
	defer probed.Unlock()
	if probed.path == path {
		return probed.err
	}
	probed.path, probed.size = path, true
	try := func() ([]byte, error) {
		argv := sandboxArgv(path, "/bin/sh", []string{"-c", "exit 0"}, Limits{Memory: 1 << 20}, probed.size)
		return exec.Command(argv[0], argv[1:]...).CombinedOutput()
	}
	out, err := try()
	if err != nil {
		probed.size = false
		out, err = try()
	}
	probed.err = nil
	if err != nil {
		msg := strings.TrimSpace(string(out))
		if msg == "" {
			msg = err.Error()
		}
		probed.err = fmt.Errorf("%w: bubblewrap (%s) cannot make a sandbox here: %s", ErrNoSandbox, path, msg)
	}
	return probed.err
}

// bwrapArgv is the command that runs path with args in the sandbox.
func bwrapArgv(path string, args []string, lim Limits) []string {
	probed.Lock()
	bwrap, size := probed.path, probed.size
	probed.Unlock()
	return sandboxArgv(bwrap, path, args, lim, size)
}

// sandboxArgv builds bubblewrap's command line (see the top of the file).
func sandboxArgv(bwrap, path string, args []string, lim Limits, size bool) []string {
	a := []string{bwrap, "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL"}
	bound := map[string]bool{}
	for _, d := range systemDirs {
		fi, err := os.Lstat(d)
		switch {
		case err != nil:
		case fi.Mode()&os.ModeSymlink != 0:
			if target, err := os.Readlink(d); err == nil {
				a = append(a, "--symlink", target, d)
				bound[d] = true
			}
		case fi.IsDir():
			a = append(a, "--ro-bind", d, d)
			bound[d] = true
		}
	}
	for _, s := range secrets() {
		if fi, err := os.Stat(s); err == nil {
			if fi.IsDir() {
				a = append(a, "--tmpfs", s)
			} else {
				a = append(a, "--ro-bind", "/dev/null", s)
			}
		}
	}
	// The writable tmpfs, /tmp and /dev/shm, as large as the memory limit
	// each; the rest of /dev and the sandbox's own root are read-only.
	tmpfs := func(dir string) {
		if size && lim.Memory > 0 {
			a = append(a, "--size", strconv.FormatInt(lim.Memory, 10))
		}
		a = append(a, "--tmpfs", dir)
	}
	a = append(a, "--proc", "/proc", "--dev", "/dev")
	tmpfs("/dev/shm")
	a = append(a, "--remount-ro", "/dev")
	tmpfs("/tmp")

	wd := lim.Dir
	if wd == "" {
		wd, _ = os.Getwd()
	}
	wd, _ = filepath.Abs(wd)
	var show []string // folders and files to bind read-only
	if lim.Dir != "" {
		show = append(show, wd)
	}
	show = append(show, programFolders(path, wd)...)
	for _, arg := range args {
		show = append(show, argumentPaths(arg, wd)...)
	}
	if jh := os.Getenv("JAVA_HOME"); filepath.IsAbs(jh) {
		show = append(show, jh)
	}
	for _, p := range show {
		p = exposable(p)
		if p == "" || bound[p] || under(p, bound) {
			continue
		}
		a = append(a, "--ro-bind", p, p)
		bound[p] = true
	}
	if wd != "" && !under(wd, bound) && !bound[wd] {
		a = append(a, "--dir", wd)
	}
	if wd != "" {
		a = append(a, "--chdir", wd)
	}
	a = append(a, "--remount-ro", "/")
	return append(append(a, "--", path), args...)
}

// programFolders are the program's folder, and that of the file it
// links to (or the file alone, see shown); for a program in a folder
// named bin or shims (an installation: a virtual environment, pyenv,
// conda, a JDK), the installation's folder around it.
func programFolders(path, wd string) []string {
	if !filepath.IsAbs(path) {
		path = filepath.Join(wd, path)
	}
	paths := []string{path}
	if real, err := filepath.EvalSymlinks(path); err == nil && real != path {
		paths = append(paths, real)
	}
	var out []string
	for _, p := range paths {
		dir := filepath.Dir(p)
		if b := filepath.Base(dir); (b == "bin" || b == "shims") && exposable(filepath.Dir(dir)) != "" {
			out = append(out, filepath.Dir(dir))
			continue
		}
		out = append(out, shown(p))
	}
	return out
}

// shown is what shows the file p: its folder, or the file alone when
// the folder must not be shown whole.
func shown(p string) string {
	if dir := filepath.Dir(p); exposable(dir) == dir {
		return dir
	}
	return p
}

// argumentPaths are the folders an argument names: a folder itself, a
// file's folder; in "--name=VALUE" the value, in a list joined by ':'
// (a class path) each part.
func argumentPaths(arg, wd string) []string {
	var out []string
	if _, v, ok := strings.Cut(arg, "="); ok && strings.HasPrefix(arg, "-") {
		arg = v
	}
	for _, part := range strings.Split(arg, ":") {
		if part == "" || strings.HasPrefix(part, "-") {
			continue
		}
		p := part
		if !filepath.IsAbs(p) {
			p = filepath.Join(wd, p)
		}
		fi, err := os.Stat(p)
		switch {
		case err != nil:
		case fi.IsDir():
			out = append(out, p)
		default:
			out = append(out, shown(p))
		}
	}
	return out
}

// exposable returns p cleaned, or "" when it must not be shown whole: /,
// a home folder or a folder that holds one (the user's, /root, /home).
func exposable(p string) string {
	p = filepath.Clean(p)
	homes := []string{"/root", "/home"}
	if h, err := os.UserHomeDir(); err == nil && filepath.IsAbs(h) {
		homes = append(homes, filepath.Clean(h))
	}
	if fi, err := os.Stat(p); err != nil || !fi.IsDir() {
		return p // a file shown alone
	}
	for _, h := range homes {
		if p == "/" || p == h || strings.HasPrefix(h, p+"/") {
			return ""
		}
	}
	return p
}

// under reports whether p lies inside one of the folders bound.
func under(p string, bound map[string]bool) bool {
	for d := range bound {
		if strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}
