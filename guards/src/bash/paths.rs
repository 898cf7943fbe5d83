//! The kinds of path the default rules care about: dangerous to delete,
//! and disk devices.

/// Top-level directories whose loss breaks the system.
const SYSTEM_DIRECTORIES: &[&str] = &[
    "bin",
    "boot",
    "dev",
    "etc",
    "home",
    "lib",
    "lib32",
    "lib64",
    "libx32",
    "opt",
    "proc",
    "root",
    "sbin",
    "srv",
    "sys",
    "usr",
    "var",
    "Applications",
    "Library",
    "System",
    "Users",
    "Volumes",
    "private",
];

/// Top-level directories of a Windows drive.
const WINDOWS_DIRECTORIES: &[&str] = &[
    "Windows",
    "Users",
    "Program Files",
    "Program Files (x86)",
    "ProgramData",
];

/// The root, a system directory, the home directory, a parent directory,
/// or everything in one of them. Directory names are compared without
/// case (macOS and Windows drives fold it: `/ETC`, `/users/alice`), and a
/// glob names every directory it matches (`/et?`, `/[e]tc`, `/u*`).
pub(crate) fn is_dangerous_path(value: &str) -> bool {
    let (anchor, rest) = if let Some(rest) = home_relative(value) {
        (Anchor::Home, rest)
    } else if value.starts_with('/') {
        (Anchor::Root, value)
    } else {
        (Anchor::Relative, value)
    };
    let mut segments = lexical_segments(rest, anchor != Anchor::Relative);
    // `/*`, `~/*`, `/etc/.*`: everything inside.
    if segments
        .last()
        .is_some_and(|last| matches!(last.as_str(), ".*" | "{*,.*}") || is_wide_glob(last))
    {
        segments.pop();
    }
    match anchor {
        Anchor::Root => match segments.as_slice() {
            [] => true,
            [top] => names_one_of(top, SYSTEM_DIRECTORIES),
            // A user's home: `/home/alice`, `/Users/$USER`.
            [top, _] if names_one_of(top, &["home", "Users"]) => true,
            // macOS keeps `/etc` and `/var` in `/private`.
            [top, inner] if names_one_of(top, &["private"]) => names_one_of(inner, &["etc", "var"]),
            // A Windows drive under WSL: `/mnt/c`, `/mnt/c/Windows`,
            // `/mnt/c/Users/alice`.
            [mnt, drive, rest @ ..] if names_one_of(mnt, &["mnt"]) && is_drive(drive) => match rest
            {
                [] => true,
                [top] => names_one_of(top, WINDOWS_DIRECTORIES),
                [top, _] => names_one_of(top, &["Users"]),
                _ => false,
            },
            _ => false,
        },
        Anchor::Home => segments.is_empty(),
        Anchor::Relative => !segments.is_empty() && segments.iter().all(|s| s == ".."),
    }
}

/// Top-level directories whose files the system runs on.
const SYSTEM_FILE_DIRECTORIES: &[&str] = &[
    "bin",
    "boot",
    "etc",
    "lib",
    "lib32",
    "lib64",
    "libx32",
    "opt",
    "root",
    "sbin",
    "usr",
    "var",
    "System",
    "Library",
    "Applications",
];

