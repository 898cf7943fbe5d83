//! The string values built-in tools' inputs carry where the SDK names a set
//! of them. Every set is open: the input already passed the agent's own
//! check, so a value this version does not know comes from a newer agent,
//! and is kept as `Other(String)`.

use crate::wire::wire_values;

wire_values! {
    /// The model a subagent runs on.
    pub enum AgentModel: open {
        /// Sonnet.
        Sonnet = "sonnet",
        /// Opus.
        Opus = "opus",
        /// Haiku.
        Haiku = "haiku",
        /// Fable.
        Fable = "fable",
    }
}

wire_values! {
    /// A reasoning effort level.
    pub enum EffortLevel: open {
        /// Low.
        Low = "low",
        /// Medium.
        Medium = "medium",
        /// High.
        High = "high",
        /// Extra high.
        Xhigh = "xhigh",
        /// Maximum.
        Max = "max",
    }
}

wire_values! {
    /// The permission mode a subagent runs in.
    pub enum AgentMode: open {
        /// Edits accepted without asking.
        AcceptEdits = "acceptEdits",
        /// A classifier decides.
        Auto = "auto",
        /// No permission checks.
        BypassPermissions = "bypassPermissions",
        /// The default rules.
        Default = "default",
        /// Anything not allowed is denied, without asking.
        DontAsk = "dontAsk",
        /// Plan mode: no changes.
        Plan = "plan",
    }
}

wire_values! {
    /// Where a subagent runs.
    pub enum AgentIsolation: open {
        /// In its own git worktree.
        Worktree = "worktree",
        /// Remotely.
        Remote = "remote",
    }
}

wire_values! {
    /// What `Grep` shows.
    pub enum GrepOutputMode: open {
        /// Matching lines.
        Content = "content",
        /// The files that match.
        FilesWithMatches = "files_with_matches",
        /// Match counts.
        Count = "count",
    }
}

wire_values! {
    /// A notebook cell's type.
    pub enum NotebookCellType: open {
        /// Code.
        Code = "code",
        /// Markdown.
        Markdown = "markdown",
    }
}

wire_values! {
    /// What `NotebookEdit` does to the cell.
    pub enum NotebookEditMode: open {
        /// Replaces its source.
        Replace = "replace",
        /// Inserts a new cell.
        Insert = "insert",
        /// Deletes it.
        Delete = "delete",
    }
}

wire_values! {
    /// A todo's status.
    pub enum TodoStatus: open {
        /// Not started.
        Pending = "pending",
        /// Being worked on.
        InProgress = "in_progress",
        /// Done.
        Completed = "completed",
    }
}

wire_values! {
    /// A task's status, as `TaskUpdate` sets it.
    pub enum TaskStatus: open {
        /// Not started.
        Pending = "pending",
        /// Being worked on.
        InProgress = "in_progress",
        /// Done.
        Completed = "completed",
        /// Removed.
        Deleted = "deleted",
    }
}

wire_values! {
    /// How much a review finding matters.
    pub enum FindingSeverity: open {
        /// Important.
        Important = "important",
        /// There before the change.
        PreExisting = "pre_existing",
        /// A nit.
        Nit = "nit",
    }
}

wire_values! {
    /// How sure a review finding is.
    pub enum FindingVerdict: open {
        /// Confirmed.
        Confirmed = "CONFIRMED",
        /// Plausible.
        Plausible = "PLAUSIBLE",
    }
}

wire_values! {
    /// What became of a review finding.
    pub enum FindingOutcome: open {
        /// Fixed.
        Fixed = "fixed",
        /// Skipped.
        Skipped = "skipped",
        /// Nothing to change.
        NoChangeNeeded = "no_change_needed",
    }
}

wire_values! {
    /// The kind of feedback sent.
    pub enum FeedbackType: open {
        /// A bug.
        Bug = "bug",
        /// An idea.
        Idea = "idea",
        /// A missing capability.
        MissingCapability = "missing_capability",
    }
}

