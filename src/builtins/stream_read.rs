//! Reading text in pieces: read_string/3,5, peek_string/3, open_string/2,
//! read_pending_codes/3, read_pending_chars/3, fill_buffer/1,
//! copy_stream_data/2,3, wait_for_input/3, get_single_char/1 and
//! get_string_code/3.
//!
//! Input streams hold their text (`stream.rs`): a file's whole text, a
//! string's, or the lines of standard input read so far; these predicates
//! take from it and pull more lines from standard input when they need them.
//!
//! Tested by: tests/prolog/sys_streams.pl.

use super::atoms::{text_atom, Kind as TextKind};
use super::docs::reg_doc;
use super::io::{past_eof, stream_id, stream_term};
use super::reg_det;
use super::stream::{Kind, Source, USER_INPUT};
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;

/// SWI's input buffer size: read_pending_codes/3 returns at most this much.
const BUFFER: usize = 4096;

pub fn register(m: &mut Machine) {
    // fast_read/2, fast_write/2 (lib/sysio.pl): the stream must be a binary
    // stream of that direction, else SWI's permission_error(fast_read, ...).
    reg_det(m, "$fast_stream", 2, |m| {
        let output = m.arg(1) == Cell::atom(Atom::new("write"));
        let pred = if output {
            ("fast_write", 2)
        } else {
            ("fast_read", 2)
        };
        let s = m.arg(0);
        let r = match stream_id(m, s, output) {
            Ok(id) if m.ext.streams.get(id).is_some_and(|st| st.binary) => Ok(true),
            Ok(_) | Err(PErr::Permission(..)) => {
                Err(PErr::Permission(Atom::new(pred.0), Atom::new("stream"), s))
            }
            Err(e) => Err(e),
        };
        super::io::as_pred(m, r, pred)
    });
    reg_doc(m, "read_string(+Stream, ?Length, -String)", "Read Length characters (all to the end of input if Length is unbound) from Stream into String.");
    reg_det(m, "read_string", 3, read_string3);
    reg_doc(m, "read_string(+Stream, +SepChars, +PadChars, -Sep, -String)", "Read up to a character of SepChars (Sep is its code, -1 at the end of input); String is the text without PadChars at either end.");
    reg_det(m, "read_string", 5, read_string5);
    reg_doc(
        m,
        "peek_string(+Stream, +Len, -String)",
        "String is the next Len characters of Stream (fewer at its end), left unread.",
    );
    reg_det(m, "peek_string", 3, peek_string);
    reg_doc(
        m,
        "open_string(+String, -Stream)",
        "Stream is a new input stream reading the text String.",
    );
    reg_det(m, "open_string", 2, open_string);
    reg_doc(m, "read_pending_codes(+Stream, -Codes, ?Tail)", "Codes-Tail is the text in Stream's input buffer (filled if empty); Codes = Tail = [] at the end of input.");
    reg_det(m, "read_pending_codes", 3, |m| {
        read_pending(m, TextKind::Codes)
    });
    reg_doc(
        m,
        "read_pending_chars(+Stream, -Chars, ?Tail)",
        "As read_pending_codes/3, with characters.",
    );
    reg_det(m, "read_pending_chars", 3, |m| {
        read_pending(m, TextKind::Chars)
    });
    reg_doc(
        m,
        "fill_buffer(+Stream)",
        "Fill Stream's input buffer (read a line from a terminal or pipe if it is empty).",
    );
    reg_det(m, "fill_buffer", 1, |m| {
        let id = stream_id(m, m.regs[0], false)?;
        fill(m, id);
        Ok(true)
    });
    reg_doc(
        m,
        "copy_stream_data(+In, +Out)",
        "Copy the rest of input stream In to output stream Out.",
    );
    reg_det(m, "copy_stream_data", 2, |m| copy_data(m, None));
    reg_doc(
        m,
        "copy_stream_data(+In, +Out, +Len)",
        "Copy at most Len characters of input stream In to output stream Out.",
    );
    reg_det(m, "copy_stream_data", 3, |m| {
        let n = m.get_int(m.regs[2])?;
        copy_data(m, Some(n.max(0) as usize))
    });
    reg_doc(m, "wait_for_input(+Streams, -Ready, +TimeOut)", "Ready lists the Streams that have input (or are at its end), waiting at most TimeOut seconds (infinite: for ever; 0: do not wait).");
    reg_det(m, "wait_for_input", 3, wait_for_input);
    reg_doc(m, "get_single_char(-Code)", "Read one character from user_input without waiting for a new line when it is a terminal; -1 at the end of input.");
    reg_det(m, "get_single_char", 1, get_single_char);
    reg_doc(
        m,
        "get_string_code(+Index, +String, -Code)",
        "Code is the character code at 1-based Index of String.",
    );
    reg_det(m, "get_string_code", 3, get_string_code);
}