/// A dangerous path, or a file in a system directory (`/etc/passwd`,
/// `/usr/bin/env`, `/private/etc/hosts`); not in `/var/tmp`,
/// `/var/folders` (temporary files), `/dev`, `/proc` or `/sys`.
pub(crate) fn is_system_path(value: &str) -> bool {
    if is_dangerous_path(value) {
        return true;
    }
    if !value.starts_with('/') {
        return false;
    }
    let segments = lexical_segments(value, true);
    let segments = match segments.as_slice() {
        [private, rest @ ..] if names_one_of(private, &["private"]) => rest,
        all => all,
    };
    match segments {
        [top, inner, ..] if names_one_of(top, &["var"]) => {
            !names_one_of(inner, &["tmp", "folders"])
        }
        [top, _, ..] => names_one_of(top, SYSTEM_FILE_DIRECTORIES),
        _ => false,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Anchor {
    Root,
    Home,
    Relative,
}

/// A glob segment that matches (nearly) every name: `*`, `?*`, `*.*`,
/// `[a-z]*`, `[!.]*`; its literal characters, outside bracket
/// expressions, are only `*`, `?` and `.`. `*.log` is not one.
fn is_wide_glob(segment: &str) -> bool {
    let mut literal = String::new();
    let mut chars = segment.chars();
    let mut globbed = false;
    while let Some(c) = chars.next() {
        match c {
            '*' | '?' => globbed = true,
            '[' => {
                globbed = true;
                // Skip to the closing `]`; one right after `[`, `[!` or
                // `[^` is part of the set.
                let mut at_start = true;
                for inner in chars.by_ref() {
                    if inner == ']' && !at_start {
                        break;
                    }
                    at_start = at_start && matches!(inner, '!' | '^');
                }
            }
            other => literal.push(other),
        }
    }
    globbed && literal.chars().all(|c| c == '.')
}

/// `~`, `~/…`, `~alice`, `$HOME`, `${HOME}`, `${HOME:?}/…`: the rest after
/// home.
fn home_relative(value: &str) -> Option<&str> {
    if let Some(rest) = value.strip_prefix('~') {
        // `~alice`, `~root/`: that user's home.
        let user = rest.find('/').unwrap_or(rest.len());
        let valid_user = rest[..user]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
        return valid_user.then_some(&rest[user..]);
    }
    if let Some(rest) = value.strip_prefix("$HOME") {
        return (!rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
            .then_some(rest);
    }
    let inner = value.strip_prefix("${HOME")?;
    let close = inner.find('}')?;
    let operator = &inner[..close];
    (operator.is_empty() || operator.starts_with(':') || operator.starts_with('?'))
        .then(|| &inner[close + 1..])
}

/// The path's segments after lexical normalization: empty and `.`
/// segments dropped, `..` removing the one before it (and stopping at the
/// root when `anchored`).
fn lexical_segments(path: &str, anchored: bool) -> Vec<String> {
    let mut segments: Vec<String> = Vec::new();
    for segment in path.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                if segments.last().is_some_and(|last| last != "..") {
                    segments.pop();
                } else if !anchored {
                    segments.push("..".to_owned());
                }
            }
            other => segments.push(other.to_owned()),
        }
    }
    segments
}

/// Whether `segment` names one of `names`, without case: spelled so, or a
/// glob that matches one.
fn names_one_of(segment: &str, names: &[&str]) -> bool {
    let lower = segment.to_lowercase();
    names.iter().any(|name| {
        let name = name.to_lowercase();
        if is_glob(&lower) {
            glob_matches(&lower, &name)
        } else {
            lower == name
        }
    })
}

/// `c`, `D`, or a glob matching one letter (`?`, `[a-z]`).
fn is_drive(segment: &str) -> bool {
    let mut chars = segment.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => c.is_ascii_alphabetic() || c == '?' || c == '*',
        _ => segment.starts_with('[') && segment.ends_with(']') || segment == "*",
    }
}

fn is_glob(text: &str) -> bool {
    text.contains(['*', '?', '['])
}

/// Whether the glob `pattern` (`*`, `?`, `[abc]`, `[a-z]`, `[!x]`)
/// matches all of `name`.
pub(crate) fn glob_matches(pattern: &str, name: &str) -> bool {
    let pattern: Vec<char> = pattern.chars().collect();
    let name: Vec<char> = name.chars().collect();
    // Iterative, with one backtrack point for the last `*`: linear in
    // practice, never exponential.
    let (mut p, mut n) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while n < name.len() {
        let step = match pattern.get(p) {
            Some('*') => {
                star = Some((p, n));
                p += 1;
                continue;
            }
            Some('?') => Some(p + 1),
            Some('[') => bracket(&pattern, p, name[n]),
            Some(c) if *c == name[n] => Some(p + 1),
            _ => None,
        };
        match (step, star) {
            (Some(next), _) => {
                p = next;
                n += 1;
            }
            (None, Some((star_p, star_n))) => {
                p = star_p + 1;
                n = star_n + 1;
                star = Some((star_p, star_n + 1));
            }
            (None, None) => return false,
        }
    }
    pattern[p..].iter().all(|c| *c == '*')
}

