//! Where a stream is and what it is made of: line_count/2,
//! line_position/2, character_count/2, byte_count/2, the position/1
//! property, set_stream_position/2, seek/4, set_end_of_stream/1,
//! open_null_stream/1, stream_pair/3, prompt/2 and prompt1/1.
//!
//! Positions count as SWI-Prolog counts them (`Stream::count`, here): an
//! input stream's counts are brought up to what has been read when asked for.
//!
//! Tested by: tests/prolog/sys_streams.pl.

use super::docs::reg_doc;
use super::io::{any_stream, pair_id, stream_id, stream_term};
use super::reg_det;
use super::stream::{Kind, Sink, Source, Stream};
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::syntax::decode::Encoding;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;
use std::io::{Seek, SeekFrom, Write};

/// The counts of a stream (SWI's), and moving in an input text.
impl Stream {
    /// Counts `text` as read or written: characters, bytes, line and column
    /// (a tab moves to the next multiple of 8, backspace back one, `\r` to 0).
    pub fn count(&mut self, text: &str) {
        if text.bytes().all(|b| (0x20..0x7f).contains(&b)) {
            let n = text.len();
            self.chars += n as u64;
            self.bytes += n as u64;
            self.column += n;
            return;
        }
        for c in text.chars() {
            self.chars += 1;
            self.bytes += match self.encoding {
                Encoding::Utf8 | Encoding::Text => c.len_utf8() as u64,
                _ => 1,
            };
            match c {
                '\n' => {
                    self.line += 1;
                    self.column = 0;
                }
                '\r' => self.column = 0,
                '\t' => self.column = (self.column | 7) + 1,
                '\u{8}' => self.column = self.column.saturating_sub(1),
                _ => self.column += 1,
            }
        }
    }

    /// Brings an input stream's counts up to what has been read.
    pub fn sync(&mut self) {
        let Kind::In(Source::Text { text, pos }) = &self.kind else {
            return;
        };
        if self.mark >= *pos {
            return;
        }
        let (from, to) = (self.mark.min(text.len()), (*pos).min(text.len()));
        // The kind is moved out so that the text can be counted in place.
        let kind = std::mem::replace(&mut self.kind, Kind::Pair(0, 0));
        if let Kind::In(Source::Text { text, .. }) = &kind {
            self.count(&text[from..to]);
        }
        self.kind = kind;
        self.mark = to;
    }

    /// Input: the text offset of byte `b` of the stream's encoded text
    /// (the end if it is shorter), for seek/4 and set_stream_position/2.
    pub fn offset_of_byte(&self, b: u64) -> usize {
        let Kind::In(Source::Text { text, .. }) = &self.kind else {
            return 0;
        };
        let mut at = 0u64;
        for (i, c) in text.char_indices() {
            if at >= b {
                return i;
            }
            at += match self.encoding {
                Encoding::Utf8 | Encoding::Text => c.len_utf8() as u64,
                _ => 1,
            };
        }
        text.len()
    }

    /// Input: moves to text offset `to`; the counts are the caller's to set.
    pub fn move_to(&mut self, to: usize) {
        if let Kind::In(Source::Text { text, pos }) = &mut self.kind {
            *pos = to.min(text.len());
            self.mark = *pos;
            self.buf_end = *pos;
            self.past_eof = false;
        }
    }
}

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "line_count(+Stream, -Count)",
        "Count is the number of the line Stream is at (1 for the first).",
    );
    reg_det(m, "line_count", 2, |m| count(m, |s| s.line as i64));
    reg_doc(
        m,
        "line_position(+Stream, -Pos)",
        "Pos is the column Stream is at on its line (0 for the first).",
    );
    reg_det(m, "line_position", 2, |m| count(m, |s| s.column as i64));
    reg_doc(
        m,
        "character_count(+Stream, -Count)",
        "Count is the number of characters read from or written to Stream.",
    );
    reg_det(m, "character_count", 2, |m| count(m, |s| s.chars as i64));
    reg_doc(
        m,
        "byte_count(+Stream, -Count)",
        "Count is the number of bytes read from or written to Stream.",
    );
    reg_det(m, "byte_count", 2, |m| count(m, |s| s.bytes as i64));
    reg_det(m, "$stream_position", 2, |m| {
        let id = any_stream(m, m.regs[0])?;
        let p = position_term(m, id);
        Ok(m.unify(m.regs[1], p))
    });
    reg_doc(
        m,
        "set_stream_position(+Stream, +Pos)",
        "Move Stream to Pos, a position(Pos) property it had; the stream must be repositionable.",
    );
    reg_det(m, "set_stream_position", 2, set_stream_position);
    reg_doc(m, "seek(+Stream, +Offset, +Method, -NewLocation)", "Move Stream to byte Offset from bof, current or eof; NewLocation is the byte offset from the start.");
    reg_det(m, "seek", 4, seek);
    reg_doc(
        m,
        "set_end_of_stream(+Stream)",
        "Truncate the file written by Stream at its current position.",
    );
    reg_det(m, "set_end_of_stream", 1, set_end_of_stream);
    reg_doc(
        m,
        "open_null_stream(-Stream)",
        "Stream is a new output stream that discards what is written to it.",
    );
    reg_det(m, "open_null_stream", 1, |m| {
        let out = m.arg(0);
        if out.tag() != REF {
            return Err(PErr::Uninstantiation(out));
        }
        let id = m.ext.streams.open_null();
        let s = stream_term(m, id);
        Ok(m.unify(out, s))
    });
    reg_doc(m, "stream_pair(?Pair, ?Read, ?Write)", "Pair is a stream reading from Read and writing to Write; or Read and Write are the parts of Pair (of a plain stream, the one it is).");
    reg_det(m, "stream_pair", 3, stream_pair);
    reg_doc(
        m,
        "prompt(-Old, +New)",
        "Old is the prompt shown when reading from a terminal; New replaces it.",
    );
    reg_det(m, "prompt", 2, |m| {
        let new = m.arg(1);
        if new.tag() == REF {
            return Err(PErr::Instantiation);
        }
        let new = m.get_atom(new)?;
        let old = Atom::new(&m.ext.streams.prompt);
        if !m.unify_atom(m.regs[0], old) {
            return Ok(false);
        }
        m.ext.streams.prompt = new.name().to_string();
        Ok(true)
    });
    reg_doc(
        m,
        "prompt1(+Prompt)",
        "Show Prompt instead of the prompt/2 prompt the next time a line is read from a terminal.",
    );
    reg_det(m, "prompt1", 1, |m| {
        let p = m.get_text(m.regs[0], Atom::new("text"))?;
        m.ext.streams.prompt1 = Some(p);
        Ok(true)
    });
}

