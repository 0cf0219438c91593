//! The operating system as SWI-Prolog scripts reach it: getenv/2, setenv/2,
//! unsetenv/1, sleep/1, shell/1,2, exists_directory/1, directory_files/2,
//! tmp_file/2, make_directory/1, working_directory/2, chdir/1, file_directory_name/2, file_base_name/2. (The fuzz targets deny all of these.)
//!
//! Tested by: tests/modules.rs (os_predicates_behave_as_in_swi).

use super::docs::reg_doc;
use super::io::error_in;
use super::reg_det;
use super::stream::reason;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;

fn text(m: &Machine, reg: usize) -> Res<String> {
    m.get_text(m.regs[reg], Atom::new("text"))
}

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "getenv(+Name, -Value)",
        "Value is the value of environment variable Name; fails if it is not set.",
    );
    reg_det(m, "getenv", 2, |m| {
        let name = text(m, 0)?;
        match std::env::var(&name) {
            Ok(v) => Ok(m.unify_atom(m.regs[1], Atom::new(&v))),
            Err(_) => Ok(false),
        }
    });
    reg_doc(
        m,
        "setenv(+Name, +Value)",
        "Set the environment variable Name to Value.",
    );
    reg_det(m, "setenv", 2, |m| {
        let name = text(m, 0)?;
        let value = text(m, 1)?;
        if name.is_empty() || name.contains('=') || name.contains('\0') || value.contains('\0') {
            return Err(PErr::Domain(Atom::new("environment_variable"), m.arg(0)));
        }
        std::env::set_var(name, value);
        Ok(true)
    });
    reg_doc(
        m,
        "unsetenv(+Name)",
        "Remove the environment variable Name.",
    );
    reg_det(m, "unsetenv", 1, |m| {
        let name = text(m, 0)?;
        if name.is_empty() || name.contains('=') || name.contains('\0') {
            return Err(PErr::Domain(Atom::new("environment_variable"), m.arg(0)));
        }
        std::env::remove_var(name);
        Ok(true)
    });
    reg_doc(
        m,
        "sleep(+Time)",
        "Pause for Time seconds (an integer or a float).",
    );
    reg_det(m, "sleep", 1, |m| {
        let secs = m.get_number(m.regs[0])?.to_f64();
        super::alarm::sleep(m, secs)?;
        Ok(true)
    });
    reg_doc(
        m,
        "shell(+Command)",
        "Run Command in the operating-system shell; succeed if it exits with status 0.",
    );
    reg_det(m, "shell", 1, |m| Ok(shell(m)? == 0));
    reg_doc(
        m,
        "shell(+Command, -Status)",
        "Run Command in the operating-system shell; Status is its exit status.",
    );
    reg_det(m, "shell", 2, |m| {
        let code = shell(m)?;
        Ok(m.unify_int(m.regs[1], code))
    });
    reg_doc(
        m,
        "exists_directory(+Directory)",
        "Directory exists and is a directory.",
    );
    reg_det(m, "exists_directory", 1, |m| {
        let name = text(m, 0)?;
        Ok(std::path::Path::new(&name).is_dir())
    });
    reg_doc(
        m,
        "make_directory(+Directory)",
        "Create the directory Directory; an error if it cannot be made.",
    );
    reg_det(m, "make_directory", 1, |m| {
        let name = text(m, 0)?;
        std::fs::create_dir(&name).map_err(|e| {
            use std::io::ErrorKind as K;
            let d = m.arg(0);
            // SWI reports a missing parent and an existing name alike.
            let err = match e.kind() {
                K::NotFound | K::AlreadyExists | K::NotADirectory => {
                    PErr::Existence(Atom::new("directory"), d)
                }
                _ => PErr::Permission(Atom::new("create"), Atom::new("directory"), d),
            };
            error_in(m, err, ("make_directory", 1), Some(&reason(&e)))
        })?;
        Ok(true)
    });
    reg_doc(
        m,
        "working_directory(-Old, +New)",
        "Old is the working directory (ending in /); then change to New (unbound or '': stay).",
    );
    reg_det(m, "working_directory", 2, working_directory);
    reg_doc(m, "chdir(+Dir)", "Change the working directory to Dir.");
    reg_det(m, "chdir", 1, |m| {
        let dir = text(m, 0)?;
        change_dir(m, &dir, 0)
    });
    reg_doc(
        m,
        "directory_files(+Directory, -Entries)",
        "Entries lists the names in Directory, including . and ..",
    );
    reg_det(m, "directory_files", 2, |m| {
        let name = text(m, 0)?;
        let rd = std::fs::read_dir(&name).map_err(|e| {
            // As SWI: a missing name is a missing file, else not a directory.
            let what = match e.kind() {
                std::io::ErrorKind::NotFound => "file",
                _ => "directory",
            };
            PErr::Existence(Atom::new(what), m.arg(0))
        })?;
        let mut names = vec![".".to_string(), "..".to_string()];
        names.extend(
            rd.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned()),
        );
        let items: Vec<Cell> = names.iter().map(|n| Cell::atom(Atom::new(n))).collect();
        let l = m.make_list(&items);
        Ok(m.unify(m.regs[1], l))
    });
    reg_doc(
        m,
        "file_directory_name(+Path, -Directory)",
        "Directory is Path without its last component.",
    );
    reg_det(m, "file_directory_name", 2, |m| {
        let name = text(m, 0)?;
        // As SWI: trailing slashes do not count ('a/b/' is in 'a').
        let trimmed = name.trim_end_matches('/');
        let dir = match trimmed.rfind('/') {
            _ if trimmed.is_empty() && !name.is_empty() => "/",
            Some(i) => match trimmed[..i].trim_end_matches('/') {
                "" => "/",
                d => d,
            },
            None => ".",
        };
        Ok(m.unify_atom(m.regs[1], Atom::new(dir)))
    });
    reg_doc(
        m,
        "file_base_name(+Path, -File)",
        "File is the last component of Path, without its directory.",
    );
    reg_det(m, "file_base_name", 2, |m| {
        let name = text(m, 0)?;
        let trimmed = name.trim_end_matches('/');
        let base = match trimmed.rsplit('/').next() {
            _ if trimmed.is_empty() && !name.is_empty() => "/",
            b => b.unwrap_or(""),
        };
        Ok(m.unify_atom(m.regs[1], Atom::new(base)))
    });
    reg_doc(
        m,
        "tmp_file(+Base, -TmpName)",
        "TmpName is a fresh file name in the temporary directory, its name containing Base.",
    );
    reg_det(m, "tmp_file", 2, |m| {
        let base = text(m, 0)?;
        m.ext.tmp_counter += 1;
        let path = std::env::temp_dir().join(format!(
            "knightlog_{base}_{}_{}",
            std::process::id(),
            m.ext.tmp_counter
        ));
        let a = Atom::new(&path.display().to_string());
        Ok(m.unify_atom(m.regs[1], a))
    });
}