/// The bracket expression at `open` against `c`: where the pattern goes on
/// when it matches. A `[` with no closing `]` is a plain character.
fn bracket(pattern: &[char], open: usize, c: char) -> Option<usize> {
    let mut at = open + 1;
    let negated = matches!(pattern.get(at), Some('!' | '^'));
    if negated {
        at += 1;
    }
    let start = at;
    let mut matched = false;
    while let Some(&member) = pattern.get(at) {
        if member == ']' && at > start {
            return (matched != negated).then_some(at + 1);
        }
        if pattern.get(at + 1) == Some(&'-') && pattern.get(at + 2).is_some_and(|e| *e != ']') {
            matched |= (member..=pattern[at + 2]).contains(&c);
            at += 3;
        } else {
            matched |= member == c;
            at += 1;
        }
    }
    (c == '[').then_some(open + 1)
}

/// Directories of `/dev` that hold no disks.
const NOT_DISK_DIRECTORIES: &[&str] = &[
    "fd",
    "shm",
    "pts",
    "mqueue",
    "hugepages",
    "input",
    "snd",
    "net",
    "bus",
    "char",
    "cpu",
    "dri",
    "usb",
    "serial",
    "v4l",
    "dma_heap",
    "vfio",
    "bsg",
    "hidraw",
    "tcp",
    "udp",
];

/// Names of disk and memory devices, to test a glob against
/// (`/dev/sd?`, `/dev/nvme*`).
const DEVICE_SAMPLES: &[&str] = &[
    "sda",
    "sda1",
    "hda",
    "vda",
    "xvda",
    "nvme0n1",
    "nvme0n1p1",
    "mmcblk0",
    "mmcblk0p1",
    "disk0",
    "disk0s1",
    "rdisk0",
    "md0",
    "dm-0",
    "loop0",
    "sr0",
    "nbd0",
    "zd0",
    "rbd0",
    "zram0",
    "ram0",
    "bcache0",
    "drbd0",
    "pmem0",
    "dasda",
    "mtdblock0",
    "ubda",
    "mem",
    "kmem",
    "port",
];

