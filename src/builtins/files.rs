//! Files and file names as SWI-Prolog's system predicates see them:
//! size_file/2, time_file/2, access_file/2, same_file/2, rename_file/2,
//! delete_directory/1, file_name_extension/3, is_absolute_file_name/1,
//! expand_file_name/2, wildcard_match/2,3, prolog_to_os_filename/2,
//! read_link/3, and '$absolute_path'/3, the path arithmetic under
//! absolute_file_name/2,3 (lib/sysio.pl).
//!
//! Tested by: tests/prolog/sys_files.pl.

use super::docs::reg_doc;
use super::reg_det;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;
use std::path::Path;

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "size_file(+File, -Size)",
        "Size is the size of File in bytes.",
    );
    reg_det(m, "size_file", 2, |m| {
        let md = metadata(m)?;
        Ok(m.unify_int(m.regs[1], md.len() as i64))
    });
    reg_doc(
        m,
        "time_file(+File, -Time)",
        "Time is the time File was last modified, as a float time stamp.",
    );
    reg_det(m, "time_file", 2, |m| {
        let md = metadata(m)?;
        let t = md
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0.0, |d| d.as_secs_f64());
        let c = m.heap.new_float(t);
        Ok(m.unify(m.regs[1], c))
    });
    reg_doc(m, "access_file(+File, +Mode)", "File may be accessed in Mode: read, write, append, execute, search, exist or none (write: a new file may be made).");
    reg_det(m, "access_file", 2, access_file);
    reg_doc(
        m,
        "same_file(+File1, +File2)",
        "File1 and File2 name the same file.",
    );
    reg_det(m, "same_file", 2, same_file);
    reg_doc(m, "rename_file(+File1, +File2)", "Rename File1 to File2.");
    reg_det(m, "rename_file", 2, rename_file);
    reg_doc(
        m,
        "delete_directory(+Directory)",
        "Delete the empty directory Directory.",
    );
    reg_det(m, "delete_directory", 1, delete_directory);
    reg_doc(m, "file_name_extension(?Base, ?Extension, ?Name)", "Name is Base with Extension (without or with its dot); or Base and Extension are the parts of Name.");
    reg_det(m, "file_name_extension", 3, file_name_extension);
    reg_doc(
        m,
        "is_absolute_file_name(+File)",
        "File is an absolute file name (starts with /).",
    );
    reg_det(m, "is_absolute_file_name", 1, |m| {
        Ok(file_text(m, 0)?.starts_with('/'))
    });
    reg_doc(m, "expand_file_name(+Pattern, -List)", "List is the sorted names matching Pattern (*, ?, [...], {a,b}), after ~ and $VAR expansion.");
    reg_det(m, "expand_file_name", 2, expand_file_name);
    reg_doc(
        m,
        "wildcard_match(+Pattern, +String)",
        "String matches the wildcard Pattern (*, ?, [...], {a,b}).",
    );
    reg_det(m, "wildcard_match", 2, |m| wildcard(m, true));
    reg_doc(
        m,
        "wildcard_match(+Pattern, +String, +Options)",
        "As wildcard_match/2; option case_sensitive(Bool).",
    );
    reg_det(m, "wildcard_match", 3, |m| {
        let mut case = true;
        for o in m.get_list(m.regs[2])? {
            let o = m.heap.deref(o);
            match m.heap.view(o) {
                View::Var(_) => return Err(PErr::Instantiation),
                View::Compound {
                    name,
                    arity: 1,
                    args,
                } if name.name() == "case_sensitive" => {
                    let v = m.heap.deref(m.heap.get(args));
                    case = match m.heap.view(v) {
                        View::Var(_) => return Err(PErr::Instantiation),
                        View::Atom(a) if a == atoms::TRUE => true,
                        View::Atom(a) if a == atoms::FALSE => false,
                        _ => return Err(m.type_error(Atom::new("bool"), v)),
                    };
                }
                View::Compound { .. } => {}
                _ => return Err(m.type_error(Atom::new("option"), o)),
            }
        }
        wildcard(m, case)
    });
    reg_doc(
        m,
        "prolog_to_os_filename(?PrologName, ?OsName)",
        "Convert between Prolog and operating-system file names (the same on Unix).",
    );
    reg_det(m, "prolog_to_os_filename", 2, |m| {
        let (p, o) = (m.arg(0), m.arg(1));
        let conv = |m: &Machine, c: Cell| match m.heap.view(c) {
            View::Str(s) => Cell::atom(Atom::new(s)),
            _ => c,
        };
        let (p2, o2) = (conv(m, p), conv(m, o));
        Ok(m.unify(p2, o2))
    });
    reg_doc(m, "read_link(+File, -Link, -Target)", "File is a symbolic link: Link is its text and Target the file it finally points to; fails for other files.");
    reg_det(m, "read_link", 3, read_link);
    reg_det(m, "$absolute_path", 3, absolute_path);
}

