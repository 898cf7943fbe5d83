//! File paths a tool is about to write or read: lexical normalization and
//! the checks a guard runs before letting the tool touch the file.

use toolsmith_text::sanitize_line;

use crate::{GuardError, GuardErrorCode};
use toolsmith_text::echo::cut;

/// The longest path [`validate_safe_file_path`] accepts, in bytes (Linux's
/// `PATH_MAX`).
pub const MAX_FILE_PATH_BYTES: usize = 4096;

/// `path` normalized lexically, as `/` separated segments: empty and `.`
/// segments dropped (`a//./b` → `a/b`), each `..` removing the segment
/// before it (`a/b/../c` → `a/c`), a trailing `/` dropped.
///
/// What it does not do: it never reads the filesystem, so symbolic links are
/// not followed (`link/..` may be elsewhere on disk); it does not make a
/// relative path absolute, expand `~` or variables, or treat `\` as a
/// separator. A relative path keeps the `..` it cannot resolve
/// (`../x` stays `../x`); an absolute path cannot climb above `/`
/// (`/../x` → `/x`). The empty path and one that normalizes to nothing
/// are `.`.
///
/// ```
/// use toolsmith_guards::normalize_file_path;
///
/// assert_eq!(normalize_file_path("src//./hooks/../lib.rs"), "src/lib.rs");
/// assert_eq!(normalize_file_path("/a/../../etc/"), "/etc");
/// assert_eq!(normalize_file_path("a/../../b"), "../b");
/// assert_eq!(normalize_file_path("./"), ".");
/// ```
pub fn normalize_file_path(path: &str) -> String {
    let absolute = path.starts_with('/');
    let segments = segments(path);
    let joined = segments.join("/");
    match (absolute, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".to_owned(),
        (false, false) => joined,
    }
}

/// The normalized segments; for a relative path, leading `..` kept.
fn segments(path: &str) -> Vec<&str> {
    let absolute = path.starts_with('/');
    let mut segments: Vec<&str> = Vec::new();
    for segment in path.split('/') {
        match segment {
            "" | "." => {}
            ".." => match segments.last() {
                Some(&last) if last != ".." => {
                    segments.pop();
                }
                _ if absolute => {}
                _ => segments.push(".."),
            },
            other => segments.push(other),
        }
    }
    segments
}

/// Whether `path` is safe to hand to a file tool; every problem is a line
/// `Invalid file path: …`, with code [`GuardErrorCode::UnsafePath`]:
///
/// - empty, or longer than [`MAX_FILE_PATH_BYTES`];
/// - a NUL byte, another control character (`\n`, `\u{1b}`, `\u{7f}`,
///   `\u{85}`), a bidirectional control that shows the name in another
///   order than it is (U+202A–202E, U+2066–2069, U+200E, U+200F, U+061C),
///   a line or paragraph separator (U+2028, U+2029) or an invisible
///   character (U+200B–200D, U+2060, U+FEFF);
/// - a path that climbs out of its directory once normalized: a relative
///   one whose `..` lead above where it starts (`../x`, `a/../../x`); an
///   absolute one that tries to climb above the root (`/../etc`), or whose
///   `..` lead above the directory holding the segment the first `..`
///   follows, as its relative tail would (`/home/me/project/../../x`;
///   `/home/me/project/a/../b.rs` stays inside). Without a root this is a
///   heuristic: [`within`] answers whether a path stays inside a root;
/// - a Windows device name as a segment, with or without an extension or
///   trailing dots and spaces (`CON`, `nul.txt`, `COM1`, `LPT9.log`,
///   `CONIN$`);
/// - a Windows separator `\`, drive (`C:`, `C:\`) or UNC (`\\server\share`)
///   path: a hook checks paths for a Unix-like agent, and a `\` would be
///   part of a file name there;
/// - a `:` in a segment other than a leading drive, which Windows reads
///   as an alternate data stream (`file.txt:Zone.Identifier`,
///   `y.txt::$DATA`).
///
/// ```
/// use toolsmith_guards::validate_safe_file_path;
///
/// assert!(validate_safe_file_path("src/lib.rs").is_ok());
/// assert!(validate_safe_file_path("/home/me/project/a/../b.rs").is_ok());
/// let error = validate_safe_file_path("../../etc/passwd").unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     r#"Invalid file path: "../../etc/passwd" climbs out of its directory (normalized: "../../etc/passwd"); use a path inside the project"#
/// );
/// let error = validate_safe_file_path("/home/me/project/../../../etc/passwd").unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     r#"Invalid file path: "/home/me/project/../../../etc/passwd" climbs out of its directory (normalized: "/etc/passwd"); use a path inside the project"#
/// );
/// ```
pub fn validate_safe_file_path(path: &str) -> Result<(), GuardError> {
    let shown = shown(path);
    let mut problems = content_problems(path, &shown);
    let absolute = path.starts_with('/');
    if absolute && climbs_above_root(path) {
        problems.push(format!(
            "{shown} climbs above the root with \"..\"; remove the \"..\" segments"
        ));
    } else if (absolute && climbs_out_of_tail(path))
        || (!absolute && segments(path).first() == Some(&".."))
    {
        let normalized = self::shown(&normalize_file_path(path));
        problems.push(format!(
            "{shown} climbs out of its directory (normalized: {normalized}); use a path \
             inside the project"
        ));
    }
    refuse(problems, shown)
}

