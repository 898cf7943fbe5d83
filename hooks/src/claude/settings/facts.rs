//! What the agent does with each part of a hook configuration, as the
//! Claude Code hooks reference and the SDK's `Settings` type state it: the
//! five handler types and their fields, which handler types each event runs,
//! what each event's matcher filters, and where `if` is evaluated.

use crate::claude::HookEvent;

/// One kind of hook handler: the value of its `type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum HandlerType {
    Command,
    Http,
    McpTool,
    Prompt,
    Agent,
}

impl HandlerType {
    /// Every handler type, in the order the reference lists them.
    pub(super) const ALL: [HandlerType; 5] = [
        HandlerType::Command,
        HandlerType::Http,
        HandlerType::McpTool,
        HandlerType::Prompt,
        HandlerType::Agent,
    ];

    /// The value of `type`: `mcp_tool`.
    pub(super) const fn as_str(self) -> &'static str {
        match self {
            HandlerType::Command => "command",
            HandlerType::Http => "http",
            HandlerType::McpTool => "mcp_tool",
            HandlerType::Prompt => "prompt",
            HandlerType::Agent => "agent",
        }
    }

    pub(super) fn from_name(name: &str) -> Option<HandlerType> {
        HandlerType::ALL.into_iter().find(|t| t.as_str() == name)
    }

    /// The fields this type takes besides the common ones, with the
    /// required ones first (as `Settings['hooks']` declares them).
    pub(super) const fn own_fields(self) -> &'static [Field] {
        match self {
            HandlerType::Command => COMMAND_FIELDS,
            HandlerType::Http => HTTP_FIELDS,
            HandlerType::McpTool => MCP_TOOL_FIELDS,
            HandlerType::Prompt => PROMPT_FIELDS,
            HandlerType::Agent => AGENT_FIELDS,
        }
    }
}

const COMMAND_FIELDS: &[Field] = &[
    Field::required("command", Kind::NonEmptyString),
    Field::optional("args", Kind::Strings),
    Field::optional("shell", Kind::OneOf(&["bash", "powershell"])),
    Field::optional("async", Kind::Boolean),
    Field::optional("asyncRewake", Kind::Boolean),
    Field::optional("onFailure", Kind::OneOf(ON_FAILURE)),
];

const HTTP_FIELDS: &[Field] = &[
    Field::required("url", Kind::NonEmptyString),
    Field::optional("headers", Kind::StringMap),
    Field::optional("allowedEnvVars", Kind::Strings),
    Field::optional("onFailure", Kind::OneOf(ON_FAILURE)),
];

const MCP_TOOL_FIELDS: &[Field] = &[
    Field::required("server", Kind::NonEmptyString),
    Field::required("tool", Kind::NonEmptyString),
    Field::optional("input", Kind::Object),
    Field::optional("onFailure", Kind::OneOf(ON_FAILURE)),
];

const PROMPT_FIELDS: &[Field] = &[
    Field::required("prompt", Kind::NonEmptyString),
    Field::optional("model", Kind::String),
    Field::optional("continueOnBlock", Kind::Boolean),
];

const AGENT_FIELDS: &[Field] = &[
    Field::required("prompt", Kind::NonEmptyString),
    Field::optional("model", Kind::String),
];

const ON_FAILURE: &[&str] = &["continue", "block"];

/// The fields every handler takes.
pub(super) const COMMON_FIELDS: &[Field] = &[
    Field::optional("if", Kind::String),
    Field::optional("timeout", Kind::PositiveNumber),
    Field::optional("statusMessage", Kind::String),
    Field::optional("once", Kind::Boolean),
];

/// One field of a handler: its name, JSON shape and whether it is required.
#[derive(Debug, Clone, Copy)]
pub(super) struct Field {
    pub(super) name: &'static str,
    pub(super) kind: Kind,
    pub(super) required: bool,
}

impl Field {
    const fn required(name: &'static str, kind: Kind) -> Field {
        Field {
            name,
            kind,
            required: true,
        }
    }

    const fn optional(name: &'static str, kind: Kind) -> Field {
        Field {
            name,
            kind,
            required: false,
        }
    }
}

/// The JSON shape of a field.
#[derive(Debug, Clone, Copy)]
pub(super) enum Kind {
    String,
    NonEmptyString,
    Boolean,
    PositiveNumber,
    Strings,
    StringMap,
    Object,
    OneOf(&'static [&'static str]),
}

