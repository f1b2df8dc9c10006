// The shell's shared packages are eager (in this entry chunk, @esim/build shellFederation): the federation runtime
// has them before any import runs, so the app starts in the same chunk, with no async boundary to fetch first.
import './bootstrap';
