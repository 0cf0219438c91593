//! Dates and times as SWI-Prolog has them: stamp_date_time/3, date_time_stamp/2 and the
//! formatting behind format_time/3 (`'$format_time'/3`; the sink handling is format/3's, in
//! lib/boot.pl). A time stamp is a float of seconds since 1970-01-01 UTC; a date is
//! `date(Y, M, D, H, Mn, S, Off, TZ, DST)` with Off in seconds *west* of UTC.
//!
//! Tested by: tests/prolog/time.pl (against SWI-Prolog, with TZ=UTC and TZ=CET).

use super::docs::reg_doc;
use super::reg_det;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;
use crate::term::number::Number;

/// A broken-down time.
struct Tm {
    year: i64,
    month: i64,
    day: i64,
    hour: i64,
    min: i64,
    sec: f64,
    /// 0 = Sunday.
    wday: i64,
    /// 0-based day of the year.
    yday: i64,
    /// Seconds west of UTC.
    off: i64,
    /// None: no zone name (`-`).
    zone: Option<String>,
    /// None: unknown (`-`).
    dst: Option<bool>,
}

/// Days since 1970-01-01 of a proleptic Gregorian date (months and days may overflow:
/// `date(2024, 2, 30)` is 1 March, as SWI normalises).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let (y, m) = (y + (m - 1).div_euclid(12), (m - 1).rem_euclid(12) + 1);
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// (year, month, day) of a day count since 1970-01-01.
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// The broken-down time of `stamp` at a fixed offset (seconds west of UTC).
fn at_offset(stamp: f64, off: i64, zone: Option<String>, dst: Option<bool>) -> Tm {
    let whole = stamp.floor();
    let local = whole as i64 - off;
    let days = local.div_euclid(86_400);
    let secs = local.rem_euclid(86_400);
    let (year, month, day) = civil_from_days(days);
    Tm {
        year,
        month,
        day,
        hour: secs / 3600,
        min: secs / 60 % 60,
        sec: (secs % 60) as f64 + (stamp - whole),
        wday: (days + 4).rem_euclid(7),
        yday: days - days_from_civil(year, 1, 1),
        off,
        zone,
        dst,
    }
}

/// The local time zone's offset (seconds west), name and DST at `stamp`.
fn local_zone(stamp: f64) -> (i64, Option<String>, Option<bool>) {
    #[cfg(unix)]
    {
        let t = stamp.floor() as libc::time_t;
        let mut tm = std::mem::MaybeUninit::<libc::tm>::uninit();
        // SAFETY: localtime_r fills the tm we pass and returns it, or null on failure.
        if !unsafe { libc::localtime_r(&t, tm.as_mut_ptr()) }.is_null() {
            let tm = unsafe { tm.assume_init() };
            let zone = (!tm.tm_zone.is_null())
                .then(|| unsafe { std::ffi::CStr::from_ptr(tm.tm_zone) })
                .map(|z| z.to_string_lossy().into_owned());
            return (-tm.tm_gmtoff, zone, Some(tm.tm_isdst > 0));
        }
    }
    (0, Some("UTC".into()), Some(false))
}

fn local_time(stamp: f64) -> Tm {
    let (off, zone, dst) = local_zone(stamp);
    at_offset(stamp, off, zone, dst)
}

/// A time stamp: any finite number (SWI's type error names `float`).
fn stamp_arg(m: &Machine, c: Cell) -> Res<f64> {
    let n = m.get_number(c).map_err(|e| match e {
        PErr::Type(_, c) => PErr::Type(Atom::new("float"), c),
        e => e,
    })?;
    match n {
        Number::Float(f) if f.is_finite() => Ok(f),
        Number::Float(_) => Err(PErr::Domain(Atom::new("time_stamp"), c)),
        n => Ok(n.to_f64()),
    }
}

/// The seconds of a date: any number.
fn seconds_field(m: &Machine, c: Cell) -> Res<f64> {
    Ok(m.get_number(c)?.to_f64())
}

