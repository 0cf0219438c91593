//! One key press from the terminal, for the prompt after an answer (`;`,
//! Enter, `w`, ...), read without waiting for Enter.
//!
//! The terminal is put in raw mode only for the read, and exactly one key's
//! bytes are taken from the file descriptor: keys typed ahead stay in the
//! kernel's buffer for the next read, whether that is this prompt again or
//! the line editor (a buffered reader or an event queue would swallow them).
//!
//! Tested by: the unit test below; tests/repl_pty.rs (answer keys).

/// A key as the answer prompt understands it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Key {
    Char(char),
    Enter,
    Tab,
    /// Ctrl-C (raw mode delivers it as a byte, not as a signal).
    Interrupt,
    /// Ctrl-D or the end of input.
    Eof,
    /// An escape sequence (arrow keys, ...) or a byte that means nothing here.
    Other,
}

/// Maps the first byte of a key press to a key.
pub fn key_of_byte(b: u8) -> Key {
    match b {
        b'\r' | b'\n' => Key::Enter,
        b'\t' => Key::Tab,
        3 => Key::Interrupt,
        4 => Key::Eof,
        0x20..=0x7e => Key::Char(b as char),
        _ => Key::Other,
    }
}

/// One key for the debugger's port prompt (`builtins/trace.rs`): Enter as
/// `'\n'`, Ctrl-C as `'\x03'`, None at the end of input.
pub fn trace_key() -> Option<char> {
    match read_key() {
        Key::Char(c) => Some(c),
        Key::Enter => Some('\n'),
        Key::Interrupt => Some('\x03'),
        Key::Eof => None,
        Key::Tab | Key::Other => Some('\0'),
    }
}

/// Reads one key press from standard input (a terminal).
#[cfg(unix)]
pub fn read_key() -> Key {
    if crossterm::terminal::enable_raw_mode().is_err() {
        return Key::Eof;
    }
    let key = match read_byte(-1) {
        None => Key::Eof,
        Some(0x1b) => {
            // The rest of an escape sequence arrives at once; a lone Escape
            // has nothing after it.
            while read_byte(30).is_some() {}
            Key::Other
        }
        Some(b) if b >= 0x80 => {
            // A multi-byte UTF-8 character: take its continuation bytes.
            while read_byte(5).is_some_and(|c| c & 0xc0 == 0x80) {}
            Key::Other
        }
        Some(b) => key_of_byte(b),
    };
    let _ = crossterm::terminal::disable_raw_mode();
    key
}

/// One byte from fd 0, waiting at most `timeout_ms` (-1: for ever).
#[cfg(unix)]
fn read_byte(timeout_ms: i32) -> Option<u8> {
    loop {
        if !crate::os::stdin_ready(timeout_ms) {
            return None;
        }
        let mut b = 0u8;
        // SAFETY: reads at most one byte into a valid one-byte buffer.
        let n = unsafe { libc::read(0, (&mut b as *mut u8).cast(), 1) };
        if n < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        return (n == 1).then_some(b);
    }
}

/// Reads one key press (non-Unix: through crossterm's event reader).
#[cfg(not(unix))]
pub fn read_key() -> Key {
    use crossterm::event::{read, Event, KeyCode, KeyEventKind, KeyModifiers};
    if crossterm::terminal::enable_raw_mode().is_err() {
        return Key::Eof;
    }
    let key = loop {
        match read() {
            Ok(Event::Key(k)) if k.kind == KeyEventKind::Press => {
                let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
                break match k.code {
                    KeyCode::Char('c') if ctrl => Key::Interrupt,
                    KeyCode::Char('d') if ctrl => Key::Eof,
                    KeyCode::Char(c) => Key::Char(c),
                    KeyCode::Enter => Key::Enter,
                    KeyCode::Tab => Key::Tab,
                    _ => Key::Other,
                };
            }
            Ok(_) => continue,
            Err(_) => break Key::Eof,
        }
    };
    let _ = crossterm::terminal::disable_raw_mode();
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_map_to_keys() {
        assert_eq!(key_of_byte(b';'), Key::Char(';'));
        assert_eq!(key_of_byte(b'\r'), Key::Enter);
        assert_eq!(key_of_byte(b'\t'), Key::Tab);
        assert_eq!(key_of_byte(3), Key::Interrupt);
        assert_eq!(key_of_byte(4), Key::Eof);
        assert_eq!(key_of_byte(0x7f), Key::Other);
    }
}
