//! Generated items a crate can live with: renamed when a name is taken,
//! reached through a re-exported crate path, and shown by `Debug`.

use serde::{Deserialize, Serialize};
use serde_json::json;
use toolsmith::{Tool, ToolArg, tool, validate_input};

/// A domain type named like the tool `search` would name its items.
#[derive(Debug, PartialEq, Serialize)]
pub struct Search {
    pub query: String,
}

/// The arguments type a domain module might define too.
pub struct SearchArgs;

/// Searches the docs.
#[tool(tool = "SearchTool", args = "SearchToolArgs")]
pub fn search(query: String) -> Search {
    Search { query }
}

#[test]
fn renamed_items_leave_the_domain_types_alone() {
    assert_eq!(SearchTool.name(), "search");
    let args: SearchToolArgs = validate_input(&SearchTool, &json!({"query": "tokio"})).unwrap();
    assert_eq!(
        search(args.query),
        Search {
            query: "tokio".into()
        }
    );
    let _ = SearchArgs;
}

/// A crate that re-exports toolsmith, as a framework built on it would.
mod framework {
    pub use toolsmith as tools;
}

/// A unit, for a tool reached through the framework's path.
#[derive(Debug, Deserialize, framework::tools::ToolArg)]
#[toolsmith(crate = "crate::hygiene::framework::tools")]
pub enum Unit {
    /// Metres.
    M,
    /// Feet.
    Ft,
}

/// A length, with its unit.
#[derive(Debug, Deserialize, framework::tools::ToolArg)]
#[serde(deny_unknown_fields)]
#[toolsmith(crate = "crate::hygiene::framework::tools")]
pub struct Length {
    #[arg(min = 0)]
    pub value: f64,
    pub unit: Unit,
}

/// Converts a length to metres.
#[framework::tools::tool(crate = "crate::hygiene::framework::tools")]
pub fn to_metres(length: Length) -> f64 {
    match length.unit {
        Unit::M => length.value,
        Unit::Ft => length.value * 0.3048,
    }
}

#[test]
fn a_re_exported_crate_path_builds_the_same_tool() {
    assert_eq!(ToMetres.name(), "to_metres");
    assert_eq!(
        ToMetres.input_schema()["properties"]["length"]["properties"]["unit"],
        json!({
            "type": "string",
            "description": "A unit, for a tool reached through the framework's path.\nM: Metres.\nFt: Feet.",
            "enum": ["M", "Ft"]
        })
    );
}

/// Not `Debug`: a field of this type shows as `..`.
#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
pub struct Secret {
    pub token: String,
}

/// Logs in.
#[tool]
pub fn log_in(user: String, secret: Secret, attempts: Option<u8>) -> String {
    let _ = (secret.token, attempts);
    user
}

#[test]
fn debug_shows_the_fields_whose_types_are_debug() {
    let args: LogInArgs = validate_input(
        &LogIn,
        &json!({"user": "ada", "secret": {"token": "hunter2"}}),
    )
    .unwrap();
    assert_eq!(
        format!("{args:?}"),
        r#"LogInArgs { user: "ada", secret: .., attempts: None }"#
    );
    assert_eq!(
        format!(
            "{:?}",
            SearchToolArgs {
                query: "a\"b".into()
            }
        ),
        r#"SearchToolArgs { query: "a\"b" }"#
    );
}

/// A set of tools that take no context is a `ToolSet<()>` without an
/// annotation, although each such tool joins a set of any context type.
#[test]
fn a_set_without_context_needs_no_annotation() {
    let mut tools = toolsmith::ToolSet::new();
    tools.register(SearchTool).unwrap();
    assert_eq!(tools.names().collect::<Vec<_>>(), ["search"]);
    let mut shared = toolsmith::ToolSet::<std::sync::Arc<str>>::with_context_type();
    shared.register(SearchTool).unwrap();
    assert_eq!(shared.len(), 1);
}

/// The typed path and the validator agree on generated calls of every
/// tool here, renamed or reached through another path (see
/// `crate::support::agreement`).
#[test]
fn tools_agree_with_their_schemas() {
    crate::support::agreement::assert_agreement(&SearchTool);
    crate::support::agreement::assert_agreement(&ToMetres);
    crate::support::agreement::assert_agreement(&LogIn);
}

/// Tools reached from outside their module as far as their function is.
mod nested {
    pub mod inner {
        /// Reached from `nested` only.
        #[toolsmith::tool]
        pub(super) fn up_one() -> u8 {
            1
        }

        /// Reached from the whole crate.
        #[toolsmith::tool]
        pub(crate) fn crate_wide() -> u8 {
            2
        }

        /// Reached from `nested` through `in` a path.
        #[toolsmith::tool]
        pub(in crate::hygiene::nested) fn in_path() -> u8 {
            3
        }

        /// Reached from `inner` and what it holds, spelled with `self`.
        #[toolsmith::tool]
        #[allow(clippy::needless_pub_self)] // the spelling is what is tested
        pub(self) fn in_self() -> u8 {
            5
        }

        /// Private: reached from `inner` and the modules in it.
        #[toolsmith::tool]
        fn private() -> u8 {
            4
        }

        pub(crate) fn private_names() -> [&'static str; 2] {
            [
                toolsmith::Tool::name(&Private),
                toolsmith::Tool::name(&InSelf),
            ]
        }
    }

    pub(crate) fn names() -> [&'static str; 3] {
        use toolsmith::Tool;
        [
            inner::UpOne.name(),
            inner::InPath.name(),
            inner::CrateWide.name(),
        ]
    }
}

#[test]
fn generated_tools_are_as_visible_as_their_function() {
    assert_eq!(nested::names(), ["up_one", "in_path", "crate_wide"]);
    assert_eq!(Tool::name(&nested::inner::CrateWide), "crate_wide");
    assert_eq!(nested::inner::private_names(), ["private", "in_self"]);
}

#[test]
fn a_tool_inside_a_function_body_is_a_tool() {
    /// Counts to three.
    #[tool]
    fn count() -> Vec<u8> {
        vec![1, 2, 3]
    }
    let mut tools = toolsmith::ToolSet::new();
    tools.register(Count).unwrap();
    assert_eq!(tools.names().collect::<Vec<_>>(), ["count"]);
    assert_eq!(format!("{Count:?}"), "Count");
}
