//! Words: quotes removed, substitutions found, paths classified.

use brush_parser::ParserOptions;
use brush_parser::word::{self, WordPiece, WordPieceWithSource};

/// What is inside a word: its value without quotes, and the command lines
/// of its `$(…)` and `` `…` `` substitutions, to be parsed in turn.
pub(super) struct Expanded {
    pub(super) value: String,
    pub(super) substitutions: Vec<String>,
}

/// `word` (as written, quotes and all) expanded without running anything:
/// quotes and backslashes removed, parameters and substitutions kept as
/// written. `None` when the word does not parse.
pub(super) fn expand(word: &str, options: &ParserOptions) -> Option<Expanded> {
    let pieces = word::parse(word, options).ok()?;
    let mut expanded = Expanded {
        value: String::with_capacity(word.len()),
        substitutions: Vec::new(),
    };
    push_pieces(word, &pieces, options, &mut expanded).then_some(expanded)
}

/// The substitutions inside an arithmetic expression (`$(( $(…) + 1 ))`,
/// `(( $(…) ))`); `None` when it has some that do not parse.
pub(super) fn arithmetic_substitutions(text: &str, options: &ParserOptions) -> Option<Vec<String>> {
    if !text.contains("$(") && !text.contains('`') {
        return Some(Vec::new());
    }
    expand(text, options).map(|expanded| expanded.substitutions)
}

/// Whether every piece could be read.
fn push_pieces(
    word: &str,
    pieces: &[WordPieceWithSource],
    options: &ParserOptions,
    out: &mut Expanded,
) -> bool {
    let mut complete = true;
    for piece in pieces {
        let source = word.get(piece.start_index..piece.end_index).unwrap_or("");
        match &piece.piece {
            WordPiece::Text(text) | WordPiece::SingleQuotedText(text) => out.value.push_str(text),
            WordPiece::AnsiCQuotedText(text) => out.value.push_str(&ansi_c(text)),
            WordPiece::DoubleQuotedSequence(inner)
            | WordPiece::GettextDoubleQuotedSequence(inner) => {
                complete &= push_pieces(word, inner, options, out)
            }
            WordPiece::TildePrefix(user) => {
                out.value.push('~');
                out.value.push_str(user);
            }
            WordPiece::EscapeSequence(escaped) => {
                out.value
                    .push_str(escaped.strip_prefix('\\').unwrap_or(escaped));
            }
            WordPiece::CommandSubstitution(inner)
            | WordPiece::BackquotedCommandSubstitution(inner) => {
                out.substitutions.push(inner.clone());
                out.value.push_str(source);
            }
            WordPiece::ParameterExpansion(_) => out.value.push_str(source),
            WordPiece::ArithmeticExpression(expression) => {
                match arithmetic_substitutions(&expression.value, options) {
                    Some(found) => out.substitutions.extend(found),
                    None => complete = false,
                }
                out.value.push_str(source);
            }
        }
    }
    complete
}

/// The text of `$'…'` with its escapes decoded, as bash does (`\x2f` is
/// `/`); an escape bash does not know stays as written.
fn ansi_c(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(escape) = chars.next() else {
            out.push('\\');
            break;
        };
        let simple = match escape {
            'a' => Some('\u{7}'),
            'b' => Some('\u{8}'),
            'e' | 'E' => Some('\u{1b}'),
            'f' => Some('\u{c}'),
            'n' => Some('\n'),
            'r' => Some('\r'),
            't' => Some('\t'),
            'v' => Some('\u{b}'),
            '\\' | '\'' | '"' | '?' => Some(escape),
            _ => None,
        };
        if let Some(decoded) = simple {
            out.push(decoded);
            continue;
        }
        let (radix, max) = match escape {
            '0'..='7' => (8, 2),
            'x' => (16, 2),
            'u' => (16, 4),
            'U' => (16, 8),
            _ => {
                out.push('\\');
                out.push(escape);
                continue;
            }
        };
        let mut digits = String::new();
        if radix == 8 {
            digits.push(escape);
        }
        while digits.len() < max + usize::from(radix == 8) {
            match chars.next_if(|d| d.is_digit(radix)) {
                Some(d) => digits.push(d),
                None => break,
            }
        }
        match u32::from_str_radix(&digits, radix)
            .ok()
            .and_then(char::from_u32)
        {
            Some(decoded) if !digits.is_empty() => out.push(decoded),
            _ => {
                out.push('\\');
                out.push(escape);
                out.push_str(if radix == 8 { &digits[1..] } else { &digits });
            }
        }
    }
    out
}

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

/// The root, a system directory, the home directory, a parent directory,
/// or everything in one of them.
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
            [top] => SYSTEM_DIRECTORIES.contains(&top.as_str()),
            // A user's home: `/home/alice`, `/Users/$USER`.
            [top, _] => top == "home" || top == "Users",
            _ => false,
        },
        Anchor::Home => segments.is_empty(),
        Anchor::Relative => !segments.is_empty() && segments.iter().all(|s| s == ".."),
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
        return device == "mapper" || device == "disk";
    }
    const DISKS: &[&str] = &[
        "sd", "hd", "vd", "xvd", "nvme", "mmcblk", "disk", "rdisk", "md", "dm-", "loop", "sr",
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
        ] {
            assert!(!is_dangerous_path(path), "{path:?}");
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
        ] {
            assert!(!is_block_device(path), "{path:?}");
        }
    }

    #[test]
    fn words_lose_their_quotes_and_keep_their_substitutions() {
        let options = ParserOptions::default();
        for (word, value) in [
            ("\"rm\"", "rm"),
            ("'r''m'", "rm"),
            ("\\rm", "rm"),
            ("$'\\x41'", "A"),
            ("$'\\x2f\\057\\u002F'", "///"),
            ("$'a\\tb\\q\\x'", "a\tb\\q\\x"),
            ("~/x", "~/x"),
            ("\"$HOME\"/", "$HOME/"),
            ("a\"b c\"d", "ab cd"),
        ] {
            assert_eq!(expand(word, &options).unwrap().value, value, "{word}");
        }
        let expanded = expand("\"$(a)`b`\"", &options).unwrap();
        assert_eq!(expanded.substitutions, ["a", "b"]);
    }
}
