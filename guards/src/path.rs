//! File paths a tool is about to write or read: lexical normalization and
//! the checks a guard runs before letting the tool touch the file.

use toolsmith_runtime::sanitize_line;

use crate::{GuardError, GuardErrorCode};
use toolsmith_runtime::echo::cut;

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
/// - a NUL byte or another control character (`\n`, `\u{1b}`, `\u{7f}`);
/// - a relative path that climbs out of its directory once normalized
///   (`../x`, `a/../../x`), or an absolute one that tries to climb above
///   the root (`/../etc`);
/// - a Windows device name as a segment, with or without an extension or
///   trailing dots and spaces (`CON`, `nul.txt`, `COM1`, `LPT9.log`,
///   `CONIN$`);
/// - a Windows separator `\`, drive (`C:`, `C:\`) or UNC (`\\server\share`)
///   path: a hook checks paths for a Unix-like agent, and a `\` would be
///   part of a file name there.
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
/// ```
pub fn validate_safe_file_path(path: &str) -> Result<(), GuardError> {
    // Quoted and escaped (`"a\0b"`), so every character shows.
    let shown = sanitize_line(&format!("{:?}", cut(path, 64)));
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
    if let Some(control) = path.chars().find(|c| c.is_control() && *c != '\0') {
        problems.push(format!(
            "{shown} contains the control character U+{:04X}; remove it",
            control as u32
        ));
    }
    if let Some(problem) = windows_problem(path) {
        problems.push(format!("{shown} {problem}; use `/` separated paths"));
    }
    if let Some(device) = path.split(['/', '\\']).find_map(device_name) {
        problems.push(format!(
            "{shown} names the Windows device {device}; choose another file name"
        ));
    }
    let absolute = path.starts_with('/');
    if absolute {
        if climbs_above_root(path) {
            problems.push(format!(
                "{shown} climbs above the root with \"..\"; remove the \"..\" segments"
            ));
        }
    } else if segments(path).first() == Some(&"..") {
        let normalized = sanitize_line(&format!("{:?}", cut(&normalize_file_path(path), 64)));
        problems.push(format!(
            "{shown} climbs out of its directory (normalized: {normalized}); use a path \
             inside the project"
        ));
    }
    if problems.is_empty() {
        return Ok(());
    }
    let lines = problems
        .into_iter()
        .map(|problem| format!("Invalid file path: {problem}"))
        .collect();
    Err(GuardError::new(GuardErrorCode::UnsafePath, lines, shown))
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

/// UNC, drive and `\` separators, in that order of precedence.
fn windows_problem(path: &str) -> Option<&'static str> {
    let bytes = path.as_bytes();
    if path.starts_with("\\\\") || path.starts_with("//?/") || path.starts_with("//./") {
        Some("is a Windows UNC or device path")
    } else if bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':' {
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
