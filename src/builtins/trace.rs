//! The box-model debugger, SWI-Prolog's look and keys: trace/0, notrace/0,
//! tracing/0, debug/0, nodebug/0, debugging/0, spy/1, nospy/1, nospyall/0,
//! leash/1, visible/1, trace/1,2, and the primitives of the box in
//! lib/trace.pl (`'$trace_port'/4` decides what a port shows and asks the
//! user what to do).
//!
//! The engine boxes calls only while debug mode is on (engine/trace.rs);
//! here is the state that decides what each port prints: tracing (creep),
//! skipping to a depth, spy points, trace/2 points, leashed and visible ports.
//! Keys come from the reader the top level installs (`Debugger::read_key`);
//! without one (a script, a pipe) leashed ports print and go on.
//!
//! Tested by: tests/prolog_trace.rs (ports of trace/2 against SWI-Prolog),
//! tests/scenarios/repl/trace_*.txt (the interactive tracer in a terminal).

use super::db::b_set;
use super::reg_det;
use super::trace_keys::{key_action, Action, At};
use crate::engine::error::{PErr, Res};
use crate::engine::pred::PredKind;
use crate::engine::trace::TOP_DEPTH;
use crate::engine::Machine;
use crate::syntax::writer::WriteOptions;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;

pub(super) const CALL: u8 = 1;
const EXIT: u8 = 2;
pub(super) const REDO: u8 = 4;
pub(super) const FAIL: u8 = 8;
pub(super) const EXCEPTION: u8 = 16;
pub(super) const UNIFY: u8 = 32;
const ALL: u8 = CALL | EXIT | REDO | FAIL | EXCEPTION | UNIFY;

/// What the interactive tracer does at the next port.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Not tracing: only spy points (in debug mode) and trace/2 points show.
    Off,
    /// Every visible port shows.
    Creep,
    /// Ports deeper than this depth are passed silently.
    Skip(i64),
}

/// The debugger's settings and state.
#[derive(Clone, Debug)]
pub struct Debugger {
    pub mode: Mode,
    /// debug/0 (or a spy point) turned debug mode on.
    pub debug_mode: bool,
    /// Spy points: name and arity (None: every arity).
    pub spies: Vec<(Atom, Option<usize>)>,
    /// trace/2 points: name, arity and the ports printed.
    pub traced: Vec<(Atom, Option<usize>, u8)>,
    pub leash: u8,
    pub visible: u8,
    /// `C` at a port: show the goal's module (`[user] p(_)`).
    pub show_context: bool,
    /// An uncaught error started the tracer at its Exception port
    /// (`debug_on_error`): the top level has reported it, and stops tracing
    /// when the query ends.
    pub error_trapped: bool,
    /// Tracing was on before that error: it stays on after the query.
    pub trace_after_error: bool,
    /// Reads one key press: Some('\n') for Enter, Some('\x03') for Ctrl-C, None at end of input.
    pub read_key: Option<fn() -> Option<char>>,
}

impl Default for Debugger {
    fn default() -> Self {
        Debugger {
            mode: Mode::Off,
            debug_mode: false,
            spies: Vec::new(),
            traced: Vec::new(),
            leash: CALL | EXIT | REDO | FAIL | EXCEPTION,
            visible: CALL | EXIT | REDO | FAIL | EXCEPTION,
            show_context: false,
            error_trapped: false,
            trace_after_error: false,
            read_key: None,
        }
    }
}

fn matches_spec(spec: &(Atom, Option<usize>), name: Atom, arity: usize) -> bool {
    spec.0 == name && spec.1.is_none_or(|a| a == arity)
}

/// The debugger's predicates (never shown by the tracer itself), with help/1's descriptions.
const DEBUGGER_PREDS: &[(&str, &str)] = &[
    (
        "trace",
        "Trace from the next call on: every port shows and asks what to do.",
    ),
    (
        "notrace",
        "Stop tracing; debug mode stays on (nodebug/0 leaves it).",
    ),
    ("tracing", "True while tracing."),
    ("debug", "Debug mode: spy points stop the run."),
    ("nodebug", "Leave debug mode and stop tracing."),
    (
        "debugging",
        "Print the debugger's state: debug mode, spy points, trace points.",
    ),
    (
        "spy(+PredSpec)",
        "Put a spy point on the predicates PredSpec names; debug mode on.",
    ),
    ("nospy(+PredSpec)", "Remove the spy points PredSpec names."),
    ("nospyall", "Remove every spy point."),
    (
        "leash(+Ports)",
        "Choose the ports at which the tracer waits for a key (+Port, -Port, a list).",
    ),
    (
        "visible(+Ports)",
        "Choose the ports the tracer shows (+Port, -Port, a list).",
    ),
    (
        "trace(+PredSpec)",
        "Print every port of the predicates PredSpec names, without stopping.",
    ),
    (
        "trace(+PredSpec, +Ports)",
        "Print these ports of the predicates PredSpec names, without stopping.",
    ),
];

