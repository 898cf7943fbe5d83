//! One simple command, layer by layer: the wrappers around it (`sudo env
//! nice rm …`), the strings and input it runs as code (`bash -c`, `bash
//! <<EOF`, `python3 -c`), and the commands `find -exec` and `xargs` run.

use std::rc::Rc;

use super::command::{Redirect, ShellCommand, is_option};
use super::interpreters::{self, Call, Source};
use super::known::Known;
use super::programs;
use super::stdin::{Stdin, find_start_paths, printed};
use super::walk::{Context, MAX_EXPANDED_BYTES, MAX_REPARSE_DEPTH, MAX_WRAPPERS, Trouble, Walk};
use super::words::Field;
use super::wrappers::{
    ParallelJobs, ShellInput, find_exec, is_shell, is_stdin_path, moved_to, parallel_jobs,
    shell_code, shell_input, unversioned, unwrap, wrapper_option, xargs_replace,
};

/// How many items read by `xargs -I` are run one by one.
const MAX_XARGS_ITEMS: usize = 16;

impl Walk {
    /// One command per layer of wrappers (`sudo env A=b nice rm …`: `sudo`,
    /// `env`, `nice`, `rm`), then the code the innermost one runs: strings
    /// (`bash -c '…'`, `eval …`), standard input given to a shell or an
    /// interpreter, `find -exec` and `xargs` commands. Returns what the
    /// command prints, for the command its pipe feeds.
    pub(super) fn layers(
        &mut self,
        mut words: Vec<Field>,
        redirects: Vec<Redirect>,
        text: &str,
        fed_by: &[String],
        context: &Context,
    ) -> Stdin {
        let mut redirects = Some(redirects);
        let mut stdin = context.stdin.clone();
        let mut here = context.clone();
        let context = &mut here;
        let mut inner = Context {
            depth: context.depth + 1,
            fed_by: fed_by.to_vec(),
            in_pipeline: false,
            stdin: Stdin::Inherited,
            ..context.clone()
        };
        for _ in 0..=MAX_WRAPPERS {
            let Some(first) = words.first() else {
                if let Some(redirects) = redirects.take().filter(|r| !r.is_empty()) {
                    self.push(String::new(), Vec::new(), redirects, text, fed_by, context);
                }
                return Stdin::Inherited;
            };
            if first.unknown_name {
                self.unreadable(
                    format!(
                        "the program's name is the expansion {:?}, which the guard cannot read; \
                         write the name itself",
                        first.expansion.as_deref().unwrap_or(&first.text)
                    ),
                    text,
                );
            }
            let mut name = first
                .text
                .rsplit('/')
                .next()
                .unwrap_or(&first.text)
                .to_owned();
            // `hash -p "$(command -v rm)" x`, `ln -s … ./x`: the program
            // behind the name.
            match self.known.program(&first.text) {
                Some(Some(program)) => name = program.to_owned(),
                Some(None) => self.unreadable(
                    format!(
                        "`{}` runs a program the line named with a value the guard cannot read \
                         (`hash -p`, `ln -s`, `cp`); run the program by its own name",
                        first.text
                    ),
                    text,
                ),
                None => {}
            }
            // `printf 'rm -rf ~' > ./s.sh; ./s.sh`: a file the line wrote.
            if first.text.contains('/') {
                if let Some(content) = self.known.file(&first.text).cloned() {
                    self.code_on_stdin(&name, &content, &inner, text, |walk, code, inner| {
                        walk.source(code, inner, text);
                    });
                }
            }
            let args: Vec<String> = words[1..].iter().map(|f| f.text.clone()).collect();
            if let Some(operand) = unresolved_operand(&name, &words[1..]) {
                self.unreadable(
                    format!(
                        "`{name}` acts on {:?}, a path the guard cannot resolve (the output of a \
                         command, or a value set from one); write the path itself",
                        operand.text
                    ),
                    text,
                );
            }
            if name == "env" {
                for arg in args.iter().take_while(|a| is_option(a) || a.contains('=')) {
                    if let Some(path) = arg
                        .strip_prefix("BASH_ENV=")
                        .or_else(|| arg.strip_prefix("ENV="))
                    {
                        context.startup = Some(path.to_owned());
                        inner.startup = context.startup.clone();
                    }
                }
            }
            if name == "xargs" {
                // `xargs -a FILE`: the items are read from the file.
                if let Some(items) = xargs_file(&words[1..], &self.known) {
                    stdin = items;
                }
            }
            // `env -C / rm -rf *`, `sudo -D / …`: the command runs there.
            let chdir = match name.as_str() {
                "env" => wrapper_option(&name, &args, 'C', "chdir"),
                "sudo" => wrapper_option(&name, &args, 'D', "chdir"),
                _ => None,
            };
            if let Some(dir) = chdir {
                context.cwd = moved_to(context.cwd.as_deref(), &dir);
                inner.cwd = context.cwd.clone();
            }
            let program = unversioned(&name);
            // `BASH_ENV=./be bash -c true`: the shell reads the file first.
            if is_shell(program) {
                let startup = context.startup.as_deref().and_then(|p| self.known.file(p));
                if let Some(content) = startup.cloned() {
                    self.code_on_stdin(&name, &content, &inner, text, |walk, code, inner| {
                        walk.source(code, inner, text);
                    });
                }
            }
            let code = shell_code(program, &args);
            let unwrapped = unwrap(&name, &args);
            let input = match code {
                Some(_) => None,
                None => shell_input(program, &args, unwrapped.is_some()),
            };
            if let Some(input) = input {
                let read = match input {
                    ShellInput::Stdin => Some(stdin.clone()),
                    ShellInput::Script(at) => script_input(words.get(at + 1), &stdin, &self.known),
                };
                if let Some(read) = read {
                    self.code_on_stdin(&name, &read, &inner, text, |walk, code, inner| {
                        walk.source(code, inner, text);
                    });
                }
            }
            if let Some(language) = interpreters::language(program) {
                self.interpreter(language, &name, &words, &stdin, &inner, text, fed_by);
            }
            self.program_code(program, &words, &stdin, &inner, text, fed_by);
            let executed = if name == "find" {
                let starts = find_start_paths(&args);
                find_exec(&args)
                    .into_iter()
                    .map(|command| placed(command, "{}", &starts))
                    .collect::<Option<Vec<_>>>()
            } else {
                Some(Vec::new())
            };
            let replace = if name == "xargs" {
                xargs_replace(&args)
            } else {
                None
            };
            let output = printed(&name, &args, &stdin);
            let jobs = if name == "parallel" {
                parallel_jobs(&args)
            } else {
                None
            };
            self.push(
                name.clone(),
                args,
                redirects.take().unwrap_or_default(),
                text,
                fed_by,
                context,
            );
            if let Some(jobs) = jobs {
                self.parallel(jobs, &stdin, &inner, text);
            }
            if let Some(code) = code {
                // `bash -c 'bash' <<< '…'`: the string's commands read the
                // same input.
                let with_stdin = Context {
                    stdin: stdin.clone(),
                    ..inner.clone()
                };
                self.source(&code, &with_stdin, text);
            }
            let mut executed = executed;
            if let (Some(replace), Some(command)) = (&replace, &unwrapped) {
                // `xargs -I {} rm -rf {}`: one command per item read.
                let items = stdin.words();
                for item in items.iter().take(MAX_XARGS_ITEMS) {
                    let one = placed(command.clone(), replace, std::slice::from_ref(item));
                    executed = executed.zip(one).map(|(mut all, one)| {
                        all.push(one);
                        all
                    });
                }
            }
            let Some(executed) = executed else {
                // More words than the guard reads: `{}` a thousand times.
                self.troubles.push((Trouble::TooDeep, text.to_owned()));
                return Stdin::Unknown(String::new());
            };
            if !executed.is_empty() {
                // `find -exec find -exec …` nests as strings run as code do.
                if inner.depth > MAX_REPARSE_DEPTH {
                    self.troubles.push((Trouble::TooDeep, text.to_owned()));
                } else {
                    for command in executed {
                        let fields = command.into_iter().map(Field::literal).collect();
                        self.layers(fields, Vec::new(), text, fed_by, &inner);
                    }
                }
            }
            match unwrapped {
                Some(rest) if replace.is_none() => {
                    words = words.split_off(words.len() - rest.len());
                    if name == "xargs" {
                        // `… | xargs rm -rf`: the items read are arguments.
                        words.extend(stdin.words().into_iter().map(Field::literal));
                        stdin = Stdin::Inherited;
                    }
                }
                _ => return output,
            }
        }
        self.troubles.push((Trouble::TooDeep, text.to_owned()));
        Stdin::Unknown(String::new())
    }