/// The stamp of a `date/9` term, or of `date/3` (local midnight); an unbound Off means the
/// local zone. The fields other than the seconds are integers, as in SWI-Prolog.
fn date_to_stamp(m: &Machine, c: Cell) -> Res<f64> {
    let c = m.heap.deref(c);
    if c.tag() == REF {
        return Err(PErr::Instantiation);
    }
    let View::Compound { name, arity, args } = m.heap.view(c) else {
        return Err(m.type_error(Atom::new("time"), c));
    };
    if name.name() != "date" || (arity != 9 && arity != 3) {
        return Err(m.type_error(Atom::new("time"), c));
    }
    let arg = |i: usize| m.heap.get(args + i);
    let (y, mo, d) = (m.get_int(arg(0))?, m.get_int(arg(1))?, m.get_int(arg(2))?);
    let days = days_from_civil(y, mo, d);
    let (h, mi, s) = if arity == 3 {
        (0, 0, 0.0)
    } else {
        (
            m.get_int(arg(3))?,
            m.get_int(arg(4))?,
            seconds_field(m, arg(5))?,
        )
    };
    let wall = days as f64 * 86_400.0 + (h * 3600 + mi * 60) as f64 + s;
    let off = if arity == 9 {
        m.heap.deref(arg(6))
    } else {
        Cell::atom(atoms::NIL)
    };
    if off.tag() != REF && arity == 9 {
        return Ok(wall + m.get_int(off)? as f64);
    }
    // Local time: the zone's offset at that moment (two steps settle a DST edge).
    let (o1, _, _) = local_zone(wall);
    let (o2, _, _) = local_zone(wall + o1 as f64);
    Ok(wall + o2 as f64)
}

/// date_time_stamp(+Date, -Stamp); a date/9 with an unbound offset gets the local zone's
/// offset, and name and daylight saving flag where those are unbound, as in SWI-Prolog.
fn date_time_stamp(m: &mut Machine) -> Res {
    let stamp = date_to_stamp(m, m.regs[0])?;
    let date = m.heap.deref(m.regs[0]);
    if let View::Compound { arity: 9, args, .. } = m.heap.view(date) {
        if m.heap.deref(m.heap.get(args + 6)).tag() == REF {
            let (off, zone, dst) = local_zone(stamp);
            let dst = match dst {
                Some(true) => Cell::atom(atoms::TRUE),
                Some(false) => Cell::atom(atoms::FALSE),
                None => optional_atom(None),
            };
            let fields = [Cell::small_int(off), optional_atom(zone.as_deref()), dst];
            for (i, f) in fields.into_iter().enumerate() {
                let field = m.heap.get(args + 6 + i);
                if m.heap.deref(field).tag() == REF && !m.unify(field, f) {
                    return Ok(false);
                }
            }
        }
    }
    let c = m.heap.new_float(stamp);
    Ok(m.unify(m.regs[1], c))
}

fn optional_atom(text: Option<&str>) -> Cell {
    Cell::atom(Atom::new(text.unwrap_or("-")))
}

/// stamp_date_time(+Stamp, -Date, +TimeZone): TimeZone is `local`, `'UTC'` or an offset in
/// seconds west of UTC.
fn stamp_date_time(m: &mut Machine) -> Res {
    let stamp = stamp_arg(m, m.regs[0])?;
    let zone = m.heap.deref(m.regs[2]);
    let tm = match zone.tag() {
        REF => return Err(PErr::Instantiation),
        INT => at_offset(stamp, zone.get_int(), None, None),
        ATM if zone.get_atom().name() == "local" => local_time(stamp),
        ATM if zone.get_atom().name() == "UTC" => at_offset(stamp, 0, Some("UTC".into()), None),
        ATM => return Err(PErr::Domain(Atom::new("timezone"), zone)),
        _ => at_offset(stamp, m.get_int(zone)?, None, None),
    };
    let dst = match tm.dst {
        Some(true) => Cell::atom(atoms::TRUE),
        Some(false) => Cell::atom(atoms::FALSE),
        None => optional_atom(None),
    };
    let sec = m.heap.new_float(tm.sec);
    let fields = [
        m.heap.new_int(tm.year),
        Cell::small_int(tm.month),
        Cell::small_int(tm.day),
        Cell::small_int(tm.hour),
        Cell::small_int(tm.min),
        sec,
        Cell::small_int(tm.off),
        optional_atom(tm.zone.as_deref()),
        dst,
    ];
    let date = m.heap.new_compound(Atom::new("date"), &fields);
    Ok(m.unify(m.regs[1], date))
}

