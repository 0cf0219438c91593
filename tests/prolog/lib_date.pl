% library(date): parse_time/2,3, day_of_the_week/2, day_of_the_year/2,
% date_time_value/3; and format_time/3,4's directives on date terms with an
% explicit offset and zone name (so the results hold in any local zone).
:- use_module(library(plunit)).
:- use_module(library(date)).

% The stamp of a UTC date, by date_time_stamp/2 (the oracle for parse_time).
utc(Y, M, D, H, Mn, S, Stamp) :-
    date_time_stamp(date(Y, M, D, H, Mn, S, 0, -, -), Stamp).

parses(Text, Format, Stamp) :-
    parse_time(Text, Format, Stamp).

:- begin_tests(parse_iso_8601).
test(extended_z, [F-S == iso_8601-E]) :-
    utc(2006, 12, 8, 15, 29, 44, E), parses('2006-12-08T15:29:44Z', F, S).
test(fraction_dot, [S == E]) :-
    utc(2006, 12, 8, 15, 29, 44.5, E), parse_time('2006-12-08T15:29:44.5Z', S).
test(fraction_comma, [S == E]) :-
    utc(2006, 12, 8, 15, 29, 44.5, E), parse_time('2006-12-08T15:29:44,5Z', S).
test(long_fraction, [S =:= 1165591784.123456789]) :-
    parse_time('2006-12-08T15:29:44.123456789Z', S).
test(offsets, [L == [E1, E1, E2, E1, E0, E0, E3]]) :-
    utc(2006, 12, 8, 14, 29, 44, E1), utc(2006, 12, 8, 16, 59, 44, E2),
    utc(2006, 12, 8, 15, 29, 44, E0), utc(2006, 12, 8, 15, 29, 44.5, E3a),
    E3 is E3a - 3600,
    findall(S, ( member(T, ['2006-12-08T15:29:44+01:00', '2006-12-08T15:29:44+0100',
                            '2006-12-08T15:29:44-0130', '2006-12-08T15:29:44+01',
                            '2006-12-08T15:29:44-00', '2006-12-08T15:29:44+00:00',
                            '2006-12-08T15:29:44.5+01:00']),
                 parse_time(T, S) ), L).
test(partial_times, [L == [E1, E2, E1]]) :-
    utc(2006, 12, 8, 15, 29, 0, E1), utc(2006, 12, 8, 15, 0, 0, E2),
    findall(S, ( member(T, ['2006-12-08T15:29Z', '2006-12-08T15Z', '2006-12-08T1529Z']),
                 parse_time(T, S) ), L).
test(no_zone_is_utc, [L == [E, E, E]]) :-
    utc(2006, 12, 8, 15, 29, 44, E),
    findall(S, ( member(T, ['2006-12-08T15:29:44', '20061208T152944', '2006-12-08 15:29:44Z']),
                 parse_time(T, S) ), L).
test(basic_and_mixed, [L == [E, E, E]]) :-
    utc(2006, 12, 8, 15, 29, 44, E),
    findall(S, ( member(T, ['20061208T152944Z', '2006-12-08T152944Z', '20061208T15:29:44']),
                 parse_time(T, S) ), L).
test(dates, [L == [E, E, E, E, E]]) :-
    utc(2006, 12, 8, 0, 0, 0, E),
    findall(S, ( member(T, ['2006-12-08', '20061208', '2006-W49-5', '2006W495', '2006-342']),
                 parse_time(T, S) ), L).
test(year_month_is_day_zero, [S == E]) :-
    utc(2006, 12, 0, 0, 0, 0, E), parse_time('2006-12', S).
test(week_without_day, [S == E]) :-
    utc(2006, 12, 4, 0, 0, 0, E), parse_time('2006W49', S).
test(week_dates, [L == [E1, E2, E3, E4]]) :-
    utc(2006, 12, 10, 0, 0, 0, E1), utc(2006, 1, 2, 0, 0, 0, E2),
    utc(2007, 1, 1, 0, 0, 0, E3), utc(2004, 12, 27, 0, 0, 0, E4),
    findall(S, ( member(T, ['2006-W49-7', '2006-W01-1', '2006-W53-1', '2004-W53-1']),
                 parse_time(T, S) ), L).
