//! The scan: one pass of a literal automaton finds every anchor of every
//! rule, then each rule's expression runs anchored at its anchor, within
//! a bounded window: a lazy DFA finds where the match ends, reading until
//! no match can continue, and only that match is run again for its
//! groups. No search restarts over the rest of the text, so the work is
//! linear in its length: the pass reads each byte once, a name is walked
//! back over once, and each anchored search reads at most its rule's
//! reach. [`Cost`] counts every byte read.

use std::ops::Range;
use std::sync::LazyLock;

use aho_corasick::AhoCorasick;
use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::meta::Regex;
use regex_automata::util::captures::Captures;
use regex_automata::{Anchored, Input};

use super::filters;
use super::rules::{MAX_NAME_BYTES, MAX_SCHEME_BYTES, RULES, Rule, Start};
use super::{SecretFinding, SecretKind};

/// The longest private key body the scan reads, in bytes.
const MAX_KEY_BODY_BYTES: usize = 64 * 1024;

/// How much work a scan did, for the tests that prove it linear.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Cost {
    /// Bytes the anchor pass read: the text's length.
    pub(crate) scanned: usize,
    /// Anchors found.
    pub(crate) anchors: usize,
    /// Bytes walked back over to find where names and schemes start.
    pub(crate) walked: usize,
    /// Anchored searches run.
    pub(crate) searches: usize,
    /// Bytes the anchored searches' automata read.
    pub(crate) searched_bytes: usize,
    /// Bytes of matches run again for their groups.
    pub(crate) matched_bytes: usize,
    /// Bytes of private key bodies read past their first line.
    pub(crate) key_body_bytes: usize,
}

impl Cost {
    /// Every byte counted.
    #[cfg(test)]
    pub(crate) fn total(&self) -> usize {
        self.scanned + self.walked + self.searched_bytes + self.matched_bytes + self.key_body_bytes
    }
}

/// The anchors of every rule, in one automaton; pattern `i` is
/// [`ANCHOR_RULES`]`[i]`'s.
static ANCHORS: LazyLock<AhoCorasick> = LazyLock::new(|| {
    let anchors = RULES.iter().flat_map(|rule| rule.anchors.iter());
    AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .build(anchors)
        .expect("the anchors build")
});

/// The rule of each anchor, by pattern index.
static ANCHOR_RULES: LazyLock<Vec<usize>> = LazyLock::new(|| {
    RULES
        .iter()
        .enumerate()
        .flat_map(|(i, rule)| rule.anchors.iter().map(move |_| i))
        .collect()
});

/// Each rule's expression, compiled: a lazy DFA finds where a match
/// ends, the regex its groups.
static PATTERNS: LazyLock<Vec<(DFA, Regex)>> = LazyLock::new(|| {
    RULES
        .iter()
        .map(|rule| {
            let dfa = DFA::new(rule.pattern).expect("the secret patterns compile");
            let regex = Regex::new(rule.pattern).expect("the secret patterns compile");
            (dfa, regex)
        })
        .collect()
});

/// Whether an anchored search of `rule` at `start` can match at all: a
/// rule that starts with `\b` needs a boundary there.
fn may_start(rule: &Rule, text: &[u8], start: usize) -> bool {
    let word = |byte: &u8| byte.is_ascii_alphanumeric() || *byte == b'_';
    !rule.pattern.starts_with(r"(?-u:\b)")
        || text.get(start.wrapping_sub(1)).is_some_and(word) != text.get(start).is_some_and(word)
}

/// One match of a rule, before the false positives are dropped.
struct Candidate {
    /// Index of the rule in [`RULES`].
    rule: usize,
    /// The whole match.
    span: Range<usize>,
    /// The secret within it.
    secret: Range<usize>,
}

/// Every secret in `text`, in order, and the work it took.
pub(crate) fn scan(text: &str) -> (Vec<SecretFinding>, Cost) {
    scan_with(text, true)
}

