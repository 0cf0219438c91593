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

fn stamp_arg(m: &Machine, c: Cell) -> Res<f64> {
    match m.get_number(c)? {
        Number::Float(f) if f.is_finite() => Ok(f),
        Number::Float(_) => Err(PErr::Domain(Atom::new("time_stamp"), c)),
        n => Ok(n.to_f64()),
    }
}

/// A number argument of a date: integer (or float for the seconds).
fn date_field(m: &Machine, c: Cell) -> Res<f64> {
    Ok(m.get_number(c)?.to_f64())
}

/// The stamp of a `date/9` term, or of `date/3` (local midnight); an unbound Off means the
/// local zone.
fn date_to_stamp(m: &Machine, c: Cell) -> Res<f64> {
    let c = m.heap.deref(c);
    let View::Compound { name, arity, args } = m.heap.view(c) else {
        return Err(m.type_error(Atom::new("date"), c));
    };
    if name.name() != "date" || (arity != 9 && arity != 3) {
        return Err(m.type_error(Atom::new("date"), c));
    }
    let arg = |i: usize| m.heap.get(args + i);
    let (y, mo, d) = (
        date_field(m, arg(0))?,
        date_field(m, arg(1))?,
        date_field(m, arg(2))?,
    );
    let days = days_from_civil(y as i64, mo as i64, d as i64);
    let (h, mi, s) = if arity == 3 {
        (0.0, 0.0, 0.0)
    } else {
        (
            date_field(m, arg(3))?,
            date_field(m, arg(4))?,
            date_field(m, arg(5))?,
        )
    };
    let wall = days as f64 * 86_400.0 + h * 3600.0 + mi * 60.0 + s;
    let off = if arity == 9 {
        m.heap.deref(arg(6))
    } else {
        Cell::atom(atoms::NIL)
    };
    if off.tag() == INT {
        return Ok(wall + off.get_int() as f64);
    }
    // Local time: the zone's offset at that moment (two steps settle a DST edge).
    let (o1, _, _) = local_zone(wall);
    let (o2, _, _) = local_zone(wall + o1 as f64);
    Ok(wall + o2 as f64)
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
        _ => return Err(m.type_error(Atom::new("timezone"), zone)),
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

/// The text of `format` for `tm` (C strftime directives as SWI-Prolog has them).
fn format_tm(format: &str, tm: &Tm, stamp: f64) -> Result<String, String> {
    use std::fmt::Write;
    let mut out = String::new();
    let mut chars = format.chars().peekable();
    let hour12 = if tm.hour % 12 == 0 { 12 } else { tm.hour % 12 };
    let (day, month) = (DAYS[tm.wday as usize], MONTHS[(tm.month - 1) as usize]);
    let frac = tm.sec - tm.sec.floor();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        // An optional digit before `f`: the number of decimals.
        let digits = chars.next_if(|d| d.is_ascii_digit());
        let Some(d) = chars.next() else {
            return Err("%".into());
        };
        let _ = match d {
            'a' => write!(out, "{}", &day[..3]),
            'A' => write!(out, "{day}"),
            'b' | 'h' => write!(out, "{}", &month[..3]),
            'B' => write!(out, "{month}"),
            'c' => write!(
                out,
                "{} {} {:2} {:02}:{:02}:{:02} {}",
                &day[..3],
                &month[..3],
                tm.day,
                tm.hour,
                tm.min,
                tm.sec as i64,
                tm.year
            ),
            'C' => write!(out, "{:02}", tm.year.div_euclid(100)),
            'd' => write!(out, "{:02}", tm.day),
            'D' => write!(
                out,
                "{:02}/{:02}/{:02}",
                tm.month,
                tm.day,
                tm.year.rem_euclid(100)
            ),
            'e' => write!(out, "{:2}", tm.day),
            'F' => write!(out, "{}-{:02}-{:02}", tm.year, tm.month, tm.day),
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
                "{hour12:02}:{:02}:{:02} {}",
                tm.min,
                tm.sec as i64,
                if tm.hour < 12 { "AM" } else { "PM" }
            ),
            'R' => write!(out, "{:02}:{:02}", tm.hour, tm.min),
            's' => write!(out, "{}", stamp.floor() as i64),
            'S' => write!(out, "{:02}", tm.sec as i64),
            'f' => {
                let n = digits.and_then(|d| d.to_digit(10)).unwrap_or(6) as usize;
                let scaled = (frac * 10f64.powi(n as i32)).floor() as u64;
                write!(out, "{scaled:0n$}")
            }
            'T' => write!(out, "{:02}:{:02}:{:02}", tm.hour, tm.min, tm.sec as i64),
            'u' => write!(out, "{}", if tm.wday == 0 { 7 } else { tm.wday }),
            'w' => write!(out, "{}", tm.wday),
            'y' => write!(out, "{:02}", tm.year.rem_euclid(100)),
            'Y' => write!(out, "{}", tm.year),
            'z' => {
                let east = -tm.off;
                let sign = if east < 0 { '-' } else { '+' };
                write!(
                    out,
                    "{sign}{:02}{:02}",
                    east.abs() / 3600,
                    east.abs() / 60 % 60
                )
            }
            'Z' => write!(out, "{}", tm.zone.as_deref().unwrap_or("")),
            '+' => write!(
                out,
                "{} {} {:2} {:02}:{:02}:{:02} {} {}",
                &day[..3],
                &month[..3],
                tm.day,
                tm.hour,
                tm.min,
                tm.sec as i64,
                tm.zone.as_deref().unwrap_or(""),
                tm.year
            ),
            '%' => write!(out, "%"),
            other => return Err(format!("%{other}")),
        };
    }
    Ok(out)
}

/// '$format_time'(+Format, +StampOrDate, -Text): format_time/3's text, local time.
fn format_time(m: &mut Machine) -> Res {
    let format = m.get_text(m.regs[0], Atom::new("text"))?;
    let when = m.heap.deref(m.regs[1]);
    let stamp = match when.tag() {
        INT | BOX => stamp_arg(m, when)?,
        _ => date_to_stamp(m, when)?,
    };
    let tm = local_time(stamp);
    let text = format_tm(&format, &tm, stamp)
        .map_err(|d| PErr::Domain(Atom::new("format_time"), Cell::atom(Atom::new(&d))))?;
    let t = m.heap.new_string(&text);
    Ok(m.unify(m.regs[2], t))
}

pub fn register(m: &mut Machine) {
    reg_doc(m, "stamp_date_time(+TimeStamp, -DateTime, +TimeZone)", "DateTime is the date/9 term for the time stamp TimeStamp in TimeZone (local, UTC or an offset).");
    reg_det(m, "stamp_date_time", 3, stamp_date_time);
    reg_doc(m, "date_time_stamp(+DateTime, -TimeStamp)", "TimeStamp is the time stamp (seconds since 1970) of the date(Y,M,D,H,Mn,S,Off,TZ,DST) term.");
    reg_det(m, "date_time_stamp", 2, |m| {
        let stamp = date_to_stamp(m, m.regs[0])?;
        let c = m.heap.new_float(stamp);
        Ok(m.unify(m.regs[1], c))
    });
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
        let text = format_tm("%F %T %a %j %3f %z %%", &tm, 1_700_000_000.25).unwrap();
        assert_eq!(text, "2023-11-14 22:13:20 Tue 318 250 +0000 %");
        assert!(format_tm("%Q", &tm, 0.0).is_err());
    }
}
