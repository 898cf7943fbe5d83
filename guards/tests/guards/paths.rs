//! File paths: what `validate_safe_file_path` refuses, and `within`, a path
//! resolved inside a root, compared with GNU `realpath -s -m` (the lexical
//! normalization coreutils does without touching the filesystem).

use std::process::Command;

use proptest::prelude::*;
use toolsmith_guards::{GuardErrorCode, normalize_file_path, validate_safe_file_path, within};

fn lines(path: &str) -> Vec<String> {
    let error = validate_safe_file_path(path).unwrap_err();
    assert_eq!(error.code(), GuardErrorCode::UnsafePath);
    error.lines()
}

fn within_lines(root: &str, path: &str) -> Vec<String> {
    let error = within(root, path).unwrap_err();
    assert_eq!(error.code(), GuardErrorCode::UnsafePath);
    error.lines()
}

#[test]
fn an_absolute_path_that_climbs_out_is_refused() {
    assert_eq!(
        lines("/home/me/project/../../../etc/passwd"),
        [
            r#"Invalid file path: "/home/me/project/../../../etc/passwd" climbs out of its directory (normalized: "/etc/passwd"); use a path inside the project"#
        ]
    );
    assert_eq!(
        lines("/home/me/project/src/../../x"),
        [
            r#"Invalid file path: "/home/me/project/src/../../x" climbs out of its directory (normalized: "/home/me/x"); use a path inside the project"#
        ]
    );
    assert_eq!(
        lines("/srv/app/a/../b/../../../c"),
        [
            r#"Invalid file path: "/srv/app/a/../b/../../../c" climbs out of its directory (normalized: "/c"); use a path inside the project"#
        ]
    );
    // A `..` that climbs back no further than where its tail starts stays.
    for path in [
        "/home/me/project/a/../b.rs",
        "/home/me/project/./src//lib.rs",
        "/a/b/../c/../d",
        "/a/..",
    ] {
        assert_eq!(validate_safe_file_path(path), Ok(()), "{path:?}");
    }
}

#[test]
fn bidirectional_controls_separators_and_invisible_characters_are_refused() {
    for c in [
        '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}',
        '\u{2068}', '\u{2069}', '\u{200E}', '\u{200F}', '\u{061C}', '\u{2028}', '\u{2029}',
        '\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{FEFF}', '\u{85}', '\u{9}',
    ] {
        let path = format!("src/invoice{c}fdp.rs");
        let shown = format!("{path:?}");
        assert_eq!(
            lines(&path),
            [format!(
                "Invalid file path: {shown} contains the control character U+{:04X}; remove it",
                c as u32
            )],
            "{path:?}"
        );
        assert!(!lines(&path)[0].contains(c));
        assert!(within("/p", &path).is_err());
    }
    // Letters of other scripts are names, not controls.
    for path in ["docs/résumé.md", "src/日本語.rs", "notes/مرحبا.txt"] {
        assert_eq!(validate_safe_file_path(path), Ok(()), "{path:?}");
    }
}

