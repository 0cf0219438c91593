//! The primitives under library(time): set and cancel the process's alarm
//! clock for a numbered alarm (engine/timer.rs), and run the goals of alarms
//! that rang. The alarms' goals, times and states live in library(time)
//! (`time:'$alarm'/5`); an alarm that rings runs `time:'$run_alarm'(Id)` at
//! the machine's next call, in a nested run whose bindings are undone and
//! whose error is raised in the interrupted goal.
//!
//! Tested by: tests/prolog/lib_time.pl (under knightlog and SWI-Prolog).

use super::reg_det;
use crate::engine::error::{PErr, Res};
use crate::engine::timer;
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::Cell;
use std::time::Duration;

pub fn register(m: &mut Machine) {
    // '$alarm_schedule'(+Id, +Delay): ring alarm Id after Delay seconds.
    reg_det(m, "$alarm_schedule", 2, |m| {
        let id = alarm_number(m, m.regs[0])?;
        let delay = m.get_number(m.regs[1])?.to_f64();
        let delay = if delay.is_finite() && delay > 0.0 {
            Duration::from_secs_f64(delay.min(1e10))
        } else if delay > 0.0 {
            Duration::from_secs(1 << 40)
        } else {
            Duration::ZERO
        };
        m.on_alarm = Some(run_rung);
        timer::schedule(&m.gate, id, delay);
        Ok(true)
    });
    // '$signals_held'(+Bool): sig_atomic/1 holds alarms (true) and lets
    // them go (false), nesting.
    reg_det(m, "$signals_held", 1, |m| {
        if m.arg(0) == Cell::atom(atoms::TRUE) {
            m.alarms_held += 1;
        } else {
            m.alarms_held = m.alarms_held.saturating_sub(1);
        }
        Ok(true)
    });
    // '$alarm_cancel'(+Id): alarm Id does not ring (if it has not yet).
    reg_det(m, "$alarm_cancel", 1, |m| {
        let id = alarm_number(m, m.regs[0])?;
        timer::cancel(id);
        Ok(true)
    });
}

/// sleep/1: alarms that ring meanwhile run (and may raise), and so does
/// Ctrl-C's menu; then the sleep goes on.
pub(crate) fn sleep(m: &mut Machine, secs: f64) -> Res<()> {
    if secs.is_nan() || secs <= 0.0 {
        return Ok(());
    }
    let end = std::time::Instant::now().checked_add(Duration::from_secs_f64(secs.min(1e10)));
    loop {
        let left = match end {
            Some(end) => end.saturating_duration_since(std::time::Instant::now()),
            None => Duration::from_secs(86_400),
        };
        if m.gate.sleep(left) {
            return Ok(());
        }
        m.handle_interrupt()?;
        m.run_alarms()?;
    }
}

fn alarm_number(m: &Machine, c: Cell) -> Res<u64> {
    let n = m.get_int(c)?;
    u64::try_from(n).map_err(|_| PErr::Type(Atom::new("alarm"), c))
}

/// Runs `time:'$run_alarm'(Id)` for each alarm that rang, in order; if one
/// raises, the ones after it are put back to run at the next call.
fn run_rung(m: &mut Machine, rung: Vec<u64>) -> Res<()> {
    let run = Atom::new("$run_alarm");
    for (i, &id) in rung.iter().enumerate() {
        let n = m.heap.new_int(id as i64);
        let g = m.heap.new_compound(run, &[n]);
        let g = m
            .heap
            .new_compound(atoms::COLON, &[Cell::atom(Atom::new("time")), g]);
        if let Err(e) = m.run_once(g) {
            m.gate.put_back_alarms(&rung[i + 1..]);
            return Err(e);
        }
    }
    Ok(())
}
