//! The model's bad calls, the same in every version of the server, and how
//! a toolsmith `ToolSet` answers them.

use toolsmith::ToolSet;

/// The model's bad calls, the same in every version of the server.
pub fn bad_calls() -> Vec<(&'static str, serde_json::Value)> {
    use serde_json::json;
    vec![
        (
            "search",
            json!({"query": "", "limit": 500, "sort": "newest"}),
        ),
        (
            "get_page",
            json!({"slug": "Getting Started", "sectoin": "install"}),
        ),
        ("add_note", json!({"page": "faq", "tags": "rust"})),
    ]
}

/// The answers of `tools` to the bad calls, one indented line each.
pub async fn answers(tools: &ToolSet) -> String {
    let mut out = String::new();
    for (name, args) in bad_calls() {
        out.push_str(&format!("{name} {args}\n"));
        match tools.call(name, args, ()).await {
            Ok(Ok(value)) => out.push_str(&format!("  ran {value}\n")),
            Ok(Err(err)) => {
                for line in err.to_string().lines() {
                    out.push_str(&format!("  {line}\n"));
                }
            }
            Err(unknown) => out.push_str(&format!("  {unknown}\n")),
        }
    }
    out
}