    /// Code a shell or an interpreter reads on standard input: walked when
    /// the line wrote it, unreadable when another program prints it.
    fn code_on_stdin(
        &mut self,
        name: &str,
        stdin: &Stdin,
        inner: &Context,
        text: &str,
        mut read: impl FnMut(&mut Walk, &str, &Context),
    ) {
        match stdin {
            Stdin::Text(code) => {
                if self
                    .stdin_code_read
                    .iter()
                    .any(|read| Rc::ptr_eq(read, code))
                {
                    return;
                }
                self.stdin_code_read.push(Rc::clone(code));
                self.stdin_code_bytes = self.stdin_code_bytes.saturating_add(code.len());
                if self.stdin_code_bytes > MAX_EXPANDED_BYTES {
                    self.troubles.push((Trouble::TooDeep, text.to_owned()));
                } else {
                    read(self, code, inner);
                }
            }
            Stdin::Inherited | Stdin::File => {}
            Stdin::Paths(_) | Stdin::Unknown(_) => {
                let from = match stdin {
                    Stdin::Unknown(producer) if !producer.is_empty() => format!("`{producer}`"),
                    _ => "the command before it".to_owned(),
                };
                self.unreadable(
                    format!(
                        "`{name}` runs as code what {from} prints, which the guard cannot read; \
                         save it to a file, read it, and run the file"
                    ),
                    text,
                );
            }
        }
    }

