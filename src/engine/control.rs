//! Control constructs compiled inline, WAM style: a clause body lowered to
//! the flat goal list the code generator (compile.rs) turns into code.
//!
//! `;`, `->`, `*->` and `\+` need no predicate of their own. A disjunction or
//! an if-then-else with an else branch pushes a choicepoint inside the clause
//! (`TryElse`) whose alternative is a label further on in the same clause
//! (`Retry` / `Trust` start the next alternatives); if-then-else's condition
//! cuts back to the height taken before that choicepoint; `\+ G` is
//! `(G -> fail ; true)`; `*->` soft-cuts the choicepoint. A `!` in a branch
//! cuts the clause; one in a condition (or under `\+`) is local to it. The
//! constructs count no inference and show no port in the debugger.
//!
//! Work is an explicit stack: bodies nest without bound (invariant 1).
//!
//! Tested by: the golden listings (compile_tests.rs); tests/prolog/control.pl (cut in every
//! position, exceptions, last call after a construct, differential with SWI-Prolog).

use super::error::{PErr, Res};
use super::instr::PredId;
use super::machine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::FastSet;

/// A jump target in the goal list (resolved to a code offset by compile.rs).
pub(super) type Label = u32;

/// Where a `!` met at this point cuts to.
#[derive(Copy, Clone, Debug)]
enum CutTarget {
    /// The clause being compiled.
    Neck,
    /// A choicepoint height held in this (hidden) variable.
    Var(Cell),
}

#[derive(Debug)]
pub(super) enum Goal {
    Call {
        pred: PredId,
        args: Vec<Cell>,
        inline: bool,
    },
    /// `!` cutting the clause.
    Cut,
    /// Cut back to the height in a hidden variable.
    CutTo(Cell),
    /// The choicepoint height into a hidden variable.
    GetHeight(Cell),
    SoftCut(Cell),
    /// The `fail` of `\+` (not a call: no inference, no port).
    Fail,
    /// Fresh variables for the permanent variables first met inside the
    /// outermost construct that follows (filled in by compile.rs, which knows
    /// which are permanent): every path through the construct then finds them
    /// initialized, and the frame's slots written before the choicepoint are all
    /// a backtrack into it needs.
    Init(Vec<Cell>),
    /// Push a choicepoint resuming at the label.
    TryElse(Label),
    /// The label of a non-last alternative; the next one is at `next`.
    Retry {
        at: Label,
        next: Label,
    },
    /// The label of the last alternative: pops the choicepoint.
    Trust {
        at: Label,
    },
    Jump(Label),
    /// End of a construct; the label where its branches meet, if any jump there.
    Join(Option<Label>),
    /// End of a path through the clause (return, or the last call before it).
    End,
}

/// A body lowered to goals.
pub(super) struct Lowered {
    pub goals: Vec<Goal>,
    /// (index of the `Init`, index of the matching `Join`) of each outermost
    /// construct with a choicepoint.
    pub outer: Vec<(usize, usize)>,
    /// Addresses of the hidden height variables (always written before read).
    pub hidden: FastSet<usize>,
}

enum Work {
    Term {
        t: Cell,
        ct: CutTarget,
        /// Nothing follows on this path but the clause's end.
        tail: bool,
    },
    Emit(Goal),
}

fn is_disjunction(name: Atom) -> bool {
    name == atoms::SEMICOLON || name == atoms::BAR
}

impl Machine {
    /// Splits a control-construct term into its parts: (name, args).
    pub(super) fn control_parts(&self, t: Cell) -> Option<(Atom, Cell, Cell)> {
        if t.tag() != STR {
            return None;
        }
        let f = self.heap.get(t.addr());
        let a1 = self.heap.get(t.addr() + 1);
        match (f.fun_name(), f.fun_arity()) {
            (n, 2) if is_disjunction(n) || n == atoms::ARROW || n == atoms::SOFT_ARROW => {
                Some((n, a1, self.heap.get(t.addr() + 2)))
            }
            (n, 1) if n == atoms::NOT_PROVABLE => Some((n, a1, a1)),
            _ => None,
        }
    }