/// The unread text of input stream `id`, with more lines read from
/// standard input until `enough` holds of it or the input ends.
fn buffered(m: &mut Machine, id: usize, enough: impl Fn(&str) -> bool) -> String {
    m.ext.streams.ensure_buffered(id);
    if m.ext.streams.incremental(id) {
        while !enough(m.ext.streams.remaining(id).unwrap_or("")) {
            if !m.ext.streams.read_more(id) {
                break;
            }
        }
    }
    m.ext.streams.remaining(id).unwrap_or("").to_string()
}

/// Byte length of the first `n` characters of `s` (all of it if shorter).
fn prefix_len(s: &str, n: usize) -> usize {
    s.char_indices().nth(n).map_or(s.len(), |(i, _)| i)
}

/// Consumes `bytes` of input stream `id`'s unread text.
fn consume(m: &mut Machine, id: usize, bytes: usize) {
    m.ext.streams.advance(id, bytes);
}

/// End of input reached by a read that got nothing: eof_action applies.
fn reached_end(m: &mut Machine, id: usize, got: &str) -> Res<()> {
    if got.is_empty() {
        past_eof(m, id, true)?;
    }
    Ok(())
}

fn read_string3(m: &mut Machine) -> Res {
    let id = stream_id(m, m.regs[0], false)?;
    let len = m.arg(1);
    let want = match len.tag() {
        REF => None,
        _ => Some(m.get_nonneg(len)?),
    };
    past_eof(m, id, false)?;
    let text = match want {
        None => buffered(m, id, |_| false),
        Some(n) => buffered(m, id, |s| s.chars().nth(n.saturating_sub(1)).is_some()),
    };
    let end = want.map_or(text.len(), |n| prefix_len(&text, n));
    consume(m, id, end);
    let got = &text[..end];
    if want != Some(0) {
        reached_end(m, id, got)?;
    }
    let n = got.chars().count() as i64;
    let s = m.heap.new_string(got);
    // A given Length is the most to read, not what was read.
    Ok((want.is_some() || m.unify_int(m.regs[1], n)) && m.unify(m.regs[2], s))
}

fn read_string5(m: &mut Machine) -> Res {
    let id = stream_id(m, m.regs[0], false)?;
    let seps = m.any_text(m.regs[1], text_atom())?;
    let pad = m.any_text(m.regs[2], text_atom())?;
    past_eof(m, id, false)?;
    let text = buffered(m, id, |s| s.chars().any(|c| seps.contains(c)));
    let (end, sep) = match text.char_indices().find(|&(_, c)| seps.contains(c)) {
        Some((i, c)) => (i, Some(c)),
        None => (text.len(), None),
    };
    let used = end + sep.map_or(0, char::len_utf8);
    consume(m, id, used);
    reached_end(m, id, &text[..used])?;
    let got = text[..end].trim_matches(|c| pad.contains(c));
    let sep = sep.map_or(-1, |c| c as i64);
    let s = m.heap.new_string(got);
    Ok(m.unify_int(m.regs[3], sep) && m.unify(m.regs[4], s))
}

