//! What a command line makes known to the commands after it: the
//! variables it assigns (`A=~`, `read`, `printf -v`, `declare -n`), the
//! aliases it defines, the programs it renames (`hash -p`, `ln -s`) and
//! the files it writes (`> ./s.sh`), each read by the walk as bash would
//! use it.

use super::stdin::Stdin;

/// How many references a name may follow (`declare -n a=b`, `b=c`…).
const MAX_REFERENCES: usize = 8;

/// What a variable assigned on the line holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Value {
    /// Text the line wrote (`A=~`, `read D <<< ~`).
    Known(String),
    /// A value the guard cannot read, though the line set it: the output
    /// of a command it does not know (`D=$(make dir)`).
    Opaque,
    /// A reference to another variable (`declare -n r=HOME`).
    Ref(String),
}

/// A variable's value as a word expands it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Resolved {
    Text(String),
    Opaque,
}

/// The line's state so far.
#[derive(Debug, Default)]
pub(crate) struct Known {
    vars: Vec<(String, Value)>,
    /// `alias NAME=VALUE`.
    pub(crate) aliases: Vec<(String, String)>,
    /// A program reached by another name (`hash -p PATH NAME`,
    /// `ln -s PATH LINK`): the name, and the program it runs, when known.
    pub(crate) programs: Vec<(String, Option<String>)>,
    /// Files written on the line (`> ./s.sh`) and what they hold.
    pub(crate) files: Vec<(String, Stdin)>,
    /// git settings the line wrote (`git config alias.x '!…'`), as
    /// `-c KEY=VALUE` gives them to the git commands after it.
    pub(crate) git_config: Vec<String>,
}

impl Known {
    pub(crate) fn set(&mut self, name: &str, value: Value) {
        match self.vars.iter_mut().find(|(n, _)| n == name) {
            Some((_, old)) => *old = value,
            None => self.vars.push((name.to_owned(), value)),
        }
    }

    pub(crate) fn unset(&mut self, name: &str) {
        self.vars.retain(|(n, _)| n != name);
    }

    /// The value of `name` as the line set it, references followed;
    /// `HOME` is `~` and `PWD` the directory the command runs in (`.`
    /// when the line did not move). `None`: a variable from the
    /// environment, which the line does not tell.
    pub(crate) fn resolve(&self, name: &str, cwd: Option<&str>) -> Option<Resolved> {
        let mut name = name;
        for _ in 0..MAX_REFERENCES {
            match self.vars.iter().find(|(n, _)| n == name).map(|(_, v)| v) {
                Some(Value::Known(text)) => return Some(Resolved::Text(text.clone())),
                Some(Value::Opaque) => return Some(Resolved::Opaque),
                Some(Value::Ref(target)) => name = target,
                None => {
                    return match name {
                        "HOME" => Some(Resolved::Text("~".to_owned())),
                        "PWD" => Some(Resolved::Text(cwd.unwrap_or(".").to_owned())),
                        _ => None,
                    };
                }
            }
        }
        Some(Resolved::Opaque)
    }

    /// The name `name` references (`declare -n r=HOME`: `HOME`), itself
    /// when it references none.
    pub(crate) fn referenced<'a>(&'a self, name: &'a str) -> &'a str {
        let mut name = name;
        for _ in 0..MAX_REFERENCES {
            match self.vars.iter().find(|(n, _)| n == name).map(|(_, v)| v) {
                Some(Value::Ref(target)) => name = target,
                _ => break,
            }
        }
        name
    }

    /// The text a variable set on the line holds, references followed.
    pub(crate) fn text(&self, name: &str) -> Option<&str> {
        let name = self.referenced(name);
        match self.vars.iter().find(|(n, _)| n == name).map(|(_, v)| v) {
            Some(Value::Known(text)) => Some(text),
            _ => None,
        }
    }

    /// `path` now holds `content`.
    pub(crate) fn remember_file(&mut self, path: &str, content: Stdin) {
        self.files.push((plain_path(path).to_owned(), content));
    }

    /// What a file written on the line holds.
    pub(crate) fn file(&self, path: &str) -> Option<&Stdin> {
        let path = plain_path(path);
        self.files
            .iter()
            .rev()
            .find(|(written, _)| written == path)
            .map(|(_, content)| content)
    }

    /// The program run by `word`, a command's first word, when the line
    /// renamed one to it: `Some(None)` when it does not tell which.
    pub(crate) fn program(&self, word: &str) -> Option<Option<&str>> {
        let word = plain_path(word);
        self.programs
            .iter()
            .rev()
            .find(|(name, _)| {
                name == word || (!word.contains('/') && name.rsplit('/').next() == Some(word))
            })
            .map(|(_, program)| program.as_deref())
    }
}

/// `./s.sh` is `s.sh`.
pub(crate) fn plain_path(path: &str) -> &str {
    let mut path = path;
    while let Some(rest) = path.strip_prefix("./") {
        path = rest.trim_start_matches('/');
    }
    path
}

/// Whether `name` is a shell variable's name.
pub(crate) fn is_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_and_home_are_followed() {
        let mut known = Known::default();
        known.set("r", Value::Ref("HOME".to_owned()));
        known.set("a", Value::Known("./x".to_owned()));
        known.set("b", Value::Ref("a".to_owned()));
        known.set("o", Value::Opaque);
        let text = |s: &str| Some(Resolved::Text(s.to_owned()));
        assert_eq!(known.resolve("r", None), text("~"));
        assert_eq!(known.resolve("b", None), text("./x"));
        assert_eq!(known.resolve("PWD", Some("/")), text("/"));
        assert_eq!(known.resolve("o", None), Some(Resolved::Opaque));
        assert_eq!(known.resolve("USER", None), None);
        known.set("loop", Value::Ref("loop".to_owned()));
        assert_eq!(known.resolve("loop", None), Some(Resolved::Opaque));
        known.unset("a");
        assert_eq!(known.resolve("b", None), None);
    }
}
