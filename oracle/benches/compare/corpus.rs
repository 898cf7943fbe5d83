//! Rows on schemas real MCP servers publish, taken from the corpus
//! (`tests/corpus/servers/`; each file of `schemas/` is one tool's input
//! schema, copied exactly, which the corpus test checks): toolsmith's
//! `Validator` next to the jsonschema crate and boon, each validating a
//! valid call, and an invalid call with three problems with every error
//! rendered.
//!
//! A toolsmith row whose schema `Validator::new` refuses is left out, with
//! a note on stderr saying why; the other contenders' rows still run.

use std::hint::black_box;

use serde_json::Value;
use toolsmith::Validator;

use crate::cases::{Case, Side};

/// One schema of the corpus and the two calls measured on it.
struct Workload {
    name: &'static str,
    /// Where the schema comes from: `server/tool` in the corpus.
    origin: &'static str,
    schema: &'static str,
    valid: &'static str,
    invalid: &'static str,
}

const WORKLOADS: &[Workload] = &[
    Workload {
        name: "github_issue",
        origin: "github/create_issue",
        schema: include_str!("schemas/github_create_issue.json"),
        valid: r#"{"owner":"toolsmith-rs","repo":"toolsmith","title":"Validator refuses anyOf in a proxied schema","body":"A tool proxied from another server declares anyOf; the call is refused before it runs.","assignees":["ada"],"labels":["bug","validator"],"milestone":3}"#,
        // `repo` missing, `title` a number, `labels` a string.
        invalid: r#"{"owner":"toolsmith-rs","title":42,"body":"steps to reproduce","labels":"bug","milestone":3}"#,
    },
    Workload {
        name: "filesystem_edit",
        origin: "filesystem/edit_file",
        schema: include_str!("schemas/filesystem_edit_file.json"),
        valid: r#"{"path":"/srv/notes/release.md","edits":[{"oldText":"teh release","newText":"the release"},{"oldText":"recieve","newText":"receive"}],"dryRun":true}"#,
        // An edit without `newText`, one without `oldText`, `dryRun` a string.
        invalid: r#"{"path":"/srv/notes/release.md","edits":[{"oldText":"teh release"},{"old_text":"recieve","newText":"receive"}],"dryRun":"yes"}"#,
    },
    // A pydantic model (FastMCP): `$ref` into `$defs`, nested twice, and
    // an `anyOf` of an enum and a pattern.
    Workload {
        name: "excel_table",
        origin: "excel/set_table",
        schema: include_str!("schemas/excel_set_table.json"),
        valid: r#"{"path":"/srv/books/q4.xlsx","sheet":"Sales","range":"A1:D40","name":"Q4Sales","options":{"style":"TableStyleMedium2","header_row":true,"totals_row":true,"striped_rows":true,"columns":[{"name":"Region"},{"name":"Revenue","total":"sum"},{"name":"Margin","formula":"=[@Revenue]-[@Cost]","total":"=SUM([Margin])/2"}]}}"#,
        // `sheet` missing, `totals_row` a string, a `total` that is neither
        // a function nor a formula.
        invalid: r#"{"path":"/srv/books/q4.xlsx","range":"A1:D40","options":{"style":"TableStyleMedium2","totals_row":"yes","columns":[{"name":"Region"},{"name":"Revenue","total":"total"}]}}"#,
    },
];

/// Which workload and call a case measures, by its id.
fn parts(id: &str) -> (&'static Workload, &'static str) {
    let mut segments = id.split('/').skip(1);
    let name = segments
        .next()
        .expect("a corpus case id names its workload");
    let call = segments.next().expect("a corpus case id names its call");
    let workload = WORKLOADS
        .iter()
        .find(|w| w.name == name)
        .unwrap_or_else(|| panic!("no corpus workload {name}"));
    let text = if call == "valid" {
        workload.valid
    } else {
        workload.invalid
    };
    (workload, text)
}

fn schema_of(id: &str) -> Value {
    serde_json::from_str(parts(id).0.schema).expect("the bench schemas are JSON")
}

fn call_of(id: &str) -> Value {
    serde_json::from_str(parts(id).1).expect("the bench calls are JSON")
}

macro_rules! corpus_cases {
    ($($workload:literal),* $(,)?) => {
        &[$(
            corpus_cases!(@call $workload, "valid", 100),
            corpus_cases!(@call $workload, "invalid", 100),
        )*]
    };
    (@call $workload:literal, $call:literal, $repeat:literal) => {
        [
            Case {
                id: concat!("corpus/", $workload, "/", $call, "/Validator"),
                side: Side::Toolsmith,
                repeat: $repeat,
                setup: || toolsmith_validator(concat!("corpus/", $workload, "/", $call, "/Validator")),
            },
            Case {
                id: concat!("corpus/", $workload, "/", $call, "/jsonschema"),
                side: Side::Jsonschema,
                repeat: $repeat,
                setup: || jsonschema_runtime(concat!("corpus/", $workload, "/", $call, "/jsonschema")),
            },
            Case {
                id: concat!("corpus/", $workload, "/", $call, "/boon"),
                side: Side::Boon,
                repeat: $repeat,
                setup: || boon_validator(concat!("corpus/", $workload, "/", $call, "/boon")),
            },
        ]
    };
}

