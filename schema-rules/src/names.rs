//! The naming and description rules every host imposes on a tool (schema
//! rules 7 and 8): the macro checks them at compile time, the runtime's
//! `ToolSet` at registration, the CLI host when it makes flags.

/// Tool names OpenAI and Anthropic accept.
pub const TOOL_NAME: &str = "^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$";

/// Property names Gemini and OpenAI strict accept.
pub const PROPERTY_NAME: &str = "^[A-Za-z_][A-Za-z0-9_]{0,63}$";

/// The longest tool description, in characters: the strictest host's cap.
pub const MAX_DESCRIPTION: usize = 1024;

/// Whether `name` matches [`TOOL_NAME`].
pub fn is_tool_name(name: &str) -> bool {
    is_name(name, true)
}

/// Whether `name` matches [`PROPERTY_NAME`].
pub fn is_property_name(name: &str) -> bool {
    is_name(name, false)
}

/// Whether a description of `chars` characters fits [`MAX_DESCRIPTION`].
pub fn description_fits(chars: usize) -> bool {
    chars <= MAX_DESCRIPTION
}

/// What is wrong with `scope` as an OAuth scope token (RFC 6749, section
/// 3.3: one or more printable ASCII characters other than space, `"` and
/// `\`), or `None` when it is one.
pub fn scope_problem(scope: &str) -> Option<&'static str> {
    if scope.is_empty() {
        return Some("a scope is not empty");
    }
    let fits = scope
        .bytes()
        .all(|b| matches!(b, 0x21 | 0x23..=0x5B | 0x5D..=0x7E));
    (!fits).then_some("a scope is printable ASCII without spaces, `\"` or `\\` (RFC 6749)")
}

fn is_name(name: &str, dash: bool) -> bool {
    let mut bytes = name.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && name.len() <= 64
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_' || (dash && b == b'-'))
}

#[cfg(test)]
mod tests {
    use regress::Regex;

    use super::*;

    const NAMES: &[&str] = &[
        "", "a", "_", "A9", "9a", "-a", "a-b", "a_b", "a.b", "a b", "é", "aé", "a\n", "Z_-9", "_-",
        "a$", "a\u{0}",
    ];

    /// The checks against the patterns they name, read as hosts read them
    /// (ECMA-262).
    #[test]
    fn the_checks_are_the_patterns_they_name() {
        let long = "a".repeat(64);
        let longer = "a".repeat(65);
        let dashed = format!("a{}", "-".repeat(63));
        let tool = Regex::new(TOOL_NAME).unwrap();
        let property = Regex::new(PROPERTY_NAME).unwrap();
        for name in NAMES
            .iter()
            .copied()
            .chain([long.as_str(), longer.as_str(), dashed.as_str()])
        {
            assert_eq!(is_tool_name(name), tool.find(name).is_some(), "{name:?}");
            assert_eq!(
                is_property_name(name),
                property.find(name).is_some(),
                "{name:?}"
            );
        }
    }

    #[test]
    fn a_description_fits_up_to_1024_characters() {
        assert!(description_fits(1024));
        assert!(!description_fits(1025));
    }
}
