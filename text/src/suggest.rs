//! Near misses: the "did you mean" of a line for an unknown key or enum
//! value, and the folded form of a name in any case convention (camelCase,
//! PascalCase, snake_case, kebab-case), by which a key in another case is
//! recognised. The validator's lines use them; so can any other check of
//! names a model or a user wrote (hook events, tool names, settings keys),
//! so that every near miss is found and worded alike.
//!
//! ```
//! use toolsmith_text::suggest::{fold_case, similar_key};
//!
//! assert_eq!(similar_key("seperator", &["text", "separator"]), Some("separator"));
//! // Two candidates one edit away: no guess.
//! assert_eq!(similar_key("cat", &["bat", "hat"]), None);
//! assert_eq!(fold_case("PreToolUse"), fold_case("pre-tool-use"));
//! ```

/// Words longer than this are not compared (bounds the quadratic distance).
const MAX_COMPARED_CHARS: usize = 64;

/// Optimal string alignment distance (Damerau–Levenshtein with adjacent
/// transpositions, each substring edited once), or `None` past `limit`.
pub fn distance(a: &str, b: &str, limit: usize) -> Option<usize> {
    // On the stack: this runs for every candidate of every near miss.
    let (mut a_buf, mut b_buf) = (['\0'; MAX_COMPARED_CHARS], ['\0'; MAX_COMPARED_CHARS]);
    let (a, b) = (chars_into(a, &mut a_buf)?, chars_into(b, &mut b_buf)?);
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    let width = b.len() + 1;
    // Three rows: two back (for transpositions), previous, current.
    let mut rows = [[0usize; MAX_COMPARED_CHARS + 1]; 3];
    let [mut before, mut previous, mut current] = rows.each_mut();
    for (j, cell) in previous[..width].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        current[0] = i;
        for j in 1..width {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (previous[j] + 1)
                .min(current[j - 1] + 1)
                .min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            current[j] = best;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    let d = previous[b.len()];
    (d <= limit).then_some(d)
}

/// The characters of `text` in `buf`, or `None` past its length.
fn chars_into<'b>(text: &str, buf: &'b mut [char; MAX_COMPARED_CHARS]) -> Option<&'b [char]> {
    let mut len = 0;
    for c in text.chars() {
        *buf.get_mut(len)? = c;
        len += 1;
    }
    Some(&buf[..len])
}

/// How many edits a key of this length may be away and still be suggested.
fn key_limit(len: usize) -> usize {
    match len {
        0..=4 => 1,
        5..=10 => 2,
        _ => 3,
    }
}

/// The one candidate closest to `key`, if exactly one is close enough: one
/// edit away for a key of up to 4 characters, two up to 10, three beyond
/// (an edit inserts, deletes or replaces a character, or swaps two
/// neighbours). `None` when none is that close, when two are equally close,
/// or for a name over 64 characters.
pub fn similar_key<'a>(key: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let limit = key_limit(key.chars().count());
    unique_best(
        candidates
            .iter()
            .filter_map(|c| distance(key, c, limit).map(|d| (d, *c))),
    )
}

/// The one allowed value matching `value` ignoring case, or else in
/// another case convention (`good_first_issue` or `GoodFirstIssue` for
/// `good-first-issue`, see [`fold_case`]), or else within one edit.
pub fn similar_value<'a>(value: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let lower = value.to_lowercase();
    if let Some(found) = the_one(candidates, |c| c.to_lowercase() == lower) {
        return found;
    }
    let folded = fold_case(value);
    if let Some(found) = the_one(candidates, |c| fold_case(c) == folded) {
        return found;
    }
    unique_best(
        candidates
            .iter()
            .filter_map(|c| distance(value, c, 1).map(|d| (d, *c))),
    )
}

/// `None` when no candidate is `alike`; else `Some` of the one that is,
/// or `Some(None)` when several are (no guess).
fn the_one<'a>(candidates: &[&'a str], alike: impl Fn(&str) -> bool) -> Option<Option<&'a str>> {
    let mut found = candidates.iter().copied().filter(|c| alike(c));
    let first = found.next()?;
    Some(found.next().is_none().then_some(first))
}

