//! Streams: the standard streams, files, and in-memory sinks (with_output_to/2,
//! format/3 to atom(A)). Output to stdout is buffered and flushed at query
//! boundaries, on newline when stdout is a terminal, and before reading input.
//!
//! A failed write (a closed pipe, a full disk, a closed stdout) is kept as
//! the stream's error: the write that meets it, and every later one, fails
//! with the system's reason, which the builtins raise as `io_error`.
//!
//! Tested by: tests/io_errors.rs (closed pipes, full disks, closed stdout), tests/prolog/io.pl,
//! the unit tests of builtins/io.rs and write.rs.

use crate::syntax::decode::{self, Encoding};
use crate::term::atom::Atom;
use std::fs::File;
use std::io::{IsTerminal, Write};

pub enum Sink {
    Stdout,
    Stderr,
    File(std::io::BufWriter<File>),
    Memory(String),
    /// open_null_stream/1: discards what is written (positions still count).
    Null,
}

/// What reading past the end of a stream does (`open/4`'s `eof_action`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EofAction {
    /// Return end of file again (the default).
    EofCode,
    /// Raise `permission_error(input, past_end_of_stream, S)`.
    Error,
    /// Return end of file and try again next time (terminals).
    Reset,
}

impl EofAction {
    pub fn from_name(name: &str) -> Option<EofAction> {
        Some(match name {
            "eof_code" => EofAction::EofCode,
            "error" => EofAction::Error,
            "reset" => EofAction::Reset,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            EofAction::EofCode => "eof_code",
            EofAction::Error => "error",
            EofAction::Reset => "reset",
        }
    }
}

/// Why a write failed.
#[derive(Clone, Debug, PartialEq)]
pub enum WriteErr {
    /// No such stream, or not an output stream.
    NotOutput,
    /// The system refused: its reason (`Broken pipe`).
    Io(String),
}

pub enum Source {
    Stdin,
    /// Whole text read at open time; `pos` is the byte offset.
    Text {
        text: String,
        pos: usize,
    },
}

pub enum Kind {
    Out(Sink),
    In(Source),
    /// stream_pair/3: reads go to the first stream, writes to the second.
    Pair(usize, usize),
}

pub struct Stream {
    pub kind: Kind,
    pub alias: Option<Atom>,
    pub file_name: Option<String>,
    /// Column of the next character written (for format's column stops),
    /// or (input) of the next character to read, as SWI counts it.
    pub column: usize,
    pub line: usize,
    /// Characters and bytes (in the stream's encoding) read or written.
    pub chars: u64,
    pub bytes: u64,
    /// Input: the text offset up to which `line`, `column`, `chars` and
    /// `bytes` count what was read (they are brought up to date lazily).
    pub mark: usize,
    /// Input: the end of the text in the buffer (read_pending_codes/3).
    pub buf_end: usize,
    /// End of input has been returned once.
    pub past_eof: bool,
    pub eof_action: EofAction,
    pub encoding: Encoding,
    /// The first write error (kept: the stream is unusable after it).
    pub error: Option<String>,
    /// Opened with type(binary): fast_read/2 and fast_write/2 ask, and byte
    /// I/O, which works on a binary stream of octets.
    pub binary: bool,
    /// A child process's standard stream (library(process), stream_pipe.rs).
    pub pipe: Option<Box<super::stream_pipe::Pipe>>,
}

impl Stream {
    fn new(kind: Kind) -> Stream {
        Stream {
            kind,
            alias: None,
            file_name: None,
            column: 0,
            line: 1,
            chars: 0,
            bytes: 0,
            mark: 0,
            buf_end: 0,
            past_eof: false,
            eof_action: EofAction::EofCode,
            encoding: Encoding::Utf8,
            error: None,
            binary: false,
            pipe: None,
        }
    }

