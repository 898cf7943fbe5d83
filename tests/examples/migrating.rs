//! The migration guide, `docs/migrating.md`, is true: every block that
//! follows an `<!-- include PATH -->` line is the file at PATH (the part
//! between `// --- guide ---` and `// --- end guide ---` in an example),
//! each example prints its `.stdout` file, and the two toolsmith servers
//! advertise the same schemas and answer alike.
//! `TOOLSMITH_SNAPSHOTS=overwrite cargo test --test examples` rewrites the
//! included blocks and the `.stdout` files.

// Each example is included whole, with the bad calls they share.
#![allow(clippy::duplicate_mod)]

#[allow(dead_code)]
#[path = "../../examples/migrating/rmcp_before.rs"]
mod rmcp_before;
#[allow(dead_code)]
#[path = "../../examples/migrating/rmcp_schemars.rs"]
mod rmcp_schemars;
#[allow(dead_code)]
#[path = "../../examples/migrating/rmcp_tool_macro.rs"]
mod rmcp_tool_macro;

use std::path::Path;

use toolsmith::{ToolSet, toolset};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn overwrite() -> bool {
    std::env::var_os("TOOLSMITH_SNAPSHOTS").is_some_and(|v| v == "overwrite")
}

/// The text the guide shows for `path`.
fn included(path: &str) -> String {
    let text = std::fs::read_to_string(Path::new(ROOT).join(path))
        .unwrap_or_else(|err| panic!("{path}: {err}"));
    match (
        text.find("// --- guide ---\n"),
        text.find("// --- end guide ---"),
    ) {
        (Some(start), Some(end)) => text[start + "// --- guide ---\n".len()..end].to_owned(),
        _ => text,
    }
}

/// `guide` with the block after every include line replaced by the file.
fn with_includes(guide: &str) -> String {
    let mut out = String::new();
    let mut lines = guide.split_inclusive('\n');
    while let Some(line) = lines.next() {
        out.push_str(line);
        let Some(path) = line
            .trim_end()
            .strip_prefix("<!-- include ")
            .and_then(|rest| rest.strip_suffix(" -->"))
        else {
            continue;
        };
        let fence = lines.next().expect("a fenced block after an include line");
        assert!(
            fence.starts_with("```"),
            "{path}: no fenced block after the include line"
        );
        out.push_str(fence);
        for line in lines.by_ref() {
            if line.trim_end() == "```" {
                break;
            }
        }
        out.push_str(&included(path));
        out.push_str("```\n");
    }
    out
}

#[test]
fn the_guide_shows_the_files_it_names() {
    let path = Path::new(ROOT).join("docs/migrating.md");
    let guide = std::fs::read_to_string(&path).unwrap();
    let expected = with_includes(&guide);
    if overwrite() {
        std::fs::write(&path, expected).unwrap();
        return;
    }
    assert!(guide.contains("<!-- include examples/migrating/rmcp_before.rs -->"));
    assert_eq!(
        guide, expected,
        "the guide's included blocks differ from the files"
    );
}

fn assert_stdout(name: &str, actual: &str) {
    let path = Path::new(ROOT).join(format!("examples/migrating/{name}.stdout"));
    if overwrite() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    assert_eq!(actual, std::fs::read_to_string(&path).unwrap(), "{name}");
}

#[tokio::test]
async fn each_server_answers_the_bad_calls_as_its_stdout_file_says() {
    assert_stdout("rmcp_before", &rmcp_before::run());
    assert_stdout("rmcp_schemars", &rmcp_schemars::run().await);
    assert_stdout("rmcp_tool_macro", &rmcp_tool_macro::run().await);
}

#[test]
fn both_toolsmith_servers_advertise_the_same_schemas() {
    let kept = rmcp_schemars::tools().unwrap();
    let rewritten: ToolSet = toolset![
        rmcp_tool_macro::Search,
        rmcp_tool_macro::GetPage,
        rmcp_tool_macro::AddNote
    ]
    .unwrap();
    for (kept, rewritten) in kept.tools().zip(rewritten.tools()) {
        assert_eq!(kept.name(), rewritten.name());
        assert_eq!(kept.description(), rewritten.description());
        assert_eq!(
            kept.input_schema(),
            rewritten.input_schema(),
            "{}",
            kept.name()
        );
    }
}

#[test]
fn the_kept_types_agree_with_their_schemas() {
    let search = toolsmith::schemars::tool("search", "Searches the docs", |args| async move {
        let args: rmcp_schemars::SearchArgs = args;
        Ok::<_, String>(args.query)
    });
    crate::support::agreement::assert_agreement_with(&search, &[]);
    let get_page = toolsmith::schemars::tool("get_page", "Reads a page", |args| async move {
        let args: rmcp_schemars::GetPageArgs = args;
        Ok::<_, String>(args.slug)
    });
    crate::support::agreement::assert_agreement_with(&get_page, &[]);
}

/// The rmcp types as they were, without `deny_unknown_fields`, are refused
/// with the line the guide shows (`refused.txt`).
#[test]
fn the_types_as_they_were_are_refused_with_the_fix() {
    let mut tools = ToolSet::new();
    let search = |args| async move { Ok::<_, String>(rmcp_before::search(args)) };
    let err = tools
        .register(toolsmith::schemars::tool(
            "search",
            "Searches the docs",
            search,
        ))
        .map(|_| ())
        .unwrap_err();
    let shown = format!("{err}\n");
    let path = Path::new(ROOT).join("examples/migrating/refused.txt");
    if overwrite() {
        std::fs::write(&path, &shown).unwrap();
        return;
    }
    assert_eq!(shown, std::fs::read_to_string(&path).unwrap());
    assert_eq!(
        shown,
        "the input schema of tool \"search\" breaks the schema rules:\n  accepts unknown keys, which serde ignores: add `#[serde(deny_unknown_fields)]` to the struct, so that the schema and serde refuse them alike (schema rule 1: closed objects)\n"
    );
}

/// The `#[tool]` functions the guide ends with: the typed path and the
/// validator agree.
#[test]
fn the_tool_macro_tools_agree_with_their_schemas() {
    crate::support::agreement::assert_agreement(&rmcp_tool_macro::Search);
    crate::support::agreement::assert_agreement(&rmcp_tool_macro::GetPage);
    crate::support::agreement::assert_agreement(&rmcp_tool_macro::AddNote);
}
