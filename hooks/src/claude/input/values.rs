//! The string values hook inputs carry where the SDK names a set of them.
//!
//! A `closed` set is a fixed vocabulary (MCP's elicitation modes and
//! actions, file-watch events, compaction and setup triggers, memory
//! types): another value is an error. An `open` set lists causes or
//! sources that grow between agent releases (session start sources, exit
//! reasons, error kinds): another value is kept as `Other(String)`.

use crate::wire::wire_values;

pub use crate::values::{CompactTrigger, SessionStartSource};

wire_values! {
    /// Why a session ended (`SessionEnd`'s `reason`, the SDK's `ExitReason`).
    pub enum ExitReason: open {
        /// The user cleared the session.
        Clear = "clear",
        /// The session is being resumed elsewhere.
        Resume = "resume",
        /// The user logged out.
        Logout = "logout",
        /// The user left the prompt.
        PromptInputExit = "prompt_input_exit",
        /// Any other reason.
        OtherReason = "other",
    }
}

wire_values! {
    /// The kind of error that stopped the turn (`StopFailure`'s `error`).
    pub enum AssistantError: open {
        /// Authentication failed.
        AuthenticationFailed = "authentication_failed",
        /// The organization is not allowed to use OAuth.
        OauthOrgNotAllowed = "oauth_org_not_allowed",
        /// The account is on hold.
        AccountOnHold = "account_on_hold",
        /// The account needs verification.
        VerificationRequired = "verification_required",
        /// A billing problem.
        BillingError = "billing_error",
        /// Rate limited.
        RateLimit = "rate_limit",
        /// The API is overloaded.
        Overloaded = "overloaded",
        /// The request was invalid.
        InvalidRequest = "invalid_request",
        /// The model does not exist.
        ModelNotFound = "model_not_found",
        /// A server error.
        ServerError = "server_error",
        /// An unknown error.
        Unknown = "unknown",
        /// The response hit the output token limit.
        MaxOutputTokens = "max_output_tokens",
        /// Cloud provider credentials failed.
        CloudCredentialError = "cloud_credential_error",
    }
}

wire_values! {
    /// Who submitted a prompt (`UserPromptSubmit`'s `source`).
    pub enum PromptSource: open {
        /// The interactive composer.
        User = "user",
        /// A non-interactive entry point (`-p`, the Agent SDK).
        Sdk = "sdk",
        /// Other machine-injected turns.
        System = "system",
        /// A dynamic `/loop` wakeup.
        LoopWakeup = "loop_wakeup",
        /// A scheduled task firing.
        ScheduleWakeup = "schedule_wakeup",
        /// The poll-event channel.
        PollEvent = "poll_event",
    }
}

wire_values! {
    /// What expanded a prompt (`UserPromptExpansion`'s `expansion_type`).
    pub enum ExpansionType: open {
        /// A slash command.
        SlashCommand = "slash_command",
        /// An MCP prompt.
        McpPrompt = "mcp_prompt",
    }
}

wire_values! {
    /// Why `Setup` runs (its `trigger`).
    pub enum SetupTrigger: closed {
        /// Repository initialisation.
        Init = "init",
        /// Maintenance.
        Maintenance = "maintenance",
    }
}

wire_values! {
    /// Which settings changed (`ConfigChange`'s `source`).
    pub enum ConfigSource: open {
        /// The user's settings.
        UserSettings = "user_settings",
        /// The project's shared settings.
        ProjectSettings = "project_settings",
        /// The project's local settings.
        LocalSettings = "local_settings",
        /// Managed policy settings.
        PolicySettings = "policy_settings",
        /// Skills.
        Skills = "skills",
    }
}

wire_values! {
    /// How a directory was added (`DirectoryAdded`'s `source`).
    pub enum DirectorySource: open {
        /// `/add-dir`.
        SlashCommand = "slash_command",
        /// The SDK's control request.
        RegisterRepoRoot = "register_repo_root",
    }
}

wire_values! {
    /// An MCP elicitation's mode.
    pub enum ElicitationMode: closed {
        /// A form the user fills in.
        Form = "form",
        /// A URL the user opens.
        Url = "url",
    }
}

wire_values! {
    /// How the user answered an elicitation (`ElicitationResult`'s `action`).
    pub enum ElicitationAction: closed {
        /// Accepted, with content.
        Accept = "accept",
        /// Declined.
        Decline = "decline",
        /// Cancelled.
        Cancel = "cancel",
    }
}

wire_values! {
    /// What happened to a watched file (`FileChanged`'s `event`).
    pub enum FileEvent: closed {
        /// It changed.
        Change = "change",
        /// It was added.
        Add = "add",
        /// It was removed.
        Unlink = "unlink",
    }
}

wire_values! {
    /// Which kind of instructions file was loaded.
    pub enum MemoryType: closed {
        /// The user's.
        User = "User",
        /// The project's.
        Project = "Project",
        /// The project's local one.
        Local = "Local",
        /// Managed policy.
        Managed = "Managed",
    }
}

wire_values! {
    /// Why an instructions file was loaded.
    pub enum LoadReason: open {
        /// At session start.
        SessionStart = "session_start",
        /// Found walking into a directory.
        NestedTraversal = "nested_traversal",
        /// A path glob matched.
        PathGlobMatch = "path_glob_match",
        /// Included by another file.
        Include = "include",
        /// Reloaded after compaction.
        Compact = "compact",
    }
}

wire_values! {
    /// What asked for a model switch before it happens (`PreModelSwitch`'s
    /// `source`).
    pub enum PreModelSwitchSource: open {
        /// `/model`, the config row, or fast mode.
        Command = "command",
        /// An interactive model picker.
        Picker = "picker",
        /// A headless `set_model`.
        Sdk = "sdk",
    }
}

wire_values! {
    /// What switched the model (`PostModelSwitch`'s `source`).
    pub enum PostModelSwitchSource: open {
        /// `/model`, the config row, or fast mode.
        Command = "command",
        /// An interactive model picker.
        Picker = "picker",
        /// A headless `set_model`.
        Sdk = "sdk",
        /// An automatic fallback.
        Auto = "auto",
        /// Restored while resuming a session.
        Resume = "resume",
    }
}

wire_values! {
    /// The prompt cache's time to live.
    pub enum CacheTtl: closed {
        /// Five minutes.
        FiveMinutes = "5m",
        /// One hour.
        OneHour = "1h",
    }
}

wire_values! {
    /// Where a model switch's cost estimate comes from.
    pub enum Pricing: closed {
        /// The managed `modelPricing` setting.
        Configured = "configured",
        /// List price.
        Catalog = "catalog",
        /// The model is unknown; the default tier was assumed.
        Default = "default",
    }
}

wire_values! {
    /// Who started a skill's load (`PreSkillShellCommand`'s `invoked_by`).
    pub enum InvokedBy: closed {
        /// The user, or an SDK host.
        User = "user",
        /// The Skill tool, or a turn Claude scheduled.
        Claude = "claude",
        /// Anything else, or not known.
        Other = "other",
    }
}