/// `path` resolved inside `root`, lexically: a relative `path` is joined
/// to `root`, then normalized as [`normalize_file_path`] does; the answer
/// is that normalized absolute path, if it is `root` or below it.
///
/// Every problem is a line `Invalid file path: …` with code
/// [`GuardErrorCode::UnsafePath`]: those [`validate_safe_file_path`] finds
/// in the path's characters and segments (NUL and control characters,
/// Windows devices, drives, separators and streams, the length), and a
/// path that lands outside `root` (`../x`, `/etc/passwd`,
/// `/home/me/project/../other`). `root` must be absolute; it is
/// normalized too (`/home/me/project/` is `/home/me/project`).
///
/// It never reads the filesystem, so symbolic links are not resolved: a
/// link inside `root` that points elsewhere passes. To rule that out,
/// canonicalize the answer (`std::fs::canonicalize`, once the file exists)
/// and call `within` again with the canonical root.
///
/// ```
/// use toolsmith_guards::within;
///
/// let root = "/home/me/project";
/// assert_eq!(within(root, "src/./lib.rs").unwrap(), "/home/me/project/src/lib.rs");
/// assert_eq!(within(root, "/home/me/project/a/../b.rs").unwrap(), "/home/me/project/b.rs");
/// let error = within(root, "/home/me/project/../../../etc/passwd").unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     r#"Invalid file path: "/home/me/project/../../../etc/passwd" is outside "/home/me/project" (normalized: "/etc/passwd"); use a path inside it"#
/// );
/// ```
pub fn within(root: &str, path: &str) -> Result<String, GuardError> {
    let shown = shown(path);
    if !root.starts_with('/') {
        let root = self::shown(root);
        return Err(error(
            vec![format!(
                "the root {root} is not absolute; pass the absolute path of the directory"
            )],
            shown,
        ));
    }
    let problems = content_problems(path, &shown);
    if !problems.is_empty() {
        return Err(error(problems, shown));
    }
    let root = normalize_file_path(root);
    let joined = if path.starts_with('/') {
        normalize_file_path(path)
    } else {
        normalize_file_path(&format!("{root}/{path}"))
    };
    let inside = root == "/"
        || joined == root
        || joined
            .strip_prefix(root.as_str())
            .is_some_and(|rest| rest.starts_with('/'));
    if !inside {
        let problem = format!(
            "{shown} is outside {} (normalized: {}); use a path inside it",
            self::shown(&root),
            self::shown(&joined)
        );
        return Err(error(vec![problem], shown));
    }
    Ok(joined)
}

/// `path` quoted and escaped (`"a\0b"`), so every character shows, and cut
/// short.
fn shown(path: &str) -> String {
    sanitize_line(&format!("{:?}", cut(path, 64)))
}

/// `Ok` without problems, else the error of their lines.
fn refuse(problems: Vec<String>, shown: String) -> Result<(), GuardError> {
    if problems.is_empty() {
        return Ok(());
    }
    Err(error(problems, shown))
}

/// The error of `problems`, each a line `Invalid file path: …`.
fn error(problems: Vec<String>, shown: String) -> GuardError {
    let lines = problems
        .into_iter()
        .map(|problem| format!("Invalid file path: {problem}"))
        .collect();
    GuardError::new(GuardErrorCode::UnsafePath, lines, shown)
}