test(week_and_ordinal_with_time, [L == [E, E]]) :-
    utc(2006, 12, 8, 12, 0, 0, E),
    findall(S, ( member(T, ['2006-W49-5T12:00Z', '2006-342T12:00Z']), parse_time(T, S) ), L).
test(rolling_over, [L == [E1, E2, E3]]) :-
    utc(2006, 3, 2, 0, 0, 0, E1), utc(2007, 1, 1, 0, 0, 0, E2), utc(2006, 12, 8, 15, 30, 0, E3),
    findall(S, ( member(T, ['2006-02-30', '2006-366', '2006-12-08T15:29:60Z']),
                 parse_time(T, S) ), L).
test(years, [L == [E1, E2, E3, E4]]) :-
    utc(-1, 1, 1, 0, 0, 0, E1), utc(0, 1, 1, 0, 0, 0, E2),
    utc(9999, 12, 31, 23, 59, 59, E3), utc(-2006, 12, 8, 0, 0, 0, E4),
    findall(S, ( member(T, ['-0001-01-01', '0000-01-01', '9999-12-31T23:59:59Z', '-20061208']),
                 parse_time(T, S) ), L).
test(epoch, [S == 0.0]) :- parse_time('1970-01-01T00:00:00Z', S).
test(string_input, [S == E]) :-
    utc(2006, 12, 8, 15, 29, 44, E), parse_time("2006-12-08T15:29:44Z", S).
test(rejected, [Bad == []]) :-
    findall(T, ( member(T, ['', garbage, '2006', '2006-W49', '2006342', '200612', '2006-1208',
                            '2006-13-08', '2006-12-32', '2006-12-00', '2006-00-08',
                            '2006-12-08T25:00:00Z', '2006-12-08T15:61:00Z',
                            '2006-12-08T24:00:00Z', ' 2006-12-08', '2006-12-08 ',
                            '+2006-12-08', '12006-12-08', '06-12-08', '2006-1-8',
                            '2006-12-08t15:29:44Z', '2006-12-08T15:29:44z',
                            '2006-12-08T15:29:44.Z', '2006-12-08T15:29:44+1',
                            '2006-12-08T15:29:44+01:3', '2006-12-08T', '2006-12-08T15:29:4',
                            '15:29:44', '2006-W00-1', '2006-W49-0', '2006-W49-8',
                            '2006-W54-1', '2006-000', '2006-367', '2006-12-08T15:2944',
                            '2006-12-08T1529:44', '2006-12-08T15:29.5',
                            '2006-12-08T15:29:44+24:00', '2006-12-08T15:29:44+01:60',
                            '2006-12-08T15:29:44 Z', '2006-W495', '2006W49-5',
                            '2006-12T12:00Z', '-001-01-01', '1234-56-78', 12]),
                 parse_time(T, _) ), Bad).
:- end_tests(parse_iso_8601).

:- begin_tests(parse_rfc_1123).
test(gmt, [F-S == rfc_1123-E]) :-
    utc(2006, 12, 8, 15, 29, 44, E), parses('Fri, 08 Dec 2006 15:29:44 GMT', F, S).
test(zones, [L == [E1, E2, E0, E0, E0, E1, E1, E3]]) :-
    utc(2006, 12, 8, 14, 29, 44, E1), utc(2006, 12, 8, 20, 29, 44, E2),
    utc(2006, 12, 8, 15, 29, 44, E0), utc(2006, 12, 8, 16, 59, 44, E3),
    findall(S, ( member(T, ['Fri, 08 Dec 2006 15:29:44 +0100', 'Fri, 08 Dec 2006 15:29:44 -0500',
                            'Fri, 08 Dec 2006 15:29:44 UTC', 'Fri, 08 Dec 2006 15:29:44 Z',
                            'Fri, 08 Dec 2006 15:29:44', 'Fri, 08 Dec 2006 15:29:44 +01',
                            'Fri, 08 Dec 2006 15:29:44+01:00', 'Fri, 08 Dec 2006 15:29:44 -01:30']),
                 parse_time(T, S) ), L).
test(spaces_and_fraction, [L == [E, E, E, E1, E1]]) :-
    utc(2006, 12, 8, 15, 29, 44, E), utc(2006, 12, 8, 15, 29, 44.5, E1),
    findall(S, ( member(T, ['Fri,  08 Dec 2006 15:29:44 GMT', 'Fri, 08 Dec  2006  15:29:44 GMT',
                            'Fri, 08 Dec 2006 15:29:44GMT', 'Fri, 08 Dec 2006 15:29:44.5 GMT',
                            'Fri, 08 Dec 2006 15:29:44,5 GMT']),
                 parse_time(T, S) ), L).