pub fn register(m: &mut Machine) {
    reg_det(m, "trace", 0, |m| {
        start_tracing(m);
        Ok(true)
    });
    reg_det(m, "notrace", 0, |m| {
        stop_tracing(m);
        Ok(true)
    });
    reg_det(m, "tracing", 0, |m| Ok(m.ext.debugger.mode != Mode::Off));
    reg_det(m, "debug", 0, |m| {
        m.ext.debugger.debug_mode = true;
        sync(m);
        Ok(true)
    });
    reg_det(m, "nodebug", 0, |m| {
        m.ext.debugger.debug_mode = false;
        m.ext.debugger.mode = Mode::Off;
        sync(m);
        Ok(true)
    });
    reg_det(m, "debugging", 0, debugging);
    reg_det(m, "spy", 1, |m| {
        let spec = m.get_pred_spec(m.regs[0])?;
        if !m.ext.debugger.spies.contains(&spec) {
            m.ext.debugger.spies.push(spec);
        }
        m.ext.debugger.debug_mode = true;
        sync(m);
        let text = format!("% Spy point on {}\n", spec_text(spec));
        inform(m, &text);
        Ok(true)
    });
    reg_det(m, "nospy", 1, |m| {
        let spec = m.get_pred_spec(m.regs[0])?;
        let before = m.ext.debugger.spies.len();
        m.ext
            .debugger
            .spies
            .retain(|s| !(s.0 == spec.0 && (spec.1.is_none() || s.1 == spec.1)));
        if m.ext.debugger.spies.len() < before {
            let text = format!("% Spy point removed from {}\n", spec_text(spec));
            inform(m, &text);
        }
        Ok(true)
    });
    reg_det(m, "nospyall", 0, |m| {
        m.ext.debugger.spies.clear();
        Ok(true)
    });
    reg_det(m, "leash", 1, |m| {
        let bits = m.ext.debugger.leash;
        m.ext.debugger.leash = port_spec(m, m.regs[0], bits)?;
        Ok(true)
    });
    reg_det(m, "visible", 1, |m| {
        let bits = m.ext.debugger.visible;
        m.ext.debugger.visible = port_spec(m, m.regs[0], bits)?;
        Ok(true)
    });
    reg_det(m, "trace", 1, |m| {
        let all = Cell::atom(Atom::new("all"));
        trace2(m, m.regs[0], all)
    });
    reg_det(m, "trace", 2, |m| trace2(m, m.regs[0], m.regs[1]));
    for &(template, description) in DEBUGGER_PREDS {
        super::docs::reg_doc(m, template, description);
        let name = template.split('(').next().unwrap_or(template);
        let arity = template.matches(',').count() + usize::from(template.contains('('));
        let p = m.pred_id_in(atoms::SYSTEM, Atom::new(name), arity);
        m.debug.untraced.insert(p);
    }
    // The box's primitives (lib/trace.pl).
    reg_det(m, "$trace_port", 4, port);
    reg_det(m, "$trace_enter", 2, |m| {
        let (g, d) = (m.regs[0], m.arg(1));
        let parent = current_frame(m);
        let hidden = Cell::small_int(-d.get_int().abs());
        set_frame(m, hidden, g, parent);
        Ok(true)
    });
    reg_det(m, "$trace_leave", 0, |m| {
        let parent = frame_parts(m).map_or(Cell::atom(atoms::NIL), |f| f.2);
        b_set(m, Atom::new("$trace_ctx"), parent);
        Ok(true)
    });
    reg_det(m, "$trace_run_as", 1, |m| {
        if let Some((_, g, parent)) = frame_parts(m) {
            let d = m.regs[0];
            set_frame(m, d, g, parent);
        }
        m.debug.skip_once = true;
        Ok(true)
    });
    reg_det(m, "$trace_exited", 2, |m| {
        if let Some((d, g, parent)) = frame_parts(m) {
            let hidden = Cell::small_int(-d.abs());
            set_frame(m, hidden, g, parent);
        }
        let before = m.get_nonneg(m.regs[0])?;
        let det = if m.cps.len() <= before {
            atoms::TRUE
        } else {
            atoms::FALSE
        };
        Ok(m.unify(m.regs[1], Cell::atom(det)))
    });
    reg_det(m, "$trace_by_clause", 1, by_clause);
    reg_det(m, "$trace_height", 1, |m| {
        let h = Cell::small_int(m.cps.len() as i64);
        Ok(m.unify(m.regs[0], h))
    });
}

