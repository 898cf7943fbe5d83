//! The tool schemas of real MCP servers, held to the jsonschema crate.
//!
//! `tests/corpus/servers/` holds what each server's `tools/list` said
//! (captured once by `tests/corpus/capture/capture.py`; no network here).
//! For every input and output schema: the validator a proxy builds (unknown
//! keywords such as FastMCP's `x-*` ignored and reported, as the reference
//! ignores them) takes exactly the schemas the reference takes, and on calls generated from each schema
//! (a value meant to match, the same value with one constraint broken, and
//! with the mistakes models make) both give the same verdict, with every
//! refusal said in lines of the grammar. `TOOLSMITH_CORPUS_CASES` sets how
//! many seeds each schema gets (24 by default).

mod servers;

use serde_json::Value;
use toolsmith::{Validator, sanitize_line};
use toolsmith_test_support::generate::{Rng, mutate};
use toolsmith_test_support::instances::{break_one, instance};

use servers::Schema;

/// The validator as a proxy builds it for a schema it did not write: an
/// unknown keyword is ignored (and listed), not refused.
fn ours(schema: &Value) -> Result<Validator, toolsmith::SchemaError> {
    Validator::builder()
        .ignore_unknown_keywords(true)
        .build(schema)
}

/// The jsonschema crate as a user would take it for a foreign schema:
/// draft 2020-12 (what the validator reads every schema as, whatever its
/// `$schema` says), its default `pattern` engine.
fn reference(schema: &Value) -> Result<jsonschema::Validator, String> {
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .build(schema)
        .map_err(|e| e.to_string())
}