/// Which handler types an event runs ("Prompt-based hooks" in the
/// reference: all five on the events that take a decision, `command`,
/// `http` and `mcp_tool` on the others, `command` and `mcp_tool` on
/// `SessionStart` and `Setup`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Handlers {
    All,
    NoModel,
    CommandAndMcpTool,
}

impl Handlers {
    pub(super) fn runs(self, kind: HandlerType) -> bool {
        match self {
            Handlers::All => true,
            Handlers::NoModel => !matches!(kind, HandlerType::Prompt | HandlerType::Agent),
            Handlers::CommandAndMcpTool => {
                matches!(kind, HandlerType::Command | HandlerType::McpTool)
            }
        }
    }

    /// The types run, as a line lists them: `command and mcp_tool`.
    pub(super) fn listed(self) -> String {
        let kinds: Vec<&str> = HandlerType::ALL
            .into_iter()
            .filter(|kind| self.runs(*kind))
            .map(HandlerType::as_str)
            .collect();
        match kinds.split_last() {
            Some((last, [])) => (*last).to_owned(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            None => String::new(),
        }
    }
}

/// What an event's matcher is tested against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Target {
    /// The event takes no matcher: a `matcher` is silently ignored.
    Ignored,
    /// The tool name (`tool_name`).
    ToolName,
    /// One of a documented set of values (`startup`, `resume`, …).
    Values(&'static [&'static str]),
    /// Names the user chooses (agent types, MCP servers, commands, models).
    Names,
    /// File names to watch, split on `|` as literal names (`FileChanged`).
    FileNames,
}

/// Whether the agent evaluates a handler's `if` on an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum If {
    /// A tool event: `if` filters by tool name and arguments.
    Evaluated,
    /// "On other events, a hook with `if` set never runs."
    NeverRuns,
    /// The reference does not document the event yet.
    Undocumented,
}

/// The facts about one event that a configuration can get wrong.
#[derive(Debug, Clone, Copy)]
pub(super) struct EventRules {
    pub(super) handlers: Handlers,
    pub(super) target: Target,
    pub(super) condition: If,
    /// The exact-match characters are letters, digits, `_` and `|` only
    /// (no `-`, space or `,`): `FileChanged` and `StopFailure`.
    pub(super) narrow_exact: bool,
    /// Which handlers' `onFailure` the event ignores.
    pub(super) on_failure: OnFailure,
}

/// Whether an event acts on a handler's `onFailure`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum OnFailure {
    Honored,
    /// Ignored for every handler type (`Stop`, `SubagentStop`,
    /// `TaskCompleted`, `TeammateIdle`).
    Ignored,
    /// Ignored for `mcp_tool` handlers only (`SessionStart`, `Setup`).
    IgnoredForMcpTool,
}

impl OnFailure {
    pub(super) fn ignores(self, kind: HandlerType) -> bool {
        match self {
            OnFailure::Honored => false,
            OnFailure::Ignored => true,
            OnFailure::IgnoredForMcpTool => kind == HandlerType::McpTool,
        }
    }
}

const TOOL_EVENT: EventRules = EventRules {
    handlers: Handlers::All,
    target: Target::ToolName,
    condition: If::Evaluated,
    narrow_exact: false,
    on_failure: OnFailure::Honored,
};

const fn other(handlers: Handlers, target: Target) -> EventRules {
    EventRules {
        handlers,
        target,
        condition: If::NeverRuns,
        narrow_exact: false,
        on_failure: OnFailure::Honored,
    }
}

const fn gate(handlers: Handlers) -> EventRules {
    EventRules {
        on_failure: OnFailure::Ignored,
        ..other(handlers, Target::Ignored)
    }
}

/// `SessionEnd` reasons: the SDK's `EXIT_REASONS` and the reference's
/// `bypass_permissions_disabled`.
const EXIT_REASONS: &[&str] = &[
    "clear",
    "resume",
    "logout",
    "prompt_input_exit",
    "bypass_permissions_disabled",
    "other",
];

/// `StopFailure` error kinds: the SDK's `SDKAssistantMessageError`.
const ERROR_KINDS: &[&str] = &[
    "authentication_failed",
    "oauth_org_not_allowed",
    "account_on_hold",
    "verification_required",
    "billing_error",
    "rate_limit",
    "overloaded",
    "invalid_request",
    "model_not_found",
    "server_error",
    "unknown",
    "max_output_tokens",
    "cloud_credential_error",
];