/// A file name argument: an atom, a string or a code or character list
/// (a number is not one: type_error(text, N), as in SWI).
fn file_text(m: &Machine, reg: usize) -> Res<String> {
    let c = m.arg(reg);
    match m.heap.view(c) {
        View::Var(_) => Err(PErr::Instantiation),
        View::Atom(a) => Ok(a.name().to_string()),
        View::Str(s) => Ok(s.to_string()),
        View::Int(_) | View::BigInt(_) | View::Float(_) | View::Rational(_) => {
            Err(m.type_error(Atom::new("text"), c))
        }
        _ => m.get_text(c, Atom::new("text")),
    }
}

/// An error with the system's reason as its message, as SWI gives it.
fn with_reason(m: &mut Machine, e: PErr, why: &std::io::Error) -> PErr {
    let p = &m.preds[m.cur_pred as usize];
    let (name, arity) = (p.name.name(), p.arity);
    super::io::error_in(m, e, (name, arity), Some(&super::stream::reason(why)))
}

fn metadata(m: &mut Machine) -> Res<std::fs::Metadata> {
    let f = file_text(m, 0)?;
    std::fs::metadata(&f).map_err(|e| {
        let c = m.arg(0);
        with_reason(m, PErr::Existence(Atom::new("file"), c), &e)
    })
}

#[cfg(unix)]
fn may_access(path: &str, mode: libc::c_int) -> bool {
    let Ok(c) = std::ffi::CString::new(path) else {
        return false;
    };
    // SAFETY: a valid NUL-terminated path for the duration of the call.
    unsafe { libc::access(c.as_ptr(), mode) == 0 }
}

fn access_file(m: &mut Machine) -> Res {
    let f = file_text(m, 0)?;
    let mode = m.get_atom(m.regs[1])?;
    #[cfg(unix)]
    let (r, w, x) = (libc::R_OK, libc::W_OK, libc::X_OK);
    let p = Path::new(&f);
    Ok(match mode.name() {
        "none" => true,
        _ if f.is_empty() => false,
        "exist" => p.exists(),
        "read" => may_access(&f, r),
        "execute" | "search" => may_access(&f, x),
        "write" | "append" => {
            if p.exists() {
                may_access(&f, w)
            } else {
                // A new file may be made if its directory may be written.
                let dir = match p.parent() {
                    Some(d) if !d.as_os_str().is_empty() => d.to_string_lossy().into_owned(),
                    _ => ".".to_string(),
                };
                Path::new(&dir).is_dir() && may_access(&dir, w)
            }
        }
        _ => return Err(PErr::Domain(Atom::new("io_mode"), m.arg(1))),
    })
}

fn same_file(m: &mut Machine) -> Res {
    let a = file_text(m, 0)?;
    let b = file_text(m, 1)?;
    if a == b {
        return Ok(true);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(&a), std::fs::metadata(&b)) {
            (Ok(x), Ok(y)) => Ok(x.dev() == y.dev() && x.ino() == y.ino()),
            _ => Ok(false),
        }
    }
    #[cfg(not(unix))]
    Ok(false)
}

fn rename_file(m: &mut Machine) -> Res {
    let a = file_text(m, 0)?;
    let b = file_text(m, 1)?;
    std::fs::rename(&a, &b).map_err(|e| {
        let c = m.arg(0);
        let err = match e.kind() {
            std::io::ErrorKind::NotFound => PErr::Existence(Atom::new("file"), c),
            _ => PErr::Permission(Atom::new("rename"), Atom::new("file"), c),
        };
        with_reason(m, err, &e)
    })?;
    Ok(true)
}