    /// The calls of a Python or Perl program given on the line or on
    /// standard input, seen as the commands they run.
    #[allow(clippy::too_many_arguments)]
    fn interpreter(
        &mut self,
        language: interpreters::Language,
        name: &str,
        words: &[Field],
        stdin: &Stdin,
        inner: &Context,
        text: &str,
        fed_by: &[String],
    ) {
        let args: Vec<String> = words[1..].iter().map(|f| f.text.clone()).collect();
        let run = |walk: &mut Walk, code: &str, inner: &Context| {
            let calls = interpreters::calls(language, code);
            walk.calls(calls, inner, text, fed_by);
        };
        match interpreters::source(language, &args) {
            Source::Inline(at) => {
                for code in at.iter().filter_map(|at| words.get(at + 1)) {
                    if code.unknown {
                        self.unreadable(
                            format!(
                                "the code `{name}` runs is the expansion {:?}, which the guard \
                                 cannot read; write the code itself",
                                code.text
                            ),
                            text,
                        );
                    } else {
                        run(self, &code.text, inner);
                    }
                }
            }
            Source::Stdin => self.code_on_stdin(name, stdin, inner, text, run),
            Source::Script(at) => {
                let read = at.and_then(|at| script_input(words.get(at + 1), stdin, &self.known));
                if let Some(read) = read {
                    self.code_on_stdin(name, &read, inner, text, run);
                }
            }
        }
    }

