//! An agent's events, declared once as a list (`agent_events!`): the
//! enum, every event in the contract's order, each event's name on the
//! wire, the event a name says, and the line about a name the agent does
//! not have.

/// The events of one agent's hook contract: `pub enum Name, of "Agent"
/// { Variant, … }`, each variant named as `hook_event_name` names it;
/// `of ""` for the agent whose events the crate's root names.
macro_rules! agent_events {
    (
        $(#[$meta:meta])*
        pub enum $name:ident, of $agent:literal {
            $($(#[$doc:meta])* $variant:ident,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum $name {
            $($(#[$doc])* $variant,)*
        }

        impl $name {
            /// Every event, in the order the agent's contract declares them.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The event's name on the wire: its variant's name.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => ::core::stringify!($variant),)*
                }
            }

            /// The event named `name` exactly, as the agent sends it.
            pub fn from_name(name: &str) -> ::core::option::Option<$name> {
                $name::ALL.iter().copied().find(|e| e.as_str() == name)
            }

            /// The problem with an unknown event `name`, for a line:
            /// `unknown … hook event "PreToolUSe" (did you mean
            /// "PreToolUse"?); known events: PreToolUse, …`.
            pub(crate) fn unknown_problem(name: &str) -> ::std::string::String {
                const KNOWN: &[&str] = &[$(::core::stringify!($variant),)*];
                $crate::input::unknown_event($agent, name, KNOWN)
            }
        }

        impl $crate::contract::ContractEvent for $name {
            fn named(name: &str) -> ::core::option::Option<$name> {
                $name::from_name(name)
            }
        }

        impl ::core::fmt::Display for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

pub(crate) use agent_events;