/// '$trace_by_clause'(+Module:Goal): the box takes Goal's clauses one by one
/// to show the Unify port after each head (lib/trace.pl): the port is visible
/// and Goal's predicate is plain clauses of the program (no `=>` rules, not
/// tabled: their heads do not unify as clause/3 sees them).
fn by_clause(m: &mut Machine) -> Res {
    if m.ext.debugger.visible & UNIFY == 0 {
        return Ok(false);
    }
    let module = goal_module(m, m.regs[0]);
    let (_, name, arity) = shown_goal(m, m.regs[0]);
    let Some(p) = m.lookup_pred_in(module, name, arity) else {
        return Ok(false);
    };
    let pred = &m.preds[p as usize];
    let plain = matches!(pred.kind, PredKind::Clauses) && !pred.builtin && !pred.library;
    Ok(plain
        && !super::ssu::is_rule_pred(m, p)
        && !m.ext.tables.declared.contains_key(&(module, name, arity)))
}

/// What the top level's prompt says: `trace` while tracing, `debug` in debug mode.
pub fn mode_tag(m: &Machine) -> Option<&'static str> {
    let d = &m.ext.debugger;
    match (d.mode, d.debug_mode) {
        (Mode::Off, false) => None,
        (Mode::Off, true) => Some("debug"),
        _ => Some("trace"),
    }
}

/// trace/0 (and `t` in the Ctrl-C menu): every port shows from the next
/// call on. Debug mode comes with it and stays after notrace/0, as in
/// SWI-Prolog (`[debug] ?-` until nodebug/0).
pub fn start_tracing(m: &mut Machine) {
    m.ext.debugger.mode = Mode::Creep;
    m.ext.debugger.debug_mode = true;
    sync(m);
}

/// notrace/0 (and the top level after an error's Exception ports): debug mode stays.
pub fn stop_tracing(m: &mut Machine) {
    m.ext.debugger.mode = Mode::Off;
    sync(m);
}

/// Debug mode (boxing calls) is on while anything can show a port.
pub(super) fn sync(m: &mut Machine) {
    let d = &m.ext.debugger;
    let on = d.mode != Mode::Off || d.debug_mode || !d.traced.is_empty();
    m.set_debug(on);
}

/// An informational message (silent with `-q`, as SWI-Prolog's are).
fn inform(m: &mut Machine, text: &str) {
    if !m.ext.quiet {
        m.emit_error(text);
    }
}

fn spec_text(spec: (Atom, Option<usize>)) -> String {
    match spec.1 {
        Some(a) => format!("{}/{a}", spec.0.name()),
        None => spec.0.name().to_string(),
    }
}

fn port_bit(name: &str) -> Option<u8> {
    Some(match name {
        "call" => CALL,
        "exit" => EXIT,
        "redo" => REDO,
        "fail" => FAIL,
        "exception" => EXCEPTION,
        "unify" => UNIFY,
        "all" | "full" => ALL,
        "half" => CALL | REDO,
        "loose" => CALL,
        "tight" => CALL | REDO | FAIL | EXCEPTION,
        "none" | "off" => 0,
        _ => return None,
    })
}

