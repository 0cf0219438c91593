//! Bytes to text and back for source files and streams: the encodings of
//! SWI-Prolog's `encoding/1` directive and `open/4`'s `encoding(_)` option.
//!
//! UTF-8 decoding never fails: as SWI-Prolog does, an invalid sequence reads
//! as U+FFFD (the replacement character) and is reported with its position,
//! so the caller can warn and read on. A UTF-8 byte-order mark is skipped.
//!
//! Tested by: the unit tests below; tests/adversarial.rs (invalid UTF-8, encoding/1, a BOM,
//! open/4 encodings).

/// A text encoding (SWI-Prolog's names).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    /// ISO 8859-1: each byte is the character with that code.
    Latin1,
    /// Raw bytes as codes 0..255 (read like Latin-1).
    Octet,
    /// 7-bit ASCII; bytes above 127 read like Latin-1.
    Ascii,
    /// The locale's encoding: UTF-8 here.
    Text,
}

impl Encoding {
    pub fn from_name(name: &str) -> Option<Encoding> {
        Some(match name {
            "utf8" | "utf-8" | "UTF-8" => Encoding::Utf8,
            "iso_latin_1" => Encoding::Latin1,
            "octet" => Encoding::Octet,
            "ascii" => Encoding::Ascii,
            "text" => Encoding::Text,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf8",
            Encoding::Latin1 => "iso_latin_1",
            Encoding::Octet => "octet",
            Encoding::Ascii => "ascii",
            Encoding::Text => "text",
        }
    }

    fn is_utf8(self) -> bool {
        matches!(self, Encoding::Utf8 | Encoding::Text)
    }

    /// The highest character code the encoding can write.
    fn max_code(self) -> u32 {
        match self {
            Encoding::Utf8 | Encoding::Text => char::MAX as u32,
            Encoding::Latin1 | Encoding::Octet => 0xFF,
            Encoding::Ascii => 0x7F,
        }
    }
}

/// Decoded text with what the caller needs to report and to re-decode.
#[derive(Debug, Default)]
pub struct Decoded {
    pub text: String,
    /// The invalid UTF-8 sequences: byte offset in `text` of the U+FFFD
    /// that replaced each, and SWI's description of it.
    pub bad: Vec<(usize, &'static str)>,
    /// (text offset, raw offset) from which the two advance together;
    /// sorted, so any text offset maps back to its byte in the input.
    map: Vec<(usize, usize)>,
}

impl Decoded {
    /// The input byte offset of a text offset (a character boundary).
    pub fn raw_offset(&self, text_off: usize) -> usize {
        let i = self.map.partition_point(|&(t, _)| t <= text_off);
        match i.checked_sub(1) {
            Some(i) => self.map[i].1 + (text_off - self.map[i].0),
            None => text_off,
        }
    }
}

/// Decodes `bytes`; `bom` says the text starts a file (a UTF-8 BOM is skipped).
pub fn decode(bytes: &[u8], enc: Encoding, bom: bool) -> Decoded {
    let mut d = Decoded::default();
    let mut input = bytes;
    if bom && enc.is_utf8() && input.starts_with(b"\xEF\xBB\xBF") {
        input = &input[3..];
        d.map.push((0, 3));
    }
    let base = bytes.len() - input.len();
    if !enc.is_utf8() {
        d.text.reserve(input.len());
        for (i, &b) in input.iter().enumerate() {
            if b >= 0x80 {
                d.map.push((d.text.len(), base + i));
            }
            d.text.push(b as char);
            if b >= 0x80 {
                d.map.push((d.text.len(), base + i + 1));
            }
        }
        return d;
    }
    d.text.reserve(input.len());
    let mut i = 0;
    while i < input.len() {
        match std::str::from_utf8(&input[i..]) {
            Ok(s) => {
                d.text.push_str(s);
                break;
            }
            Err(e) => {
                let good = e.valid_up_to();
                // Safe: from_utf8 just said these bytes are valid.
                d.text
                    .push_str(std::str::from_utf8(&input[i..i + good]).unwrap_or(""));
                i += good;
                let b = input[i];
                // Bytes that can never start a sequence, as SWI words it.
                let what = if (0x80..0xC2).contains(&b) || b >= 0xF5 {
                    "Illegal UTF-8 start"
                } else {
                    "Illegal UTF-8 continuation"
                };
                d.bad.push((d.text.len(), what));
                d.text.push(char::REPLACEMENT_CHARACTER);
                i += e.error_len().unwrap_or(input.len() - i);
                d.map.push((d.text.len(), base + i));
            }
        }
    }
    d
}

/// Encodes text for an output stream; on a character the encoding cannot
/// represent, returns it after encoding what came before.
pub fn encode(text: &str, enc: Encoding, out: &mut Vec<u8>) -> Result<(), char> {
    if enc.is_utf8() {
        out.extend_from_slice(text.as_bytes());
        return Ok(());
    }
    for c in text.chars() {
        if c as u32 > enc.max_code() {
            return Err(c);
        }
        out.push(c as u32 as u8);
    }
    Ok(())
}

/// Does this look like a binary file rather than text? Looks at the first
/// 4 KiB: several NUL bytes, or more than a tenth of control characters
/// other than layout. One stray NUL in a source file is not enough.
pub fn looks_binary(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(4096)];
    let nuls = head.iter().filter(|&&b| b == 0).count();
    let controls = head
        .iter()
        .filter(|&&b| b < 0x20 && !b"\t\n\r\x0B\x0C\x1B".contains(&b))
        .count();
    nuls >= 3 || controls * 10 > head.len()
}

/// Line and column (1-based, in characters) of a byte offset in `text`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_utf8_reads_as_replacement_characters() {
        let d = decode(b"a(1).\n\xff\xfe bad.\nb(2).\n", Encoding::Utf8, true);
        assert_eq!(d.text, "a(1).\n\u{fffd}\u{fffd} bad.\nb(2).\n");
        assert_eq!(
            d.bad,
            [(6, "Illegal UTF-8 start"), (9, "Illegal UTF-8 start")]
        );
        assert_eq!(line_col(&d.text, 6), (2, 1));
        assert_eq!(line_col(&d.text, 9), (2, 2));
        // Each bad byte takes three bytes of text: offsets map back.
        assert_eq!(d.raw_offset(6), 6);
        assert_eq!(d.raw_offset(9), 7);
        assert_eq!(d.raw_offset(12), 8);
        let d = decode(b"caf\xe9 x\xc3", Encoding::Utf8, true);
        assert_eq!(d.text, "caf\u{fffd} x\u{fffd}");
        assert_eq!(d.bad[0], (3, "Illegal UTF-8 continuation"));
        assert_eq!(d.bad.len(), 2);
    }

    #[test]
    fn bom_latin1_and_encoding() {
        let d = decode(b"\xEF\xBB\xBFa.", Encoding::Utf8, true);
        assert_eq!(
            (d.text.as_str(), d.raw_offset(0), d.raw_offset(2)),
            ("a.", 3, 5)
        );
        let d = decode(b"\xe9t\xe9", Encoding::Latin1, false);
        assert_eq!(d.text, "été");
        assert_eq!(
            (d.raw_offset(2), d.raw_offset(3), d.raw_offset(5)),
            (1, 2, 3)
        );
        let mut out = Vec::new();
        assert_eq!(encode("aé", Encoding::Latin1, &mut out), Ok(()));
        assert_eq!(out, b"a\xe9");
        assert_eq!(encode("bλ", Encoding::Latin1, &mut out), Err('λ'));
        assert_eq!(out, b"a\xe9b");
        assert_eq!(Encoding::from_name("octet"), Some(Encoding::Octet));
        assert_eq!(Encoding::from_name("ebcdic"), None);
    }

    #[test]
    fn binary_detection() {
        assert!(looks_binary(b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0"));
        assert!(!looks_binary(b"a(1).\n\0b(2).\n"));
        assert!(!looks_binary("caf\u{e9}(\u{3bb}).\n".as_bytes()));
    }
}
