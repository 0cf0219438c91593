//! The writer's output buffer and SWI-Prolog's token-separation rule.
//!
//! SWI remembers the last character written (`lastc`) plus whether it ended a prefix
//! or infix operator, and puts a space before a token only when the two would glue
//! into one token on reading back: `a- -1`, `1 rem 2`, `- 1`, `- (a,b)`, but `a-(b:-c)`.
//!
//! Tested by: the unit test below; tests/writer_tests.rs and tests/writer_swi_diff_tests.rs
//! (token spacing).

use super::atom_text::{is_alnum_char, is_punct, is_symbol_char};

pub(crate) struct Out<'o> {
    s: &'o mut String,
    last: Option<char>,
    /// The last token was a prefix operator: `(` and `{` need a space after it.
    pub prefix_op: bool,
    /// The last token was prefix `-`: a digit or symbol char needs a space after it.
    pub prefix_sign: bool,
    /// The last token was an infix operator: `(` needs no space after it.
    pub infix_op: bool,
    next_argument: bool,
}

impl<'o> Out<'o> {
    pub fn new(s: &'o mut String, next_argument: bool) -> Self {
        Out {
            s,
            last: None,
            prefix_op: false,
            prefix_sign: false,
            infix_op: false,
            next_argument,
        }
    }

    fn clear_flags(&mut self) {
        self.prefix_op = false;
        self.prefix_sign = false;
        self.infix_op = false;
    }

    /// Text written as is (SWI's `Putc`/`PutString`): no space is considered.
    pub fn raw(&mut self, t: &str) {
        if let Some(c) = t.chars().next_back() {
            self.s.push_str(t);
            self.last = Some(c);
            self.clear_flags();
        }
    }

    /// The output so far ends in a digit (`1` then infix `.` would read as a float).
    pub fn ends_with_digit(&self) -> bool {
        self.last.is_some_and(|c| c.is_ascii_digit())
    }

    pub fn ch(&mut self, c: char) {
        self.s.push(c);
        self.last = Some(c);
        self.clear_flags();
    }

    /// Argument separator: `,` or `, ` with `spacing(next_argument)`.
    pub fn comma(&mut self) {
        self.raw(if self.next_argument { ", " } else { "," });
    }

    fn need_space(&self, c: char) -> bool {
        let Some(l) = self.last else {
            return false;
        };
        if l.is_whitespace() {
            return false;
        }
        if self.prefix_sign && (c.is_ascii_digit() || is_symbol_char(c)) {
            return true;
        }
        if self.prefix_op && (c == '(' || c == '{') {
            return true;
        }
        if self.infix_op && c == '(' {
            return false;
        }
        (is_alnum_char(l) && is_alnum_char(c))
            || (is_symbol_char(l) && is_symbol_char(c))
            || (c == '(' && !is_punct(l))
            || (c == '\'' && l.is_ascii_digit())
            || ((c == '\'' || c == '"') && l == c)
    }

    /// Puts a space if a token starting with `c` would glue to what precedes it;
    /// true if it did.
    pub fn put_open_token(&mut self, c: char) -> bool {
        if self.need_space(c) {
            self.ch(' ');
            true
        } else {
            false
        }
    }

    /// Writes a token, with a space before it if needed; true if a space was put.
    pub fn put_token(&mut self, t: &str) -> bool {
        match t.chars().next() {
            Some(c) => {
                let sp = self.put_open_token(c);
                self.raw(t);
                sp
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(prev: &str, next: &str, set: impl Fn(&mut Out)) -> String {
        let mut s = String::new();
        let mut o = Out::new(&mut s, false);
        o.raw(prev);
        set(&mut o);
        o.put_token(next);
        s
    }

    #[test]
    fn spaces_only_where_tokens_would_glue() {
        assert_eq!(after("a", "b", |_| {}), "a b");
        assert_eq!(after("a", "-", |_| {}), "a-");
        assert_eq!(after("-", "-1", |_| {}), "- -1");
        assert_eq!(after(")", "is", |_| {}), ")is");
        assert_eq!(after("'A'", "'B'", |_| {}), "'A' 'B'");
        assert_eq!(after("1", "'a'", |_| {}), "1 'a'");
        assert_eq!(
            after("-", "1", |o| {
                o.prefix_op = true;
                o.prefix_sign = true;
            }),
            "- 1"
        );
        assert_eq!(after("\\+", "1", |o| o.prefix_op = true), "\\+1");
        assert_eq!(after("\\+", "(", |o| o.prefix_op = true), "\\+ (");
        assert_eq!(after("-", "{", |o| o.prefix_op = true), "- {");
        assert_eq!(after("-", "(", |o| o.infix_op = true), "-(");
        assert_eq!(after("a", "(", |_| {}), "a (");
        assert_eq!(after(", ", "(", |_| {}), ", (");
        assert_eq!(after("", "a", |_| {}), "a");
    }
}