/// [`scan`]; `skip_runs: false` searches again inside the stretch a
/// failed search of a run rule read (see [`Rule::run`]), which the tests
/// compare with.
pub(crate) fn scan_with(text: &str, skip_runs: bool) -> (Vec<SecretFinding>, Cost) {
    let mut cost = Cost {
        scanned: text.len(),
        ..Cost::default()
    };
    let mut found = Vec::new();
    // The last start searched per rule: anchors in one name share it.
    let mut searched: Vec<Option<usize>> = vec![None; RULES.len()];
    let mut caches: Vec<Option<(Cache, Captures)>> = RULES.iter().map(|_| None).collect();
    // Per rule, where its anchors count again: past its last match (and
    // for a run rule, past where its last failed search died).
    let mut resume = vec![0; RULES.len()];
    let mut names = RunStarts::new(is_name_byte, MAX_NAME_BYTES);
    let mut schemes = RunStarts::new(is_scheme_byte, MAX_SCHEME_BYTES);
    for anchor in ANCHORS.find_overlapping_iter(text) {
        cost.anchors += 1;
        let index = ANCHOR_RULES[anchor.pattern().as_usize()];
        let rule = &RULES[index];
        let start = match rule.start {
            Start::Anchor => Some(anchor.start()),
            Start::Name => names.start(text, anchor.start(), &mut cost),
            Start::Scheme => schemes.start(text, anchor.start(), &mut cost),
        };
        let Some(start) = start else { continue };
        if searched[index] == Some(start)
            || anchor.start() < resume[index]
            || !may_start(rule, text.as_bytes(), start)
        {
            continue;
        }
        searched[index] = Some(start);
        let (cache, captures) = caches[index].get_or_insert_with(|| {
            let (dfa, regex) = &PATTERNS[index];
            (dfa.create_cache(), regex.create_captures())
        });
        let searched_here = search(
            text,
            index,
            start,
            anchor.start(),
            cache,
            captures,
            &mut cost,
        );
        let candidate = match searched_here {
            Searched::Match(candidate) => candidate,
            Searched::Died(at) if rule.run && skip_runs => {
                resume[index] = at;
                continue;
            }
            Searched::Died(_) | Searched::Nothing => continue,
        };
        resume[index] = candidate.span.end;
        if let Some(finding) = judge(text, &candidate, &mut cost) {
            found.push((candidate.rule, finding));
        }
    }
    (resolve(found), cost)
}

/// What an anchored search found.
enum Searched {
    /// A match.
    Match(Candidate),
    /// No match, and none could continue past this byte (or the window
    /// ended there).
    Died(usize),
    /// No match.
    Nothing,
}

/// The match of rule `index` starting at `start`, within its reach of
/// `anchor`.
fn search(
    text: &str,
    index: usize,
    start: usize,
    anchor: usize,
    cache: &mut Cache,
    captures: &mut Captures,
    cost: &mut Cost,
) -> Searched {
    let mut end = (anchor + RULES[index].reach).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    cost.searches += 1;
    let (dfa, regex) = &PATTERNS[index];
    let end = match match_end(dfa, cache, text, start..end, cost) {
        Ok(Read { end: Some(end), .. }) => end,
        Ok(Read { dead: Some(at), .. }) => return Searched::Died(at),
        Ok(Read { .. }) => return Searched::Died(end),
        // The lazy DFA gave up: the regex reads the window.
        Err(()) => {
            cost.searched_bytes += end - start;
            end
        }
    };
    cost.matched_bytes += end - start;
    let input = Input::new(text).span(start..end).anchored(Anchored::Yes);
    regex.search_captures(&input, captures);
    let (Some(span), Some(secret)) = (
        captures.get_match(),
        captures
            .get_group_by_name("secret")
            .or_else(|| captures.get_group_by_name("body")),
    ) else {
        return Searched::Nothing;
    };
    Searched::Match(Candidate {
        rule: index,
        span: span.range(),
        secret: secret.range(),
    })
}

/// How far an anchored lazy DFA search read.
struct Read {
    /// Where the match ends, if there is one.
    end: Option<usize>,
    /// Where no match could continue, if that was before the window's end.
    dead: Option<usize>,
}

/// Where the leftmost-first match anchored at `window.start` ends, read
/// byte by byte until no match can continue; `Err` if the lazy DFA gives
/// up.
fn match_end(
    dfa: &DFA,
    cache: &mut Cache,
    text: &str,
    window: Range<usize>,
    cost: &mut Cost,
) -> Result<Read, ()> {
    let bytes = text.as_bytes();
    let input = Input::new(text)
        .span(window.clone())
        .anchored(Anchored::Yes);
    let mut state = dfa.start_state_forward(cache, &input).map_err(drop)?;
    let mut last = None;
    for at in window.clone() {
        state = dfa.next_state(cache, state, bytes[at]).map_err(drop)?;
        cost.searched_bytes += 1;
        if state.is_tagged() {
            // A match state is entered one byte after the match ends.
            if state.is_match() {
                last = Some(at);
            } else if state.is_dead() {
                return Ok(Read {
                    end: last,
                    dead: Some(at),
                });
            } else if state.is_quit() {
                return Err(());
            }
        }
    }
    // The byte after the window, for a `\b` or `$` at its end.
    state = match bytes.get(window.end) {
        Some(byte) => dfa.next_state(cache, state, *byte),
        None => dfa.next_eoi_state(cache, state),
    }
    .map_err(drop)?;
    if state.is_match() {
        last = Some(window.end);
    }
    Ok(Read {
        end: last,
        dead: None,
    })
}

