//! The names of the agent's built-in tools: the one list the typed tool
//! inputs, the settings lint and the drift test against the SDK all read.
//!
//! [`BUILTIN_TOOL_NAMES`] holds every name a hook may see in `tool_name`
//! or a matcher may name: the SDK's own `BUILTIN_TOOL_NAMES` (54 names in
//! 0.3.333), then the names that list leaves out, each in
//! [`UNLISTED_TOOL_NAMES`] with what it is (a former name, a tool the list
//! omits, a retired tool). Tool names are case-sensitive.
//!
//! ```
//! use toolsmith_hooks::{BUILTIN_TOOL_NAMES, builtin_tool};
//!
//! assert!(BUILTIN_TOOL_NAMES.contains(&"Bash"));
//! assert_eq!(builtin_tool("Task"), Some("Agent"));
//! assert_eq!(builtin_tool("KillShell"), Some("TaskStop"));
//! assert_eq!(builtin_tool("Agent"), Some("Agent"));
//! assert_eq!(builtin_tool("bash"), None);
//! assert_eq!(builtin_tool("mcp__github__search"), None);
//! ```

/// What a name of [`BUILTIN_TOOL_NAMES`] that the SDK's own list leaves
/// out is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum UnlistedTool {
    /// A former name of the tool now named so: the agent still sends it
    /// from older versions, and settings still name it (`Task` is `Agent`).
    FormerName(&'static str),
    /// A built-in tool the SDK's list omits: one behind a feature flag, or
    /// one whose input the SDK types (`ToolInputSchemas`) without listing
    /// its name.
    Omitted,
    /// A tool older agents had and the current one no longer offers; a
    /// matcher naming it is not wrong, it just no longer fires.
    Retired,
}

/// Every built-in tool name: the SDK's `BUILTIN_TOOL_NAMES`, in its order,
/// then each name of [`UNLISTED_TOOL_NAMES`], in its order.
pub const BUILTIN_TOOL_NAMES: &[&str] = &[
    // The SDK's `BUILTIN_TOOL_NAMES` (0.3.333).
    "Agent",
    "Artifact",
    "AskUserQuestion",
    "Bash",
    "ClaudeDesign",
    "CronCreate",
    "CronDelete",
    "CronList",
    "Edit",
    "EndConversation",
    "EnterPlanMode",
    "EnterWorktree",
    "ExitPlanMode",
    "ExitWorktree",
    "Glob",
    "Grep",
    "ListAgents",
    "ListMcpResourcesTool",
    "LSP",
    "Monitor",
    "NotebookEdit",
    "OfferChromeSetup",
    "PowerShell",
    "Projects",
    "propose_skills",
    "PushNotification",
    "Read",
    "ReadMcpResourceDirTool",
    "ReadMcpResourceTool",
    "ReadNotifications",
    "RemoteTrigger",
    "ReportFindings",
    "ScheduleWakeup",
    "SendFeedback",
    "SendMessage",
    "SendUserFile",
    "SendUserMessage",
    "SetGoal",
    "ShareOnboardingGuide",
    "ShowOnboardingRolePicker",
    "Skill",
    "SubagentHandback",
    "TaskCreate",
    "TaskGet",
    "TaskList",
    "TaskStop",
    "TaskUpdate",
    "TodoWrite",
    "ToolSearch",
    "WaitForMcpServers",
    "WebFetch",
    "WebSearch",
    "Workflow",
    "Write",
    // The names that list leaves out (`UNLISTED_TOOL_NAMES`).
    "Task",
    "KillShell",
    "KillBash",
    "ListMcpResources",
    "ReadMcpResourceDir",
    "ReadMcpResource",
    "ProposeGoal",
    "SlashCommand",
    "BashOutput",
    "MultiEdit",
    "RefreshMcpTools",
    "Config",
    "Sleep",
    "TeamCreate",
    "TeamDelete",
    "TaskOutput",
    "LS",
    "NotebookRead",
];