/// The problems of `path` that do not depend on where it leads: length,
/// characters, Windows names.
fn content_problems(path: &str, shown: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if path.is_empty() {
        problems.push("the path is empty; name a file".to_owned());
    }
    if path.len() > MAX_FILE_PATH_BYTES {
        problems.push(format!(
            "{shown} is longer than {MAX_FILE_PATH_BYTES} bytes; use a shorter path"
        ));
    }
    if path.contains('\0') {
        problems.push(format!("{shown} contains a NUL byte; remove it"));
    }
    if let Some(control) = path
        .chars()
        .find(|c| *c != '\0' && is_refused_character(*c))
    {
        problems.push(format!(
            "{shown} contains the control character U+{:04X}; remove it",
            control as u32
        ));
    }
    if let Some(problem) = windows_problem(path) {
        problems.push(format!("{shown} {problem}; use `/` separated paths"));
    }
    if let Some(stream) = data_stream(path) {
        let stream = self::shown(stream);
        problems.push(format!(
            "{shown} names a Windows alternate data stream ({stream}); name the file without \":\""
        ));
    }
    if let Some(device) = path.split(['/', '\\']).find_map(device_name) {
        problems.push(format!(
            "{shown} names the Windows device {device}; choose another file name"
        ));
    }
    problems
}

/// Control characters, and the characters that make a name read
/// otherwise than it is: bidirectional controls, line and paragraph
/// separators, invisible ones.
fn is_refused_character(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'
                | '\u{2066}'..='\u{2069}'
                | '\u{FEFF}'
        )
}

/// An absolute path with more `..` than segments before them at some point.
fn climbs_above_root(path: &str) -> bool {
    let mut depth = 0usize;
    for segment in path.split('/') {
        match segment {
            "" | "." => {}
            ".." => match depth.checked_sub(1) {
                Some(up) => depth = up,
                None => return true,
            },
            _ => depth += 1,
        }
    }
    false
}

/// An absolute path whose `..` lead above the directory holding the
/// segment the first `..` follows: `/a/b/../../x` climbs out of `/a`.
fn climbs_out_of_tail(path: &str) -> bool {
    let mut depth = 0usize;
    let mut floor = None;
    for segment in path.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                let floor = *floor.get_or_insert(depth.saturating_sub(1));
                match depth.checked_sub(1) {
                    Some(up) if up >= floor => depth = up,
                    _ => return true,
                }
            }
            _ => depth += 1,
        }
    }
    false
}

/// The segment holding a `:` that Windows reads as a data stream
/// (`file.txt:Zone.Identifier`); a leading drive (`C:`) is not one.
fn data_stream(path: &str) -> Option<&str> {
    path.split(['/', '\\'])
        .enumerate()
        .find_map(|(i, segment)| {
            let drive = i == 0 && segment.len() >= 2 && is_drive(&segment.as_bytes()[..2]);
            let name = if drive { &segment[2..] } else { segment };
            name.contains(':').then_some(segment)
        })
}

/// `C:`.
fn is_drive(bytes: &[u8]) -> bool {
    bytes.len() == 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':'
}

/// UNC, drive and `\` separators, in that order of precedence.
fn windows_problem(path: &str) -> Option<&'static str> {
    let bytes = path.as_bytes();
    if path.starts_with("\\\\") || path.starts_with("//?/") || path.starts_with("//./") {
        Some("is a Windows UNC or device path")
    } else if bytes.len() >= 2 && is_drive(&bytes[..2]) {
        Some("names a Windows drive")
    } else if path.contains('\\') {
        Some("uses `\\` as a separator")
    } else {
        None
    }
}

/// The device a segment names (`nul.txt` → `NUL`), if any.
fn device_name(segment: &str) -> Option<String> {
    const DEVICES: &[&str] = &["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$", "CLOCK$"];
    let stem = segment.split('.').next().unwrap_or(segment);
    let stem = stem.trim_end_matches([' ', '.']).to_ascii_uppercase();
    let numbered = ["COM", "LPT"].iter().any(|prefix| {
        stem.strip_prefix(prefix).is_some_and(|n| {
            matches!(
                n,
                "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "¹" | "²" | "³"
            )
        })
    });
    (numbered || DEVICES.contains(&stem.as_str())).then_some(stem)
}
