//! The builtins and commands that change what the rest of the line runs:
//! `declare`/`export`/`local` (namerefs too), `read`, `printf -v`,
//! `unset`, `alias` (and running one), `hash -p`, and `ln`/`cp` making a
//! program's copy under another name.

use brush_parser::ast;

use super::command::is_option;
use super::known::{Value, is_name};
use super::stdin::{Stdin, printf};
use super::walk::{Context, Trouble, Walk};

/// How many times a line's aliases may be run in all (`alias a='b; b'`,
/// `alias b='c; c'`… doubles with each level).
const MAX_ALIAS_RUNS: usize = 64;
use super::words::Field;

impl Walk {
    /// What `words`, a simple command about to run, make known to the
    /// commands after it.
    pub(super) fn remember(&mut self, words: &[Field], stdin: &Stdin) {
        let Some((first, args)) = words.split_first() else {
            return;
        };
        match first.text.as_str() {
            "declare" | "typeset" | "local" | "export" | "readonly" => {
                let reference = args
                    .iter()
                    .take_while(|a| is_option(&a.text) || a.text.starts_with('+'))
                    .any(|a| a.text.starts_with('-') && a.text.contains('n'));
                for arg in args {
                    let Some((name, value)) = arg.text.split_once('=') else {
                        continue;
                    };
                    let name = name.trim_end_matches('+');
                    if !is_name(name) {
                        continue;
                    }
                    let value = if reference {
                        Value::Ref(value.to_owned())
                    } else if arg.opaque.is_some() {
                        Value::Opaque
                    } else {
                        Value::Known(value.to_owned())
                    };
                    self.known.set(name, value);
                }
            }
            "read" => self.read(args, stdin),
            "printf" => {
                let texts: Vec<&str> = args.iter().map(|a| a.text.as_str()).collect();
                if let ["-v", name, format, values @ ..] = texts.as_slice() {
                    let value = if args.iter().any(|a| a.opaque.is_some()) {
                        Value::Opaque
                    } else {
                        let values: Vec<String> = values.iter().map(|v| (*v).to_owned()).collect();
                        Value::Known(printf(format, &values))
                    };
                    self.known.set(name, value);
                }
            }
            "unset" | "mapfile" | "readarray" => {
                for arg in args.iter().filter(|a| is_name(&a.text)) {
                    self.known.unset(&arg.text);
                }
            }
            "alias" => {
                for arg in args {
                    if let Some((name, value)) = arg.text.split_once('=') {
                        self.known.aliases.push((name.to_owned(), value.to_owned()));
                    }
                }
            }
            "hash" => {
                let texts: Vec<&str> = args.iter().map(|a| a.text.as_str()).collect();
                if let Some(at) = texts.iter().position(|a| *a == "-p") {
                    if let Some(path) = args.get(at + 1) {
                        let program = program_of(path);
                        for name in &args[at + 2..] {
                            self.known
                                .programs
                                .push((name.text.clone(), program.clone()));
                        }
                    }
                }
            }
            // `git config [--global] alias.x '!rm -rf ~'`: the git commands
            // after it see the setting.
            "git" => {
                let texts: Vec<&str> = args
                    .iter()
                    .map(|a| a.text.as_str())
                    .filter(|a| !matches!(*a, "--global" | "--local" | "--system" | "--add"))
                    .collect();
                if let ["config", key, value] = texts.as_slice() {
                    if !key.starts_with('-') {
                        self.known.git_config.push(format!("{key}={value}"));
                    }
                }
            }
            "ln" | "cp" | "install" => {
                let operands: Vec<&Field> = args.iter().filter(|a| !is_option(&a.text)).collect();
                if let [target, .., link] = operands.as_slice() {
                    let program = program_of(target);
                    let link =
                        if link.text.ends_with('/') || matches!(link.text.as_str(), "." | "..") {
                            let base = program.clone().unwrap_or_default();
                            format!("{}/{base}", link.text.trim_end_matches('/'))
                        } else {
                            link.text.clone()
                        };
                    self.known
                        .programs
                        .push((super::known::plain_path(&link).to_owned(), program));
                }
            }
            _ => {}
        }
    }

    /// `read [-r] [options] NAMES`: the first line of standard input, split
    /// among the names, when the line wrote it (`read D <<< ~`).
    fn read(&mut self, args: &[Field], stdin: &Stdin) {
        let mut names = Vec::new();
        let mut at = 0;
        while let Some(arg) = args.get(at) {
            let text = arg.text.as_str();
            if is_option(text) {
                let valued = "adinNptu";
                if text.len() == 2 && valued.contains(&text[1..]) {
                    at += 1;
                }
            } else if is_name(text) {
                names.push(text);
            }
            at += 1;
        }
        if names.is_empty() {
            names.push("REPLY");
        }
        let line = match stdin {
            Stdin::Text(text) => text.split('\n').next().map(str::to_owned),
            // `find ~ | while read -r d; …`: the paths `find` prints, the
            // one the rules care about first.
            Stdin::Paths(paths) => paths
                .iter()
                .find(|p| super::paths::is_dangerous_path(p))
                .or(paths.first())
                .cloned(),
            _ => None,
        };
        let Some(line) = line else {
            for name in names {
                self.known.set(name, Value::Opaque);
            }
            return;
        };
        let mut rest = line.trim_start();
        for (n, name) in names.iter().enumerate() {
            let value = if n + 1 == names.len() {
                rest.trim_end().to_owned()
            } else {
                let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
                let word = rest[..end].to_owned();
                rest = rest[end..].trim_start();
                word
            };
            self.known.set(name, Value::Known(value));
        }
    }

    /// An alias the line defined, run: its text in place of the command's
    /// name, walked as shell code; what it prints.
    pub(super) fn alias(
        &mut self,
        simple: &ast::SimpleCommand,
        words: &[Field],
        context: &Context,
    ) -> Option<Stdin> {
        let name = simple.word_or_name.as_ref()?;
        let first = words.first()?;
        if name.value != first.text || self.expanding.contains(&first.text) {
            return None;
        }
        let (_, value) = self
            .known
            .aliases
            .iter()
            .rev()
            .find(|(alias, _)| *alias == first.text)?;
        let mut code = value.clone();
        for item in simple.suffix.iter().flat_map(|s| s.0.iter()) {
            code.push(' ');
            code.push_str(&item.to_string());
        }
        self.alias_runs += 1;
        if self.alias_runs > MAX_ALIAS_RUNS {
            // Said once: the line is refused.
            if self.alias_runs == MAX_ALIAS_RUNS + 1 {
                self.troubles.push((Trouble::TooDeep, simple.to_string()));
            }
            return Some(Stdin::Unknown(String::new()));
        }
        let inner = Context {
            depth: context.depth + 1,
            ..context.clone()
        };
        self.expanding.push(first.text.clone());
        let output = self.source(&code, &inner, &simple.to_string());
        self.expanding.pop();
        Some(output)
    }
}

/// The program a path names (`/usr/bin/rm`: `rm`), `None` when it is a
/// value the guard cannot read (`"$(command -v rm)"`).
fn program_of(path: &Field) -> Option<String> {
    let text = match (&path.printed, path.opaque) {
        (Some(printed), _) => printed.as_str(),
        (None, Some(_)) => return None,
        (None, None) => path.text.as_str(),
    };
    Some(text.rsplit('/').next().unwrap_or(text).to_owned())
}
