//! The string values the hook inputs of more than one agent carry:
//! Claude Code's `SessionStart` source (Codex's too) and compaction
//! trigger (Codex's and Gemini CLI's too).

use crate::wire::wire_values;

wire_values! {
    /// Why a session started (`SessionStart`'s `source`).
    pub enum SessionStartSource: open {
        /// A new session.
        Startup = "startup",
        /// A resumed session.
        Resume = "resume",
        /// After `/clear`.
        Clear = "clear",
        /// After compaction.
        Compact = "compact",
        /// A forked session.
        Fork = "fork",
    }
}

wire_values! {
    /// What started a compaction (`PreCompact` and `PostCompact`'s `trigger`).
    pub enum CompactTrigger: closed {
        /// `/compact`.
        Manual = "manual",
        /// The context window filled up.
        Auto = "auto",
    }
}
