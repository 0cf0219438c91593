//! The Prolog machine: cells and heap, atoms, clause store, compiler and run loop.

pub mod atom;
pub mod cell;
pub mod heap;
