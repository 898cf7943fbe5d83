//! `Debug` of a generated argument struct: each field shown when its type
//! is `Debug`, `..` when it is not.
//!
//! The choice is made by autoref on the concrete type, as for defaults:
//! `(&&FieldDebug(&value)).shown()` finds `ShowDebug` on `&FieldDebug<T>`
//! when `T: Debug`, and falls back to `ShowOpaque` on `FieldDebug<T>`.

use std::fmt;

/// A field of a generated argument struct, to be shown.
pub struct FieldDebug<'a, T>(pub &'a T);

/// A field whose type is `Debug`: shown.
pub trait ShowDebug {
    fn shown(&self) -> &dyn fmt::Debug;
}

impl<T: fmt::Debug> ShowDebug for &FieldDebug<'_, T> {
    fn shown(&self) -> &dyn fmt::Debug {
        self.0
    }
}

/// A field whose type is not `Debug`: `..`.
pub trait ShowOpaque {
    fn shown(&self) -> &dyn fmt::Debug;
}

impl<T> ShowOpaque for FieldDebug<'_, T> {
    fn shown(&self) -> &dyn fmt::Debug {
        &Opaque
    }
}

struct Opaque;

impl fmt::Debug for Opaque {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("..")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct NotDebug;

    #[test]
    // The borrows are what choose the impl.
    #[allow(clippy::needless_borrow)]
    fn debug_types_are_shown_and_others_are_elided() {
        let text = 5u8;
        let hidden = NotDebug;
        #[allow(unused_imports)]
        use super::{ShowDebug as _, ShowOpaque as _};
        let shown = format!(
            "{:?} {:?}",
            (&&FieldDebug(&text)).shown(),
            (&&FieldDebug(&hidden)).shown()
        );
        assert_eq!(shown, "5 ..");
    }
}
