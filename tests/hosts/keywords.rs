//! Each schema keyword on each function-calling host: a tool whose schema
//! uses it, exported as that host takes it, shows the verdict its row in
//! `toolsmith::keywords::KEYWORDS` states (keeps, rewrites, drops,
//! refuses).

use serde_json::{Map, Value, json};
use toolsmith::function_calling::{self, Host, anthropic, gemini, openai};
use toolsmith::keywords::{KEYWORDS, Keyword, Portable, Verdict};
use toolsmith::portable::advertised;
use toolsmith::{DynamicTool, ToolSet};

const HOSTS: [Host; 3] = [Host::OpenAiStrict, Host::Anthropic, Host::Gemini];

/// A set of one tool whose property `x` is `example`. A private keyword
/// reaches a host only as a `#[tool]` schema's does, through
/// [`advertised`](toolsmith::portable::advertised).
fn tool_with(keyword: &Keyword, example: &Map<String, Value>) -> ToolSet {
    let mut x = Value::Object(example.clone());
    if keyword.portable == Portable::Stripped {
        x = advertised(x);
    }
    let mut tools = ToolSet::new();
    tools
        .register_dynamic(DynamicTool::new(
            "probe",
            "Takes x",
            json!({
                "type": "object",
                "properties": {"x": x},
                "required": ["x"],
                "additionalProperties": false
            }),
            |_: Value, ()| async { Ok(json!("ok")) },
        ))
        .unwrap_or_else(|err| panic!("{}: {err}", keyword.name));
    tools
}

fn example(keyword: &Keyword) -> Map<String, Value> {
    match serde_json::from_str(keyword.example) {
        Ok(Value::Object(example)) => example,
        _ => panic!("{}: the example is an object", keyword.name),
    }
}

/// Property `x` as `host` is sent it.
fn exported(tools: &ToolSet, host: Host) -> Value {
    let declared = match host {
        Host::OpenAiStrict => openai::tools(tools)[0]["function"]["parameters"].clone(),
        Host::Anthropic => anthropic::tools(tools)[0]["input_schema"].clone(),
        Host::Gemini => gemini::tools(tools)[0]["function_declarations"][0]["parameters"].clone(),
        other => panic!("no export for {other:?}"),
    };
    declared["properties"]["x"].clone()
}

/// What `host` did with `keyword`, read off what it is sent: refused when
/// the host's refusals name it; kept when it is sent with its value;
/// dropped when the host is sent what it is sent of the example without
/// it; rewritten otherwise.
fn observed(keyword: &Keyword, host: Host) -> Verdict {
    let name = keyword.name;
    let example = example(keyword);
    let tools = tool_with(keyword, &example);
    let named = format!("\"{name}\" is refused by");
    if function_calling::refused(&tools, host)
        .iter()
        .any(|line| line.contains(&named))
    {
        return Verdict::Refuses;
    }
    let sent = exported(&tools, host);
    let mut without = example.clone();
    without.remove(name);
    if sent.get(name).is_some() && sent.get(name) == example.get(name) {
        Verdict::Keeps
    } else if sent == exported(&tool_with(keyword, &without), host) {
        Verdict::Drops
    } else {
        Verdict::Rewrites
    }
}

#[test]
fn each_host_does_with_each_keyword_what_its_row_says() {
    let mut wrong = Vec::new();
    for keyword in KEYWORDS {
        for host in HOSTS {
            let seen = observed(keyword, host);
            if seen != keyword.verdict(host) {
                wrong.push(format!(
                    "{} on {host:?}: the row says {:?}, the export shows {seen:?}",
                    keyword.name,
                    keyword.verdict(host)
                ));
            }
        }
    }
    assert_eq!(wrong, Vec::<String>::new());
}

#[test]
fn a_refused_keyword_is_named_in_the_hosts_line() {
    let row = toolsmith::keywords::find("patternProperties").unwrap();
    let tools = tool_with(row, &example(row));
    assert_eq!(
        function_calling::refused(&tools, Host::Gemini),
        [
            "tool \"probe\": at /properties/x: \"patternProperties\" is refused by Gemini; name the properties"
        ]
    );
    assert_eq!(
        function_calling::refused(&tools, Host::Anthropic),
        Vec::<String>::new()
    );
}