    pub fn is_output(&self) -> bool {
        matches!(self.kind, Kind::Out(_))
    }
}

pub struct Streams {
    pub table: Vec<Option<Stream>>,
    pub cur_out: usize,
    pub cur_in: usize,
    stdout_buf: String,
    stdout_tty: bool,
    /// Captures user_output into memory instead of the process stdout (tests, embedding).
    pub capture_stdout: Option<String>,
    /// Captures user_error likewise.
    pub capture_stderr: Option<String>,
    /// prompt/2's prompt, shown when standard input is a terminal.
    pub prompt: String,
    /// prompt1/1's prompt: shown instead of `prompt` the next time only.
    pub prompt1: Option<String>,
    /// The streams user_input, user_output and user_error stand for
    /// (set_prolog_IO/3); slot k itself when not rebound. Every access by
    /// id goes through [`Streams::slot`], so slots 0-2 follow the binding.
    user: [usize; 3],
    /// protocol/1's file: a copy of what user_output and user_error write
    /// and of what is read from user_input.
    protocol: Option<Protocol>,
}

/// An open protocol file (protocol/1, protocola/1).
pub struct Protocol {
    /// The file name as given (protocolling/1).
    pub name: Atom,
    file: std::io::BufWriter<File>,
}

/// The system's reason for an I/O error, without its number.
pub fn reason(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// Writes to file descriptor 1 itself: Rust's `stdout()` reports success
/// when the descriptor is closed, and that output must not vanish silently.
#[cfg(unix)]
fn write_stdout(bytes: &[u8]) -> std::io::Result<()> {
    use std::os::fd::FromRawFd;
    // SAFETY: fd 1 is only borrowed; ManuallyDrop keeps it open.
    let _ = std::io::stdout().flush();
    let mut f = std::mem::ManuallyDrop::new(unsafe { File::from_raw_fd(1) });
    f.write_all(bytes)
}

#[cfg(not(unix))]
fn write_stdout(bytes: &[u8]) -> std::io::Result<()> {
    let mut o = std::io::stdout().lock();
    o.write_all(bytes).and_then(|()| o.flush())
}

/// Reads one line of standard input into `line` (appending); invalid UTF-8
/// reads as U+FFFD instead of ending the input. Returns the bytes read:
/// 0 at end of input (or on a read error).
pub fn stdin_line(line: &mut String) -> std::io::Result<usize> {
    use std::io::BufRead;
    let mut bytes = Vec::new();
    let n = std::io::stdin().lock().read_until(b'\n', &mut bytes)?;
    line.push_str(&String::from_utf8_lossy(&bytes));
    Ok(n)
}

pub const USER_INPUT: usize = 0;
pub const USER_OUTPUT: usize = 1;
pub const USER_ERROR: usize = 2;

impl Default for Streams {
    fn default() -> Self {
        Self::new()
    }
}

impl Streams {
    pub fn new() -> Streams {
        let mut input = Stream::new(Kind::In(Source::Stdin));
        input.alias = Some(Atom::new("user_input"));
        input.eof_action = EofAction::Reset;
        let mut output = Stream::new(Kind::Out(Sink::Stdout));
        output.alias = Some(Atom::new("user_output"));
        let mut error = Stream::new(Kind::Out(Sink::Stderr));
        error.alias = Some(Atom::new("user_error"));
        Streams {
            table: vec![Some(input), Some(output), Some(error)],
            cur_out: USER_OUTPUT,
            cur_in: USER_INPUT,
            stdout_buf: String::new(),
            stdout_tty: std::io::stdout().is_terminal(),
            capture_stdout: None,
            capture_stderr: None,
            prompt: "|: ".to_string(),
            prompt1: None,
            user: [USER_INPUT, USER_OUTPUT, USER_ERROR],
            protocol: None,
        }
    }

    /// The stream slot `id` stands for: user_input, user_output and
    /// user_error (slots 0-2) follow set_prolog_IO/3's binding.
    #[inline(always)]
    pub fn slot(&self, id: usize) -> usize {
        if id <= USER_ERROR {
            self.user[id]
        } else {
            id
        }
    }

    /// Whether slot `k` (0-2) is bound to another stream.
    pub fn rebound(&self, k: usize) -> bool {
        k <= USER_ERROR && self.user[k] != k
    }

    /// The user stream (0-2) a rebound stream `id` stands for, if any.
    pub fn user_alias_of(&self, id: usize) -> Option<Atom> {
        let names = ["user_input", "user_output", "user_error"];
        (0..3)
            .find(|&k| self.user[k] == id && k != id)
            .map(|k| Atom::new(names[k]))
    }

    /// set_prolog_IO/3: binds user_input, user_output and user_error (and
    /// the current input and output) to the given streams.
    pub fn bind_user(&mut self, input: usize, output: usize, error: usize) {
        self.user = [input, output, error];
        self.cur_in = input;
        self.cur_out = output;
    }

    /// Stream `id` itself (slots 0-2: the process's own streams).
    #[inline]
    fn raw(&self, id: usize) -> Option<&Stream> {
        self.table.get(id).and_then(|s| s.as_ref())
    }

    /// The stream slot `id` stands for, with its index.
    #[inline]
    pub fn resolve(&self, id: usize) -> Option<(usize, &Stream)> {
        let id = self.slot(id);
        Some((id, self.raw(id)?))
    }

    #[inline]
    pub fn get(&self, id: usize) -> Option<&Stream> {
        self.table.get(self.slot(id)).and_then(|s| s.as_ref())
    }

    #[inline]
    pub fn get_mut(&mut self, id: usize) -> Option<&mut Stream> {
        let id = self.slot(id);
        self.table.get_mut(id).and_then(|s| s.as_mut())
    }

    /// After set_system_IO/3 moved file descriptor 1: whether it is a terminal now.
    pub fn stdout_changed(&mut self) {
        self.stdout_tty = std::io::stdout().is_terminal();
    }

    /// The open protocol file, if any.
    pub fn protocol(&self) -> Option<&Protocol> {
        self.protocol.as_ref()
    }

    /// protocol/1, protocola/1: starts copying to `path` (after closing
    /// the protocol file open before).
    pub fn start_protocol(&mut self, path: &str, name: Atom, append: bool) -> std::io::Result<()> {
        self.stop_protocol();
        let f = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .append(append)
            .truncate(!append)
            .open(path)?;
        self.protocol = Some(Protocol {
            name,
            file: std::io::BufWriter::new(f),
        });
        Ok(())
    }

    /// noprotocol/0: closes the protocol file.
    pub fn stop_protocol(&mut self) {
        if let Some(mut p) = self.protocol.take() {
            let _ = p.file.flush();
        }
    }

    /// Copies `text` to the protocol file (the top level's query lines, and
    /// what user_input, user_output and user_error pass). A failed write
    /// is not reported: as in SWI, the protocol is a side copy.
    pub fn record(&mut self, text: &str) {
        if let Some(p) = &mut self.protocol {
            let _ = p.file.write_all(text.as_bytes());
        }
    }

    pub fn by_alias(&self, a: Atom) -> Option<usize> {
        self.table
            .iter()
            .position(|s| s.as_ref().is_some_and(|s| s.alias == Some(a)))
    }

    pub fn add(&mut self, kind: Kind, file_name: Option<String>) -> usize {
        let mut s = Stream::new(kind);
        s.file_name = file_name;
        if let Some(i) = self.table.iter().skip(3).position(|s| s.is_none()) {
            self.table[i + 3] = Some(s);
            i + 3
        } else {
            self.table.push(Some(s));
            self.table.len() - 1
        }
    }

    pub fn open_write(
        &mut self,
        path: &str,
        append: bool,
        enc: Encoding,
    ) -> std::io::Result<usize> {
        let f = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .append(append)
            .truncate(!append)
            .open(path)?;
        let sink = Sink::File(std::io::BufWriter::new(f));
        let id = self.add(Kind::Out(sink), Some(path.to_string()));
        if let Some(s) = self.get_mut(id) {
            s.encoding = enc;
        }
        Ok(id)
    }

    /// Opens a file for reading: its text is decoded at once (invalid UTF-8
    /// bytes read as the characters with their codes, as in SWI-Prolog).
    pub fn open_read(&mut self, path: &str, enc: Encoding) -> std::io::Result<usize> {
        if std::fs::metadata(path)?.is_dir() {
            // The system's wording ("Is a directory"), as SWI-Prolog reports it.
            return Err(std::io::Error::from_raw_os_error(libc::EISDIR));
        }
        let bytes = std::fs::read(path)?;
        let text = decode::decode(&bytes, enc, true).text;
        let src = Source::Text { text, pos: 0 };
        let id = self.add(Kind::In(src), Some(path.to_string()));
        if let Some(s) = self.get_mut(id) {
            s.encoding = enc;
        }
        Ok(id)
    }

    pub fn open_null(&mut self) -> usize {
        self.add(Kind::Out(Sink::Null), None)
    }

    /// The prompt to show before reading a line from a terminal (prompt1/1's once).
    pub fn take_prompt(&mut self) -> String {
        self.prompt1.take().unwrap_or_else(|| self.prompt.clone())
    }

    /// Before a line of standard input is read: the prompt (`|: `), when
    /// standard input is a terminal, as SWI shows it for read/1 and
    /// consult(user). The top level reads its queries through its line
    /// editor, not here.
    fn show_prompt(&mut self) {
        use std::io::{IsTerminal, Write};
        if !std::io::stdin().is_terminal() {
            return;
        }
        let p = self.take_prompt();
        if p.is_empty() {
            return;
        }
        let mut out = std::io::stdout();
        // A prompt that cannot be written is not worth an error.
        let _ = out.write_all(p.as_bytes()).and_then(|()| out.flush());
    }

    pub fn open_memory(&mut self) -> usize {
        self.add(Kind::Out(Sink::Memory(String::new())), None)
    }

    pub fn open_text(&mut self, text: String) -> usize {
        self.add(Kind::In(Source::Text { text, pos: 0 }), None)
    }

    /// Closes a stream; returns the text of a memory sink.
    pub fn close(&mut self, id: usize) -> Option<String> {
        self.close_checked(id).unwrap_or_default()
    }

    /// Closes a stream (the standard streams are only flushed); a write
    /// error, earlier or in the final flush, is returned after closing.
    pub fn close_checked(&mut self, id: usize) -> Result<Option<String>, String> {
        let id = self.slot(id);
        if id <= USER_ERROR {
            self.flush_all();
            return match self.raw(id).and_then(|s| s.error.clone()) {
                Some(e) => Err(e),
                None => Ok(None),
            };
        }
        let Some(s) = self.table.get_mut(id).and_then(Option::take) else {
            return Ok(None);
        };
        // A stream bound to a user stream gives the binding back (as SWI).
        for k in 0..3 {
            if self.user[k] == id {
                self.user[k] = k;
            }
        }
        if self.cur_out == id {
            self.cur_out = USER_OUTPUT;
        }
        if self.cur_in == id {
            self.cur_in = USER_INPUT;
        }
        let flushed = match s.kind {
            Kind::Pair(i, o) => {
                let closed_in = self.close_checked(i);
                return self.close_checked(o).and(closed_in).map(|_| None);
            }
            Kind::Out(Sink::Memory(text)) => return Ok(Some(text)),
            Kind::Out(Sink::File(mut f)) => f.flush().map_err(|e| reason(&e)),
            _ => Ok(()),
        };
        match s.error {
            Some(e) => Err(e),
            None => flushed.map(|()| None),
        }
    }

    /// The write error a stream has met, if any.
    #[inline]
    pub fn error(&self, id: usize) -> Option<&str> {
        self.get(id).and_then(|s| s.error.as_deref())
    }

    /// Writes text to a stream, tracking its column.
    pub fn write(&mut self, id: usize, text: &str) -> Result<(), WriteErr> {
        let id = self.slot(id);
        if self.protocol.is_some() && (id == self.user[USER_OUTPUT] || id == self.user[USER_ERROR])
        {
            self.record(text);
        }
        let tty = self.stdout_tty;
        let Some(s) = self.table.get_mut(id).and_then(|s| s.as_mut()) else {
            return Err(WriteErr::NotOutput);
        };
        if let Some(e) = &s.error {
            return Err(WriteErr::Io(e.clone()));
        }
        s.count(text);
        let r = match &mut s.kind {
            Kind::Out(Sink::Stdout) => {
                if let Some(cap) = &mut self.capture_stdout {
                    cap.push_str(text);
                    return Ok(());
                }
                self.stdout_buf.push_str(text);
                if self.stdout_buf.len() > 8192 || (tty && text.contains('\n')) {
                    self.flush_stdout();
                }
                // Slot 1 itself holds the process's stdout.
                return match self.raw(USER_OUTPUT).and_then(|s| s.error.as_deref()) {
                    Some(e) => Err(WriteErr::Io(e.to_string())),
                    None => Ok(()),
                };
            }
            Kind::Out(Sink::Stderr) => {
                if let Some(cap) = &mut self.capture_stderr {
                    cap.push_str(text);
                    return Ok(());
                }
                self.flush_stdout();
                let mut e = std::io::stderr().lock();
                e.write_all(text.as_bytes()).and_then(|()| e.flush())
            }
            Kind::Out(Sink::File(f)) => {
                let mut bytes = Vec::with_capacity(text.len());
                match decode::encode(text, s.encoding, &mut bytes) {
                    Ok(()) => f.write_all(&bytes),
                    Err(_) => {
                        // The stream stays usable: only this text is refused.
                        let _ = f.write_all(&bytes);
                        return Err(WriteErr::Io("Encoding cannot represent character".into()));
                    }
                }
            }
            Kind::Out(Sink::Memory(m)) => {
                m.push_str(text);
                Ok(())
            }
            Kind::Out(Sink::Null) => Ok(()),
            Kind::In(_) | Kind::Pair(..) => return Err(WriteErr::NotOutput),
        };
        r.map_err(|e| {
            let why = reason(&e);
            if let Some(s) = self.table.get_mut(id).and_then(|s| s.as_mut()) {
                s.error = Some(why.clone());
            }
            WriteErr::Io(why)
        })
    }

    /// Writes the stdout buffer; a failure becomes user_output's error (and
    /// what could not be written is dropped: it cannot be written later).
    pub fn flush_stdout(&mut self) {
        if self.stdout_buf.is_empty() {
            return;
        }
        let r = write_stdout(self.stdout_buf.as_bytes());
        self.stdout_buf.clear();
        if let Err(e) = r {
            if let Some(s) = self.table[USER_OUTPUT].as_mut() {
                s.error.get_or_insert(reason(&e));
            }
        }
    }

    /// Flushes every output stream; failures are kept as the streams' errors.
    pub fn flush_all(&mut self) {
        self.flush_stdout();
        if let Some(p) = &mut self.protocol {
            let _ = p.file.flush();
        }
        for s in self.table.iter_mut().flatten() {
            if let Kind::Out(Sink::File(f)) = &mut s.kind {
                if let Err(e) = f.flush() {
                    s.error.get_or_insert(reason(&e));
                }
            }
        }
    }

    /// Reads the next character of an input stream (None at end of input).
    pub fn read_char(&mut self, id: usize) -> Option<char> {
        let c = self.read_char_unrecorded(id);
        if let Some(c) = c {
            if self.records_input(id) {
                self.record(c.encode_utf8(&mut [0; 4]));
            }
        }
        c
    }

    /// Whether what is read from `id` goes to the protocol (user_input does).
    fn records_input(&self, id: usize) -> bool {
        self.protocol.is_some() && self.slot(id) == self.user[USER_INPUT]
    }

    fn read_char_unrecorded(&mut self, id: usize) -> Option<char> {
        if self.is_pipe_input(id) {
            self.ensure_buffered(id);
        }
        self.flush_stdout();
        if id == USER_INPUT
            && matches!(self.get(id).map(|s| &s.kind), Some(Kind::In(Source::Stdin)))
        {
            self.show_prompt();
        }
        let s = self.get_mut(id)?;
        match &mut s.kind {
            Kind::In(Source::Text { text, pos }) => {
                let c = text[*pos..].chars().next()?;
                *pos += c.len_utf8();
                Some(c)
            }
            Kind::In(Source::Stdin) => {
                // Pull a line into a text buffer on demand.
                let mut line = String::new();
                match stdin_line(&mut line) {
                    Ok(0) | Err(_) => None,
                    Ok(_) => {
                        let c = line.chars().next();
                        let pos = c.map_or(0, |c| c.len_utf8());
                        (s.mark, s.buf_end) = (0, line.len());
                        s.kind = Kind::In(Source::Text { text: line, pos });
                        s.alias = Some(Atom::new("user_input"));
                        c
                    }
                }
            }
            _ => None,
        }
    }

    pub fn peek_char(&mut self, id: usize) -> Option<char> {
        self.ensure_buffered(id);
        let s = self.get_mut(id)?;
        match &s.kind {
            Kind::In(Source::Text { text, pos }) => text[*pos..].chars().next(),
            _ => None,
        }
    }

    /// For stdin: make sure some text is buffered (reads a line if empty).
    pub fn ensure_buffered(&mut self, id: usize) -> bool {
        self.flush_stdout();
        // Slot 0 itself is the process's standard input.
        let id = self.slot(id);
        let Some(s) = self.get_mut(id) else {
            return false;
        };
        let need = match &s.kind {
            Kind::In(Source::Stdin) => true,
            Kind::In(Source::Text { text, pos }) => {
                (id == USER_INPUT || s.pipe.is_some()) && *pos >= text.len()
            }
            _ => false,
        };
        if need && s.pipe.is_some() {
            return self.pull(id);
        }
        if need && id == USER_INPUT {
            self.show_prompt();
        }
        let Some(s) = self.get_mut(id) else {
            return false;
        };
        if need {
            let mut line = String::new();
            match stdin_line(&mut line) {
                Ok(n) if n > 0 => {
                    s.sync();
                    (s.mark, s.buf_end) = (0, line.len());
                    s.kind = Kind::In(Source::Text { text: line, pos: 0 });
                    true
                }
                _ => false,
            }
        } else {
            true
        }
    }

    /// The unread text of an input stream (for read_term: the reader takes a slice).
    pub fn remaining(&self, id: usize) -> Option<&str> {
        match &self.get(id)?.kind {
            Kind::In(Source::Text { text, pos }) => Some(&text[*pos..]),
            _ => None,
        }
    }

    /// Lends the whole text of input stream `id` and its read offset, to a
    /// parser that builds terms on the heap while it reads (json_read/3);
    /// `give_back_text` returns it unchanged, and `advance` then moves on.
    pub fn lend_text(&mut self, id: usize) -> Option<(String, usize)> {
        match &mut self.get_mut(id)?.kind {
            Kind::In(Source::Text { text, pos }) => Some((std::mem::take(text), *pos)),
            _ => None,
        }
    }

    pub fn give_back_text(&mut self, id: usize, lent: String) {
        if let Some(Stream {
            kind: Kind::In(Source::Text { text, .. }),
            ..
        }) = self.get_mut(id)
        {
            *text = lent;
        }
    }

    pub fn advance(&mut self, id: usize, bytes: usize) {
        let record = self.records_input(id);
        let id = self.slot(id);
        let Some(Stream {
            kind: Kind::In(Source::Text { text, pos }),
            ..
        }) = self.table.get_mut(id).and_then(|s| s.as_mut())
        else {
            return;
        };
        let from = *pos;
        *pos = (*pos + bytes).min(text.len());
        if record {
            if let (Some(p), Some(read)) = (&mut self.protocol, text.get(from..*pos)) {
                let _ = p.file.write_all(read.as_bytes());
            }
        }
    }

    /// Whether more input can come to `id`'s buffer (standard input, a pipe).
    pub fn incremental(&self, id: usize) -> bool {
        id == USER_INPUT || self.is_pipe_input(id)
    }

    /// Appends more input to the buffer of `id`: what a pipe has, or a line
    /// of standard input; false at end of input.
    pub fn read_more(&mut self, id: usize) -> bool {
        if self.is_pipe_input(id) {
            return self.pull(id);
        }
        self.flush_stdout();
        if id == USER_INPUT {
            self.show_prompt();
        }
        let mut line = String::new();
        match stdin_line(&mut line) {
            Ok(n) if n > 0 => {
                if let Some(s) = self.get_mut(id) {
                    s.sync();
                    s.mark = 0;
                    match &mut s.kind {
                        Kind::In(Source::Text { text, pos }) => {
                            text.drain(..*pos);
                            *pos = 0;
                            text.push_str(&line);
                            s.buf_end = text.len();
                        }
                        k => {
                            s.buf_end = line.len();
                            *k = Kind::In(Source::Text { text: line, pos: 0 });
                        }
                    }
                }
                true
            }
            _ => false,
        }
    }
}