    /// The body as clause/2 and listing/1 show it: a variable in a goal position becomes
    /// `call(V)`, as SWI-Prolog stores it. Returns `body` itself when it has none.
    pub(crate) fn body_as_stored(&mut self, body: Cell) -> Cell {
        let mut any = false;
        let mut stack = vec![body];
        while let Some(g) = stack.pop() {
            let g = self.heap.deref(g);
            if g.tag() == REF {
                any = true;
                break;
            }
            if let Some((name, a, b)) = self.body_parts(g) {
                stack.push(a);
                if name != atoms::NOT_PROVABLE {
                    stack.push(b);
                }
            }
        }
        if !any {
            return body;
        }
        // Post-order rebuild with explicit stacks (bodies can be deep chains).
        enum Work {
            Visit(Cell),
            Build(Atom, usize),
        }
        let mut work = vec![Work::Visit(body)];
        let mut done: Vec<Cell> = Vec::new();
        while let Some(w) = work.pop() {
            match w {
                Work::Visit(g) => {
                    let g = self.heap.deref(g);
                    if g.tag() == REF {
                        let call = self.heap.new_compound(atoms::CALL, &[g]);
                        done.push(call);
                    } else if let Some((name, a, b)) = self.body_parts(g) {
                        let n = if name == atoms::NOT_PROVABLE { 1 } else { 2 };
                        work.push(Work::Build(name, n));
                        if n == 2 {
                            work.push(Work::Visit(b));
                        }
                        work.push(Work::Visit(a));
                    } else {
                        done.push(g);
                    }
                }
                Work::Build(name, n) => {
                    let args = done.split_off(done.len() - n);
                    let t = self.heap.new_compound(name, &args);
                    done.push(t);
                }
            }
        }
        done.pop().unwrap_or(body)
    }

    /// `control_parts` plus conjunction: the constructs whose arguments are goals.
    fn body_parts(&self, t: Cell) -> Option<(Atom, Cell, Cell)> {
        if t.tag() == STR {
            let f = self.heap.get(t.addr());
            if f.fun_name() == atoms::COMMA && f.fun_arity() == 2 {
                return Some((
                    atoms::COMMA,
                    self.heap.get(t.addr() + 1),
                    self.heap.get(t.addr() + 2),
                ));
            }
        }
        self.control_parts(t)
    }

    /// Does a `!` occur in a cut-transparent position of this goal?
    fn has_transparent_cut(&self, t: Cell) -> bool {
        let mut stack = vec![t];
        while let Some(c) = stack.pop() {
            let c = self.heap.deref(c);
            if c == Cell::atom(atoms::CUT) {
                return true;
            }
            if c.tag() != STR {
                continue;
            }
            let f = self.heap.get(c.addr());
            let (name, n) = (f.fun_name(), f.fun_arity());
            let is_ctl = n == 2
                && (name == atoms::COMMA
                    || is_disjunction(name)
                    || name == atoms::ARROW
                    || name == atoms::SOFT_ARROW);
            if is_ctl {
                stack.push(self.heap.get(c.addr() + 1));
                stack.push(self.heap.get(c.addr() + 2));
            }
        }
        false
    }

    /// `(name, condition, then)` if `t` is `C -> T` or `C *-> T`.
    fn arrow_parts(&self, t: Cell) -> Option<(Atom, Cell, Cell)> {
        self.control_parts(self.heap.deref(t))
            .filter(|(n, _, _)| *n == atoms::ARROW || *n == atoms::SOFT_ARROW)
    }

