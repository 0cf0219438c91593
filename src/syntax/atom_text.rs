//! Character classes and quoting of atoms and strings, as SWI-Prolog 9's `writeq` does it.
//!
//! Unicode is handled with the standard library's character properties, which is close
//! to, but not exactly, SWI's tables (see the notes on `needs_escape`).
//!
//! Tested by: the unit tests below; tests/writer_tests.rs and tests/writer_swi_diff_tests.rs
//! (quoting).

/// Graphic ("symbol") characters: they form atoms like `+`, `=..`, `\+`.
pub fn is_symbol_char(c: char) -> bool {
    if c.is_ascii() {
        return matches!(
            c,
            '#' | '$'
                | '&'
                | '*'
                | '+'
                | '-'
                | '.'
                | '/'
                | ':'
                | '<'
                | '='
                | '>'
                | '?'
                | '@'
                | '\\'
                | '^'
                | '~'
        );
    }
    // Outside ASCII: mathematical and other symbols (×, ÷, ∀, emoji ...) are graphic.
    !c.is_alphanumeric() && !c.is_whitespace() && !c.is_control() && !needs_escape(c) && !is_mark(c)
}

/// Characters that may continue a name or a variable: letters, digits, `_`, combining marks.
pub fn is_alnum_char(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '_';
    }
    c == '_' || c.is_alphanumeric() || is_mark(c)
}

/// Characters that may start an unquoted name: lower case letters, and letters without case.
pub fn is_atom_start(c: char) -> bool {
    c.is_lowercase() || (c.is_alphabetic() && !c.is_uppercase())
}

/// Characters that start a variable: upper case letters and `_`.
pub fn is_var_start(c: char) -> bool {
    c == '_' || c.is_uppercase()
}

/// Punctuation after which `(` needs no space to stay a separate token.
pub fn is_punct(c: char) -> bool {
    matches!(c, '(' | ')' | '[' | ']' | '{' | '}' | ',' | '|')
}

/// Combining marks (the common blocks), which continue a name.
fn is_mark(c: char) -> bool {
    matches!(c as u32,
        0x0300..=0x036F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F)
}

/// Characters that quoted text shows as an escape: control characters, spaces other
/// than the plain space, format characters, private use and non-characters.
/// (SWI also escapes unassigned code points; we have no table for those.)
pub fn needs_escape(c: char) -> bool {
    if c.is_ascii() {
        return c < ' ' || c == '\x7f';
    }
    if c.is_control() || (c != ' ' && c.is_whitespace()) {
        return true;
    }
    let u = c as u32;
    matches!(u,
        0x00AD | 0x0600..=0x0605 | 0x061C | 0x06DD | 0x070F | 0x0890..=0x0891 | 0x08E2
        | 0x180E | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x2064 | 0x2066..=0x206F
        | 0xFEFF | 0xFFF9..=0xFFFB | 0x110BD | 0x110CD | 0x13430..=0x1343F
        | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A | 0xE0001 | 0xE0020..=0xE007F
        | 0xE000..=0xF8FF | 0xF0000..=0x10FFFF | 0xFDD0..=0xFDEF)
        || (u & 0xFFFE) == 0xFFFE
}

/// Does `writeq` need quotes to write the atom `a` so that it reads back?
pub fn atom_needs_quotes(a: &str) -> bool {
    atom_needs_quotes_opt(a, false)
}

/// `atom_needs_quotes`, optionally quoting every atom with non-ASCII characters
/// (SWI's `quote_non_ascii`, used by `write_canonical`).
pub fn atom_needs_quotes_opt(a: &str, quote_non_ascii: bool) -> bool {
    let mut chars = a.chars();
    let Some(c0) = chars.next() else {
        return true;
    };
    if quote_non_ascii && !a.is_ascii() {
        // SWI's quirk: in an all-Latin-1 name the first letter is not checked ('é' stays unquoted).
        let latin1 = a.chars().all(|c| (c as u32) <= 0xFF);
        if !(latin1 && is_atom_start(c0) && chars.clone().all(|c| c.is_ascii())) {
            return true;
        }
    }
    if is_atom_start(c0) {
        return !chars.all(|c| is_alnum_char(c) && !needs_escape(c));
    }
    if is_symbol_char(c0) {
        if a == "." || a.starts_with("/*") {
            return true;
        }
        return !a.chars().all(is_symbol_char);
    }
    !matches!(a, "!" | ";" | "[]" | "{}")
}

