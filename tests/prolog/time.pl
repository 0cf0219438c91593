% Dates and times: stamp_date_time/3, date_time_stamp/2, format_time/3. Results that
% depend on the local time zone are checked against stamp_date_time(_, _, local), so the
% suite holds in any zone (and is run under the same one by knightlog and SWI-Prolog).
:- use_module(library(plunit)).

:- begin_tests(stamp_date_time).
test(utc, [D == date(2023, 11, 14, 22, 13, 20.25, 0, 'UTC', -)]) :-
    stamp_date_time(1700000000.25, D, 'UTC').
test(offset_west, [D == date(2023, 11, 14, 21, 13, 20.0, 3600, -, -)]) :-
    stamp_date_time(1700000000, D, 3600).
test(offset_east, [D == date(2023, 11, 15, 7, 43, 20.0, -34200, -, -)]) :-
    stamp_date_time(1700000000, D, -34200).
test(epoch, [D == date(1970, 1, 1, 0, 0, 0.0, 0, 'UTC', -)]) :-
    stamp_date_time(0, D, 'UTC').
test(before_epoch, [D == date(1969, 12, 31, 23, 59, 59.5, 0, 'UTC', -)]) :-
    stamp_date_time(-0.5, D, 'UTC').
test(leap_day, [D-M == 29-2]) :-
    stamp_date_time(1709164800, date(_, M, D, _, _, _, _, _, _), 'UTC').
test(local_round_trips, [S == 1700000000.0]) :-
    stamp_date_time(1700000000, D, local), date_time_stamp(D, S).
test(unbound_zone, error(instantiation_error)) :- stamp_date_time(0, _, _).
test(bad_stamp, error(type_error(_, foo))) :- stamp_date_time(foo, _, 'UTC').
:- end_tests(stamp_date_time).

:- begin_tests(date_time_stamp).
test(utc, [S == 1700000000.25]) :-
    date_time_stamp(date(2023, 11, 14, 22, 13, 20.25, 0, -, -), S).
test(date3_is_local_midnight, [S == L]) :-
    date_time_stamp(date(2024, 3, 1), S),
    date_time_stamp(date(2024, 3, 1, 0, 0, 0, _, -, -), L).
test(normalises_day, [S == L]) :-
    date_time_stamp(date(2024, 2, 30), S), date_time_stamp(date(2024, 3, 1), L).
test(normalises_utc_day, [S == 1709251200.0]) :-
    date_time_stamp(date(2024, 2, 30, 0, 0, 0, 0, -, -), S).
test(normalises_month, [S1 == S2]) :-
    date_time_stamp(date(2023, 13, 1), S1), date_time_stamp(date(2024, 1, 1), S2).
test(offset, [S == 1700003600.0]) :-
    date_time_stamp(date(2023, 11, 14, 22, 13, 20, 3600, -, -), S).
test(not_a_date, error(type_error(_, foo))) :- date_time_stamp(foo, _).
:- end_tests(date_time_stamp).

:- begin_tests(format_time).
test(zone_free_directives, [A == '1700000000 250 250000 % x']) :-
    format_time(atom(A), '%s %3f %f %% x', 1700000000.25).
test(fields_agree_with_local_date) :-
    S = 1700000000,
    stamp_date_time(S, date(Y, M, D, H, Mn, _, _, _, _), local),
    format_time(atom(A), '%Y-%m-%d %H:%M', S),
    format(atom(B), '~d-~|~`0t~d~2+-~|~`0t~d~2+ ~|~`0t~d~2+:~|~`0t~d~2+', [Y, M, D, H, Mn]),
    A == B.
test(names, [A == 'Tue Tuesday Nov November']) :-
    format_time(atom(A), '%a %A %b %B', date(2023, 11, 14, 12, 0, 0, 0, -, -)).
test(sinks, [S-C == "2023"-`2023`]) :-
    format_time(string(S), '%Y', date(2023, 6, 1, 12, 0, 0, 0, -, -)),
    format_time(codes(C), '%Y', date(2023, 6, 1, 12, 0, 0, 0, -, -)).
test(iso_date, [A == '2023-06-01 06/01/23 152']) :-
    format_time(atom(A), '%F %D %j', date(2023, 6, 1, 12, 0, 0, 0, -, -)).
test(twelve_hour, [T == '12 AM 00 12 PM 12']) :-
    date_time_stamp(date(2023, 6, 1, 0, 0, 0, _, -, -), Midnight),
    Noon is Midnight + 12 * 3600,
    format_time(atom(A), '%I %p %H', Midnight),
    format_time(atom(B), '%I %p %H', Noon),
    atomic_list_concat([A, B], ' ', T).
:- end_tests(format_time).