const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// ISO 8601 week-based (year, week) of a broken-down time.
fn iso_week(tm: &Tm) -> (i64, i64) {
    let weeks_in = |y: i64| {
        // Jan 1 is a Thursday, or a Wednesday in a leap year: 53 weeks.
        let jan1 = (days_from_civil(y, 1, 1) + 4).rem_euclid(7);
        let leap = days_from_civil(y + 1, 1, 1) - days_from_civil(y, 1, 1) == 366;
        if jan1 == 4 || (leap && jan1 == 3) {
            53
        } else {
            52
        }
    };
    let iso_wday = (tm.wday + 6) % 7 + 1;
    let week = (tm.yday + 1 - iso_wday + 10).div_euclid(7);
    if week < 1 {
        (tm.year - 1, weeks_in(tm.year - 1))
    } else if week > weeks_in(tm.year) {
        (tm.year + 1, 1)
    } else {
        (tm.year, week)
    }
}

/// Why a format could not be expanded: an unknown directive, or a field out of range.
#[derive(Debug)]
enum FormatErr {
    Unknown(String),
    Range(&'static str, i64),
}

/// The text of `format` for `tm` (C strftime directives in the POSIX locale, as
/// SWI-Prolog has them; digits after `%` are the decimals of `%f`).
fn format_tm(format: &str, tm: &Tm, epoch: i64) -> Result<String, FormatErr> {
    use std::fmt::Write;
    let mut out = String::new();
    let mut chars = format.chars().peekable();
    let hour12 = if tm.hour % 12 == 0 { 12 } else { tm.hour % 12 };
    let (day, month) = (
        DAYS[tm.wday as usize],
        MONTHS[(tm.month - 1).rem_euclid(12) as usize],
    );
    let (isec, frac) = (tm.sec.floor() as i64, tm.sec - tm.sec.floor());
    let ctime = format!(
        "{} {} {:2} {:02}:{:02}:{:02} {}",
        &day[..3],
        &month[..3],
        tm.day,
        tm.hour,
        tm.min,
        isec,
        tm.year
    );
    let zone_hm = |colon: bool| {
        let east = -tm.off;
        let sign = if east < 0 { '-' } else { '+' };
        let sep = if colon { ":" } else { "" };
        format!(
            "{sign}{:02}{sep}{:02}",
            east.abs() / 3600,
            east.abs() / 60 % 60
        )
    };
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut digits = String::new();
        while let Some(d) = chars.next_if(|d| d.is_ascii_digit()) {
            digits.push(d);
        }
        let Some(d) = chars.next() else {
            return Err(FormatErr::Unknown("%".into()));
        };
        let _ = match d {
            'a' => write!(out, "{}", &day[..3]),
            'A' => write!(out, "{day}"),
            'b' | 'h' => write!(out, "{}", &month[..3]),
            'B' => write!(out, "{month}"),
            'c' | '+' => write!(out, "{ctime}"),
            'C' => {
                let century = tm.year.div_euclid(100);
                if !(0..100).contains(&century) {
                    return Err(FormatErr::Range("%C", tm.year));
                }
                write!(out, "{century:02}")
            }
            'd' => write!(out, "{:02}", tm.day),
            'D' | 'x' => write!(
                out,
                "{:02}/{:02}/{:02}",
                tm.month,
                tm.day,
                tm.year.rem_euclid(100)
            ),
            'e' => write!(out, "{:2}", tm.day),
            'F' => write!(out, "{}-{:02}-{:02}", tm.year, tm.month, tm.day),
            'g' => write!(out, "{:02}", iso_week(tm).0.rem_euclid(100)),
            'G' => write!(out, "{}", iso_week(tm).0),
            'V' => write!(out, "{:02}", iso_week(tm).1),
            'H' => write!(out, "{:02}", tm.hour),
            'I' => write!(out, "{hour12:02}"),
            'j' => write!(out, "{:03}", tm.yday + 1),
            'k' => write!(out, "{:2}", tm.hour),
            'l' => write!(out, "{hour12:2}"),
            'm' => write!(out, "{:02}", tm.month),
            'M' => write!(out, "{:02}", tm.min),
            'n' => writeln!(out),
            't' => write!(out, "\t"),
            'p' => write!(out, "{}", if tm.hour < 12 { "AM" } else { "PM" }),
            'P' => write!(out, "{}", if tm.hour < 12 { "am" } else { "pm" }),
            'r' => write!(
                out,
                "{hour12:02}:{:02}:{isec:02} {}",
                tm.min,
                if tm.hour < 12 { "AM" } else { "PM" }
            ),
            'R' => write!(out, "{:02}:{:02}", tm.hour, tm.min),
            's' => write!(out, "{epoch}"),
            'S' => write!(out, "{isec:02}"),
            'f' => {
                let n = digits.parse::<usize>().unwrap_or(6).min(18);
                let scaled = (frac * 10f64.powi(n as i32)).floor() as u64;
                if n == 0 {
                    Ok(())
                } else {
                    write!(out, "{scaled:0n$}")
                }
            }
            'T' | 'X' => write!(out, "{:02}:{:02}:{isec:02}", tm.hour, tm.min),
            'u' => write!(out, "{}", if tm.wday == 0 { 7 } else { tm.wday }),
            'U' => write!(out, "{:02}", (tm.yday + 7 - tm.wday) / 7),
            'w' => write!(out, "{}", tm.wday),
            'W' => write!(out, "{:02}", (tm.yday + 7 - (tm.wday + 6) % 7) / 7),
            'y' => write!(out, "{:02}", tm.year.rem_euclid(100)),
            'Y' => write!(out, "{}", tm.year),
            'z' => write!(out, "{}", zone_hm(false)),
            ':' if chars.next_if_eq(&'z').is_some() => write!(out, "{}", zone_hm(true)),
            'Z' => write!(out, "{}", tm.zone.as_deref().unwrap_or("")),
            '%' => write!(out, "%"),
            other => return Err(FormatErr::Unknown(format!("%{other}"))),
        };
    }
    Ok(out)
}