static GROUPS: &[[Case; 3]] = corpus_cases!("github_issue", "filesystem_edit", "excel_table");

/// Every corpus case, in table order.
pub fn all() -> impl Iterator<Item = &'static Case> {
    GROUPS.iter().flatten()
}

/// The corpus cases that can run: a toolsmith row whose schema
/// `Validator::new` refuses is left out, with a note on stderr.
pub fn runnable() -> Vec<&'static Case> {
    all()
        .filter(|case| match refused(case) {
            Some(err) => {
                eprintln!(
                    "{}: skipped, Validator::new refuses the schema: {err}",
                    case.id
                );
                false
            }
            None => true,
        })
        .collect()
}

fn refused(case: &Case) -> Option<String> {
    if case.side != Side::Toolsmith {
        return None;
    }
    Validator::new(&schema_of(case.id))
        .err()
        .map(|e| e.to_string())
}

fn toolsmith_validator(id: &'static str) -> Box<dyn FnMut()> {
    let validator = Validator::new(&schema_of(id)).expect("runnable() left refused schemas out");
    let value = call_of(id);
    Box::new(move || {
        if let Err(err) = validator.validate(black_box(&value)) {
            drop(black_box(err.lines()));
        }
    })
}

fn jsonschema_runtime(id: &'static str) -> Box<dyn FnMut()> {
    let validator = jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .with_pattern_options(jsonschema::PatternOptions::regex())
        .build(&schema_of(id))
        .expect("jsonschema compiles every corpus schema");
    let value = call_of(id);
    // What the row is named for: the valid call passes, the invalid one
    // has its three problems.
    let errors = validator.iter_errors(&value).count();
    match id.contains("/valid/") {
        true => assert_eq!(errors, 0, "{id}: the valid call fails"),
        false => assert!(errors >= 3, "{id}: {errors} problems, not three"),
    }
    Box::new(move || {
        let lines: Vec<String> = validator
            .iter_errors(black_box(&value))
            .map(|err| format!("{}: {}", err.instance_path(), err))
            .collect();
        drop(black_box(lines));
    })
}

fn boon_validator(id: &'static str) -> Box<dyn FnMut()> {
    let mut schemas = boon::Schemas::new();
    let mut compiler = boon::Compiler::new();
    compiler.set_default_draft(boon::Draft::V2020_12);
    compiler
        .add_resource("urn:toolsmith:corpus", schema_of(id))
        .expect("boon takes the schema");
    let index = compiler
        .compile("urn:toolsmith:corpus", &mut schemas)
        .expect("boon compiles every corpus schema");
    let value = call_of(id);
    Box::new(move || {
        if let Err(err) = schemas.validate(black_box(&value), index) {
            // Every error, as boon's detailed output lists them.
            drop(black_box(format!("{err:#}")));
        }
    })
}

/// A measured corpus case: its id, instructions per call, wall-clock time.
pub struct Row {
    pub id: &'static str,
    pub ir: Option<f64>,
    pub nanos: f64,
}

/// The corpus rows as their own table: one line per workload and call.
pub fn table(rows: &[Row]) -> Vec<[String; 9]> {
    let mut out = vec![
        [
            "corpus workload",
            "schema",
            "toolsmith Ir",
            "jsonschema Ir",
            "boon Ir",
            "/ jsonschema",
            "/ boon",
            "toolsmith time",
            "jsonschema time",
        ]
        .map(String::from),
    ];
    for workload in WORKLOADS {
        for call in ["valid", "invalid"] {
            let find = |contender: &str| {
                let id = format!("corpus/{}/{call}/{contender}", workload.name);
                rows.iter().find(|row| row.id == id)
            };
            let (ours, js, boon) = (find("Validator"), find("jsonschema"), find("boon"));
            let count = |row: Option<&Row>| {
                row.and_then(|r| r.ir)
                    .map_or_else(|| "—".to_owned(), crate::format_count)
            };
            let ratio =
                |other: Option<&Row>| match (ours.and_then(|r| r.ir), other.and_then(|r| r.ir)) {
                    (Some(a), Some(b)) => format!("{:.2}×", a / b),
                    _ => "—".to_owned(),
                };
            let time = |row: Option<&Row>| {
                row.map_or_else(|| "—".to_owned(), |r| crate::format_time(r.nanos))
            };
            if ours.is_none() && js.is_none() && boon.is_none() {
                continue;
            }
            out.push([
                format!("{}/{call}", workload.name),
                workload.origin.to_owned(),
                if ours.is_some() {
                    count(ours)
                } else {
                    "refused".to_owned()
                },
                count(js),
                count(boon),
                ratio(js),
                ratio(boon),
                time(ours),
                time(js),
            ]);
        }
    }
    out
}
