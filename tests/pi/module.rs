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