/// The names of [`BUILTIN_TOOL_NAMES`] that the SDK's `BUILTIN_TOOL_NAMES`
/// leaves out, each with what it is.
pub const UNLISTED_TOOL_NAMES: &[(&str, UnlistedTool)] = &[
    ("Task", UnlistedTool::FormerName("Agent")),
    ("KillShell", UnlistedTool::FormerName("TaskStop")),
    ("KillBash", UnlistedTool::FormerName("TaskStop")),
    (
        "ListMcpResources",
        UnlistedTool::FormerName("ListMcpResourcesTool"),
    ),
    (
        "ReadMcpResourceDir",
        UnlistedTool::FormerName("ReadMcpResourceDirTool"),
    ),
    (
        "ReadMcpResource",
        UnlistedTool::FormerName("ReadMcpResourceTool"),
    ),
    ("ProposeGoal", UnlistedTool::FormerName("SetGoal")),
    ("SlashCommand", UnlistedTool::FormerName("Skill")),
    ("BashOutput", UnlistedTool::FormerName("TaskOutput")),
    // The legacy multi-edit tool, still typed (`ToolInput::MultiEdit`).
    ("MultiEdit", UnlistedTool::Omitted),
    // Typed by the SDK as `RefreshMcpToolsInput`, unlisted.
    ("RefreshMcpTools", UnlistedTool::Omitted),
    ("Config", UnlistedTool::Omitted),
    ("Sleep", UnlistedTool::Omitted),
    // Agent teams, behind their feature flag.
    ("TeamCreate", UnlistedTool::Omitted),
    ("TeamDelete", UnlistedTool::Omitted),
    // Background output is read with `Read` now.
    ("TaskOutput", UnlistedTool::Retired),
    ("LS", UnlistedTool::Retired),
    ("NotebookRead", UnlistedTool::Retired),
];

/// The current name of the built-in tool `name`: `name` itself for a
/// current name, the new name for a former one (`Task` is `Agent`); `None`
/// for a name no built-in tool has (MCP tools included).
pub fn builtin_tool(name: &str) -> Option<&'static str> {
    let known = BUILTIN_TOOL_NAMES.iter().copied().find(|&n| n == name)?;
    match UNLISTED_TOOL_NAMES.iter().find(|(n, _)| *n == known) {
        Some((_, UnlistedTool::FormerName(current))) => Some(current),
        _ => Some(known),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_the_sdk_names_then_the_unlisted_ones() {
        let (sdk, rest) =
            BUILTIN_TOOL_NAMES.split_at(BUILTIN_TOOL_NAMES.len() - UNLISTED_TOOL_NAMES.len());
        assert_eq!(sdk.len(), 54);
        let unlisted: Vec<&str> = UNLISTED_TOOL_NAMES.iter().map(|(name, _)| *name).collect();
        assert_eq!(rest, unlisted.as_slice());
        let mut unique = BUILTIN_TOOL_NAMES.to_vec();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(
            unique.len(),
            BUILTIN_TOOL_NAMES.len(),
            "a name is listed twice"
        );
    }

    #[test]
    fn every_former_name_leads_to_a_listed_current_name() {
        for (former, what) in UNLISTED_TOOL_NAMES {
            if let UnlistedTool::FormerName(current) = what {
                assert!(
                    BUILTIN_TOOL_NAMES.contains(current),
                    "{former} -> {current}"
                );
                assert_eq!(builtin_tool(former), Some(*current));
                assert_eq!(builtin_tool(current), Some(*current));
            }
        }
        assert_eq!(builtin_tool("TeamCreate"), Some("TeamCreate"));
        assert_eq!(builtin_tool("Frobnicate"), None);
    }

    #[test]
    fn every_typed_tool_is_a_current_built_in_name() {
        for known in crate::claude::ToolInput::KNOWN_TOOLS {
            assert_eq!(builtin_tool(known), Some(*known), "{known}");
        }
    }
}