    /// The commands run by code a program reads from its arguments (awk,
    /// sed, vim, tclsh, tar, make, git).
    fn program_code(
        &mut self,
        program: &str,
        words: &[Field],
        stdin: &Stdin,
        inner: &Context,
        text: &str,
        fed_by: &[String],
    ) {
        if !programs::reads_code(program) {
            return;
        }
        let mut args: Vec<String> = Vec::new();
        if program == "git" {
            for setting in &self.known.git_config {
                args.push("-c".to_owned());
                args.push(setting.clone());
            }
        }
        let given = args.len();
        args.extend(words[1..].iter().map(|f| f.text.clone()));
        let known = &self.known;
        let read = |at: usize| -> Option<Option<String>> {
            let at = at.checked_sub(given)?;
            match script_input(words.get(at + 1), stdin, known)? {
                Stdin::Text(text) => Some(Some(text.to_string())),
                Stdin::Unknown(_) | Stdin::Paths(_) => Some(None),
                Stdin::Inherited | Stdin::File => None,
            }
        };
        let stdin_text = match stdin {
            Stdin::Text(text) => Some(&**text),
            _ => None,
        };
        let calls = programs::calls(program, &args, &read, stdin_text);
        self.calls(calls, inner, text, fed_by);
    }

    /// What code read from a program's arguments runs, walked.
    fn calls(&mut self, calls: Vec<Call>, inner: &Context, text: &str, fed_by: &[String]) {
        for call in calls {
            match call {
                Call::Shell(shell) => {
                    self.source(&shell, inner, text);
                }
                Call::Piped(shell, input) => {
                    let with_stdin = Context {
                        stdin: Stdin::Text(input.into()),
                        ..inner.clone()
                    };
                    self.source(&shell, &with_stdin, text);
                }
                Call::Command(command) => {
                    let fields = command.into_iter().map(Field::literal).collect();
                    self.layers(fields, Vec::new(), text, fed_by, inner);
                }
                Call::DeleteTree(path) => {
                    let args = vec!["-r".to_owned(), "--".to_owned(), path];
                    self.push("rm".to_owned(), args, Vec::new(), text, fed_by, inner);
                }
                Call::Unreadable(why) => self.unreadable(why, text),
            }
        }
    }

    /// GNU `parallel`: its command, given each item (after `:::`, or read
    /// on standard input), as the shell code it hands to a shell.
    fn parallel(
        &mut self,
        ParallelJobs {
            command,
            items,
            placeholder,
        }: ParallelJobs,
        stdin: &Stdin,
        inner: &Context,
        text: &str,
    ) {
        let items = items.unwrap_or_else(|| stdin.words());
        let items = if items.is_empty() {
            vec![String::new()]
        } else {
            items
        };
        for item in items.iter().take(MAX_XARGS_ITEMS) {
            let mut placed = false;
            let words: Vec<String> = command
                .iter()
                .map(|word| {
                    placed |= word.contains(&placeholder);
                    word.replace(&placeholder, item)
                })
                .collect();
            let mut code = words.join(" ");
            if !placed && !item.is_empty() {
                code.push(' ');
                code.push_str(item);
            }
            self.source(&code, inner, text);
        }
    }

    fn unreadable(&mut self, why: String, text: &str) {
        self.troubles
            .push((Trouble::Unreadable(why), text.to_owned()));
    }

    pub(super) fn push(
        &mut self,
        name: String,
        args: Vec<String>,
        redirects: Vec<Redirect>,
        text: &str,
        fed_by: &[String],
        context: &Context,
    ) {
        self.commands.push(ShellCommand {
            name,
            args,
            redirects,
            text: text.to_owned(),
            fed_by: fed_by.to_vec(),
            in_function: context.in_function.clone(),
            in_pipeline: context.in_pipeline,
            in_background: context.in_background,
            cwd: context.cwd.clone(),
        });
    }
}

/// What a script operand holds, when the line tells: the output of a
/// process substitution (`bash <(echo …)`), standard input
/// (`bash /dev/stdin`), or a file the line wrote (`bash ./s.sh`).
fn script_input(operand: Option<&Field>, stdin: &Stdin, known: &Known) -> Option<Stdin> {
    let operand = operand?;
    match &operand.produced {
        Some(produced) => Some((**produced).clone()),
        None if is_stdin_path(&operand.text) => Some(stdin.clone()),
        None => known.file(&operand.text).cloned(),
    }
}

