//! A flag's text as given, or read from elsewhere: `-` reads standard
//! input, less one trailing newline (`echo rust | demo search --query -`
//! searches for `rust`); `@path` reads a file for a parameter marked to
//! take files (`Cli::file`, `CliParam::file`), where `@@…` is text that
//! starts with one `@`; any other flag takes `@…` as it is. What is read
//! must be UTF-8: invalid bytes are a line naming the flag, never a
//! replacement character. Only one flag may read standard input, and a
//! parameter that reads it when left out (`#[arg(stdin)]`) reads it only
//! when no flag has. The flags whose values came from a file are kept, so
//! that a line about such a value never repeats the file's text.

use std::ffi::OsStr;
use std::io::Read;

use toolsmith_runtime::echo::shown;
use toolsmith_runtime::sanitize_line;

/// The most bytes read from standard input or a file for one flag.
pub(crate) const MAX_INPUT_BYTES: usize = 16 << 20;

/// The longest path a line repeats.
const PATH_CHARS: usize = 60;

/// Where flag values are read from: standard input, read at most once,
/// and files, for the parameters that take them.
pub(crate) struct Sources<'a> {
    stdin: &'a mut dyn Read,
    /// Standard input is a terminal, so a parameter left out does not
    /// wait on it.
    terminal: bool,
    /// The flag that read standard input, once one has.
    stdin_flag: Option<String>,
    /// The flags of the parameters that take `@path` (their own flag and
    /// the flags of their fields).
    file_flags: Vec<String>,
    /// Each flag whose value was read from a file, with the file's path as
    /// a line shows it.
    read_files: Vec<(String, String)>,
}

impl<'a> Sources<'a> {
    pub(crate) fn new(stdin: &'a mut dyn Read, terminal: bool) -> Self {
        Sources {
            stdin,
            terminal,
            stdin_flag: None,
            file_flags: Vec::new(),
            read_files: Vec::new(),
        }
    }

    /// These parameters' flags take `@path` to read a file; no other does.
    pub(crate) fn files(mut self, params: &[&str]) -> Self {
        self.file_flags = params.iter().map(|p| p.replace('_', "-")).collect();
        self
    }

    /// Whether `flag` (`body`, `point.x`) belongs to a parameter that
    /// takes files.
    fn takes_files(&self, flag: &str) -> bool {
        let param = flag.split('.').next().unwrap_or(flag);
        self.file_flags.iter().any(|f| f == param)
    }

    /// The file `flag`'s value was read from, quoted and cut short as a
    /// line shows it; `None` when the value was not read from a file.
    pub(crate) fn file_of(&self, flag: &str) -> Option<&str> {
        self.read_files
            .iter()
            .rev()
            .find(|(f, _)| f == flag)
            .map(|(_, path)| path.as_str())
    }

    /// Standard input, for `--flag` left out that reads it (`#[arg(stdin)]`):
    /// `None` when it is a terminal, already read by another flag, or
    /// empty, so that the parameter stays left out.
    pub(crate) fn left_out(&mut self, flag: &str) -> Option<Result<String, String>> {
        if self.terminal || self.stdin_flag.is_some() {
            return None;
        }
        self.stdin_flag = Some(flag.to_owned());
        match read_bounded(&mut *self.stdin) {
            Ok(bytes) if bytes.is_empty() => None,
            read => Some(utf8(read, flag, "standard input").map(one_newline_less)),
        }
    }

    /// The text of `--flag RAW`: `RAW` itself, standard input less one
    /// trailing newline for `-`, and, where the parameter takes files, a
    /// file's contents for `@path` and `@…` for `@@…`. `literal_dash`
    /// keeps `-` as it is (a flag whose allowed values include `-`). An
    /// error is the line to print.
    pub(crate) fn text(
        &mut self,
        flag: &str,
        raw: &OsStr,
        literal_dash: bool,
    ) -> Result<String, String> {
        let bytes = raw.as_encoded_bytes();
        if bytes == b"-" && !literal_dash {
            if let Some(first) = &self.stdin_flag {
                return Err(format!(
                    "Invalid arguments: only one flag may read standard input (-), \
                     got --{first} and --{flag}"
                ));
            }
            self.stdin_flag = Some(flag.to_owned());
            return utf8(read_bounded(&mut *self.stdin), flag, "standard input")
                .map(one_newline_less);
        }
        let text = raw.to_string_lossy();
        if !self.takes_files(flag) {
            return Ok(text.into_owned());
        }
        if let Some(rest) = text.strip_prefix("@@") {
            return Ok(format!("@{rest}"));
        }
        let Some(path) = text.strip_prefix('@') else {
            return Ok(text.into_owned());
        };
        let shown_path = format!("\"{}\"", shown(path, PATH_CHARS));
        let read = std::fs::File::open(path)
            .map_err(|e| sanitize_line(&e.to_string()))
            .and_then(|mut file| read_bounded(&mut file));
        let text = utf8(read, flag, &format!("file {shown_path}"))?;
        self.read_files.push((flag.to_owned(), shown_path));
        Ok(text)
    }
}

/// `text` with one trailing newline (`\n` or `\r\n`) taken off, as a
/// shell's `$(…)` would take them all: `echo rust` sends `rust\n`.
fn one_newline_less(mut text: String) -> String {
    if text.ends_with('\n') {
        text.pop();
        if text.ends_with('\r') {
            text.pop();
        }
    }
    text
}

/// Everything `from` holds, up to [`MAX_INPUT_BYTES`]; more is an error.
fn read_bounded(from: &mut dyn Read) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    from.take(MAX_INPUT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| sanitize_line(&e.to_string()))?;
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(format!("longer than {} MiB", MAX_INPUT_BYTES >> 20));
    }
    Ok(bytes)
}

/// `bytes` as text, or the line saying where they stop being UTF-8.
fn utf8(read: Result<Vec<u8>, String>, flag: &str, what: &str) -> Result<String, String> {
    let bytes =
        read.map_err(|e| format!("Invalid arguments at --{flag}: cannot read {what}: {e}"))?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "Invalid arguments at --{flag}: {what} is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::one_newline_less;

    #[test]
    fn exactly_one_trailing_newline_goes() {
        for (read, text) in [
            ("rust\n", "rust"),
            ("rust\r\n", "rust"),
            ("rust\n\n", "rust\n"),
            ("rust", "rust"),
            ("\n", ""),
            ("a\rb\r", "a\rb\r"),
        ] {
            assert_eq!(one_newline_less(read.to_owned()), text, "{read:?}");
        }
    }
}