test(day_name_unchecked, [S == E]) :-
    utc(2006, 12, 8, 15, 29, 44, E), parse_time('Mon, 08 Dec 2006 15:29:44 GMT', S).
test(rolling_over, [L == [E1, E2]]) :-
    utc(2006, 3, 3, 15, 29, 44, E1), utc(2006, 12, 8, 15, 30, 0, E2),
    findall(S, ( member(T, ['Fri, 31 Feb 2006 15:29:44 GMT', 'Fri, 08 Dec 2006 15:29:60 GMT']),
                 parse_time(T, S) ), L).
test(rejected, [Bad == []]) :-
    findall(T, ( member(T, ['Fri, 8 Dec 2006 15:29:44 GMT', 'Friday, 08-Dec-06 15:29:44 GMT',
                            'Fri Dec  8 15:29:44 2006', '08 Dec 2006 15:29:44 GMT',
                            'Fri, 08 Dec 2006 15:29 GMT', 'fri, 08 dec 2006 15:29:44 gmt',
                            'Fri, 08 Dec 2006 15:29:44 EST', 'Fri, 08 Dec 06 15:29:44 GMT',
                            'Fri,08 Dec 2006 15:29:44 GMT', 'Fri, 08 Dec 2006 15:29:44 GMT ',
                            'Xyz, 08 Dec 2006 15:29:44 GMT', 'Fri, 08 Foo 2006 15:29:44 GMT',
                            'Fri, 32 Dec 2006 15:29:44 GMT', 'Fri, 08 Dec 2006 25:29:44 GMT',
                            'Fri, 08 Dec 2006 15:61:44 GMT', 'Fri, 08 Dec 2006 15:29:61 GMT',
                            'Fri, 00 Dec 2006 15:29:44 GMT', 'Fri, 08 Dec 12345 15:29:44 GMT',
                            'Fri, 08 Dec 2006 5:29:44 GMT', 'Fri, 08 Dec 2006 15:29:44 +1',
                            'Fri, 08 Dec 2006 15:29:44 +0160', 'Thu, 01 Jan 1970 00:00:00 UT']),
                 parse_time(T, _) ), Bad).
:- end_tests(parse_rfc_1123).

:- begin_tests(parse_format).
test(wrong_format_iso, fail) :- parse_time('2006-12-08', rfc_1123, _).
test(wrong_format_rfc, fail) :- parse_time('Fri, 08 Dec 2006 15:29:44 GMT', iso_8601, _).
test(unknown_format, fail) :- parse_time('2006-12-08', foo, _).
test(given_format, [S == E]) :- utc(2006, 12, 8, 0, 0, 0, E), parse_time('2006-12-08', iso_8601, S).
test(bound_stamp, fail) :- parse_time('2006-12-08', 0.0).
test(unbound_text, error(instantiation_error)) :- parse_time(_, _).
test(compound_text, error(type_error(atom, foo(x)))) :- parse_time(foo(x), iso_8601, _).
test(code_list, error(type_error(atom, `2006-12-08`))) :- parse_time(`2006-12-08`, _, _).
test(det) :- parse_time('2006-12-08T15:29:44Z', _, _).
:- end_tests(parse_format).

:- begin_tests(day_of).
test(week, [L == [5, 7, 4, 1, 1]]) :-
    findall(W, ( member(D, [date(2006,12,8), date(2006,12,10), date(2006,2,30), date(1,1,1),
                            date(-100,1,1)]),
                 day_of_the_week(D, W) ), L).
test(week_check, [true]) :- day_of_the_week(date(2006,12,8), 5).
test(week_wrong, fail) :- day_of_the_week(date(2006,12,8), 1).
test(week_not_a_number, fail) :- day_of_the_week(date(2006,12,8), x).
test(week_date9, fail) :- day_of_the_week(date(2006,12,8,1,2,3,0,-,-), _).
test(week_not_a_date, fail) :- day_of_the_week(foo, _).
test(week_unbound, error(instantiation_error)) :- day_of_the_week(date(_,1,1), _).
test(week_float, error(type_error(integer, 2006.0))) :- day_of_the_week(date(2006.0,12,8), _).
test(year, [L == [342, 366, 1, 1, 61]]) :-
    findall(N, ( member(D, [date(2006,12,8), date(2004,12,31), date(2006,1,1), date(2006,13,1),
                            date(2006,2,30)]),
                 day_of_the_year(D, N) ), L).