fn peek_string(m: &mut Machine) -> Res {
    let id = stream_id(m, m.regs[0], false)?;
    let n = m.get_nonneg(m.regs[1])?;
    let text = buffered(m, id, |s| s.chars().nth(n.saturating_sub(1)).is_some());
    let end = prefix_len(&text, n);
    let s = m.heap.new_string(&text[..end]);
    Ok(m.unify(m.regs[2], s))
}

fn open_string(m: &mut Machine) -> Res {
    let text = m.any_text(m.regs[0], text_atom())?;
    let out = m.arg(1);
    if out.tag() != REF {
        return Err(PErr::Uninstantiation(out));
    }
    let id = m.ext.streams.open_text(text);
    let s = stream_term(m, id);
    Ok(m.unify(out, s))
}

/// Fills the input buffer of `id` if it holds nothing unread: up to
/// `BUFFER` bytes of the text, or the next line of standard input.
fn fill(m: &mut Machine, id: usize) {
    m.ext.streams.ensure_buffered(id);
    let Some(st) = m.ext.streams.get_mut(id) else {
        return;
    };
    if let Kind::In(Source::Text { text, pos }) = &st.kind {
        if st.buf_end <= *pos {
            let mut end = (*pos + BUFFER).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            st.buf_end = end;
        }
    }
}

fn read_pending(m: &mut Machine, kind: TextKind) -> Res {
    let id = stream_id(m, m.regs[0], false)?;
    fill(m, id);
    let (text, end) = match m.ext.streams.get(id).map(|s| (&s.kind, s.buf_end)) {
        Some((Kind::In(Source::Text { text, pos }), end)) if end > *pos => {
            (text[*pos..end].to_string(), end - pos)
        }
        _ => (String::new(), 0),
    };
    consume(m, id, end);
    let tail = m.regs[2];
    if text.is_empty() {
        let nil = Cell::atom(atoms::NIL);
        return Ok(m.unify(tail, nil) && m.unify(m.regs[1], nil));
    }
    let items: Vec<Cell> = match kind {
        TextKind::Chars => text
            .chars()
            .map(|c| Cell::atom(Atom::new(c.encode_utf8(&mut [0; 4]))))
            .collect(),
        _ => text.chars().map(|c| Cell::small_int(c as i64)).collect(),
    };
    let l = m.heap.list_from_slice(&items, tail);
    Ok(m.unify(m.regs[1], l))
}

fn copy_data(m: &mut Machine, limit: Option<usize>) -> Res {
    let input = stream_id(m, m.regs[0], false)?;
    let output = stream_id(m, m.regs[1], true)?;
    let text = match limit {
        None => buffered(m, input, |_| false),
        Some(n) => buffered(m, input, |s| s.chars().nth(n.saturating_sub(1)).is_some()),
    };
    let end = limit.map_or(text.len(), |n| prefix_len(&text, n));
    consume(m, input, end);
    m.emit_to(output, &text[..end])?;
    Ok(true)
}