    /// Lowers a clause body to goals.
    pub(super) fn lower_body(&mut self, body: Cell) -> Res<Lowered> {
        let mut out = Lowered {
            goals: Vec::new(),
            outer: Vec::new(),
            hidden: FastSet::default(),
        };
        let mut labels: Label = 0;
        // Open constructs with a choicepoint, and the Init slot of the outermost.
        let mut depth = 0usize;
        let mut outer_init = 0usize;
        let mut stack = vec![
            Work::Emit(Goal::End),
            Work::Term {
                t: body,
                ct: CutTarget::Neck,
                tail: true,
            },
        ];
        while let Some(w) = stack.pop() {
            let (t, ct, tail) = match w {
                Work::Emit(g) => {
                    match g {
                        Goal::TryElse(_) => depth += 1,
                        Goal::Join(_) => {
                            depth -= 1;
                            if depth == 0 {
                                out.outer.push((outer_init, out.goals.len()));
                            }
                        }
                        _ => {}
                    }
                    out.goals.push(g);
                    continue;
                }
                Work::Term { t, ct, tail } => (self.heap.deref(t), ct, tail),
            };
            match t.tag() {
                ATM if t.get_atom() == atoms::CUT => out.goals.push(match ct {
                    CutTarget::Neck => Goal::Cut,
                    CutTarget::Var(v) => Goal::CutTo(v),
                }),
                ATM if t.get_atom() == atoms::TRUE => {}
                STR if self.heap.get(t.addr()) == Cell::functor(atoms::COMMA, 2) => {
                    let (a, b) = (self.heap.get(t.addr() + 1), self.heap.get(t.addr() + 2));
                    stack.push(Work::Term { t: b, ct, tail });
                    stack.push(Work::Term {
                        t: a,
                        ct,
                        tail: false,
                    });
                }
                STR if self.control_parts(t).is_some() => {
                    let work = self.lower_construct(t, ct, tail, &mut labels, &mut out.hidden);
                    if depth == 0
                        && work
                            .iter()
                            .any(|w| matches!(w, Work::Emit(Goal::TryElse(_))))
                    {
                        outer_init = out.goals.len();
                        out.goals.push(Goal::Init(Vec::new()));
                    }
                    stack.extend(work.into_iter().rev());
                }
                _ => out.goals.push(self.plain_goal(t)?),
            }
        }
        Ok(out)
    }

    /// The goals of one control construct, in order.
    fn lower_construct(
        &mut self,
        t: Cell,
        ct: CutTarget,
        tail: bool,
        labels: &mut Label,
        hidden: &mut FastSet<usize>,
    ) -> Vec<Work> {
        let mut label = || {
            *labels += 1;
            *labels
        };
        let term = |t: Cell, ct: CutTarget, tail: bool| Work::Term { t, ct, tail };
        let (name, a, b) = self.control_parts(t).unwrap_or((atoms::TRUE, t, t));
        let mut w = Vec::new();
        let cond = |m: &mut Machine, w: &mut Vec<Work>, c, h, hidden: &mut FastSet<usize>| {
            m.lower_condition(w, c, h, ct, hidden)
        };
        let ite = if is_disjunction(name) {
            self.arrow_parts(a)
        } else {
            None
        };
        if let Some((arrow, c, then)) = ite {
            let (else_at, join) = (label(), (!tail).then(&mut label));
            if arrow == atoms::ARROW {
                let h = self.hidden_var(hidden);
                w.push(Work::Emit(Goal::GetHeight(h)));
                w.push(Work::Emit(Goal::TryElse(else_at)));
                cond(self, &mut w, c, None, hidden);
                w.push(Work::Emit(Goal::CutTo(h)));
            } else {
                // Taken above the choicepoint: the soft-cut disables the one below it.
                let h = self.hidden_var(hidden);
                w.push(Work::Emit(Goal::TryElse(else_at)));
                w.push(Work::Emit(Goal::GetHeight(h)));
                cond(self, &mut w, c, Some(h), hidden);
                w.push(Work::Emit(Goal::SoftCut(h)));
            }
            w.push(term(then, ct, tail));
            w.push(Work::Emit(join.map_or(Goal::End, Goal::Jump)));
            w.push(Work::Emit(Goal::Trust { at: else_at }));
            w.push(term(b, ct, tail));
            w.push(Work::Emit(Goal::Join(join)));
        } else if is_disjunction(name) {
            // `(A ; B ; C)` nests to the right: one choicepoint for all alternatives.
            let mut alts = vec![a];
            let mut rest = self.heap.deref(b);
            while let Some((n, l, r)) = self.control_parts(rest) {
                if !is_disjunction(n) || self.arrow_parts(l).is_some() {
                    break;
                }
                alts.push(l);
                rest = self.heap.deref(r);
            }
            alts.push(rest);
            let join = (!tail).then(&mut label);
            let end = || Work::Emit(join.map_or(Goal::End, Goal::Jump));
            let mut at = label();
            w.push(Work::Emit(Goal::TryElse(at)));
            w.push(term(alts[0], ct, tail));
            w.push(end());
            for &alt in &alts[1..alts.len() - 1] {
                let next = label();
                w.push(Work::Emit(Goal::Retry { at, next }));
                w.push(term(alt, ct, tail));
                w.push(end());
                at = next;
            }
            w.push(Work::Emit(Goal::Trust { at }));
            w.push(term(alts[alts.len() - 1], ct, tail));
            w.push(Work::Emit(Goal::Join(join)));
        } else if name == atoms::ARROW {
            // `(C -> T)`: no else branch, so no choicepoint of its own.
            let h = self.hidden_var(hidden);
            w.push(Work::Emit(Goal::GetHeight(h)));
            cond(self, &mut w, a, Some(h), hidden);
            w.push(Work::Emit(Goal::CutTo(h)));
            w.push(term(b, ct, tail));
        } else if name == atoms::SOFT_ARROW {
            // `(C *-> T)` is `(C, T)` with a cut in C local to it.
            cond(self, &mut w, a, None, hidden);
            w.push(term(b, ct, tail));
        } else {
            // `\+ G`: `(G -> fail ; true)`.
            let else_at = label();
            let h = self.hidden_var(hidden);
            w.push(Work::Emit(Goal::GetHeight(h)));
            w.push(Work::Emit(Goal::TryElse(else_at)));
            cond(self, &mut w, a, None, hidden);
            w.push(Work::Emit(Goal::CutTo(h)));
            w.push(Work::Emit(Goal::Fail));
            w.push(Work::Emit(Goal::Trust { at: else_at }));
            w.push(Work::Emit(Goal::Join(None)));
        }
        w
    }

