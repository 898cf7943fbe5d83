//! Precision and recall of `find_secrets` on a labelled corpus
//! (`tests/fixtures/secrets/corpus.tsv`): each line is a secret of a
//! known kind, with the secret's exact text, or a line that holds none
//! (digests and versions under secret-like names, placeholders,
//! references, URLs without credentials, documentation). The values are
//! random, in each service's token format; none is a real credential.

use std::collections::BTreeMap;

use toolsmith_guards::{SecretFinding, find_secrets};

/// One labelled line.
struct Labelled {
    /// The kind of secret the line holds, and its text; none for a clean
    /// line.
    secret: Option<(String, String)>,
    text: String,
}

fn corpus() -> Vec<Labelled> {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/secrets/corpus.tsv");
    let corpus = std::fs::read_to_string(&path).unwrap();
    corpus
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.splitn(4, '\t').collect();
            let [label, kind, secret, text] = fields[..] else {
                panic!("four fields: {line:?}");
            };
            let secret = match label {
                "secret" => Some((kind.to_owned(), secret.to_owned())),
                "clean" => None,
                _ => panic!("label: {line:?}"),
            };
            Labelled {
                secret,
                text: text.to_owned(),
            }
        })
        .collect()
}

/// A finding as the corpus labels it: its kind and the text it covers.
fn labelled(text: &str, finding: &SecretFinding) -> (String, String) {
    (
        finding.kind.as_str().to_owned(),
        text[finding.range.clone()].to_owned(),
    )
}

#[test]
fn every_labelled_secret_is_found_and_nothing_else() {
    let corpus = corpus();
    let mut true_positives = 0;
    let mut false_positives = Vec::new();
    let mut missed = Vec::new();
    let mut per_kind: BTreeMap<String, usize> = BTreeMap::new();
    for line in &corpus {
        let found: Vec<(String, String)> = find_secrets(&line.text)
            .iter()
            .map(|finding| labelled(&line.text, finding))
            .collect();
        match &line.secret {
            Some(expected) => {
                *per_kind.entry(expected.0.clone()).or_default() += 1;
                if found.contains(expected) {
                    true_positives += 1;
                } else {
                    missed.push((expected.0.clone(), line.text.clone()));
                }
                false_positives.extend(
                    found
                        .into_iter()
                        .filter(|finding| finding != expected)
                        .map(|finding| (finding.0, line.text.clone())),
                );
            }
            None => false_positives.extend(
                found
                    .into_iter()
                    .map(|finding| (finding.0, line.text.clone())),
            ),
        }
    }
    let secrets = corpus.iter().filter(|line| line.secret.is_some()).count();
    let clean = corpus.len() - secrets;
    let recall = true_positives as f64 / secrets as f64;
    let precision = true_positives as f64 / (true_positives + false_positives.len()) as f64;
    assert_eq!(missed, Vec::<(String, String)>::new(), "recall {recall:.3}");
    assert_eq!(
        false_positives,
        Vec::<(String, String)>::new(),
        "precision {precision:.3}"
    );
    assert_eq!((recall, precision), (1.0, 1.0));
    // The corpus covers every kind, and both sides.
    assert_eq!(per_kind.len(), 22, "{per_kind:?}");
    assert!(
        secrets >= 35 && clean >= 60,
        "{secrets} secrets, {clean} clean"
    );
}