fn cases() -> u64 {
    std::env::var("TOOLSMITH_CORPUS_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(24)
}

#[test]
fn the_corpus_names_each_package_and_version() {
    let servers = servers::servers();
    assert!(servers.len() >= 15, "only {} servers", servers.len());
    let tools: usize = servers.iter().map(|s| s.tools.len()).sum();
    assert!(tools >= 300, "only {tools} tools");
    for server in servers {
        let path = servers::dir().join(format!("{}.json", server.server));
        assert!(
            path.exists(),
            "{} is not in {}",
            server.server,
            path.display()
        );
        assert!(
            server.source == "npm" || server.source == "pypi",
            "{}: source {:?}",
            server.server,
            server.source
        );
        assert!(
            server.version.starts_with(|c: char| c.is_ascii_digit())
                && !server.version.contains(['^', '~', '*', ' ']),
            "{}: not an exact version: {:?}",
            server.server,
            server.version
        );
        assert!(!server.package.is_empty(), "{}: no package", server.server);
        assert!(!server.license.is_empty(), "{}: no licence", server.server);
        assert!(!server.tools.is_empty(), "{}: no tools", server.server);
    }
}

/// The corpus rows of `cargo bench -p toolsmith-oracle --bench compare` read their schemas
/// from files of their own (`benches/compare/schemas/`): each is a
/// corpus entry, unchanged.
#[test]
fn the_benchmark_schemas_are_corpus_entries() {
    let copies = [
        ("github_create_issue", "github", "create_issue"),
        ("filesystem_edit_file", "filesystem", "edit_file"),
        ("excel_set_table", "excel", "set_table"),
    ];
    for (file, server, tool) in copies {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("benches/compare/schemas")
            .join(format!("{file}.json"));
        let text = std::fs::read_to_string(&path).expect("the benchmark schema exists");
        let copy: Value = serde_json::from_str(&text).expect("the benchmark schema is JSON");
        assert_eq!(
            &copy,
            servers::input_schema(server, tool),
            "{} differs from {server}/{tool} in the corpus",
            path.display()
        );
    }
}

/// The target: every schema a real server publishes compiles, and a
/// schema the reference refuses is refused too.
#[test]
fn the_validator_takes_the_schemas_the_reference_takes() {
    let schemas = servers::schemas();
    let mut refused = Vec::new();
    let mut taken_wrongly = Vec::new();
    for Schema { label, schema } in &schemas {
        match (ours(schema), reference(schema)) {
            (Err(err), Ok(_)) => refused.push(format!("{label}: {err}")),
            (Ok(_), Err(err)) => taken_wrongly.push(format!("{label}: the reference says {err}")),
            _ => {}
        }
    }
    let strict = schemas
        .iter()
        .filter(|Schema { schema, .. }| Validator::new(schema).is_ok())
        .count();
    eprintln!(
        "the validator compiled {} of {} schemas ({strict} without ignoring unknown keywords)",
        schemas.len() - refused.len(),
        schemas.len()
    );
    assert!(
        refused.is_empty() && taken_wrongly.is_empty(),
        "{} schemas refused:\n{}\n{} schemas taken that the reference refuses:\n{}",
        refused.len(),
        refused.join("\n"),
        taken_wrongly.len(),
        taken_wrongly.join("\n"),
    );
}

#[test]
fn the_reference_compiles_every_schema() {
    let schemas = servers::schemas();
    let refused: Vec<String> = schemas
        .iter()
        .filter_map(|s| {
            reference(s.schema)
                .err()
                .map(|e| format!("{}: {e}", s.label))
        })
        .collect();
    eprintln!(
        "jsonschema compiled {} of {} schemas",
        schemas.len() - refused.len(),
        schemas.len()
    );
    assert!(refused.is_empty(), "{}", refused.join("\n"));
}

/// What one schema's generated calls showed.
#[derive(Default)]
struct Verdicts {
    accepted: usize,
    rejected: usize,
    disagreements: Vec<String>,
}

impl Verdicts {
    fn check(
        &mut self,
        label: &str,
        ours: &Validator,
        theirs: &jsonschema::Validator,
        call: &Value,
    ) {
        let expected = theirs.is_valid(call);
        if expected {
            self.accepted += 1;
        } else {
            self.rejected += 1;
        }
        match (ours.validate(call), expected) {
            (Ok(()), true) => {}
            (Err(err), false) => {
                let lines = err.lines();
                let bad: Vec<&String> = lines.iter().filter(|l| !in_grammar(l)).collect();
                if lines.is_empty() || !bad.is_empty() {
                    self.disagreements.push(format!(
                        "{label}: lines outside the grammar for {call}: {lines:?}"
                    ));
                }
            }
            (Ok(()), false) => {
                let errors: Vec<String> = theirs
                    .iter_errors(call)
                    .map(|e| format!("{}: {e}", e.instance_path()))
                    .collect();
                self.disagreements.push(format!(
                    "{label}: accepted {call}, the reference says {errors:?}"
                ));
            }
            (Err(err), true) => self.disagreements.push(format!(
                "{label}: refused {call}, the reference accepts it: {:?}",
                err.lines()
            )),
        }
    }
}

/// A line a model reads: `Invalid arguments: …` or `Invalid arguments at
/// /pointer: …`, or the count of problems left out; one sanitized line.
fn in_grammar(line: &str) -> bool {
    let shaped = match line.strip_prefix("Invalid arguments") {
        Some(rest) => {
            rest.strip_prefix(": ").is_some_and(|p| !p.is_empty())
                || rest
                    .strip_prefix(" at /")
                    .is_some_and(|p| p.split_once(": ").is_some_and(|(_, p)| !p.is_empty()))
        }
        None => line
            .strip_prefix("… and ")
            .and_then(|rest| rest.split_once(" more problem"))
            .is_some_and(|(n, _)| n.parse::<usize>().is_ok()),
    };
    shaped && sanitize_line(line) == line
}

/// Whether the reference takes a value of every type: a schema that
/// constrains nothing (some servers publish `{"$schema": …}` alone), for
/// which no call is invalid.
fn accepts_anything(theirs: &jsonschema::Validator) -> bool {
    let probes = [
        serde_json::json!(null),
        serde_json::json!(true),
        serde_json::json!(0.5),
        serde_json::json!("text"),
        serde_json::json!([1]),
        serde_json::json!({"key": 1}),
    ];
    probes.iter().all(|probe| theirs.is_valid(probe))
}

#[test]
fn generated_calls_get_the_reference_verdict() {
    let mut skipped = 0;
    let mut problems = Vec::new();
    let mut calls = 0;
    for Schema { label, schema } in servers::schemas() {
        let (Ok(ours), Ok(theirs)) = (ours(schema), reference(schema)) else {
            // Counted by the compile test above.
            skipped += 1;
            continue;
        };
        let mut verdicts = Verdicts::default();
        for seed in 0..cases() {
            let mut rng = Rng::new(seed);
            let call = instance(schema, &mut rng);
            verdicts.check(&label, &ours, &theirs, &call);
            if let Some(broken) = break_one(schema, &call, &mut rng) {
                verdicts.check(&label, &ours, &theirs, &broken);
            }
            verdicts.check(&label, &ours, &theirs, &mutate(call, &mut rng));
        }
        calls += verdicts.accepted + verdicts.rejected;
        if verdicts.accepted == 0 {
            problems.push(format!("{label}: no generated call is valid"));
        }
        if verdicts.rejected == 0 && !accepts_anything(&theirs) {
            problems.push(format!("{label}: no generated call is invalid"));
        }
        problems.extend(verdicts.disagreements.into_iter().take(3));
    }
    eprintln!("{calls} generated calls checked, {skipped} schemas left to the compile test");
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