/// working_directory(Old, New).
fn working_directory(m: &mut Machine) -> Res {
    let cwd = std::env::current_dir().map_err(|e| {
        let err = PErr::Existence(Atom::new("directory"), Cell::atom(Atom::new(".")));
        error_in(m, err, ("working_directory", 2), Some(&reason(&e)))
    })?;
    let mut old = cwd.display().to_string();
    if !old.ends_with('/') {
        old.push('/');
    }
    if !m.unify_atom(m.regs[0], Atom::new(&old)) {
        return Ok(false);
    }
    let new = m.arg(1);
    if new.tag() == REF {
        return Ok(true);
    }
    let dir = text(m, 1)?;
    if dir.is_empty() || dir == old {
        return Ok(true);
    }
    change_dir(m, &dir, 1)
}

/// Changes the working directory to `dir` (the text of register `reg`).
fn change_dir(m: &mut Machine, dir: &str, reg: usize) -> Res {
    std::env::set_current_dir(dir).map_err(|e| {
        let err = match e.kind() {
            std::io::ErrorKind::PermissionDenied => {
                PErr::Permission(Atom::new("change"), Atom::new("directory"), m.arg(reg))
            }
            _ => PErr::Existence(Atom::new("directory"), m.arg(reg)),
        };
        error_in(m, err, ("working_directory", 2), Some(&reason(&e)))
    })?;
    Ok(true)
}

/// Runs a command through `sh -c` (standard streams shared); its exit code.
fn shell(m: &mut Machine) -> Res<i64> {
    let cmd = text(m, 0)?;
    m.ext.streams.flush_all();
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(&cmd)
        .status()
        .map_err(|_| PErr::Permission(Atom::new("execute"), atoms::ATOM, m.arg(0)))?;
    Ok(status.code().unwrap_or(-1) as i64)
}
