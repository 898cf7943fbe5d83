//! A flag's text as given, or read from elsewhere: `-` reads standard
//! input, `@path` reads a file, `@@…` is text that starts with one `@`.
//! What is read must be UTF-8: invalid bytes are a line naming the flag,
//! never a replacement character. Only one flag may read standard input,
//! and a parameter that reads it when left out (`#[arg(stdin)]`) reads it
//! only when no flag has.

use std::ffi::OsStr;
use std::io::Read;

use toolsmith_runtime::echo::shown;
use toolsmith_runtime::sanitize_line;

/// The most bytes read from standard input or a file for one flag.
pub(crate) const MAX_INPUT_BYTES: usize = 16 << 20;

/// The longest path a line repeats.
const PATH_CHARS: usize = 60;

/// Where flag values are read from: standard input, read at most once.
pub(crate) struct Sources<'a> {
    stdin: &'a mut dyn Read,
    /// Standard input is a terminal, so a parameter left out does not
    /// wait on it.
    terminal: bool,
    /// The flag that read standard input, once one has.
    stdin_flag: Option<String>,
}

impl<'a> Sources<'a> {
    pub(crate) fn new(stdin: &'a mut dyn Read, terminal: bool) -> Self {
        Sources {
            stdin,
            terminal,
            stdin_flag: None,
        }
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
            read => Some(utf8(read, flag, "standard input")),
        }
    }

    /// The text of `--flag RAW`: `RAW` itself, standard input for `-`, a
    /// file's contents for `@path`, `@…` for `@@…`. `literal_dash` keeps
    /// `-` as it is (a flag whose allowed values include `-`). An error
    /// is the line to print.
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
            return utf8(read_bounded(&mut *self.stdin), flag, "standard input");
        }
        let text = raw.to_string_lossy();
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
        utf8(read, flag, &format!("file {shown_path}"))
    }
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