test(year_date9, fail) :- day_of_the_year(date(2006,12,8,1,2,3,0,-,-), _).
test(year_atom, error(type_error(integer, a))) :- day_of_the_year(date(a,12,8), _).
:- end_tests(day_of).

:- begin_tests(date_time_value).
test(all, [L == [year=2006, month=12, day=8, hour=15, minute=29, second=44.5,
                 utc_offset= -3600, time_zone='CET', daylight_saving=false,
                 date=date(2006,12,8), time=time(15,29,44.5)]]) :-
    findall(K=V, date_time_value(K, date(2006,12,8,15,29,44.5,-3600,'CET',false), V), L).
test(no_zone, [L == [year, month, day, hour, minute, second, utc_offset, date, time]]) :-
    findall(K, date_time_value(K, date(1,2,3,4,5,6,-,-,-), _), L).
test(one, [V == 12]) :- date_time_value(month, date(2006,12,8,0,0,0,0,-,-), V).
test(unknown_key, fail) :- date_time_value(foo, date(2006,12,8,0,0,0,0,-,-), _).
test(not_a_date, fail) :- date_time_value(year, date(2006,12,8), _).
test(unbound_date, [D =@= date(1,_,_,_,_,_,_,_,_)]) :- date_time_value(year, D, 1), !.
:- end_tests(date_time_value).

% format_time/3 on date/9 terms: the fields as given, the zone from the term.
fmt(Format, Date, Atom) :-
    format_time(atom(Atom), Format, Date).

:- begin_tests(format_time_directives).
d(date(2023,1,1,5,6,7.5,3600,'XYZ',false)).
test(names, [A == 'Sun Sunday Jan January Jan']) :- d(D), fmt('%a %A %b %B %h', D, A).
test(numbers, [A == '20 01 01/01/23  1 2023-01-01 05 05 001  5  5 01 06 AM am']) :-
    d(D), fmt('%C %d %D %e %F %H %I %j %k %l %m %M %p %P', D, A).
test(times, [A == '05:06:07 AM 05:06 07 05:06:07 7 0 23 2023 01/01/23 05:06:07']) :-
    d(D), fmt('%r %R %S %T %u %w %y %Y %x %X', D, A).
test(ctime, [A == 'Sun Jan  1 05:06:07 2023|Sun Jan  1 05:06:07 2023']) :-
    d(D), fmt('%c|%+', D, A).
test(zone, [A == '-0100 -01:00 XYZ']) :- d(D), fmt('%z %:z %Z', D, A).
test(zone_east, [A == '+0530 +05:30']) :- fmt('%z %:z', date(2023,1,1,0,0,0,-19800,-,-), A).
test(fraction, [A == '500000 500 5000000000  500000000']) :-
    d(D), fmt('%f %3f %10f %0f %9f', D, A).
test(epoch_seconds, [A == '1672553168']) :- d(D), fmt('%s', D, A).
test(stamp_seconds, [L == ['2', '0', '2', '1']]) :-
    findall(A, ( member(S, [1.7, 0.4, 2.5, 0.6]), fmt('%s', S, A) ), L).
test(literal, [A == "% \t\n x"]) :-
    format_time(string(A), '%% %t%n x', date(2023,1,1,0,0,0,0,-,-)).
test(iso_weeks, [L == ['2020 53 20 00 00', '2020 53 20 52 52', '2025 01 25 52 53']]) :-
    findall(A, ( member(D, [date(2021,1,1,0,0,0,0,-,-), date(2020,12,31,0,0,0,0,-,-),
                            date(2024,12,30,0,0,0,0,-,-)]),
                 fmt('%G %V %g %U %W', D, A) ), L).
test(unnormalised_fields, [A == '2023-01-01 25:61:00 1672624860']) :-
    fmt('%F %T %s', date(2023,1,1,25,61,0,0,-,-), A).