/// The atom as `writeq` shows it: `abc`, `[]`, `'hello world'`, `'don\'t'`, `'\n'`.
pub fn quote_atom_if_needed(a: &str) -> String {
    if atom_needs_quotes(a) {
        let mut s = String::with_capacity(a.len() + 2);
        push_quoted(&mut s, a, '\'', false);
        s
    } else {
        a.to_string()
    }
}

/// Appends `text` between `quote` characters with ISO escapes (`\n`, `\\`, `\'`, ...).
/// Other special characters become `\xHH\`, or `\uXXXX` when `unicode` is set
/// (SWI's `character_escapes_unicode`, used by `print/1` and `write_term/2`).
pub fn push_quoted(out: &mut String, text: &str, quote: char, unicode: bool) {
    out.push(quote);
    for c in text.chars() {
        push_quoted_char(out, c, quote, unicode);
    }
    out.push(quote);
}

fn push_quoted_char(out: &mut String, c: char, quote: char, unicode: bool) {
    if c == quote || c == '\\' {
        out.push('\\');
        out.push(c);
        return;
    }
    if !needs_escape(c) {
        out.push(c);
        return;
    }
    let named = match c {
        '\u{7}' => Some('a'),
        '\u{8}' => Some('b'),
        '\t' => Some('t'),
        '\n' => Some('n'),
        '\u{b}' => Some('v'),
        '\r' => Some('r'),
        '\u{c}' => Some('f'),
        _ => None,
    };
    match named {
        Some(n) => {
            out.push('\\');
            out.push(n);
        }
        None if unicode && (c as u32) <= 0xFFFF => out.push_str(&format!("\\u{:04X}", c as u32)),
        None if unicode => out.push_str(&format!("\\U{:08X}", c as u32)),
        None => out.push_str(&format!("\\x{:X}\\", c as u32)),
    }
}

/// Is `a` a valid variable name (`X`, `_Foo`, `_`)? `'$VAR'('Foo')` prints as `Foo` only then.
pub fn is_var_name(a: &str) -> bool {
    let mut chars = a.chars();
    match chars.next() {
        Some(c) if is_var_start(c) => chars.all(is_alnum_char),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atoms_quoted_as_swi_does() {
        let cases: &[(&str, &str)] = &[
            ("abc", "abc"),
            ("hello world", "'hello world'"),
            ("[]", "[]"),
            ("{}", "{}"),
            ("Abc", "'Abc'"),
            ("_x", "'_x'"),
            ("x_Y1", "x_Y1"),
            ("\n", "'\\n'"),
            ("don't", "'don\\'t'"),
            ("a\"b", "'a\"b'"),
            ("a\\b", "'a\\\\b'"),
            ("\\", "\\"),
            (";", ";"),
            ("!", "!"),
            (",", "','"),
            ("|", "'|'"),
            ("||", "'||'"),
            ("", "''"),
            ("+", "+"),
            ("=..", "=.."),
            ("+a", "'+a'"),
            (".", "'.'"),
            ("..", ".."),
            ("/*", "'/*'"),
            ("%", "'%'"),
            ("[|]", "'[|]'"),
            ("$", "$"),
            ("$a", "'$a'"),
            ("ü", "ü"),
            ("日本", "日本"),
            ("Äb", "'Äb'"),
            ("aÄ", "aÄ"),
            ("\u{1}", "'\\x1\\'"),
            ("\u{7f}", "'\\x7F\\'"),
            ("a\u{0}b", "'a\\x0\\b'"),
            ("\u{a0}", "'\\xA0\\'"),
            ("a\u{1b}b", "'a\\x1B\\b'"),
            ("a\tb", "'a\\tb'"),
            ("∀", "∀"),
            ("a×", "'a×'"),
            ("a\u{300}", "a\u{300}"),
        ];
        for &(a, want) in cases {
            assert_eq!(quote_atom_if_needed(a), want, "atom {a:?}");
            assert_eq!(atom_needs_quotes(a), a != want);
        }
    }

    #[test]
    fn unicode_escapes() {
        let mut s = String::new();
        push_quoted(&mut s, "a\u{1}b\u{7f}", '\'', true);
        assert_eq!(s, "'a\\u0001b\\u007F'");
        let mut s = String::new();
        push_quoted(&mut s, "a\n\"'", '"', false);
        assert_eq!(s, "\"a\\n\\\"'\"");
    }

    #[test]
    fn variable_names() {
        assert!(is_var_name("Foo"));
        assert!(is_var_name("_"));
        assert!(is_var_name("_G1"));
        assert!(!is_var_name("foo"));
        assert!(!is_var_name("Foo bar"));
        assert!(!is_var_name(""));
    }
}
