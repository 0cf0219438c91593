//! The natives under library(filesex) (library/filesex.pl): a file's mode
//! and times (in whole seconds, as SWI-Prolog has them), setting them, links, and a directory entry's identity (for
//! directory_member/3's walk, which must not follow a link round a cycle).
//!
//! Tested by: tests/prolog/lib_filesex.pl.

use super::docs::reg_doc;
use super::io::error_in;
use super::reg_det;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;
use std::os::unix::fs::{MetadataExt, PermissionsExt};

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "'$file_mode'(+File, -Mode)",
        "library(filesex): Mode is the permission bits of File.",
    );
    reg_det(m, "$file_mode", 2, |m| {
        let md = metadata(m, ("chmod", 2))?;
        Ok(m.unify_int(m.regs[1], (md.mode() & 0o7777) as i64))
    });
    reg_doc(
        m,
        "'$chmod'(+File, +Mode)",
        "library(filesex): set the permission bits of File to Mode.",
    );
    reg_det(m, "$chmod", 2, |m| {
        let file = path(m, 0)?;
        let mode = m.get_int(m.regs[1])? as u32 & 0o7777;
        let perms = std::fs::Permissions::from_mode(mode);
        std::fs::set_permissions(&file, perms).map_err(|e| file_error(m, &e, ("chmod", 2), 0))?;
        Ok(true)
    });
    reg_doc(
        m,
        "'$file_times'(+File, -Access, -Modified, -Changed)",
        "library(filesex): the times of File as float time stamps.",
    );
    reg_det(m, "$file_times", 4, |m| {
        let md = metadata(m, ("set_time_file", 3))?;
        // Whole seconds, as SWI-Prolog reports them.
        let times = [md.atime() as f64, md.mtime() as f64, md.ctime() as f64];
        for (k, t) in times.into_iter().enumerate() {
            let c = m.heap.new_float(t);
            if !m.unify(m.regs[k + 1], c) {
                return Ok(false);
            }
        }
        Ok(true)
    });
    reg_doc(
        m,
        "'$set_file_times'(+File, +Access, +Modified)",
        "library(filesex): set File's times: each a time stamp, now or keep.",
    );
    reg_det(m, "$set_file_times", 3, set_file_times);
    reg_doc(
        m,
        "'$link_file'(+Old, +New, +Type)",
        "library(filesex): make New a hard or symbolic link to Old.",
    );
    reg_det(m, "$link_file", 3, link_file);
    reg_doc(
        m,
        "'$file_id'(+File, -Id)",
        "library(filesex): Id (Device-Inode) names File itself, a link not followed.",
    );
    reg_det(m, "$file_id", 2, |m| {
        let file = path(m, 0)?;
        let md = std::fs::symlink_metadata(&file)
            .map_err(|e| file_error(m, &e, ("directory_member", 3), 0))?;
        let (dev, ino) = (
            m.heap.new_int(md.dev() as i64),
            m.heap.new_int(md.ino() as i64),
        );
        let id = m.heap.new_compound(atoms::MINUS, &[dev, ino]);
        Ok(m.unify(m.regs[1], id))
    });
}

fn path(m: &Machine, reg: usize) -> Res<String> {
    m.get_text(m.regs[reg], Atom::new("text"))
}

fn metadata(m: &mut Machine, pred: (&str, usize)) -> Res<std::fs::Metadata> {
    let file = path(m, 0)?;
    std::fs::metadata(&file).map_err(|e| file_error(m, &e, pred, 0))
}

/// The ISO error for a failed operation on the file in register `reg`.
fn file_error(m: &mut Machine, e: &std::io::Error, pred: (&str, usize), reg: usize) -> PErr {
    use std::io::ErrorKind as K;
    let c = m.arg(reg);
    let err = match e.kind() {
        K::NotFound => PErr::Existence(Atom::new("file"), c),
        K::PermissionDenied => PErr::Permission(Atom::new("modify"), Atom::new("file"), c),
        _ => {
            let ctx = m.heap.new_var();
            let msg = Cell::atom(Atom::new(&super::stream::reason(e)));
            let context = m.heap.new_compound(atoms::CONTEXT, &[ctx, msg]);
            let formal = Cell::atom(Atom::new("system_error"));
            return PErr::Throw(m.heap.new_compound(atoms::ERROR, &[formal, context]));
        }
    };
    error_in(m, err, pred, Some(&super::stream::reason(e)))
}

/// A time for utimensat(2): a stamp, `now` or `keep`.
fn timespec(m: &Machine, c: Cell) -> Res<libc::timespec> {
    let (sec, nsec) = match m.heap.view(c) {
        View::Atom(a) if a.name() == "now" => (0, libc::UTIME_NOW),
        View::Atom(_) => (0, libc::UTIME_OMIT),
        // Whole seconds, as SWI-Prolog sets them.
        _ => (m.get_number(c)?.to_f64().floor() as i64, 0),
    };
    Ok(libc::timespec {
        tv_sec: sec as libc::time_t,
        tv_nsec: nsec as _,
    })
}

fn set_file_times(m: &mut Machine) -> Res {
    let file = path(m, 0)?;
    let times = [timespec(m, m.arg(1))?, timespec(m, m.arg(2))?];
    let Ok(c_path) = std::ffi::CString::new(file) else {
        return Err(PErr::Domain(Atom::new("file_name"), m.arg(0)));
    };
    // SAFETY: a valid C string and two timespecs, both alive for the call.
    let r = unsafe { libc::utimensat(libc::AT_FDCWD, c_path.as_ptr(), times.as_ptr(), 0) };
    if r != 0 {
        let e = std::io::Error::last_os_error();
        return Err(file_error(m, &e, ("set_time_file", 3), 0));
    }
    Ok(true)
}

fn link_file(m: &mut Machine) -> Res {
    let old = path(m, 0)?;
    let new = path(m, 1)?;
    let symbolic = m.arg(2) == Cell::atom(Atom::new("symbolic"));
    let r = if symbolic {
        std::os::unix::fs::symlink(&old, &new)
    } else {
        std::fs::hard_link(&old, &new)
    };
    // SWI names the new link when the old file is missing.
    r.map_err(|e| file_error(m, &e, ("link_file", 3), 1))?;
    Ok(true)
}
