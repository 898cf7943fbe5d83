//! The extension module both agents load: what `pi_tools pi-extension`
//! prints, and what the module is made of.

use std::process::Command;
use std::sync::OnceLock;

use crate::support::example;

/// The module `pi_tools pi-extension` prints, printed once.
pub fn printed() -> &'static str {
    static MODULE: OnceLock<String> = OnceLock::new();
    MODULE.get_or_init(|| {
        let output = Command::new(example("pi_tools"))
            .arg("pi-extension")
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    })
}

#[test]
fn the_module_imports_node_built_ins_only() {
    let imports: Vec<&str> = printed()
        .lines()
        .filter(|line| line.starts_with("import "))
        .collect();
    assert_eq!(
        imports,
        [
            r#"import { spawn, spawnSync } from "node:child_process";"#,
            r#"import { createInterface } from "node:readline";"#,
        ]
    );
}

#[test]
fn the_module_names_the_program_and_every_tool() {
    let module = printed();
    let program = example("pi_tools");
    assert!(module.contains(&format!(
        "const COMMAND: string[] = [{}];",
        serde_json::json!(program.to_string_lossy())
    )));
    assert!(module.contains(r#"const CHECK: string | null = "check";"#));
    for name in [
        r#""name":"slugify","label":"slugify""#,
        r#""name":"wait","label":"Wait""#,
        r#""name":"drop_project","label":"Drop project""#,
    ] {
        assert!(module.contains(name), "{name}");
    }
}

/// `pi-extension` of a program whose tools are `check` and `mcp`, or
/// `check` alone: (stdout, stderr, exit code).
fn printed_beside(tools: toolsmith::ToolSet) -> (String, String, u8) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = toolsmith::cli::Cli::new(tools)
        .name("taken")
        .run_with_input(
            ["taken", "pi-extension", "--program", "/opt/taken"],
            &mut &b""[..],
            &mut out,
            &mut err,
        );
    (
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
        code,
    )
}

/// Checks nothing
#[toolsmith::tool]
fn check() -> String {
    String::new()
}

/// Serves nothing
#[toolsmith::tool]
fn mcp() -> String {
    String::new()
}

#[test]
fn a_tool_called_check_leaves_the_checking_to_the_host() {
    let mut tools = toolsmith::ToolSet::new();
    tools.register(Check).unwrap();
    let (out, err, code) = printed_beside(tools);
    assert_eq!((err.as_str(), code), ("", 0));
    assert!(out.contains(r#"const COMMAND: string[] = ["/opt/taken"];"#));
    assert!(out.contains("const CHECK: string | null = null;"));
}

#[test]
fn a_tool_called_mcp_leaves_no_server_for_the_module() {
    let mut tools = toolsmith::ToolSet::new();
    tools.register(Check).unwrap().register(Mcp).unwrap();
    assert_eq!(
        printed_beside(tools),
        (
            String::new(),
            "error: a tool is called `mcp`, so this program cannot serve its tools to the extension\n"
                .into(),
            1
        )
    );
}