/// The finding of `candidate`, unless it is a false positive; a private
/// key is read to the end of its block here.
fn judge(text: &str, candidate: &Candidate, cost: &mut Cost) -> Option<SecretFinding> {
    let rule = &RULES[candidate.rule];
    let value = &text[candidate.secret.clone()];
    if filters::is_documented_example(value) {
        return None;
    }
    let range = match rule.kind {
        SecretKind::PrivateKey => {
            let body = candidate.secret.start;
            let limit = (body + MAX_KEY_BODY_BYTES).min(text.len());
            let body_end = text.as_bytes()[body..limit]
                .iter()
                .position(|byte| !is_key_body_byte(*byte))
                .map_or(limit, |at| body + at);
            cost.key_body_bytes += body_end - candidate.secret.end;
            let body_text = &text[body..body_end];
            let compact: String = body_text.chars().filter(|c| !c.is_whitespace()).collect();
            if compact.len() < 64 || filters::entropy(&compact) < 4.0 {
                return None;
            }
            let end = key_end(text, body_end, cost).unwrap_or_else(|| {
                body + body_text
                    .trim_end_matches(|c: char| c.is_ascii_whitespace())
                    .len()
            });
            candidate.span.start..end
        }
        SecretKind::GenericAssignment => {
            let name = &text[candidate.span.start..candidate.secret.start];
            filters::looks_random(name, value).then_some(())?;
            candidate.secret.clone()
        }
        SecretKind::UrlCredentials => {
            let user = value_before(text, candidate.secret.start);
            filters::is_url_password(user, value).then_some(())?;
            candidate.secret.clone()
        }
        SecretKind::BasicAuth => {
            filters::is_basic_credentials(value).then_some(())?;
            candidate.secret.clone()
        }
        _ => {
            (filters::entropy(value) >= 3.0).then_some(())?;
            candidate.secret.clone()
        }
    };
    Some(SecretFinding {
        kind: rule.kind,
        range,
    })
}

/// The end of a private key's END line at `at`, if one is there.
fn key_end(text: &str, at: usize, cost: &mut Cost) -> Option<usize> {
    static END: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"-----END (?:[A-Z0-9]+ ){0,4}PRIVATE KEY(?: BLOCK)?-----")
            .expect("the END line pattern compiles")
    });
    let mut end = (at + 128).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    cost.searches += 1;
    cost.searched_bytes += end - at;
    let input = Input::new(text).span(at..end).anchored(Anchored::Yes);
    END.search(&input).map(|found| found.end())
}

/// The user of `user:password@` in a URL: the text from `://` to the `:`.
fn value_before(text: &str, password: usize) -> &str {
    let head = &text[..password.saturating_sub(1)];
    head.rfind("://").map_or("", |at| &head[at + 3..])
}

/// The findings in order, without overlaps: an assignment whose value
/// holds a token of a known kind gives way to it, then the earlier secret
/// wins, and at the same place the earlier rule.
fn resolve(mut found: Vec<(usize, SecretFinding)>) -> Vec<SecretFinding> {
    let specific: Vec<Range<usize>> = found
        .iter()
        .filter(|(_, finding)| finding.kind != SecretKind::GenericAssignment)
        .map(|(_, finding)| finding.range.clone())
        .collect();
    found.retain(|(_, finding)| {
        finding.kind != SecretKind::GenericAssignment
            || !specific
                .iter()
                .any(|range| range.start < finding.range.end && finding.range.start < range.end)
    });
    found.sort_by_key(|(rule, finding)| (finding.range.start, *rule));
    let mut kept: Vec<SecretFinding> = Vec::with_capacity(found.len());
    for (_, finding) in found {
        if kept
            .last()
            .is_none_or(|last| last.range.end <= finding.range.start)
        {
            kept.push(finding);
        }
    }
    kept
}

/// Where runs of some bytes start, looking back from anchors in text
/// order: bytes between two anchors of one run are read once.
struct RunStarts {
    /// Whether a byte continues the run.
    member: fn(u8) -> bool,
    /// The longest run looked back over.
    limit: usize,
    /// The last anchor looked back from, and where its run starts.
    last: Option<(usize, usize)>,
}

impl RunStarts {
    fn new(member: fn(u8) -> bool, limit: usize) -> Self {
        RunStarts {
            member,
            limit,
            last: None,
        }
    }

    /// Where the run ending at `at` starts, unless it is longer than the
    /// limit.
    fn start(&mut self, text: &str, at: usize, cost: &mut Cost) -> Option<usize> {
        let bytes = text.as_bytes();
        let same_run = self.last.and_then(|(last, start)| {
            let between = bytes.get(last..at)?;
            cost.walked += between.len();
            between.iter().all(|b| (self.member)(*b)).then_some(start)
        });
        let start = same_run.unwrap_or_else(|| {
            let floor = at.saturating_sub(self.limit + 1);
            let run = bytes[floor..at]
                .iter()
                .rev()
                .take_while(|b| (self.member)(**b))
                .count();
            cost.walked += run;
            at - run
        });
        self.last = Some((at, start));
        (at - start <= self.limit).then_some(start)
    }
}

/// `[A-Za-z0-9_.-]`: the characters of a name such as `db.password`.
fn is_name_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'.' | b'-')
}

/// `[A-Za-z0-9+.-]`: the characters of a URL scheme.
fn is_scheme_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'+' | b'.' | b'-')
}

/// The characters of a private key's body, its line breaks and their
/// `\n` escapes.
fn is_key_body_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric()
        || matches!(
            byte,
            b'+' | b'/' | b'=' | b'\r' | b'\n' | b'\t' | b' ' | b'\\'
        )
}