/// The items `xargs -a FILE` reads, when the line tells what the file
/// holds; a file not on the line is read as a file.
fn xargs_file(args: &[Field], known: &Known) -> Option<Stdin> {
    let mut at = 0;
    while let Some(arg) = args.get(at) {
        if !is_option(&arg.text) {
            return None;
        }
        let attached = arg
            .text
            .strip_prefix("--arg-file=")
            .or_else(|| arg.text.strip_prefix("-a").filter(|rest| !rest.is_empty()));
        if let Some(path) = attached {
            return Some(known.file(path).cloned().unwrap_or(Stdin::File));
        }
        if arg.text == "-a" || arg.text == "--arg-file" {
            let file = args.get(at + 1)?;
            return Some(match &file.produced {
                Some(produced) => (**produced).clone(),
                None => known.file(&file.text).cloned().unwrap_or(Stdin::File),
            });
        }
        at += 1;
    }
    None
}

/// The operand of a command that deletes, moves or changes a tree
/// (`rm -r`, `find -delete`/`-exec`, `chmod -R`, `mv`) which the guard
/// cannot resolve: `rm -rf $(…)`.
fn unresolved_operand<'a>(name: &str, args: &'a [Field]) -> Option<&'a Field> {
    if !matches!(name, "rm" | "chmod" | "chown" | "chgrp" | "mv" | "find")
        || args.iter().all(|a| a.opaque.is_none())
    {
        return None;
    }
    let options: Vec<&str> = args
        .iter()
        .map(|a| a.text.as_str())
        .take_while(|a| *a != "--")
        .filter(|a| is_option(a))
        .collect();
    let recursive = || {
        options
            .iter()
            .any(|o| (!o.starts_with("--") && o.contains(['r', 'R'])) || o.starts_with("--rec"))
    };
    let operands = || {
        let mut rest = false;
        args.iter().filter(move |a| {
            if rest {
                return true;
            }
            if a.text == "--" {
                rest = true;
                return false;
            }
            !is_option(&a.text)
        })
    };
    match name {
        "rm" if recursive() => operands().find(|a| a.unresolved()),
        "chmod" | "chown" | "chgrp" if recursive() => operands().skip(1).find(|a| a.unresolved()),
        "mv" => operands().find(|a| a.unresolved()),
        "find" => {
            let acts = args.iter().any(|a| {
                matches!(
                    a.text.as_str(),
                    "-delete" | "-exec" | "-execdir" | "-ok" | "-okdir"
                )
            });
            let starts = args
                .iter()
                .skip_while(|a| matches!(a.text.as_str(), "-H" | "-L" | "-P"))
                .take_while(|a| !a.text.starts_with('-') && !matches!(a.text.as_str(), "(" | "!"));
            acts.then(|| starts.into_iter().find(|a| a.unresolved()))
                .flatten()
        }
        _ => None,
    }
}

/// How many bytes a command may grow to once `find` or `xargs` put their
/// items in it.
const MAX_PLACED_BYTES: usize = 256 * 1024;

/// `command` with each word equal to `placeholder` replaced by `values`
/// (`find / -exec rm -rf {} +`: `rm -rf /`), and the placeholder inside a
/// word by the first value; `None` past [`MAX_PLACED_BYTES`].
fn placed(command: Vec<String>, placeholder: &str, values: &[String]) -> Option<Vec<String>> {
    let values_bytes: usize = values.iter().map(String::len).sum();
    let mut bytes = 0usize;
    let mut out = Vec::with_capacity(command.len());
    for word in command {
        if word == placeholder {
            bytes = bytes.saturating_add(values_bytes);
            if bytes > MAX_PLACED_BYTES {
                return None;
            }
            out.extend(values.iter().cloned());
        } else if let (true, Some(first)) = (word.contains(placeholder), values.first()) {
            let count = word.matches(placeholder).count();
            bytes =
                bytes.saturating_add(word.len().saturating_add(count.saturating_mul(first.len())));
            if bytes > MAX_PLACED_BYTES {
                return None;
            }
            out.push(word.replace(placeholder, first));
        } else {
            bytes = bytes.saturating_add(word.len());
            out.push(word);
        }
    }
    Some(out)
}