fn delete_directory(m: &mut Machine) -> Res {
    let d = file_text(m, 0)?;
    std::fs::remove_dir(&d).map_err(|e| {
        let c = m.arg(0);
        let err = match e.kind() {
            std::io::ErrorKind::NotFound => PErr::Existence(Atom::new("directory"), c),
            _ => PErr::Permission(Atom::new("delete"), Atom::new("directory"), c),
        };
        with_reason(m, err, &e)
    })?;
    Ok(true)
}

/// A text argument of file_name_extension/3 (numbers allowed, as in SWI).
fn name_text(m: &Machine, reg: usize) -> Res<String> {
    let c = m.arg(reg);
    if c.tag() == REF {
        return Err(PErr::Instantiation);
    }
    m.get_text(c, Atom::new("text"))
}

fn file_name_extension(m: &mut Machine) -> Res {
    let name = m.arg(2);
    if name.tag() == REF {
        let base = name_text(m, 0)?;
        let ext = name_text(m, 1)?;
        let ext = ext.strip_prefix('.').unwrap_or(&ext);
        let full = if ext.is_empty() || base.ends_with(&format!(".{ext}")) {
            base.clone()
        } else {
            format!("{base}.{ext}")
        };
        return Ok(m.unify_atom(name, Atom::new(&full)));
    }
    let full = name_text(m, 2)?;
    let start = full.rfind('/').map_or(0, |i| i + 1);
    let dot = full[start..].rfind('.').map(|i| i + start);
    let e = m.arg(1);
    if e.tag() != REF {
        let want = name_text(m, 1)?;
        let want = want.strip_prefix('.').unwrap_or(&want).to_string();
        return match dot {
            _ if want.is_empty() => Ok(dot.is_none() && m.unify(m.regs[0], name)),
            Some(i) if full[i + 1..] == want => Ok(m.unify_atom(m.regs[0], Atom::new(&full[..i]))),
            _ => Ok(false),
        };
    }
    let b = m.arg(0);
    if b.tag() != REF {
        name_text(m, 0)?;
    }
    match dot {
        Some(i) => Ok(m.unify_atom(m.regs[0], Atom::new(&full[..i]))
            && m.unify_atom(m.regs[1], Atom::new(&full[i + 1..]))),
        None => Ok(m.unify(m.regs[0], name) && m.unify_atom(m.regs[1], Atom::new(""))),
    }
}

/// One piece of a wildcard pattern.
enum Pat {
    Char(char),
    Any,
    Star,
    /// `[...]`: ranges and whether the class is negated (never, in SWI).
    Class(Vec<(char, char)>),
    /// `{a,b}`: alternatives, each a pattern.
    Alt(Vec<Vec<Pat>>),
}

/// Parses a wildcard pattern; the error names what is unmatched.
fn parse_pattern(p: &[char], i: &mut usize, in_alt: bool) -> Result<Vec<Pat>, &'static str> {
    let mut out = Vec::new();
    while *i < p.len() {
        let c = p[*i];
        match c {
            ',' | '}' if in_alt => return Ok(out),
            '*' => out.push(Pat::Star),
            '?' => out.push(Pat::Any),
            '\\' if *i + 1 < p.len() => {
                *i += 1;
                out.push(Pat::Char(p[*i]));
            }
            '[' => {
                let mut ranges = Vec::new();
                *i += 1;
                loop {
                    let Some(&c) = p.get(*i) else {
                        return Err("Unmatched '['");
                    };
                    if c == ']' {
                        break;
                    }
                    let c = if c == '\\' && *i + 1 < p.len() {
                        *i += 1;
                        p[*i]
                    } else {
                        c
                    };
                    if p.get(*i + 1) == Some(&'-') && p.get(*i + 2).is_some_and(|&e| e != ']') {
                        ranges.push((c, p[*i + 2]));
                        *i += 3;
                    } else {
                        ranges.push((c, c));
                        *i += 1;
                    }
                }
                out.push(Pat::Class(ranges));
            }
            '{' => {
                let mut alts = Vec::new();
                loop {
                    *i += 1;
                    alts.push(parse_pattern(p, i, true)?);
                    match p.get(*i) {
                        Some(',') => continue,
                        Some('}') => break,
                        _ => return Err("Unmatched '{'"),
                    }
                }
                out.push(Pat::Alt(alts));
            }
            c => out.push(Pat::Char(c)),
        }
        *i += 1;
    }
    Ok(out)
}

