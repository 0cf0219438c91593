/*  library(date): parsing ISO 8601 and RFC 1123 time stamps, and a few
    questions about dates, for knightlog. Written from SWI-Prolog's
    documentation and its observed behaviour (9.0.4), not from its source.

    Dates are SWI's date/3 (date(Y,M,D)) and date/9 terms; time stamps are
    floats of seconds since 1970-01-01 UTC. The formatting and the calendar
    arithmetic are the system's format_time/3 and date_time_stamp/2.
*/

:- module(date,
          [ date_time_value/3,          % ?Field, +DateTime, -Value
            parse_time/2,               % +Text, -Stamp
            parse_time/3,               % +Text, ?Format, -Stamp
            day_of_the_week/2,          % +Date, -DayOfTheWeek
            day_of_the_year/2           % +Date, -DayOfTheYear
          ]).

%!  date_time_value(?Field, +DateTime, -Value) is nondet.
%
%   Value is field Field of the date/9 term DateTime: year, month, day,
%   hour, minute, second, utc_offset, time_zone and daylight_saving (these
%   two only when not `-`), date (a date/3) and time (a time/3).

date_time_value(year,            date(Y,_,_,_,_,_,_,_,_), Y).
date_time_value(month,           date(_,M,_,_,_,_,_,_,_), M).
date_time_value(day,             date(_,_,D,_,_,_,_,_,_), D).
date_time_value(hour,            date(_,_,_,H,_,_,_,_,_), H).
date_time_value(minute,          date(_,_,_,_,M,_,_,_,_), M).
date_time_value(second,          date(_,_,_,_,_,S,_,_,_), S).
date_time_value(utc_offset,      date(_,_,_,_,_,_,O,_,_), O).
date_time_value(time_zone,       date(_,_,_,_,_,_,_,Z,_), Z) :-
    Z \== (-).
date_time_value(daylight_saving, date(_,_,_,_,_,_,_,_,D), D) :-
    D \== (-).
date_time_value(date,            date(Y,M,D,_,_,_,_,_,_), date(Y,M,D)).
date_time_value(time,            date(_,_,_,H,M,S,_,_,_), time(H,M,S)).

%!  day_of_the_week(+Date, -DayOfTheWeek) is det.
%
%   DayOfTheWeek is the ISO day number (Monday 1 ... Sunday 7) of the
%   date(Y,M,D) term Date (days beyond the month roll over).

day_of_the_week(date(Y, M, D), DayOfTheWeek) :-
    format_time(atom(A), '%u', date(Y, M, D, 0, 0, 0, 0, -, -)),
    atom_number(A, DayOfTheWeek0),
    DayOfTheWeek = DayOfTheWeek0.

%!  day_of_the_year(+Date, -DayOfTheYear) is det.
%
%   DayOfTheYear is the day number (1 ... 366) of the date(Y,M,D) term Date.

day_of_the_year(date(Y, M, D), DayOfTheYear) :-
    format_time(atom(A), '%j', date(Y, M, D, 0, 0, 0, 0, -, -)),
    atom_number(A, DayOfTheYear0),
    DayOfTheYear = DayOfTheYear0.

%!  parse_time(+Text, -Stamp) is semidet.
%!  parse_time(+Text, ?Format, -Stamp) is semidet.
%
%   Stamp is the time stamp of Text, an atom or string in Format:
%   `iso_8601` (calendar, week and ordinal dates, basic or extended, an
%   optional time after `T` or a space and an optional zone; no zone is
%   UTC) or `rfc_1123` (`Fri, 08 Dec 2006 15:29:44 GMT`). Fails when Text
%   is in neither (or not in Format).

parse_time(Text, Stamp) :-
    parse_time(Text, _, Stamp).

parse_time(Text, Format, Stamp) :-
    text_codes(Text, Codes),
    time_format(Format),
    phrase(time_text(Format, Date), Codes),
    !,
    date_time_stamp(Date, Stamp0),
    Stamp = Stamp0.

text_codes(Text, Codes) :-
    (   var(Text)
    ->  throw(error(instantiation_error, context(system:atom_codes/2, _)))
    ;   ( atom(Text) ; string(Text) ; number(Text) )
    ->  atom_codes(Text, Codes)
    ;   throw(error(type_error(atom, Text), context(atom_codes/2, _)))
    ).

time_format(rfc_1123).
time_format(iso_8601).

time_text(iso_8601, Date) -->
    iso_8601(Date).
time_text(rfc_1123, Date) -->
    rfc_1123(Date).

%   ISO 8601.  Date is date(Y,M,D,H,Mn,S,Off,-,-), Off seconds west of UTC;
%   days out of the month (a week or ordinal date) roll over in
%   date_time_stamp/2.

