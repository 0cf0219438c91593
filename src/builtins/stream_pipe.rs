//! Pipe streams: the ends of a child process's standard streams, made by
//! process_create/3 (library(process), builtins/process.rs). Writing to a
//! child is a file sink over the pipe's descriptor. Reading from one fills the
//! stream's text buffer on demand, as standard input does: each pull takes what
//! the pipe holds (waiting for some), decoded in the stream's encoding, and
//! keeps the bytes of a character split between two reads for the next.
//!
//! Tested by: tests/prolog/lib_process.pl.

use super::stream::{Kind, Sink, Source, Streams};
use crate::syntax::decode::{self, Encoding};
use std::fs::File;
use std::io::Read;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};

/// What makes a stream a pipe to a child process.
pub struct Pipe {
    /// The child process whose standard stream this is.
    pub pid: u32,
    /// Input only: the read end of the pipe.
    feed: Option<Feed>,
}

struct Feed {
    file: File,
    /// The bytes of an incomplete UTF-8 character at the end of the last read.
    pending: Vec<u8>,
    eof: bool,
}

/// The length of `bytes` less an incomplete UTF-8 sequence at its end.
fn complete_len(bytes: &[u8]) -> usize {
    let n = bytes.len();
    for back in 1..=n.min(3) {
        let b = bytes[n - back];
        if b & 0xC0 == 0x80 {
            continue;
        }
        let need = match b {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => 1,
        };
        return if need > back { n - back } else { n };
    }
    n
}

impl Streams {
    /// A stream writing to a child's standard input.
    pub fn open_pipe_out(&mut self, fd: OwnedFd, pid: u32, enc: Encoding, binary: bool) -> usize {
        let sink = Sink::File(std::io::BufWriter::new(File::from(fd)));
        let id = self.add(Kind::Out(sink), None);
        self.set_pipe(id, Pipe { pid, feed: None }, enc, binary)
    }

    /// A stream reading a child's standard output or error.
    pub fn open_pipe_in(&mut self, fd: OwnedFd, pid: u32, enc: Encoding, binary: bool) -> usize {
        let src = Source::Text {
            text: String::new(),
            pos: 0,
        };
        let id = self.add(Kind::In(src), None);
        let feed = Feed {
            file: File::from(fd),
            pending: Vec::new(),
            eof: false,
        };
        let pipe = Pipe {
            pid,
            feed: Some(feed),
        };
        self.set_pipe(id, pipe, enc, binary)
    }

    fn set_pipe(&mut self, id: usize, pipe: Pipe, enc: Encoding, binary: bool) -> usize {
        if let Some(s) = self.get_mut(id) {
            s.pipe = Some(Box::new(pipe));
            s.encoding = enc;
            s.binary = binary;
        }
        id
    }

    /// The child process stream `id` is a pipe to, if it is one.
    pub fn pipe_pid(&self, id: usize) -> Option<u32> {
        self.get(id).and_then(|s| s.pipe.as_ref()).map(|p| p.pid)
    }

    /// Whether stream `id` reads from a pipe.
    pub fn is_pipe_input(&self, id: usize) -> bool {
        self.get(id)
            .and_then(|s| s.pipe.as_ref())
            .is_some_and(|p| p.feed.is_some())
    }

    /// The descriptor of a pipe stream (for process_create/3's stream(S)).
    pub fn pipe_fd(&self, id: usize) -> Option<RawFd> {
        let s = self.get(id)?;
        match (&s.kind, &s.pipe.as_ref()?.feed) {
            (_, Some(feed)) => Some(feed.file.as_raw_fd()),
            (Kind::Out(Sink::File(f)), None) => Some(f.get_ref().as_raw_fd()),
            _ => None,
        }
    }

    /// Reads what input pipe `id` holds (waiting for some) into its buffer;
    /// false at the end of its input.
    pub fn pull(&mut self, id: usize) -> bool {
        self.flush_all();
        let Some(s) = self.get_mut(id) else {
            return false;
        };
        let enc = s.encoding;
        let Some(feed) = s.pipe.as_mut().and_then(|p| p.feed.as_mut()) else {
            return false;
        };
        let mut got = String::new();
        let mut buf = [0u8; 8192];
        while got.is_empty() && !feed.eof {
            match feed.file.read(&mut buf) {
                Ok(0) | Err(_) => {
                    feed.eof = true;
                    // A character cut short by the end reads as U+FFFD.
                    got = decode::decode(&feed.pending, enc, false).text;
                    feed.pending.clear();
                }
                Ok(n) => {
                    feed.pending.extend_from_slice(&buf[..n]);
                    let end = match enc {
                        Encoding::Utf8 | Encoding::Text => complete_len(&feed.pending),
                        _ => feed.pending.len(),
                    };
                    got = decode::decode(&feed.pending[..end], enc, false).text;
                    feed.pending.drain(..end);
                }
            }
        }
        if got.is_empty() {
            return false;
        }
        s.sync();
        s.mark = 0;
        if let Kind::In(Source::Text { text, pos }) = &mut s.kind {
            text.drain(..*pos);
            *pos = 0;
            text.push_str(&got);
            s.buf_end = text.len();
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::complete_len;

    #[test]
    fn a_split_character_waits_for_its_bytes() {
        assert_eq!(complete_len(b"ab"), 2);
        assert_eq!(complete_len("é".as_bytes()), 2);
        assert_eq!(complete_len(&"é".as_bytes()[..1]), 0);
        assert_eq!(complete_len(&"a€".as_bytes()[..3]), 1);
        assert_eq!(complete_len(&"a😀".as_bytes()[..4]), 1);
        assert_eq!(complete_len("a😀".as_bytes()), 5);
        // An invalid byte is not waited for: it decodes as U+FFFD.
        assert_eq!(complete_len(b"a\x80"), 2);
    }
}
