//! Long adversarial texts: runs of name characters and dense rule
//! prefixes that made a search start over at every match. Each is scanned
//! to the end, and a token planted after it is still found. The work is
//! proven linear by counting in the crate's unit tests; here a thread and
//! a generous timeout only signal a scan that runs away.

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use toolsmith_guards::{SecretKind, find_secrets};

/// `unit` repeated to `len` bytes or a little more.
fn repeated(unit: &str, len: usize) -> String {
    unit.repeat(len.div_ceil(unit.len()))
}

/// The kinds `find_secrets` finds in `text`, from another thread; a
/// failure if it takes minutes.
fn kinds_in_bounded_work(text: String) -> Vec<SecretKind> {
    let (send, receive) = mpsc::channel();
    thread::spawn(move || {
        let kinds: Vec<SecretKind> = find_secrets(&text).iter().map(|f| f.kind).collect();
        send.send(kinds)
    });
    receive
        .recv_timeout(Duration::from_secs(120))
        .expect("the scan gives a verdict")
}

#[test]
fn a_megabyte_of_name_characters_or_rule_prefixes_is_scanned_to_its_end() {
    const LEN: usize = 1024 * 1024;
    // Built from pieces: no token-shaped text is committed here.
    let token = ["ghp", "_R8sWq1ZbT4kLmN0pX7vY2cD5fG9hJ3aQe6Uo"].concat();
    for (name, unit) in [
        ("name characters", "aB3_.-"),
        ("a dotted run", "a.b-c_d"),
        ("keywords", "tokensecretpassword"),
        ("keywords in a dotted run", "a.token-"),
        (
            "google prefixes in a run",
            "-AIzaAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        ),
        ("jwt parts", "eyJaaaaaaaaa."),
        ("jwt prefixes after dashes", "eyJaaaa-"),
        ("gitlab prefixes", "glpat-"),
        ("slack prefixes", "xoxb-"),
        ("assignments", "token=token="),
        ("assignments with colons", "token:token:"),
    ] {
        let text = format!("{} GITHUB_TOKEN={token}\n", repeated(unit, LEN));
        assert_eq!(
            kinds_in_bounded_work(text),
            [SecretKind::GitHubToken],
            "{name}"
        );
    }
}
