//! A list inside a line, cut short: a long one names its first items and
//! counts the rest (`a, b, c, … and 99997 more`), as the lines of a call end with
//! `… and N more problems`, so a schema with 100,000 allowed values never
//! makes a line of hundreds of kilobytes.

/// The most values an enum line names: every value of any enum a model is
/// shown in practice, and at most a few kilobytes of line (each value is
/// cut to 80 characters).
pub const MAX_NAMED: usize = 100;

/// The first `max` of `items` (of `count` in all) joined with `, `, then
/// `, … and K more` for the `K` left out. Only the items named are built.
///
/// ```
/// use toolsmith_runtime::shortlist::shortlist;
///
/// let values = ["low", "mid", "high", "max"];
/// assert_eq!(shortlist(values.iter(), values.len(), 4), "low, mid, high, max");
/// assert_eq!(shortlist(values.iter(), values.len(), 2), "low, mid, … and 2 more");
/// ```
pub fn shortlist<S: AsRef<str>>(
    items: impl IntoIterator<Item = S>,
    count: usize,
    max: usize,
) -> String {
    let mut out = String::new();
    let mut named = 0;
    for item in items.into_iter().take(max) {
        if named > 0 {
            out.push_str(", ");
        }
        out.push_str(item.as_ref());
        named += 1;
    }
    let more = count.saturating_sub(named);
    if more > 0 {
        if named > 0 {
            out.push_str(", ");
        }
        out.push_str(&format!("… and {more} more"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_at_most_max_and_counts_the_rest() {
        let items: Vec<String> = (0..5).map(|i| format!("v{i}")).collect();
        assert_eq!(shortlist(&items, 5, 5), "v0, v1, v2, v3, v4");
        assert_eq!(shortlist(&items, 5, 9), "v0, v1, v2, v3, v4");
        assert_eq!(shortlist(&items, 5, 1), "v0, … and 4 more");
        assert_eq!(shortlist(&items, 5, 0), "… and 5 more");
        assert_eq!(shortlist(Vec::<String>::new(), 0, 3), "");
    }

    #[test]
    fn builds_only_what_it_names() {
        let mut built = 0;
        let items = (0..100_000).map(|i| {
            built += 1;
            format!("v{i}")
        });
        assert_eq!(shortlist(items, 100_000, 2), "v0, v1, … and 99998 more");
        assert_eq!(built, 2);
    }
}
