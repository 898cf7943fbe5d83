//! What a command reads on standard input, as far as the command line
//! tells: a here-document, a here-string, what `echo` or `printf` print,
//! the paths `find` lists, or output the guard cannot read.

use std::rc::Rc;

use super::escapes::ansi_c;

/// A command's standard input; cheap to clone, as every command of a
/// group fed by one pipe holds it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) enum Stdin {
    /// Whatever the agent's shell gives it: nothing the line wrote.
    #[default]
    Inherited,
    /// Text written on the line: a here-document or here-string, or what
    /// `echo`/`printf` print (expansions kept as written).
    Text(Rc<str>),
    /// The paths `find` prints: its starting points and what is under them.
    Paths(Rc<[String]>),
    /// A file (`< file`, `cat file`), like a script named on the line.
    File,
    /// The output of this program, which the line does not tell.
    Unknown(String),
}

impl Stdin {
    /// The words `xargs` reads from it: split at blanks (quotes are not
    /// read); none when the input is not on the line.
    pub(super) fn words(&self) -> Vec<String> {
        match self {
            Stdin::Text(text) => text.split_whitespace().map(str::to_owned).collect(),
            Stdin::Paths(paths) => paths.to_vec(),
            Stdin::Inherited | Stdin::File | Stdin::Unknown(_) => Vec::new(),
        }
    }
}

/// What `name` with `args` prints, reading `stdin`: the text of `echo` and
/// `printf`, `cat`'s input or files, `find`'s paths; otherwise output the
/// line does not tell.
pub(super) fn printed(name: &str, args: &[String], stdin: &Stdin) -> Stdin {
    match name {
        "echo" => {
            let mut args = args.iter().peekable();
            let mut escapes = false;
            while let Some(flag) = args.next_if(|a| {
                a.len() > 1 && a.starts_with('-') && a[1..].chars().all(|c| "neE".contains(c))
            }) {
                escapes = flag.contains('e');
            }
            let text = args.map(String::as_str).collect::<Vec<_>>().join(" ");
            Stdin::Text(if escapes { ansi_c(&text) } else { text }.into())
        }
        "printf" => match args.split_first() {
            Some((format, values)) if format != "-v" => Stdin::Text(printf(format, values).into()),
            _ => Stdin::Unknown(name.to_owned()),
        },
        "cat" => {
            let files = args.iter().filter(|a| !a.starts_with('-') || *a == "-");
            if files.clone().all(|f| f == "-") {
                stdin.clone()
            } else {
                Stdin::File
            }
        }
        "find" => Stdin::Paths(find_start_paths(args).into()),
        // A new temporary file or directory: its template, or one in
        // `/tmp`; never a path the rules care about.
        "mktemp" => {
            let template = args.iter().rev().find(|a| !a.starts_with('-'));
            let valued = args
                .iter()
                .any(|a| matches!(a.as_str(), "-p" | "--tmpdir" | "--suffix" | "-t"));
            match template {
                Some(template) if !valued => Stdin::Text(template.as_str().into()),
                _ => Stdin::Text("/tmp/tmp.XXXXXXXXXX".into()),
            }
        }
        _ => Stdin::Unknown(name.to_owned()),
    }
}

/// `printf FORMAT ARGS…` once through the format: escapes decoded, each
/// `%s`, `%b`, `%d` given the next argument, `%%` a percent sign.
pub(super) fn printf(format: &str, values: &[String]) -> String {
    let format = ansi_c(format);
    let mut values = values.iter();
    let mut out = String::with_capacity(format.len());
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        // Flags, width and precision, then the conversion.
        while chars.next_if(|d| "-+ #0123456789.".contains(*d)).is_some() {}
        match chars.next() {
            Some('%') => out.push('%'),
            Some('b') => out.push_str(&ansi_c(values.next().map_or("", String::as_str))),
            Some(_) => out.push_str(values.next().map_or("", String::as_str)),
            None => out.push('%'),
        }
    }
    out
}

/// `find`'s starting points: the operands before its first expression,
/// after `-H`, `-L`, `-P`, `-D opts`, `-O level`; `.` when there are none.
pub(super) fn find_start_paths(args: &[String]) -> Vec<String> {
    let mut args = args.iter().peekable();
    while let Some(option) =
        args.next_if(|a| matches!(a.as_str(), "-H" | "-L" | "-P" | "-D") || a.starts_with("-O"))
    {
        if option == "-D" {
            args.next();
        }
    }
    let paths: Vec<String> = args
        .take_while(|a| !a.starts_with('-') && !matches!(a.as_str(), "(" | "!" | ","))
        .cloned()
        .collect();
    if paths.is_empty() {
        vec![".".to_owned()]
    } else {
        paths
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(args: &[&str]) -> Vec<String> {
        args.iter().map(|a| (*a).to_owned()).collect()
    }

    #[test]
    fn echo_printf_cat_and_find_print_what_the_line_says() {
        let text = |s: &str| Stdin::Text(s.into());
        let none = Stdin::Inherited;
        assert_eq!(
            printed("echo", &words(&["-n", "rm", "-rf", "/"]), &none),
            text("rm -rf /")
        );
        assert_eq!(
            printed("echo", &words(&["-e", "a\\nb"]), &none),
            text("a\nb")
        );
        assert_eq!(
            printed("printf", &words(&["rm -rf ~\\n"]), &none),
            text("rm -rf ~\n")
        );
        assert_eq!(
            printed("printf", &words(&["%s -rf %s", "rm", "/", "x"]), &none),
            text("rm -rf /")
        );
        assert_eq!(printed("cat", &[], &text("x")), text("x"));
        assert_eq!(printed("cat", &words(&["a.sh"]), &text("x")), Stdin::File);
        assert_eq!(
            printed("find", &words(&["-L", "/", "~", "-name", "x"]), &none),
            Stdin::Paths(words(&["/", "~"]).into())
        );
        assert_eq!(
            printed("find", &words(&["-type", "f"]), &none),
            Stdin::Paths(words(&["."]).into())
        );
        assert_eq!(
            printed("make", &[], &none),
            Stdin::Unknown("make".to_owned())
        );
    }
}