    /// A new hidden variable (a choicepoint height).
    fn hidden_var(&mut self, hidden: &mut FastSet<usize>) -> Cell {
        let v = self.heap.new_var();
        hidden.insert(v.addr());
        v
    }

    /// The goals of a condition: a cut inside it cuts back to the height at
    /// its start (`h`, or one taken here).
    fn lower_condition(
        &mut self,
        w: &mut Vec<Work>,
        c: Cell,
        h: Option<Cell>,
        ct: CutTarget,
        hidden: &mut FastSet<usize>,
    ) {
        if self.has_transparent_cut(c) {
            let h = h.unwrap_or_else(|| {
                let h = self.hidden_var(hidden);
                w.push(Work::Emit(Goal::GetHeight(h)));
                h
            });
            w.push(Work::Term {
                t: c,
                ct: CutTarget::Var(h),
                tail: false,
            });
        } else {
            w.push(Work::Term {
                t: c,
                ct,
                tail: false,
            });
        }
    }

    /// A goal that is not a control construct: a call (inline for deterministic builtins).
    fn plain_goal(&mut self, t: Cell) -> Res<Goal> {
        match t.tag() {
            REF => {
                let pred = self.pred_id(atoms::CALL, 1);
                let mut args = vec![t];
                self.qualify_meta_args(self.module, pred, &mut args);
                Ok(Goal::Call {
                    pred,
                    args,
                    inline: false,
                })
            }
            STR if self.heap.get(t.addr()) == Cell::functor(atoms::COLON, 2) => {
                self.qualified_goal(t)
            }
            ATM | STR | LIS => {
                let (name, arity) = self.heap.callable_key(t).unwrap_or((atoms::TRUE, 0));
                let pred = self.pred_id(name, arity);
                let mut args = self.callable_args(t)?;
                self.qualify_meta_args(self.module, pred, &mut args);
                Ok(Goal::Call {
                    pred,
                    args,
                    inline: self.is_inline(pred),
                })
            }
            _ => Err(PErr::Type(atoms::CALLABLE, t)),
        }
    }

    /// `M:G` in a body: a direct call of M's procedure when M and G are
    /// known and G is a plain goal; otherwise the meta-call `call(M:G)`.
    fn qualified_goal(&mut self, t: Cell) -> Res<Goal> {
        if let Some((module, g)) = self.strip_module(t, self.module) {
            if let Some((name, arity)) = self.heap.callable_key(g) {
                let control = self.control_parts(g).is_some()
                    || (name == atoms::COMMA && arity == 2)
                    || (name == atoms::CUT && arity == 0);
                if !control {
                    let pred = self.pred_id_in(module, name, arity);
                    let mut args = self.callable_args(g)?;
                    self.qualify_meta_args(self.module, pred, &mut args);
                    return Ok(Goal::Call {
                        pred,
                        args,
                        inline: self.is_inline(pred),
                    });
                }
            }
        }
        let pred = self.pred_id(atoms::CALL, 1);
        Ok(Goal::Call {
            pred,
            args: vec![t],
            inline: false,
        })
    }

    fn is_inline(&self, p: PredId) -> bool {
        let pred = &self.preds[p as usize];
        pred.builtin && matches!(pred.kind, super::pred::PredKind::Det(_))
    }
}