/// A leash/1, visible/1 or trace/2 port spec applied to `bits`: `+Port`,
/// `-Port`, `Port` (exactly these ports) or a list of them.
fn port_spec(m: &Machine, spec: Cell, bits: u8) -> Res<u8> {
    let spec = m.heap.deref(spec);
    if let Ok(items) = m.heap.list_to_vec(spec) {
        if spec != Cell::atom(atoms::NIL) {
            let mut out = bits;
            let mut only = 0u8;
            let mut replaced = false;
            for it in items {
                match one_port(m, it)? {
                    (b, Some(true)) => out |= b,
                    (b, Some(false)) => out &= !b,
                    (b, None) => {
                        replaced = true;
                        only |= b;
                    }
                }
            }
            return Ok(if replaced { only } else { out });
        }
    }
    Ok(match one_port(m, spec)? {
        (b, Some(true)) => bits | b,
        (b, Some(false)) => bits & !b,
        (b, None) => b,
    })
}

/// A port term split into its sign — `Some(true)` for `+Port`, `Some(false)` for `-Port`,
/// `None` unsigned — and the port itself (dereferenced).
fn signed_port(m: &Machine, t: Cell) -> (Option<bool>, Cell) {
    let t = m.heap.deref(t);
    match m.heap.view(t) {
        View::Compound {
            name,
            arity: 1,
            args,
        } if name.name() == "+" || name.name() == "-" => {
            (Some(name.name() == "+"), m.heap.deref(m.heap.get(args)))
        }
        _ => (None, t),
    }
}

/// One port term: its bits and whether it adds (+), removes (-) or sets.
fn one_port(m: &Machine, t: Cell) -> Res<(u8, Option<bool>)> {
    let (sign, p) = signed_port(m, t);
    let a = m.get_atom(p)?;
    match port_bit(a.name()) {
        Some(b) => Ok((b, sign)),
        None => Err(PErr::Domain(Atom::new("port"), p)),
    }
}

fn trace2(m: &mut Machine, pred: Cell, ports: Cell) -> Res {
    let spec = m.get_pred_spec(pred)?;
    let d = &mut m.ext.debugger;
    let old = d
        .traced
        .iter()
        .find(|t| (t.0, t.1) == spec)
        .map_or(0, |t| t.2);
    let Some(bits) = trace_ports(m, ports, old)? else {
        return Ok(false);
    };
    // SWI-Prolog fails to remove the ports of a predicate it does not trace.
    if bits == 0 && old == 0 {
        return Ok(false);
    }
    let d = &mut m.ext.debugger;
    d.traced.retain(|t| (t.0, t.1) != spec);
    if bits != 0 {
        d.traced.push((spec.0, spec.1, bits));
    }
    sync(m);
    let text = format!("%         {}: {}\n", spec_text(spec), ports_text(bits));
    inform(m, &text);
    Ok(true)
}

/// The ports trace/2 prints: SWI-Prolog 9's four (`all` is all four).
const TRACE_ALL: u8 = CALL | EXIT | REDO | FAIL;

/// trace/2's port spec applied to `bits`, as SWI-Prolog 9 reads it: `+Port`
/// and a plain `Port` add, `-Port` removes, a list does each in turn; a port
/// other than all, call, exit, redo and fail makes trace/2 fail (None).
fn trace_ports(m: &Machine, spec: Cell, bits: u8) -> Res<Option<u8>> {
    let spec = m.heap.deref(spec);
    if spec.tag() == REF {
        return Err(PErr::Instantiation);
    }
    let items = m.heap.list_to_vec(spec).unwrap_or_else(|_| vec![spec]);
    let mut out = bits;
    for it in items {
        let (sign, port) = signed_port(m, it);
        let add = sign.unwrap_or(true);
        let bit = match m.heap.view(port) {
            View::Atom(a) => match a.name() {
                "all" => TRACE_ALL,
                "call" => CALL,
                "exit" => EXIT,
                "redo" => REDO,
                "fail" => FAIL,
                _ => return Ok(None),
            },
            _ if port.tag() == REF => return Err(PErr::Instantiation),
            _ => return Ok(None),
        };
        if add {
            out |= bit;
        } else {
            out &= !bit;
        }
    }
    Ok(Some(out))
}

/// SWI-Prolog's list of trace/2 ports: `[all]`, or the ports in its order.
fn ports_text(bits: u8) -> String {
    if bits == 0 {
        return "Not tracing".to_string();
    }
    if bits & TRACE_ALL == TRACE_ALL {
        return "[all]".to_string();
    }
    let names: Vec<&str> = [
        (CALL, "call"),
        (EXIT, "exit"),
        (REDO, "redo"),
        (FAIL, "fail"),
    ]
    .iter()
    .filter(|(b, _)| bits & b != 0)
    .map(|&(_, n)| n)
    .collect();
    format!("[{}]", names.join(","))
}

