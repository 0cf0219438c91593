:- module(trial_lib, [trial_double/2, trial_meta/2]).
:- meta_predicate trial_meta(1, ?).
trial_double(X, Y) :- Y is 2*X.
trial_meta(G, X) :- call(G, X).