/// The candidate with the smallest distance, unless two share it.
fn unique_best<'a>(scored: impl Iterator<Item = (usize, &'a str)>) -> Option<&'a str> {
    let mut best: Option<(usize, &'a str)> = None;
    let mut tied = false;
    for (d, candidate) in scored {
        match best {
            Some((b, _)) if d > b => {}
            Some((b, _)) if d == b => tied = true,
            _ => {
                best = Some((d, candidate));
                tied = false;
            }
        }
    }
    if tied { None } else { best.map(|(_, c)| c) }
}

/// The words of a name in lowercase, joined by `_`: `dateTime`, `DateTime`,
/// `date-time` and `date_time` all fold to `date_time`; `HTTPServer` to
/// `http_server`, `PreToolUse` to `pre_tool_use`. Two names that fold alike
/// are the same name in another case convention, whichever way it goes
/// (`min_score` is `minScore` to a camelCase schema).
pub fn fold_case(key: &str) -> String {
    let chars: Vec<char> = key.chars().collect();
    let mut out = String::with_capacity(key.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c == '-' || c == '_' {
            out.push('_');
        } else if c.is_uppercase() {
            let after_lower =
                i > 0 && (chars[i - 1].is_lowercase() || chars[i - 1].is_ascii_digit());
            let ends_acronym = i > 0
                && chars[i - 1].is_uppercase()
                && chars.get(i + 1).is_some_and(|n| n.is_lowercase());
            if after_lower || ends_acronym {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn osa_counts_transpositions_once() {
        assert_eq!(distance("seperator", "separator", 3), Some(1));
        assert_eq!(distance("ab", "ba", 3), Some(1));
        assert_eq!(distance("ca", "abc", 3), Some(3));
        assert_eq!(distance("kitten", "sitting", 2), None);
        assert_eq!(distance("", "ab", 2), Some(2));
    }

    #[test]
    fn suggests_only_a_unique_best() {
        let keys = ["text", "separator"];
        assert_eq!(similar_key("seperator", &keys), Some("separator"));
        assert_eq!(similar_key("txt", &keys), Some("text"));
        assert_eq!(similar_key("zzz", &keys), None);
        assert_eq!(similar_key("cat", &["bat", "hat"]), None);
        assert_eq!(similar_value("FAST", &["fast", "slow"]), Some("fast"));
        assert_eq!(similar_value("fsat", &["fast", "slow"]), Some("fast"));
        assert_eq!(similar_value("x", &["-", "_", "."]), None);
    }

    #[test]
    fn values_in_another_case_convention_are_suggested() {
        let labels = ["good-first-issue", "help-wanted", "bug"];
        for sent in [
            "good_first_issue",
            "GoodFirstIssue",
            "goodFirstIssue",
            "GOOD-FIRST-ISSUE",
        ] {
            assert_eq!(
                similar_value(sent, &labels),
                Some("good-first-issue"),
                "{sent}"
            );
        }
        // Two values alike but for their convention: no guess.
        assert_eq!(similar_value("a_b", &["a-b", "aB"]), None);
    }

    #[test]
    fn folds_every_case_convention_alike() {
        for key in [
            "dateTime",
            "DateTime",
            "date-time",
            "date_time",
            "Date_Time",
        ] {
            assert_eq!(fold_case(key), "date_time", "{key}");
        }
        assert_eq!(fold_case("minScore"), fold_case("min_score"));
        assert_eq!(fold_case("HTTPServer"), "http_server");
        assert_eq!(fold_case("userID"), "user_id");
        assert_eq!(fold_case("page2Size"), "page2_size");
        assert_eq!(fold_case("_id"), "_id");
        // Only case and separators fold: a doubled `_` is another name.
        assert_ne!(fold_case("min__score"), fold_case("min_score"));
        assert_ne!(fold_case("minscore"), fold_case("min_score"));
    }
}