iso_8601(date(Y, M, D, H, Mn, S, Off, -, -)) -->
    year(Y),
    (   iso_day(Y, M, D)
    ->  iso_time(H, Mn, S, Off)
    ;   "-", digits(2, M), { month(M) }
    ->  { D = 0, H = 0, Mn = 0, S = 0, Off = 0 }   % SWI: the day before
    ;   "W", digits(2, W), { week(W) }
    ->  { week_day(Y, W, 1, M, D), H = 0, Mn = 0, S = 0, Off = 0 }
    ).

year(Y) -->
    (   "-"
    ->  digits(4, Y0),
        { Y is -Y0 }
    ;   digits(4, Y)
    ).

% A complete day: calendar, week or ordinal date, extended or basic.
iso_day(_, M, D) -->
    "-", digits(2, M), "-", digits(2, D),
    !,
    { month(M), day(D) }.
iso_day(Y, M, D) -->
    "-W", digits(2, W), "-", digits(1, WD),
    !,
    { week(W), between(1, 7, WD), week_day(Y, W, WD, M, D) }.
iso_day(_, 1, D) -->
    "-", digits(3, D),
    !,
    { between(1, 366, D) }.
iso_day(Y, M, D) -->
    "W", digits(2, W), digits(1, WD),
    !,
    { week(W), between(1, 7, WD), week_day(Y, W, WD, M, D) }.
iso_day(_, M, D) -->
    digits(2, M), digits(2, D),
    { month(M), day(D) }.

% Month and day (of January, may be beyond 31) of day WD of ISO week W:
% week 1 is the week with January 4th.
week_day(Y, W, WD, 1, D) :-
    day_of_the_week(date(Y, 1, 4), Jan4),
    D is 4 - (Jan4 - 1) + (W - 1) * 7 + (WD - 1).

iso_time(H, M, S, Off) -->
    (   ( "T" ; " " )
    ->  digits(2, H), { hour(H) },
        (   ":"
        ->  digits(2, M), { minute(M) },
            (   ":"
            ->  seconds(S)
            ;   { S = 0 }
            )
        ;   digits(2, M)
        ->  { minute(M) },
            (   seconds(S)
            ->  []
            ;   { S = 0 }
            )
        ;   { M = 0, S = 0 }
        ),
        zone(Off)
    ;   { H = 0, M = 0, S = 0, Off = 0 }
    ).

seconds(S) -->
    digits(2, S0),
    { S0 =< 60 },
    (   ( "." ; "," )
    ->  digit_codes(Ds),
        { Ds \== [],
          atom_codes(F, [0'0, 0'.|Ds]),
          atom_number(F, Frac),
          S is S0 + Frac
        }
    ;   { S = S0 }
    ).

% An optional zone (none is UTC): Z, or +/- hh, hhmm or hh:mm.
zone(0) -->
    "Z",
    !.
zone(Off) -->
    sign(Sign),
    !,
    digits(2, H), { hour(H) },
    (   ":"
    ->  digits(2, M)
    ;   digits(2, M)
    ->  []
    ;   { M = 0 }
    ),
    { minute(M),
      Off is -Sign * (H * 3600 + M * 60)
    }.
zone(0) -->
    [].

sign(1) --> "+".
sign(-1) --> "-".

month(M) :- between(1, 12, M).
day(D) :- between(1, 31, D).
week(W) :- between(1, 53, W).
hour(H) :- between(0, 23, H).
minute(M) :- between(0, 59, M).

%   RFC 1123: Fri, 08 Dec 2006 15:29:44 GMT (the zone may be UTC, Z, an
%   offset or missing).

rfc_1123(date(Y, M, D, H, Mn, S, Off, -, -)) -->
    alpha3(DayName), { day_name(DayName) },
    ",", blank, blanks,
    digits(2, D), { day(D) },
    blank, blanks,
    alpha3(MonthName), { month_name(MonthName, M) },
    blank, blanks,
    digits(4, Y),
    blank, blanks,
    digits(2, H), { hour(H) }, ":",
    digits(2, Mn), { minute(Mn) }, ":",
    seconds(S),
    blanks,
    rfc_zone(Off).

rfc_zone(0) --> "GMT", !.
rfc_zone(0) --> "UTC", !.
rfc_zone(Off) --> zone(Off).

alpha3(Name) -->
    [C1, C2, C3],
    { atom_codes(Name, [C1, C2, C3]) }.

day_name(Name) :-
    memberchk(Name, ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']).

month_name(Name, M) :-
    nth1(M, ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun',
             'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'], Name),
    !.

blank --> " ".

blanks --> " ", !, blanks.
blanks --> [].

% Exactly N decimal digits, as the integer they write.
digits(N, Value) -->
    n_digits(N, Ds),
    { number_codes(Value, Ds) }.

n_digits(0, []) -->
    !.
n_digits(N, [D|Ds]) -->
    [D],
    { digit(D),
      N1 is N - 1
    },
    n_digits(N1, Ds).

digit_codes([D|Ds]) -->
    [D],
    { digit(D) },
    !,
    digit_codes(Ds).
digit_codes([]) -->
    [].

digit(D) :-
    between(0'0, 0'9, D).