test(normalised_week_day, [A == '4 061']) :- fmt('%u %j', date(2006,2,30,0,0,0,0,-,-), A).
test(string_format, [A == '2023 str']) :- fmt("%Y str", date(2023,1,1,0,0,0,0,-,-), A).
test(code_format, [A == '2023 codes']) :- fmt(`%Y codes`, date(2023,1,1,0,0,0,0,-,-), A).
test(negative_year, [A == '-5']) :- fmt('%Y', date(-5,1,1,0,0,0,0,-,-), A).
test(date3, [A == '2023-07-01 00:00']) :- fmt('%F %R', date(2023,7,1), A).
test(posix, [A == 'Thu 1970']) :- format_time(atom(A), '%a %Y', date(1970,1,1,0,0,0,0,-,-), posix).
:- end_tests(format_time_directives).

fmt_error(Format, Date, E) :-
    catch(fmt(Format, Date, _), error(E, _), true).

:- begin_tests(format_time_errors).
test(unknown, [L == [existence_error(format, '%E'), existence_error(format, '%O'),
                     existence_error(format, '%Q'), existence_error(format, '%'),
                     existence_error(format, '%-'), existence_error(format, '%_')]]) :-
    findall(E, ( member(F, ['%Ec', '%Od', '%Q', 'x%', '%-d', '%_d']),
                 fmt_error(F, 0, E) ), L).
test(not_a_time, [E == type_error(time, foo)]) :- fmt_error('%Y', foo, E).
test(date2, [E == type_error(time, date(1,2))]) :- fmt_error('%Y', date(1,2), E).
test(unbound, [E == instantiation_error]) :- fmt_error('%Y', _, E).
test(format_type, [E == type_error(text, foo(x))]) :- fmt_error(foo(x), 0, E).
test(field_type, [E == type_error(integer, a)]) :- fmt_error('%Y', date(a,1,1,0,0,0,0,-,-), E).
test(offset_type, [E == type_error(integer, 0.5)]) :-
    fmt_error('%Y', date(2023,1,1,0,0,0,0.5,-,-), E).
test(century, [E == domain_error('%C', 12345)]) :-
    fmt_error('%C', date(12345,1,1,0,0,0,0,-,-), E).
test(sink, [E == existence_error(stream, foo)]) :-
    catch(format_time(foo, '%Y', 0), error(E, _), true).
test(locales, [L == [domain_error(locale, default), domain_error(locale, foo),
                     instantiation_error, type_error(atom, 1)]]) :-
    findall(E, ( member(Loc, [default, foo, _, 1]),
                 catch(format_time(atom(_), '%a', 0, Loc), error(E, _), true) ), L).
:- end_tests(format_time_errors).

:- begin_tests(stamps).
test(zone_errors, [L == [domain_error(timezone, foo), type_error(integer, 1.5),
                         type_error(float, a), instantiation_error]]) :-
    findall(E, ( member(S-Z, [0-foo, 0-1.5, a-'UTC', _-'UTC']),
                 catch(stamp_date_time(S, _, Z), error(E, _), true) ), L).
test(date_errors, [L == [type_error(integer, a), type_error(integer, 0.5), instantiation_error,
                         instantiation_error, type_error(time, foo), instantiation_error,
                         type_error(integer, 2006.0)]]) :-
    findall(E, ( member(D, [date(2006,12,8,a,29,44,0,-,-), date(2006,12,8,15,29,44,0.5,-,-),
                            date(_,12,8,15,29,44,0,-,-), _, foo, date(2006,12,8,15,29,_,0,-,-),
                            date(2006.0,12,8,15,29,0,0,-,-)]),
                 catch(date_time_stamp(D, _), error(E, _), true) ), L).
test(binds_local_zone, [true((integer(O), atom(Z), memberchk(DST, [true, false])))]) :-
    date_time_stamp(date(2006,12,8,15,29,44,O,Z,DST), _).
test(round_trip, [S == 1165591784.5]) :-
    stamp_date_time(1165591784.5, D, 'UTC'), date_time_stamp(D, S).
test(offset_date, [D == date(2006,12,8,14,29,44.0,3600,-,-)]) :-
    stamp_date_time(1165591784, D, 3600).
test(rational_seconds, [S == 1165591740.5]) :-
    date_time_stamp(date(2006,12,8,15,29,1r2,0,-,-), S).
test(keeps_bound_zone, [Z-DST == (-)-(-)]) :-
    Z = (-), DST = (-),
    date_time_stamp(date(2006,12,8,15,29,44,O,Z,DST), _), integer(O).
:- end_tests(stamps).
