% An employee report: sorting on several keys with sort/4 and predsort/3,
% grouping, averages, and formatted money.
:- initialization(main, main).

emp(alice, engineering, 5200). emp(bob, sales, 3100). emp(carol, engineering, 6100).
emp(dave, sales, 3900). emp(erin, support, 2800). emp(frank, engineering, 4700). emp(gina, support, 3300).

by_dept_salary(O, e(D1, S1, N1), e(D2, S2, N2)) :-
    compare(O0, D1, D2),
    ( O0 \== (=) -> O = O0 ; compare(O1, S2, S1), ( O1 \== (=) -> O = O1 ; compare(O, N1, N2) ) ).

main :-
    findall(e(D, S, N), emp(N, D, S), Es),
    predsort(by_dept_salary, Es, Sorted),
    forall(member(e(D, S, N), Sorted), format("~w~t~14|~w~t~22|~t~d~30|~n", [D, N, S])),
    findall(S-N, emp(N, _, S), SN), sort(1, @>=, SN, Desc), Desc = [Top-TopN|_], format("top earner ~w (~d)~n", [TopN, Top]),
    setof(D, N^S^emp(N, D, S), Ds),
    forall(member(D, Ds),
           ( aggregate_all(bag(S), emp(_, D, S), Ss), sum_list(Ss, Tot), length(Ss, K), Avg is Tot / K,
             format("~w: ~d people, total ~d, average ~2f~n", [D, K, Tot, Avg]) )),
    aggregate_all(sum(S), emp(_, _, S), Payroll), format("payroll ~D~n", [Payroll]).