/// The standard and daylight-saving names of the local zone in `year` (for a date
/// whose zone is `-`).
fn zone_names(year: i64) -> (Option<String>, Option<String>) {
    let winter = days_from_civil(year, 1, 1) as f64 * 86_400.0;
    let summer = days_from_civil(year, 7, 1) as f64 * 86_400.0;
    let (_, wz, wd) = local_zone(winter);
    let (_, sz, sd) = local_zone(summer);
    match (wd, sd) {
        (Some(true), _) => (sz, wz),
        (_, Some(true)) => (wz, sz),
        _ => (wz.clone(), wz),
    }
}

/// What format_time/3 shows for a time stamp (local time) or a date term: a date's
/// own fields, unnormalised, with week and year day of the date they denote; and the
/// seconds since the epoch for `%s` (a stamp's fraction rounds half to even, a date's
/// seconds half away from zero, as SWI-Prolog's).
fn when_to_tm(m: &Machine, when: Cell) -> Res<(Tm, i64)> {
    let when = m.heap.deref(when);
    if when.tag() == REF {
        return Err(PErr::Instantiation);
    }
    if m.heap.number(when).is_some() {
        let stamp = stamp_arg(m, when)?;
        let whole = stamp.floor();
        let epoch = (whole + (stamp - whole).round_ties_even()) as i64;
        return Ok((local_time(stamp), epoch));
    }
    let stamp = date_to_stamp(m, when)?;
    let View::Compound { arity, args, .. } = m.heap.view(when) else {
        return Err(m.type_error(Atom::new("time"), when));
    };
    let arg = |i: usize| m.heap.get(args + i);
    let (year, month, day) = (m.get_int(arg(0))?, m.get_int(arg(1))?, m.get_int(arg(2))?);
    let (hour, min, sec) = if arity == 9 {
        (
            m.get_int(arg(3))?,
            m.get_int(arg(4))?,
            seconds_field(m, arg(5))?,
        )
    } else {
        (0, 0, 0.0)
    };
    let days = days_from_civil(year, month, day);
    let norm_year = civil_from_days(days).0;
    let (mut off, mut zone, mut dst) = local_zone(stamp);
    if arity == 9 {
        let o = m.heap.deref(arg(6));
        if o.tag() != REF {
            off = m.get_int(o)?;
            let d = m.heap.deref(arg(8));
            dst = match d.tag() {
                ATM if d.get_atom() == atoms::FALSE => Some(false),
                ATM if d.get_atom() == atoms::TRUE => Some(true),
                _ => None,
            };
            let z = m.heap.deref(arg(7));
            zone = match m.heap.view(z) {
                View::Atom(a) if a.name() != "-" => Some(a.name().to_string()),
                _ => {
                    let (std, summer) = zone_names(year);
                    if dst == Some(false) {
                        std
                    } else {
                        summer
                    }
                }
            };
        }
    }
    let tm = Tm {
        year,
        month,
        day,
        hour,
        min,
        sec,
        wday: (days + 4).rem_euclid(7),
        yday: days - days_from_civil(norm_year, 1, 1),
        off,
        zone,
        dst,
    };
    Ok((tm, (stamp - sec).round() as i64 + sec.round() as i64))
}