/// Whether `s` matches the pieces `p` followed by `rest` (the pieces left
/// after an alternative). Backtracking on an explicit stack of (piece
/// lists, position) states: no recursion over the subject text.
fn matches(p: &[Pat], s: &[char], fold: bool) -> bool {
    let eq = |a: char, b: char| {
        if fold {
            a.to_lowercase().eq(b.to_lowercase())
        } else {
            a == b
        }
    };
    // A state: the sequence of pattern slices still to match, and a position.
    let mut stack: Vec<(Vec<&[Pat]>, usize)> = vec![(vec![p], 0)];
    while let Some((mut todo, at)) = stack.pop() {
        let Some(cur) = todo.pop() else {
            if at == s.len() {
                return true;
            }
            continue;
        };
        let Some((first, rest)) = cur.split_first() else {
            stack.push((todo, at));
            continue;
        };
        todo.push(rest);
        match first {
            Pat::Char(c) if at < s.len() && eq(*c, s[at]) => stack.push((todo, at + 1)),
            Pat::Any if at < s.len() => stack.push((todo, at + 1)),
            Pat::Class(rs) if at < s.len() => {
                let c = s[at];
                let lc = c.to_lowercase().next().unwrap_or(c);
                if rs
                    .iter()
                    .any(|&(a, b)| (a..=b).contains(&c) || (fold && (a..=b).contains(&lc)))
                {
                    stack.push((todo, at + 1));
                }
            }
            Pat::Star => {
                for j in (at..=s.len()).rev() {
                    stack.push((todo.clone(), j));
                }
            }
            Pat::Alt(alts) => {
                for a in alts.iter().rev() {
                    let mut t = todo.clone();
                    t.push(a.as_slice());
                    stack.push((t, at));
                }
            }
            _ => {}
        }
    }
    false
}

fn compile(m: &mut Machine, pattern: &str) -> Res<Vec<Pat>> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut i = 0;
    let r = parse_pattern(&chars, &mut i, false);
    let r = match r {
        Ok(p) if i >= chars.len() => Ok(p),
        Ok(_) => Err("Unmatched '{'"),
        Err(e) => Err(e),
    };
    r.map_err(|e| {
        let f = m
            .heap
            .new_compound(atoms::SYNTAX_ERROR, &[Cell::atom(Atom::new(e))]);
        let v = m.heap.new_var();
        PErr::Throw(m.heap.new_compound(atoms::ERROR, &[f, v]))
    })
}

fn wildcard(m: &mut Machine, case: bool) -> Res {
    let p = file_text(m, 0)?;
    let s = file_text(m, 1)?;
    let pat = compile(m, &p)?;
    let s: Vec<char> = s.chars().collect();
    Ok(matches(&pat, &s, !case))
}

/// `~`, `~user` and `$VAR` at the start of path components, as SWI expands them.
fn expand_vars(p: &str) -> Res<String> {
    let mut out = String::new();
    let mut rest = p;
    if let Some(r) = rest.strip_prefix('~') {
        let end = r.find('/').unwrap_or(r.len());
        let user = &r[..end];
        let home = if user.is_empty() {
            std::env::var("HOME").ok()
        } else {
            home_of(user)
        };
        let Some(home) = home else {
            return Err(PErr::Existence(atoms::USER, Cell::atom(Atom::new(user))));
        };
        out.push_str(&home);
        rest = &r[end..];
    }
    while let Some(i) = rest.find('$') {
        out.push_str(&rest[..i]);
        let r = &rest[i + 1..];
        let end = r
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(r.len());
        let name = &r[..end];
        if name.is_empty() {
            out.push('$');
        } else {
            match std::env::var(name) {
                Ok(v) => out.push_str(&v),
                Err(_) => {
                    return Err(PErr::Existence(
                        Atom::new("variable"),
                        Cell::atom(Atom::new(name)),
                    ))
                }
            }
        }
        rest = &r[end..];
    }
    out.push_str(rest);
    Ok(out)
}

