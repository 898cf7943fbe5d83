//! `PermissionUpdate`: a change to the permission rules, modes or
//! directories that a `PermissionRequest` hook applies along with an
//! "allow" (`updatedPermissions`).

use serde::{Deserialize, Serialize};

/// Where a [`PermissionUpdate`] is saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PermissionDestination {
    /// `~/.claude/settings.json`: every project of this user.
    UserSettings,
    /// `.claude/settings.json`: the project, shared with the repository.
    ProjectSettings,
    /// `.claude/settings.local.json`: the project, on this machine only.
    LocalSettings,
    /// This session only.
    Session,
    /// As if given on the command line.
    CliArg,
}

/// What a permission rule does to the tool calls it matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PermissionBehavior {
    /// Run without asking.
    Allow,
    /// Refuse.
    Deny,
    /// Ask the user.
    Ask,
}

/// The permission mode a [`PermissionUpdate::SetMode`] switches to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PermissionMode {
    /// Prompt for dangerous operations.
    Default,
    /// Accept file edits without asking.
    AcceptEdits,
    /// Skip every permission check.
    BypassPermissions,
    /// Plan only, run nothing.
    Plan,
    /// Never prompt: deny what is not allowed already.
    DontAsk,
    /// A classifier decides.
    Auto,
}

/// One permission rule: a tool, and optionally what of it
/// (`Bash` + `npm test`, written `Bash(npm test)` in settings).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PermissionRule {
    /// The tool the rule is about: `Bash`, `Edit`, `mcp__github__create_issue`.
    pub tool_name: String,
    /// What of the tool: a command prefix, a path pattern.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule_content: Option<String>,
}

impl PermissionRule {
    /// A rule about every use of `tool_name`.
    pub fn tool(tool_name: impl Into<String>) -> Self {
        PermissionRule {
            tool_name: tool_name.into(),
            rule_content: None,
        }
    }

    /// A rule about the uses of `tool_name` that match `content`.
    pub fn with_content(tool_name: impl Into<String>, content: impl Into<String>) -> Self {
        PermissionRule {
            tool_name: tool_name.into(),
            rule_content: Some(content.into()),
        }
    }
}

/// A change to the permission settings, in the SDK's six kinds.
///
/// ```
/// use toolsmith_hooks::{PermissionBehavior, PermissionDestination, PermissionRule, PermissionUpdate};
///
/// let update = PermissionUpdate::AddRules {
///     rules: vec![PermissionRule::with_content("Bash", "npm test")],
///     behavior: PermissionBehavior::Allow,
///     destination: PermissionDestination::Session,
/// };
/// assert_eq!(
///     serde_json::to_string(&update).unwrap(),
///     r#"{"type":"addRules","rules":[{"toolName":"Bash","ruleContent":"npm test"}],"behavior":"allow","destination":"session"}"#
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase", deny_unknown_fields)]
pub enum PermissionUpdate {
    /// Adds rules with one behavior.
    AddRules {
        /// The rules added.
        rules: Vec<PermissionRule>,
        /// What they do.
        behavior: PermissionBehavior,
        /// Where they are saved.
        destination: PermissionDestination,
    },
    /// Replaces the rules of one behavior.
    ReplaceRules {
        /// The rules that replace the old ones.
        rules: Vec<PermissionRule>,
        /// Which behavior's rules are replaced.
        behavior: PermissionBehavior,
        /// Where they are saved.
        destination: PermissionDestination,
    },
    /// Removes rules.
    RemoveRules {
        /// The rules removed.
        rules: Vec<PermissionRule>,
        /// Which behavior's rules they are.
        behavior: PermissionBehavior,
        /// Where they are removed from.
        destination: PermissionDestination,
    },
    /// Switches the permission mode.
    SetMode {
        /// The new mode.
        mode: PermissionMode,
        /// Where it is saved.
        destination: PermissionDestination,
    },
    /// Adds working directories the tools may use.
    AddDirectories {
        /// The directories added.
        directories: Vec<String>,
        /// Where they are saved.
        destination: PermissionDestination,
    },
    /// Removes working directories.
    RemoveDirectories {
        /// The directories removed.
        directories: Vec<String>,
        /// Where they are removed from.
        destination: PermissionDestination,
    },
}