/// '$format_time'(+Format, +StampOrDate, -Text): format_time/3's text, local time.
fn format_time(m: &mut Machine) -> Res {
    let format = m.get_text(m.regs[0], Atom::new("text"))?;
    let (tm, epoch) = when_to_tm(m, m.regs[1])?;
    let text = match format_tm(&format, &tm, epoch) {
        Ok(text) => text,
        Err(FormatErr::Unknown(d)) => {
            return Err(PErr::Existence(
                Atom::new("format"),
                Cell::atom(Atom::new(&d)),
            ))
        }
        Err(FormatErr::Range(what, n)) => {
            let n = m.heap.new_int(n);
            return Err(PErr::Domain(Atom::new(what), n));
        }
    };
    let t = m.heap.new_string(&text);
    Ok(m.unify(m.regs[2], t))
}

pub fn register(m: &mut Machine) {
    reg_doc(m, "stamp_date_time(+TimeStamp, -DateTime, +TimeZone)", "DateTime is the date/9 term for the time stamp TimeStamp in TimeZone (local, UTC or an offset).");
    reg_det(m, "stamp_date_time", 3, stamp_date_time);
    reg_doc(m, "date_time_stamp(+DateTime, -TimeStamp)", "TimeStamp is the time stamp (seconds since 1970) of the date(Y,M,D,H,Mn,S,Off,TZ,DST) term.");
    reg_det(m, "date_time_stamp", 2, date_time_stamp);
    reg_det(m, "$format_time", 3, format_time);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_days_round_trip() {
        let mut bad = Vec::new();
        for days in (-800_000..800_000).step_by(997) {
            let (y, m, d) = civil_from_days(days);
            if days_from_civil(y, m, d) != days {
                bad.push(days);
            }
        }
        assert!(bad.is_empty(), "{bad:?}");
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(days_from_civil(2024, 2, 30), days_from_civil(2024, 3, 1));
        assert_eq!(days_from_civil(2023, 13, 1), days_from_civil(2024, 1, 1));
    }

    #[test]
    fn utc_fields_and_directives() {
        let tm = at_offset(1_700_000_000.25, 0, Some("UTC".into()), None);
        assert_eq!(
            (tm.year, tm.month, tm.day, tm.hour, tm.min),
            (2023, 11, 14, 22, 13)
        );
        assert_eq!((tm.wday, tm.yday), (2, 317));
        let text = format_tm("%F %T %a %j %3f %z %%", &tm, 1_700_000_000).unwrap();
        assert_eq!(text, "2023-11-14 22:13:20 Tue 318 250 +0000 %");
        assert!(format_tm("%Q", &tm, 0).is_err());
        let text = format_tm("%G-W%V %U %W %:z %0f.", &tm, 0).ok().unwrap();
        assert_eq!(text, "2023-W46 46 46 +00:00 .");
    }
}