#[cfg(unix)]
fn home_of(user: &str) -> Option<String> {
    let passwd = std::fs::read_to_string("/etc/passwd").ok()?;
    passwd.lines().find_map(|l| {
        let f: Vec<&str> = l.split(':').collect();
        (f.len() > 5 && f[0] == user).then(|| f[5].to_string())
    })
}

#[cfg(not(unix))]
fn home_of(_user: &str) -> Option<String> {
    None
}

fn expand_file_name(m: &mut Machine) -> Res {
    let p = file_text(m, 0)?;
    let p = expand_vars(&p)?;
    let wild = p.contains(['*', '?', '[', '{']);
    if !wild {
        let l = m.make_list(&[Cell::atom(Atom::new(&p))]);
        return Ok(m.unify(m.regs[1], l));
    }
    // Component by component: each pattern component is matched against
    // the entries of every directory reached so far.
    let absolute = p.starts_with('/');
    let mut found: Vec<String> = vec![if absolute { "/".into() } else { String::new() }];
    for comp in p.split('/').filter(|c| !c.is_empty()) {
        let pat = compile(m, comp)?;
        let is_wild = comp.contains(['*', '?', '[', '{']);
        let mut next = Vec::new();
        for dir in &found {
            let join = |name: &str| {
                format!(
                    "{dir}{}{name}",
                    if dir.is_empty() || dir.ends_with('/') {
                        ""
                    } else {
                        "/"
                    }
                )
            };
            if !is_wild {
                next.push(join(comp));
                continue;
            }
            let read = if dir.is_empty() { "." } else { dir.as_str() };
            let Ok(rd) = std::fs::read_dir(read) else {
                continue;
            };
            let mut names: Vec<String> = rd
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| !n.starts_with('.') || comp.starts_with('.'))
                .filter(|n| matches(&pat, &n.chars().collect::<Vec<_>>(), false))
                .collect();
            names.sort();
            next.extend(names.iter().map(|n| join(n)));
        }
        found = next;
    }
    found.retain(|f| Path::new(f).exists());
    let items: Vec<Cell> = found.iter().map(|f| Cell::atom(Atom::new(f))).collect();
    let l = m.make_list(&items);
    Ok(m.unify(m.regs[1], l))
}

fn read_link(m: &mut Machine) -> Res {
    let f = file_text(m, 0)?;
    let Ok(link) = std::fs::read_link(&f) else {
        return Ok(false);
    };
    let mut target = link.clone();
    let mut at = Path::new(&f).to_path_buf();
    for _ in 0..32 {
        let dir = at.parent().map(Path::to_path_buf).unwrap_or_default();
        let full = if target.is_absolute() {
            target.clone()
        } else {
            dir.join(&target)
        };
        match std::fs::read_link(&full) {
            Ok(next) => {
                at = full;
                target = next;
            }
            Err(_) => break,
        }
    }
    // The target as a path from where File's directory is (as SWI gives it).
    let dir = at.parent().map(Path::to_path_buf).unwrap_or_default();
    let target = if target.is_absolute() {
        target
    } else {
        dir.join(&target)
    };
    let l = Atom::new(&link.to_string_lossy());
    let t = Atom::new(&target.to_string_lossy());
    Ok(m.unify_atom(m.regs[1], l) && m.unify_atom(m.regs[2], t))
}

/// `'$absolute_path'(+Name, +Dir, -Path)`: Name made absolute against
/// directory Dir (the working directory if Dir is `[]`), `.` and `..`
/// resolved in the text and repeated slashes folded; a trailing slash stays.
fn absolute_path(m: &mut Machine) -> Res {
    let name = m.get_text(m.regs[0], Atom::new("text"))?;
    let d = m.arg(1);
    let dir = if d.tag() == ATM && d.get_atom() == atoms::NIL {
        std::env::current_dir()
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_else(|_| "/".into())
    } else {
        m.get_text(d, Atom::new("text"))?
    };
    let full = if name.starts_with('/') {
        name.clone()
    } else {
        format!("{dir}/{name}")
    };
    let mut parts: Vec<&str> = Vec::new();
    for c in full.split('/') {
        match c {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            c => parts.push(c),
        }
    }
    let mut out = format!("/{}", parts.join("/"));
    if name.ends_with('/') && out != "/" {
        out.push('/');
    }
    Ok(m.unify_atom(m.regs[2], Atom::new(&out)))
}