/// Notification types the reference lists (the SDK types the field as a
/// plain string).
const NOTIFICATION_TYPES: &[&str] = &[
    "permission_prompt",
    "idle_prompt",
    "auth_success",
    "elicitation_dialog",
    "elicitation_url_dialog",
    "elicitation_complete",
    "elicitation_response",
    "agent_needs_input",
    "agent_completed",
    "quota_auto_resume_fired",
    "quota_auto_resume_stale",
    "quota_auto_resume_disabled",
];

/// The rules of `event`. A match, so a new event cannot be added to
/// [`HookEvent`] without deciding its rules here.
pub(super) const fn rules(event: HookEvent) -> EventRules {
    use Handlers::{All, CommandAndMcpTool, NoModel};
    match event {
        HookEvent::PreToolUse
        | HookEvent::PostToolUse
        | HookEvent::PostToolUseFailure
        | HookEvent::PermissionRequest
        | HookEvent::PermissionDenied => TOOL_EVENT,
        HookEvent::PostToolBatch | HookEvent::UserPromptSubmit | HookEvent::TaskCreated => {
            other(All, Target::Ignored)
        }
        HookEvent::Stop
        | HookEvent::SubagentStop
        | HookEvent::TaskCompleted
        | HookEvent::TeammateIdle => {
            let mut rules = gate(All);
            if matches!(event, HookEvent::SubagentStop) {
                rules.target = Target::Names;
            }
            rules
        }
        HookEvent::UserPromptExpansion => other(All, Target::Names),
        HookEvent::Notification => other(NoModel, Target::Values(NOTIFICATION_TYPES)),
        HookEvent::SessionStart => EventRules {
            on_failure: OnFailure::IgnoredForMcpTool,
            ..other(
                CommandAndMcpTool,
                Target::Values(&["startup", "resume", "clear", "compact", "fork"]),
            )
        },
        HookEvent::Setup => EventRules {
            on_failure: OnFailure::IgnoredForMcpTool,
            ..other(CommandAndMcpTool, Target::Values(&["init", "maintenance"]))
        },
        HookEvent::SessionEnd => other(NoModel, Target::Values(EXIT_REASONS)),
        HookEvent::StopFailure => EventRules {
            narrow_exact: true,
            ..other(NoModel, Target::Values(ERROR_KINDS))
        },
        HookEvent::SubagentStart
        | HookEvent::PreModelSwitch
        | HookEvent::PostModelSwitch
        | HookEvent::Elicitation
        | HookEvent::ElicitationResult => other(NoModel, Target::Names),
        HookEvent::PreCompact | HookEvent::PostCompact => {
            other(NoModel, Target::Values(&["manual", "auto"]))
        }
        HookEvent::ConfigChange => other(
            NoModel,
            Target::Values(&[
                "user_settings",
                "project_settings",
                "local_settings",
                "policy_settings",
                "skills",
            ]),
        ),
        HookEvent::InstructionsLoaded => other(
            NoModel,
            Target::Values(&[
                "session_start",
                "nested_traversal",
                "path_glob_match",
                "include",
                "compact",
            ]),
        ),
        HookEvent::DirectoryAdded => other(
            NoModel,
            Target::Values(&["slash_command", "register_repo_root"]),
        ),
        HookEvent::FileChanged => EventRules {
            narrow_exact: true,
            ..other(NoModel, Target::FileNames)
        },
        HookEvent::WorktreeCreate
        | HookEvent::WorktreeRemove
        | HookEvent::CwdChanged
        | HookEvent::MessageDisplay => other(NoModel, Target::Ignored),
        // In the SDK's HOOK_EVENTS but not yet in the reference: nothing
        // is refused that the agent might run.
        HookEvent::PreSkillShellCommand => EventRules {
            handlers: All,
            target: Target::Names,
            condition: If::Undocumented,
            narrow_exact: false,
            on_failure: OnFailure::Honored,
        },
    }
}

/// The events where `if` is evaluated, as a line names them.
pub(super) const IF_EVENTS: &str =
    "PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest and PermissionDenied";

/// The top-level settings keys that govern hooks.
pub(super) const SETTINGS_KEYS: &[&str] = &[
    "hooks",
    "disableAllHooks",
    "allowManagedHooksOnly",
    "allowedHttpHookUrls",
    "httpHookAllowedEnvVars",
];