#[test]
fn windows_alternate_data_streams_are_refused() {
    assert_eq!(
        lines("file.txt:Zone.Identifier"),
        [
            r#"Invalid file path: "file.txt:Zone.Identifier" names a Windows alternate data stream ("file.txt:Zone.Identifier"); name the file without ":""#
        ]
    );
    assert_eq!(
        lines(r"C:\x\y.txt::$DATA"),
        [
            r#"Invalid file path: "C:\\x\\y.txt::$DATA" names a Windows drive; use `/` separated paths"#,
            r#"Invalid file path: "C:\\x\\y.txt::$DATA" names a Windows alternate data stream ("y.txt::$DATA"); name the file without ":""#,
        ]
    );
    assert_eq!(
        lines("src/main.rs::$DATA"),
        [
            r#"Invalid file path: "src/main.rs::$DATA" names a Windows alternate data stream ("main.rs::$DATA"); name the file without ":""#
        ]
    );
    // A drive alone is a drive, not a stream.
    assert_eq!(
        lines("C:"),
        [r#"Invalid file path: "C:" names a Windows drive; use `/` separated paths"#]
    );
}

#[test]
fn within_answers_the_normalized_path_inside_the_root() {
    let root = "/home/me/project";
    for (path, inside) in [
        ("src/lib.rs", "/home/me/project/src/lib.rs"),
        ("./src//./lib.rs", "/home/me/project/src/lib.rs"),
        ("src/../README.md", "/home/me/project/README.md"),
        ("/home/me/project/a/../b.rs", "/home/me/project/b.rs"),
        ("/home/me/project", "/home/me/project"),
        (".", "/home/me/project"),
        ("a/../../project/b", "/home/me/project/b"),
    ] {
        assert_eq!(within(root, path).as_deref(), Ok(inside), "{path:?}");
        assert_eq!(within("/home/me/project/", path).as_deref(), Ok(inside));
        assert_eq!(within("/home//me/./project", path).as_deref(), Ok(inside));
    }
    assert_eq!(within("/", "/etc/passwd").as_deref(), Ok("/etc/passwd"));
    assert_eq!(within("/", "../x").as_deref(), Ok("/x"));
}

#[test]
fn within_names_why_a_path_is_outside_the_root() {
    let root = "/home/me/project";
    assert_eq!(
        within_lines(root, "/home/me/project/../../../etc/passwd"),
        [
            r#"Invalid file path: "/home/me/project/../../../etc/passwd" is outside "/home/me/project" (normalized: "/etc/passwd"); use a path inside it"#
        ]
    );
    assert_eq!(
        within_lines(root, "../project-secrets/key.pem"),
        [
            r#"Invalid file path: "../project-secrets/key.pem" is outside "/home/me/project" (normalized: "/home/me/project-secrets/key.pem"); use a path inside it"#
        ]
    );
    // A sibling whose name starts with the root's is not inside it.
    assert_eq!(
        within_lines(root, "/home/me/project2/x"),
        [
            r#"Invalid file path: "/home/me/project2/x" is outside "/home/me/project" (normalized: "/home/me/project2/x"); use a path inside it"#
        ]
    );
    assert_eq!(
        within_lines(root, "/etc/passwd"),
        [
            r#"Invalid file path: "/etc/passwd" is outside "/home/me/project" (normalized: "/etc/passwd"); use a path inside it"#
        ]
    );
    // What the path holds is refused before where it leads.
    assert_eq!(
        within_lines(root, "out/nul.txt"),
        [
            r#"Invalid file path: "out/nul.txt" names the Windows device NUL; choose another file name"#
        ]
    );
    assert_eq!(
        within_lines(root, ""),
        ["Invalid file path: the path is empty; name a file"]
    );
    assert_eq!(
        within_lines("project", "src/lib.rs"),
        [
            r#"Invalid file path: the root "project" is not absolute; pass the absolute path of the directory"#
        ]
    );
}

/// Segments a path is made of, the tricky ones often.
fn path() -> impl Strategy<Value = String> {
    let segment = prop_oneof![
        Just("..".to_owned()),
        Just(".".to_owned()),
        Just(String::new()),
        "[a-c]{1,2}",
        Just("project".to_owned()),
        Just("...".to_owned()),
        Just(".a".to_owned()),
    ];
    (any::<bool>(), prop::collection::vec(segment, 0..12)).prop_map(|(absolute, segments)| {
        let path = segments.join("/");
        if absolute { format!("/{path}") } else { path }
    })
}

/// GNU `realpath -s -m` of each path, resolved against `/r/project`: no
/// symbolic links followed, no component required to exist.
fn realpath(paths: &[String]) -> Vec<String> {
    let output = Command::new("realpath")
        .args(["-s", "-m", "--"])
        .args(paths)
        .current_dir("/")
        .env("PWD", "/")
        .output()
        .expect("GNU coreutils realpath runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `within` agrees with `realpath` on where a path lands, and answers
    /// it exactly when that is the root or below it.
    #[test]
    fn within_agrees_with_realpath(paths in prop::collection::vec(path(), 32)) {
        let root = "/r/project";
        let joined: Vec<String> = paths
            .iter()
            .map(|path| {
                if path.starts_with('/') { path.clone() } else { format!("{root}/{path}") }
            })
            .collect();
        let expected = realpath(&joined);
        prop_assert_eq!(expected.len(), paths.len());
        for ((path, joined), expected) in paths.iter().zip(&joined).zip(&expected) {
            prop_assert_eq!(&normalize_file_path(joined), expected, "{:?}", path);
            let inside = expected == root || expected.starts_with(&format!("{root}/"));
            match within(root, path) {
                Ok(answer) => {
                    prop_assert!(inside, "{:?} → {:?}", path, answer);
                    prop_assert_eq!(&answer, expected);
                }
                Err(error) => prop_assert!(
                    !inside || path.is_empty(),
                    "{:?}: {}", path, error
                ),
            }
        }
    }
}