fn wait_for_input(m: &mut Machine) -> Res {
    let list = m.get_list(m.regs[0])?;
    let t = m.arg(2);
    let timeout_ms = match m.heap.view(t) {
        View::Var(_) => return Err(PErr::Instantiation),
        View::Atom(a) if a.name() == "infinite" => -1,
        _ => {
            let secs = m.get_number(t)?.to_f64();
            if secs <= 0.0 {
                0
            } else {
                (secs * 1000.0).min(i32::MAX as f64) as i32
            }
        }
    };
    // Each stream with its descriptor to wait on (standard input, a pipe).
    let mut ids = Vec::with_capacity(list.len());
    for &s in &list {
        let id = stream_id(m, s, false)?;
        let fd = match id {
            USER_INPUT => Some(0),
            _ if m.ext.streams.is_pipe_input(id) => m.ext.streams.pipe_fd(id),
            _ => None,
        };
        // SWI waits only on streams with a file descriptor.
        if fd.is_none() && m.ext.streams.get(id).is_none_or(|s| s.file_name.is_none()) {
            let s = m.heap.deref(s);
            return Err(PErr::Domain(Atom::new("waitable_stream"), s));
        }
        // A file, or text already read, is ready at once.
        let buffered = m.ext.streams.remaining(id).is_some_and(|r| !r.is_empty());
        ids.push((s, fd.filter(|_| !buffered)));
    }
    let waiting: Vec<i32> = ids.iter().filter_map(|&(_, fd)| fd).collect();
    let mut polled = Vec::new();
    if !waiting.is_empty() {
        let at_once = ids.iter().any(|&(_, fd)| fd.is_none());
        m.ext.streams.flush_stdout();
        polled = crate::os::fds_ready(&waiting, if at_once { 0 } else { timeout_ms });
    }
    let mut polled = polled.into_iter();
    let ready: Vec<Cell> = ids
        .iter()
        .filter(|&&(_, fd)| fd.is_none() || polled.next().unwrap_or(false))
        .map(|&(s, _)| s)
        .collect();
    let l = m.make_list(&ready);
    Ok(m.unify(m.regs[1], l))
}

/// One character typed at the terminal, without waiting for Enter.
#[cfg(unix)]
fn raw_char() -> Option<char> {
    use std::io::Read;
    if crossterm::terminal::enable_raw_mode().is_err() {
        return None;
    }
    let mut buf = [0u8; 4];
    let mut stdin = std::io::stdin().lock();
    let got = stdin.read(&mut buf[..1]).ok().filter(|&n| n == 1).map(|_| {
        let need = match buf[0] {
            0xc0..=0xdf => 1,
            0xe0..=0xef => 2,
            0xf0..=0xf7 => 3,
            _ => 0,
        };
        let n = 1 + stdin.read(&mut buf[1..1 + need]).unwrap_or(0);
        String::from_utf8_lossy(&buf[..n]).chars().next()
    });
    let _ = crossterm::terminal::disable_raw_mode();
    got.flatten().filter(|&c| c != '\u{4}')
}

#[cfg(not(unix))]
fn raw_char() -> Option<char> {
    None
}

fn get_single_char(m: &mut Machine) -> Res {
    use std::io::IsTerminal;
    let out = m.arg(0);
    if out.tag() != REF && out.tag() != INT {
        return Err(m.type_error(atoms::INTEGER, out));
    }
    let pending = m
        .ext
        .streams
        .remaining(USER_INPUT)
        .is_some_and(|r| !r.is_empty());
    let c = if !pending && m.ext.streams.capture_stdout.is_none() && std::io::stdin().is_terminal()
    {
        m.ext.streams.flush_stdout();
        raw_char()
    } else {
        m.ext.streams.read_char(USER_INPUT)
    };
    Ok(m.unify_int(out, c.map_or(-1, |c| c as i64)))
}

fn get_string_code(m: &mut Machine) -> Res {
    let i = m.get_int(m.regs[0])?;
    let text = m.any_text(m.regs[1], text_atom())?;
    let n = text.chars().count() as i64;
    if i < 1 || i > n {
        let range = m.heap.new_compound(
            Atom::new("range"),
            &[Cell::small_int(1), Cell::small_int(n)],
        );
        let culprit = m.arg(0);
        let formal = m.heap.new_compound(atoms::DOMAIN_ERROR, &[range, culprit]);
        let ctx = m.heap.new_var();
        return Err(PErr::Throw(
            m.heap.new_compound(atoms::ERROR, &[formal, ctx]),
        ));
    }
    let c = text.chars().nth(i as usize - 1).map_or(-1, |c| c as i64);
    Ok(m.unify_int(m.regs[2], c))
}
