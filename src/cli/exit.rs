//! The exit codes of the command line.

/// Exit code of a call whose input failed the schema (and of a usage error).
pub const EXIT_INVALID: u8 = 2;
/// Exit code of a call whose function failed.
pub const EXIT_FAILED: u8 = 1;
/// The exit code of a command cancelled by Ctrl-C, as shells report a
/// process ended by SIGINT.
pub const EXIT_CANCELLED: u8 = 130;