wire_values! {
    /// How the agent failed, in feedback.
    pub enum FailureMode: open {
        /// Code quality.
        CodeQuality = "code_quality",
        /// Context and memory.
        ContextAndMemory = "context_and_memory",
        /// Destructive actions.
        DestructiveActions = "destructive_actions",
        /// Disputing or declining.
        DisputeOrDecline = "dispute_or_decline",
        /// Too many questions.
        ExcessiveQuestions = "excessive_questions",
        /// Not following instructions.
        InstructionFollowing = "instruction_following",
        /// A model regression.
        ModelRegression = "model_regression",
        /// Something else.
        OtherMode = "other",
        /// Over-correction.
        OverCorrection = "over_correction",
        /// Overconfidence and hallucination.
        OverconfidenceAndHallucination = "overconfidence_and_hallucination",
        /// Overeagerness.
        Overeager = "overeager",
        /// Repetition and looping.
        RepetitionAndLooping = "repetition_and_looping",
        /// Stopping short.
        StoppingShort = "stopping_short",
        /// Too many subagents.
        SubagentOverspawn = "subagent_overspawn",
        /// Tone or preachiness.
        ToneOrPreachiness = "tone_or_preachiness",
        /// Unwanted scope.
        UnwantedScope = "unwanted_scope",
    }
}

wire_values! {
    /// The kind of task feedback is about.
    pub enum TaskCategory: open {
        /// Editing code.
        CodeEdit = "code_edit",
        /// Debugging.
        Debug = "debug",
        /// Explaining.
        Explain = "explain",
        /// Something else.
        OtherCategory = "other",
        /// Planning.
        Plan = "plan",
        /// Reviewing.
        Review = "review",
        /// Searching.
        Search = "search",
        /// Shell work.
        Shell = "shell",
    }
}

wire_values! {
    /// What the `Projects` tool does.
    pub enum ProjectsMethod: open {
        /// Deletes a file.
        ProjectDelete = "project_delete",
        /// Describes the project.
        ProjectInfo = "project_info",
        /// Lists memory files.
        ProjectMemoryList = "project_memory_list",
        /// Reads a memory file.
        ProjectMemoryRead = "project_memory_read",
        /// Reads a file.
        ProjectRead = "project_read",
        /// Searches.
        ProjectSearch = "project_search",
        /// Writes a file.
        ProjectWrite = "project_write",
    }
}

wire_values! {
    /// What the `RemoteTrigger` tool does.
    pub enum RemoteTriggerAction: open {
        /// Creates a trigger.
        Create = "create",
        /// Creates a webhook trigger.
        CreateWebhookTrigger = "create_webhook_trigger",
        /// Reads a trigger.
        Get = "get",
        /// Reads a run's log.
        GetRunLog = "get_run_log",
        /// Lists triggers.
        List = "list",
        /// Lists runs.
        ListRuns = "list_runs",
        /// Runs a trigger.
        Run = "run",
        /// Updates a trigger.
        Update = "update",
    }
}

wire_values! {
    /// What the `Artifact` tool does.
    pub enum ArtifactAction: open {
        /// Deletes an asset.
        DeleteAsset = "delete_asset",
        /// Lists artifacts.
        List = "list",
        /// Lists an artifact's assets.
        ListAssets = "list_assets",
        /// Lists artifact types.
        ListTypes = "list_types",
        /// Pins an artifact.
        Pin = "pin",
        /// Publishes a file.
        Publish = "publish",
        /// Reads an artifact.
        Read = "read",
        /// Reads an asset.
        ReadAsset = "read_asset",
        /// Lists watches.
        Status = "status",
        /// Unpins an artifact.
        Unpin = "unpin",
        /// Stops watching.
        Unwatch = "unwatch",
        /// Uploads an asset.
        UploadAsset = "upload_asset",
        /// Watches an artifact.
        Watch = "watch",
    }
}

wire_values! {
    /// Whose artifacts `Artifact` lists.
    pub enum ArtifactScope: open {
        /// Everyone's.
        All = "all",
        /// The user's own.
        Mine = "mine",
        /// Shared with the user.
        Shared = "shared",
    }
}

wire_values! {
    /// A push notification's status.
    pub enum PushNotificationStatus: open {
        /// Sent without being asked.
        Proactive = "proactive",
    }
}

wire_values! {
    /// What `ExitWorktree` does with the worktree.
    pub enum ExitWorktreeAction: open {
        /// Keeps it.
        Keep = "keep",
        /// Removes it.
        Remove = "remove",
    }
}

wire_values! {
    /// The tool a plan's allowed prompt is for.
    pub enum PromptTool: open {
        /// Bash.
        Bash = "Bash",
    }
}

wire_values! {
    /// Whether a skill proposal is new or improves one.
    pub enum SkillProposalKind: open {
        /// A new skill.
        New = "new",
        /// An improvement of a skill.
        Improvement = "improvement",
    }
}
