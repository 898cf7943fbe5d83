//! A name the other side sent (a tool, a method, a property), as a line
//! repeats it: through the runtime's one echo helper, cut to the longest
//! name a tool or a property can have.

#[cfg(feature = "mcp")]
use toolsmith_runtime::echo::quoted_within;
use toolsmith_runtime::echo::shown;

/// The most characters of a name a line repeats: tool and property names
/// have at most 64 (`^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$`), so a real one is
/// never cut.
const NAME_CHARS: usize = 64;

/// `name` on one line, cut to [`NAME_CHARS`] characters with `…`.
pub(crate) fn name(name: &str) -> String {
    shown(name, NAME_CHARS)
}

/// [`name`] in double quotes.
#[cfg(feature = "mcp")]
pub(crate) fn quoted_name(name: &str) -> String {
    quoted_within(name, NAME_CHARS)
}