/// A count of any stream, input or output.
fn count(m: &mut Machine, what: fn(&Stream) -> i64) -> Res {
    let id = any_stream(m, m.regs[0])?;
    let Some(st) = m.ext.streams.get_mut(id) else {
        return Ok(false);
    };
    st.sync();
    let n = what(st);
    Ok(m.unify_int(m.regs[1], n))
}

/// `'$stream_position'(CharCount, LineNo, LinePos, ByteCount)` of stream `id`.
pub fn position_term(m: &mut Machine, id: usize) -> Cell {
    let (c, l, lp, b) = match m.ext.streams.get_mut(id) {
        Some(st) => {
            st.sync();
            (st.chars, st.line, st.column, st.bytes)
        }
        None => (0, 1, 0, 0),
    };
    let args = [c as i64, l as i64, lp as i64, b as i64].map(|n| m.heap.new_int(n));
    m.heap.new_compound(Atom::new("$stream_position"), &args)
}

/// Whether stream `id` can be repositioned (its reposition/1 property).
pub fn repositionable(st: &Stream) -> bool {
    if st.pipe.is_some() {
        return false;
    }
    match &st.kind {
        Kind::In(Source::Text { .. }) => {
            st.file_name.is_some() || st.alias.is_none_or(|a| a.name() != "user_input")
        }
        Kind::Out(Sink::File(_)) => true,
        _ => false,
    }
}

fn cannot_reposition(m: &mut Machine, s: Cell) -> PErr {
    let s = m.heap.deref(s);
    PErr::Permission(Atom::new("reposition"), Atom::new("stream"), s)
}

fn set_stream_position(m: &mut Machine) -> Res {
    let s = m.arg(0);
    let id = any_stream(m, s)?;
    let p = m.arg(1);
    let nums: Option<Vec<i64>> = match m.heap.view(p) {
        View::Var(_) => return Err(PErr::Instantiation),
        View::Compound {
            name,
            arity: 4,
            args,
        } if name.name() == "$stream_position" => (0..4)
            .map(|i| {
                let c = m.heap.deref(m.heap.get(args + i));
                (c.tag() == INT && c.get_int() >= 0).then(|| c.get_int())
            })
            .collect(),
        _ => None,
    };
    let Some(n) = nums else {
        return Err(PErr::Domain(Atom::new("stream_position"), p));
    };
    if !m.ext.streams.get(id).is_some_and(repositionable) {
        return Err(cannot_reposition(m, s));
    }
    m.ext.streams.flush_all();
    let bytes = n[3] as u64;
    let st = m.ext.streams.get_mut(id).expect("checked above");
    if let Kind::Out(Sink::File(f)) = &mut st.kind {
        if let Err(e) = f.get_mut().seek(SeekFrom::Start(bytes)) {
            let why = super::stream::reason(&e);
            return Err(super::io::io_error(m, "reposition", id, &why));
        }
    } else {
        let to = st.offset_of_byte(bytes);
        st.move_to(to);
    }
    (st.chars, st.line, st.column, st.bytes) = (n[0] as u64, n[1] as usize, n[2] as usize, bytes);
    Ok(true)
}