/// Disk and memory devices; not `/dev/null`, `/dev/zero`, `/dev/tty`,
/// `/dev/stdout`, `/dev/fd/…`, `/dev/shm/…`.
pub(crate) fn is_block_device(value: &str) -> bool {
    let segments = lexical_segments(value, true);
    if !value.starts_with('/') || segments.first().map(String::as_str) != Some("dev") {
        return false;
    }
    let Some(device) = segments.get(1) else {
        return false;
    };
    if segments.len() > 2 {
        // `/dev/mapper/…`, `/dev/disk/by-id/…`, `/dev/md/0`, and LVM's
        // `/dev/VG/LV`.
        return !NOT_DISK_DIRECTORIES.contains(&device.as_str());
    }
    if is_glob(device) {
        return DEVICE_SAMPLES.iter().any(|name| glob_matches(device, name));
    }
    const DISKS: &[&str] = &[
        "sd", "hd", "vd", "xvd", "nvme", "mmcblk", "disk", "rdisk", "md", "dm-", "loop", "sr",
        "nbd", "zd", "rbd", "zram", "ram", "bcache", "drbd", "pmem", "dasd", "mtdblock", "ubd",
    ];
    const MEMORY: &[&str] = &["mem", "kmem", "port"];
    MEMORY.contains(&device.as_str())
        || DISKS.iter().any(|prefix| {
            device.strip_prefix(prefix).is_some_and(|rest| {
                !rest.is_empty() && rest.chars().all(|c| c.is_ascii_alphanumeric())
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dangerous_paths() {
        for path in [
            "/",
            "//",
            "/.",
            "/*",
            "/.*",
            "/etc",
            "/usr/",
            "/home/*",
            "/tmp/..",
            "/a/b/../..",
            "~",
            "~/",
            "~/*",
            "~/./",
            "~/x/..",
            "$HOME",
            "$HOME/",
            "${HOME}",
            "${HOME:?}/",
            "..",
            "../",
            "../..",
            "/Users",
            "/System",
            // Another user's home, and globs that match every name in one.
            "~user",
            "~user/",
            "/?*",
            "/[a-z]*",
            "~/[!.]*",
            // Any case, globs naming a system directory, Windows drives.
            "/ETC",
            "/Etc/",
            "/users/alice",
            "/HOME/alice",
            "/et?",
            "/[e]tc",
            "/[a-f]tc",
            "/u*",
            "/h*/alice",
            "/mnt/c",
            "/mnt/c/",
            "/mnt/D/Windows",
            "/mnt/c/Users/alice",
            "/mnt/c/program files",
            "/private/etc",
            "/private/var/",
        ] {
            assert!(is_dangerous_path(path), "{path:?}");
        }
        for path in [
            "./build",
            "build",
            "/tmp/x",
            "/etc/hosts.bak",
            "~/.cache/pip",
            "~user/project",
            "/*.log",
            "$HOMER",
            "${HOMEDIR}",
            "$DIR/",
            "*",
            ".",
            "../x",
            "/usr/local/lib/x",
            "-rf",
            "/etc?x",
            "/[!e]tc",
            "/mnt/data",
            "/mnt/c/projects/app",
            "/mnt/c/Users/alice/project",
            "/tmp/ETC",
            "/private/tmp/x",
        ] {
            assert!(!is_dangerous_path(path), "{path:?}");
        }
    }

    #[test]
    fn system_paths() {
        for path in [
            "/etc/passwd",
            "/usr/bin/env",
            "/boot/vmlinuz",
            "/var/lib/dpkg/status",
            "/private/etc/hosts",
            "/ETC/fstab",
            "~",
            "/",
        ] {
            assert!(is_system_path(path), "{path:?}");
        }
        for path in [
            "/tmp/x",
            "/var/tmp/x",
            "/dev/null",
            "/proc/self/fd/1",
            "./etc/passwd",
            "~/notes.txt",
            "/home/alice/x",
            "/private/var/folders/x",
        ] {
            assert!(!is_system_path(path), "{path:?}");
        }
    }

    #[test]
    fn block_devices() {
        for path in [
            "/dev/sda",
            "/dev/sda1",
            "/dev/nvme0n1p2",
            "/dev/disk2",
            "/dev/rdisk3",
            "/dev/xvda",
            "/dev/vdb",
            "/dev/mmcblk0",
            "/dev/md0",
            "/dev/dm-1",
            "/dev/loop7",
            "/dev/mem",
            "/dev/mapper/root",
            "/dev/disk/by-uuid/x",
            "//dev//sda",
            "/dev/vg0/root",
            "/dev/md/0",
            "/dev/nbd0",
            "/dev/zram0",
            "/dev/sd?",
            "/dev/nvme*",
            "/dev/[sh]da",
        ] {
            assert!(is_block_device(path), "{path:?}");
        }
        for path in [
            "/dev/null",
            "/dev/zero",
            "/dev/stdout",
            "/dev/stderr",
            "/dev/tty",
            "/dev/fd/1",
            "/dev/shm/x",
            "/dev/urandom",
            "/dev/sd",
            "dev/sda",
            "/tmp/dev/sda",
            "/dev/",
            "/dev/tty*",
            "/dev/pts/0",
            "/dev/shm/x",
            "/dev/null?",
            "/dev/tcp/localhost/8080",
        ] {
            assert!(!is_block_device(path), "{path:?}");
        }
    }

    #[test]
    fn globs_match_as_bash_matches_them() {
        for (pattern, name, matches) in [
            ("et?", "etc", true),
            ("[e]tc", "etc", true),
            ("[!e]tc", "etc", false),
            ("[^x]tc", "etc", true),
            ("[a-f]tc", "etc", true),
            ("*", "", true),
            ("e*c", "etc", true),
            ("*t*", "etc", true),
            ("*x*", "etc", false),
            ("[", "[", true),
            ("[]]", "]", true),
            ("sd?", "sda1", false),
        ] {
            assert_eq!(glob_matches(pattern, name), matches, "{pattern} {name}");
        }
        // A pattern of many stars is matched in one pass.
        assert!(!glob_matches(&"*a".repeat(200), &"a".repeat(199)));
    }
}