/// debugging/0 as SWI-Prolog 9 words it: the mode and, in debug mode, the spy
/// points (informational: `-q` hides them), then the exception traps (none
/// can be set). SWI-Prolog 9.0.4 says "off" even in debug mode, since it
/// runs debugging/0 outside the debugger; knightlog says what the mode is.
fn debugging(m: &mut Machine) -> Res {
    let d = m.ext.debugger.clone();
    let on = d.debug_mode || d.mode != Mode::Off;
    let mut text = format!("% Debug mode is {}\n", if on { "on" } else { "off" });
    if on && d.spies.is_empty() {
        text.push_str("% No spy points\n");
    } else if on {
        text.push_str("% Spy points (see spy/1) on:\n");
        for s in &d.spies {
            text.push_str(&format!("%         {}\n", spec_text(*s)));
        }
    }
    inform(m, &text);
    m.emit_error("% No exception traps\n");
    Ok(true)
}

// ----- the box's frames -------------------------------------------------------

/// The innermost box's frame `'$tf'(Depth, Goal, Parent)`, or `[]`.
fn current_frame(m: &Machine) -> Cell {
    match m.b_slot(Atom::new("$trace_ctx")) {
        Some(a) => m.heap.deref(m.heap.get(a + 2)),
        None => Cell::atom(atoms::NIL),
    }
}

fn frame_at(m: &Machine, f: Cell) -> Option<(i64, Cell, Cell)> {
    let View::Compound { arity: 3, args, .. } = m.heap.view(m.heap.deref(f)) else {
        return None;
    };
    let d = m.heap.deref(m.heap.get(args));
    (d.tag() == INT).then(|| (d.get_int(), m.heap.get(args + 1), m.heap.get(args + 2)))
}

fn frame_parts(m: &Machine) -> Option<(i64, Cell, Cell)> {
    frame_at(m, current_frame(m))
}

fn set_frame(m: &mut Machine, d: Cell, g: Cell, parent: Cell) {
    let f = m.heap.new_compound(Atom::new("$tf"), &[d, g, parent]);
    b_set(m, Atom::new("$trace_ctx"), f);
}

// ----- ports -------------------------------------------------------------------

/// The goal as a port shows it: `Module:` only outside `user` and `system`.
fn shown_goal(m: &Machine, g: Cell) -> (Cell, Atom, usize) {
    let mut g = m.heap.deref(g);
    if let View::Compound {
        name,
        arity: 2,
        args,
    } = m.heap.view(g)
    {
        let module = m.heap.deref(m.heap.get(args));
        let inner = m.heap.deref(m.heap.get(args + 1));
        if name == atoms::COLON
            && (module == Cell::atom(atoms::USER) || module == Cell::atom(atoms::SYSTEM))
        {
            g = inner;
        }
        let (n, a) = m.heap.callable_key(inner).unwrap_or((atoms::TRUE, 0));
        return (g, n, a);
    }
    let (n, a) = m.heap.callable_key(g).unwrap_or((atoms::TRUE, 0));
    (g, n, a)
}

/// The module of a boxed goal `Module:Goal`.
fn goal_module(m: &Machine, g: Cell) -> Atom {
    match m.heap.view(m.heap.deref(g)) {
        View::Compound {
            name,
            arity: 2,
            args,
        } if name == atoms::COLON => match m.heap.view(m.heap.deref(m.heap.get(args))) {
            View::Atom(a) => a,
            _ => atoms::USER,
        },
        _ => atoms::USER,
    }
}

fn goal_text(m: &mut Machine, g: Cell, quoted_only: bool) -> String {
    let mut o = WriteOptions::print();
    o.spacing_next_argument = true;
    o.max_depth = 10;
    o.priority = 999;
    if quoted_only {
        return m.term_text(g, &WriteOptions::writeq());
    }
    print_goal(m, g, &o)
}

/// A goal of an error's backtrace as SWI-Prolog writes it there: printed
/// (portray), depth-limited, no space after argument commas, no `user:`.
pub fn backtrace_goal_text(m: &mut Machine, g: Cell) -> String {
    let (g, _, _) = shown_goal(m, g);
    let mut o = WriteOptions::print();
    o.max_depth = 10;
    o.priority = 999;
    print_goal(m, g, &o)
}