fn seek(m: &mut Machine) -> Res {
    let s = m.arg(0);
    let id = any_stream(m, s)?;
    let off = m.arg(1);
    let offset = match m.heap.view(off) {
        View::Var(_) => return Err(PErr::Instantiation),
        View::Int(i) => i,
        _ => return Err(PErr::Domain(atoms::INTEGER, off)),
    };
    let method = m.get_atom(m.regs[2])?;
    if !["bof", "current", "eof"].contains(&method.name()) {
        return Err(PErr::Domain(Atom::new("seek_method"), m.arg(2)));
    }
    if !m.ext.streams.get(id).is_some_and(repositionable) {
        return Err(cannot_reposition(m, s));
    }
    m.ext.streams.flush_all();
    let st = m.ext.streams.get_mut(id).expect("checked above");
    st.sync();
    let (here, end) = match &mut st.kind {
        Kind::Out(Sink::File(f)) => {
            let f = f.get_mut();
            let end = f.metadata().map(|md| md.len()).unwrap_or(0);
            (f.stream_position().unwrap_or(0), end)
        }
        Kind::In(Source::Text { text, pos }) => {
            let all = text.len();
            let (at, len) = (*pos, all);
            // The bytes of the text as the stream encodes them.
            let enc_len = |t: &str| match st.encoding {
                crate::syntax::decode::Encoding::Utf8 | crate::syntax::decode::Encoding::Text => {
                    t.len() as u64
                }
                _ => t.chars().count() as u64,
            };
            (enc_len(&text[..at]), enc_len(&text[..len]))
        }
        _ => (0, 0),
    };
    let base = match method.name() {
        "bof" => 0,
        "current" => here as i64,
        _ => end as i64,
    };
    let new = base.saturating_add(offset);
    // A string stream cannot move past its end; a file can.
    let st = m.ext.streams.get(id).expect("checked above");
    let in_string = !st.is_output() && st.file_name.is_none();
    if new < 0 || (in_string && new as u64 > end) {
        let v = m.heap.new_int(new);
        let formal = m
            .heap
            .new_compound(atoms::DOMAIN_ERROR, &[Cell::atom(Atom::new("position")), v]);
        let p = m.make_pi(Atom::new("seek"), 4);
        let ctx = m.heap.new_compound(
            atoms::CONTEXT,
            &[p, Cell::atom(Atom::new("offset out of range"))],
        );
        return Err(PErr::Throw(
            m.heap.new_compound(atoms::ERROR, &[formal, ctx]),
        ));
    }
    let st = m.ext.streams.get_mut(id).expect("checked above");
    if let Kind::Out(Sink::File(f)) = &mut st.kind {
        if let Err(e) = f.get_mut().seek(SeekFrom::Start(new as u64)) {
            let why = super::stream::reason(&e);
            return Err(super::io::io_error(m, "reposition", id, &why));
        }
    } else {
        let to = st.offset_of_byte(new as u64);
        st.move_to(to);
    }
    // As SWI: the character and byte counts become the new offset; the
    // line count stays.
    (st.chars, st.bytes) = (new as u64, new as u64);
    Ok(m.unify_int(m.regs[3], new))
}

fn set_end_of_stream(m: &mut Machine) -> Res {
    let s = m.arg(0);
    let id = stream_id(m, s, true)?;
    let st = m.ext.streams.get_mut(id).expect("stream_id checked it");
    let Kind::Out(Sink::File(f)) = &mut st.kind else {
        let s = m.heap.deref(s);
        return Err(PErr::Permission(
            Atom::new("set_end_of_stream"),
            Atom::new("stream"),
            s,
        ));
    };
    let r = f.flush().and_then(|()| {
        let f = f.get_mut();
        let here = f.stream_position()?;
        f.set_len(here)
    });
    match r {
        Ok(()) => Ok(true),
        Err(e) => {
            let why = super::stream::reason(&e);
            Err(super::io::io_error(m, "write", id, &why))
        }
    }
}

/// A stream handle, the standard streams by their aliases (as SWI gives them back).
fn std_term(m: &mut Machine, id: usize) -> Cell {
    match id {
        0 => Cell::atom(Atom::new("user_input")),
        1 => Cell::atom(Atom::new("user_output")),
        2 => Cell::atom(Atom::new("user_error")),
        _ => stream_term(m, id),
    }
}

fn stream_pair(m: &mut Machine) -> Res {
    let p = m.arg(0);
    if p.tag() != REF {
        if let Some(pid) = pair_id(m, p) {
            let (i, o) = match m.ext.streams.get(pid).map(|s| &s.kind) {
                Some(Kind::Pair(i, o)) => (*i, *o),
                _ => return Ok(false),
            };
            let (ti, to) = (std_term(m, i), std_term(m, o));
            return Ok(m.unify(m.regs[1], ti) && m.unify(m.regs[2], to));
        }
        let id = any_stream(m, p)?;
        let out = m.ext.streams.get(id).is_some_and(|s| s.is_output());
        return Ok(m.unify(m.regs[if out { 2 } else { 1 }], p));
    }
    let (i, o) = (m.arg(1), m.arg(2));
    if i.tag() == REF || o.tag() == REF {
        return Err(PErr::Instantiation);
    }
    let i = stream_id(m, i, false)?;
    let o = stream_id(m, o, true)?;
    let id = m.ext.streams.add(Kind::Pair(i, o), None);
    let t = stream_term(m, id);
    Ok(m.unify(p, t))
}
