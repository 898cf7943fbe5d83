//! The scan's filters, and its cost on adversarial texts: doubling the
//! text at most doubles the work, counted in bytes, never timed.

use super::filters::{entropy, is_placeholder, looks_random};
use proptest::prelude::*;

use super::scan::{Cost, scan, scan_with};

#[test]
fn entropy_in_bits_per_character() {
    assert_eq!(entropy(""), 0.0);
    assert_eq!(entropy("aaaa"), 0.0);
    assert_eq!(entropy("abcdefgh"), 3.0);
    assert!((entropy("aabb") - 1.0).abs() < 1e-9);
}

#[test]
fn random_values_and_the_rest() {
    for value in [
        "Tr0ub4dor&3x",
        "c3VwZXJzZWNyZXQ9",
        "a8F3kQ9zLm2P",
        // Words a placeholder is made of, inside a random value.
        "q7testZk29Lp",
        "Xyour8kP2mQz",
        "n0neVb7Kq2Lw",
    ] {
        assert!(looks_random("password", value), "{value}");
    }
    for value in [
        "changeme123",
        "${PASSWORD}",
        "$DB_PASS",
        "settings.SECRET_KEY",
        "12345678",
        "abcdefgh",
        "aaaaaaa1",
        "123e4567-e89b-12d3-a456-426614174000",
        "https://x.example/a1",
        "your-key-1",
        "v1.2.3-beta.4",
        "10.20.300",
    ] {
        assert!(!looks_random("password", value), "{value}");
    }
    let digest = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    assert!(!looks_random("SECRET_SHA", &digest[..40]));
    assert!(!looks_random("token_hash", digest));
    assert!(!looks_random("api_key_checksum", digest));
    // A hex value under a plain secret name is a secret.
    assert!(looks_random("SECRET_KEY", digest));
}

#[test]
fn placeholders_are_whole_shapes() {
    for value in [
        "your-api-key",
        "your_token_here",
        "YourApiKeyHere",
        "<token>",
        "xxxx",
        "xxxx-xxxx-xxxx",
        "********",
        "changeme",
        "change_me",
        "test_password",
        "none",
        "null",
        "dummy-secret-1",
        "INSERT_KEY_HERE",
    ] {
        assert!(is_placeholder(value), "{value}");
    }
    for value in [
        "testimony9K2",
        "nonexistent7Q",
        "yourself",
        "k8ZtestQ9",
        "a8F3kQ9zLm2P",
    ] {
        assert!(!is_placeholder(value), "{value}");
    }
}

/// `unit` repeated to at least `len` bytes.
fn repeated(unit: &str, len: usize) -> String {
    unit.repeat(len.div_ceil(unit.len()))
}

/// Texts that made the old scan restart its search at every match or
/// keep an unbounded run alive: runs of name characters holding anchors
/// of every rule, dense anchors, long values, unterminated key blocks.
fn adversarial(len: usize) -> Vec<(&'static str, String)> {
    vec![
        ("one name character", repeated("a", len)),
        ("name characters", repeated("aB3_.-", len)),
        ("keyword run", repeated("tokensecretpassword", len)),
        ("keywords in a dotted run", repeated("a.token-", len)),
        ("assignments", repeated("token=token=", len)),
        ("assignments with colons", repeated("token:token:", len)),
        (
            "long values",
            repeated("password=", 9) + &repeated("k8ZtQ9vB2mLx:", len),
        ),
        (
            "google keys in a run",
            repeated("-AIzaAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", len),
        ),
        ("jwt parts", repeated("eyJaaaaaaaaa.", len)),
        ("jwt anchors", repeated("eyJ", len)),
        ("jwt anchors after dashes", repeated("eyJaaaa-", len)),
        ("gitlab prefixes", repeated("glpat-", len)),
        ("anthropic prefixes", repeated("sk-ant-api03-", len)),
        ("slack prefixes", repeated("xoxb-", len)),
        (
            "slack webhook prefixes",
            repeated("hooks.slack.com/services/", len),
        ),
        ("openai prefixes", repeated("sk-", len)),
        ("url schemes", repeated("a://", len)),
        ("url userinfo", repeated("s://u:p", len)),
        ("key headers", repeated("-----BEGIN PRIVATE KEY-----", len)),
        (
            "unterminated key",
            format!("-----BEGIN PRIVATE KEY-----\n{}", repeated("QUJD", len)),
        ),
        (
            "authorization headers",
            repeated("Authorization: Basic ", len),
        ),
        ("aws names", repeated("aws_secret_access_key=", len)),
    ]
}

#[test]
fn doubling_the_text_at_most_doubles_the_work() {
    const N: usize = 128 * 1024;
    let small = adversarial(N);
    let large = adversarial(2 * N);
    for ((name, small), (_, large)) in small.iter().zip(&large) {
        let (_, at_n) = scan(small);
        let (_, at_2n) = scan(large);
        let ratio = at_2n.total() as f64 / at_n.total() as f64;
        if std::env::var_os("TOOLSMITH_PRINT_COSTS").is_some() {
            eprintln!(
                "{name}: {ratio:.3}, {:.2} bytes of work per byte",
                at_2n.total() as f64 / large.len() as f64
            );
        }
        assert!(
            ratio < 2.1,
            "{name}: {ratio:.3} ({} → {} bytes of work: {at_n:?} → {at_2n:?})",
            small.len(),
            large.len()
        );
        // And the work is a small multiple of the text.
        assert!(
            at_2n.total() <= 8 * large.len(),
            "{name}: {} bytes of work for {} bytes",
            at_2n.total(),
            large.len()
        );
    }
}

#[test]
fn each_part_of_the_work_is_counted() {
    let (found, cost) = scan("password = k8ZtQ9vB2mLx");
    assert_eq!(found.len(), 1);
    assert_eq!(
        cost,
        Cost {
            scanned: 23,
            anchors: 1,
            walked: 0,
            searches: 1,
            searched_bytes: 23,
            matched_bytes: 23,
            key_body_bytes: 0,
        }
    );
}

/// A text of token prefixes, random token characters and separators, the
/// shapes a run rule's search reads through.
fn token_soup() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("eyJ".to_owned()),
        Just("eyJhbGciOiJIUzI1NiJ9".to_owned()),
        Just("glpat-".to_owned()),
        Just("xoxb-".to_owned()),
        Just("xapp-1-".to_owned()),
        Just("sk-ant-api03-".to_owned()),
        Just("sk-proj-".to_owned()),
        Just("pypi-AgEIcHlwaS5vcmc".to_owned()),
        Just("hooks.slack.com/services/".to_owned()),
        Just("-".to_owned()),
        Just(".".to_owned()),
        Just("_".to_owned()),
        Just(" ".to_owned()),
        "[A-Za-z0-9]{1,24}",
        "[A-Za-z0-9_-]{8,40}",
    ];
    prop::collection::vec(piece, 1..24).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Not searching again inside a stretch a run rule's failed search read
    /// loses no secret.
    #[test]
    fn skipping_what_a_failed_search_read_loses_nothing(text in token_soup()) {
        prop_assume!(text.len() < 400);
        prop_assert_eq!(scan_with(&text, true).0, scan_with(&text, false).0);
    }
}