fn print_goal(m: &mut Machine, g: Cell, o: &WriteOptions) -> String {
    // A portray/1 hook runs without the debugger looking at it.
    let on = m.debug.on;
    m.debug.on = false;
    let text = m
        .print_text_with(g, o)
        .unwrap_or_else(|_| m.term_text(g, o));
    m.set_debug(on);
    text
}

fn port_name(port: u8) -> &'static str {
    match port {
        CALL => "Call",
        EXIT => "Exit",
        REDO => "Redo",
        FAIL => "Fail",
        UNIFY => "Unify",
        _ => "Exception",
    }
}

/// '$trace_port'(+Port, +Goal, +Depth, -Action): shows the port if the
/// debugger's state asks for it and, if leashed, reads what to do. Action is
/// `creep` (go on), `fail` or `retry`; abort throws.
fn port(m: &mut Machine) -> Res {
    let p = m.arg(0);
    let (port, ball) = match m.heap.view(p) {
        View::Atom(a) => (port_bit(a.name()).unwrap_or(CALL), None),
        View::Compound { args, .. } => (EXCEPTION, Some(m.heap.get(args))),
        _ => (CALL, None),
    };
    let goal = m.regs[1];
    let depth = m.get_int(m.regs[2])?.abs();
    let (g, name, arity) = shown_goal(m, goal);
    let creep = Cell::atom(Atom::new("creep"));
    // trace/2 points print whatever the mode (not exceptions or unifications:
    // SWI-Prolog's do not).
    let traced = port & (EXCEPTION | UNIFY) == 0
        && m.ext
            .debugger
            .traced
            .iter()
            .any(|t| matches_spec(&(t.0, t.1), name, arity) && t.2 & port != 0);
    if traced {
        let text = format!(
            " T [{depth}] {}: {}\n",
            port_name(port),
            goal_text(m, g, false)
        );
        m.emit_error(&text);
    }
    let spy = m
        .ext
        .debugger
        .spies
        .iter()
        .any(|s| matches_spec(s, name, arity));
    let d = &mut m.ext.debugger;
    let show = match d.mode {
        Mode::Creep => true,
        Mode::Skip(s) if depth <= s => {
            d.mode = Mode::Creep;
            true
        }
        Mode::Skip(_) => false,
        Mode::Off if spy && d.debug_mode => {
            d.mode = Mode::Creep;
            true
        }
        Mode::Off => false,
    };
    if !show || d.visible & port == 0 {
        return Ok(m.unify(m.regs[3], creep));
    }
    let leashed = d.leash & port != 0;
    let reader = d.read_key;
    let mut quoted_only = false;
    let at = At {
        port,
        depth,
        ball,
        name,
        arity,
    };
    loop {
        let context = match m.ext.debugger.show_context {
            true => format!("[{}] ", goal_module(m, goal).name()),
            false => String::new(),
        };
        let line = format!(
            "   {}: ({depth}) {context}{}",
            port_name(port),
            goal_text(m, g, quoted_only)
        );
        let Some(read) = reader.filter(|_| leashed) else {
            m.emit_error(&format!("{line}\n"));
            return Ok(m.unify(m.regs[3], creep));
        };
        m.emit_error(&format!("{line} ? "));
        let action = loop {
            match key_action(m, read(), &at)? {
                Some(a) => break a,
                None => continue,
            }
        };
        match action {
            Action::Go(a) => return Ok(m.unify(m.regs[3], Cell::atom(Atom::new(a)))),
            Action::Show(q) => quoted_only = q,
            Action::Again => {}
        }
    }
}

/// The goals of the open boxes, innermost first: `     [Depth] Goal`.
pub fn backtrace(m: &mut Machine) -> String {
    let mut out = String::new();
    let mut f = current_frame(m);
    let mut seen = 0;
    while let Some((d, g, parent)) = frame_at(m, f) {
        let (g, _, _) = shown_goal(m, g);
        let line = format!("     [{}] {}\n", d.abs(), goal_text(m, g, false));
        out.push_str(&line);
        f = parent;
        seen += 1;
        if seen > 50 {
            break;
        }
    }
    if out.is_empty() {
        out = format!("     [{TOP_DEPTH}] (top)\n");
    }
    out
}
