// Seed 000's Tribonacci numeration and word in Walnut's language (docs/PROVER.md): the
// automata that the claims' proofs build by construction, each certified by the `eval`s that
// follow it. msd_trib is the paper's [e_1 … e_i]_T (weights 1, 2, 4, 7, …; the last digit
// weighs T_0 = 1); TR[n] is t_(n+1) with a, b, c = 0, 1, 2.
//
// A claim's proof is a concatenation of these blocks and its own evals: every eval must be
// TRUE, the last states the claim.
#pragma once

#include <string>

namespace qg::numeration::walnut {

// Digit shapes. $drop(x,y): (y)_T is (x)_T without its last digit. Each regular expression
// matches the shortest representation too ("1" besides "01"), since `reg` reads its digit
// strings as they come, leading zeros or not.
inline const std::string kDigits = R"walnut(reg drop msd_trib msd_trib "([0,0]|[1,0][1,1]*[0,1])*([1,0][1,1]*)?":
reg end0 msd_trib "((0|1)*0)?":
reg end1 msd_trib "(0|1)*1":
reg end01 msd_trib "1|(0|1)*01":
reg end011 msd_trib "11|(0|1)*011":
eval drop_is_a_function "?msd_trib Ax (Ey $drop(x,y)) & Ay,z ($drop(x,y) & $drop(x,z)) => y=z":
)walnut";

// The Tribonacci numbers T_m = [10…0]_T (m zeros) and, for m ≥ 3, $below(a,b,c,t): t = T_m and
// a, b, c = T_(m−1), T_(m−2), T_(m−3), its representation without one, two, three digits. After
// kDigits (it reads $drop).
inline const std::string kTribonacciNumbers = R"walnut(reg power msd_trib "10*":
def below "?msd_trib $power(t) & t>=7 & $drop(t,a) & $drop(a,b) & $drop(b,c)":
)walnut";

// N_a, N_b, N_c (the letters a, b, c among t_1 … t_n) by Theorem 12's formulas: $na(n,z) is
// z = [e_1 … e_(i−1)]_T + e_i for (n)_T = e_1 … e_i, $nb and $nc drop one and two more
// digits first. The evals are the induction that makes them the counting functions: they
// are functions, 0 at n = 0, and step by one exactly where t_(n+1) = TR[n] is their letter.
inline const std::string kLetterCounts =
    kDigits + R"walnut(def na "?msd_trib Em $drop(n,m) & (($end0(n) & z=m) | ($end1(n) & z=m+1))":
def nb "?msd_trib Em $drop(n,m) & $na(m,z)":
def nc "?msd_trib Em $drop(n,m) & $nb(m,z)":
eval counts_are_functions "?msd_trib An (Ez $na(n,z)) & (Ez $nb(n,z)) & (Ez $nc(n,z)) & Ax,y (($na(n,x) & $na(n,y)) | ($nb(n,x) & $nb(n,y)) | ($nc(n,x) & $nc(n,y))) => x=y":
eval na_counts_a "?msd_trib $na(0,0) & An,x,y ($na(n,x) & $na(n+1,y)) => ((TR[n]=@0 & y=x+1) | (TR[n]!=@0 & y=x))":
eval nb_counts_b "?msd_trib $nb(0,0) & An,x,y ($nb(n,x) & $nb(n+1,y)) => ((TR[n]=@1 & y=x+1) | (TR[n]!=@1 & y=x))":
eval nc_counts_c "?msd_trib $nc(0,0) & An,x,y ($nc(n,x) & $nc(n+1,y)) => ((TR[n]=@2 & y=x+1) | (TR[n]!=@2 & y=x))":
)walnut";

// A_n, B_n, C_n (the positions of the n-th a, b, c in T; 0 at n = 0) by Theorem 14's
// formulas: $shift(x,y) is y = [(x)_T 0]_T, and [(n−1)_T 01]_T = [(n−1)_T 00]_T + 1,
// [(n−1)_T 011]_T = [(n−1)_T 000]_T + 3. The eval certifies them: each is defined for n ≥ 1,
// and any value at n holds an a and is the n-th (N_a(A_n) = n), and so on.
inline const std::string kLetterPositions = kLetterCounts + R"walnut(def shift "?msd_trib $drop(y,x) & $end0(y)":
def apos "?msd_trib (n=0 & z=0) | (n>=1 & Ey $shift(n-1,y) & z=y+1)":
def bpos "?msd_trib (n=0 & z=0) | (n>=1 & Ey,w $shift(n-1,w) & $shift(w,y) & z=y+2)":
def cpos "?msd_trib (n=0 & z=0) | (n>=1 & Ey,v,w $shift(n-1,v) & $shift(v,w) & $shift(w,y) & z=y+4)":
eval positions_of_letters "?msd_trib An n>=1 => ((Ex $apos(n,x)) & (Ex $bpos(n,x)) & (Ex $cpos(n,x)) & (Ax $apos(n,x) => (TR[x-1]=@0 & $na(x,n))) & (Ax $bpos(n,x) => (TR[x-1]=@1 & $nb(x,n))) & (Ax $cpos(n,x) => (TR[x-1]=@2 & $nc(x,n))))":
)walnut";

// The theme song Θ = c·T (Theorem 2) as $theta(n,t): t = 0, 1, 2 for Θ_n = a, b, c.
inline const std::string kThemeSong =
    R"walnut(def theta "?msd_trib (n=0 & t=2) | (n>=1 & ((TR[n-1]=@0 & t=0) | (TR[n-1]=@1 & t=1) | (TR[n-1]=@2 & t=2)))":
)walnut";

// The XYMP table by Corollary 21's formulas X = B − A, Y = C − B, M = Y − X (= C − 2B + A),
// P = C − A, certified as the table of recurrence (2): defined at every n (functions, since
// A, B, C are), 0 at n = 0, Y = X + M and P = X + Y, and X_n, M_n the mex of the earlier
// X, Y and M, P. (2) determines the table, so by induction on n these are X, Y, M, P.
inline const std::string kXymp = kLetterPositions + R"walnut(def xcol "?msd_trib Ea,b $apos(n,a) & $bpos(n,b) & x+a=b":
def ycol "?msd_trib Eb,c $bpos(n,b) & $cpos(n,c) & y+b=c":
def mcol "?msd_trib Ex,y $xcol(n,x) & $ycol(n,y) & z+x=y":
def pcol "?msd_trib Ea,c $apos(n,a) & $cpos(n,c) & p+a=c":
eval xymp_table1 "?msd_trib $xcol(11,17) & $ycol(11,31) & $mcol(11,14) & $pcol(11,48)":
eval xymp_defined "?msd_trib An (Ex $xcol(n,x)) & (Ey $ycol(n,y)) & (Em $mcol(n,m)) & (Ep $pcol(n,p))":
eval xymp_start "?msd_trib $xcol(0,0) & $ycol(0,0) & $mcol(0,0) & $pcol(0,0)":
eval xymp_sums "?msd_trib An,x,y,m,p ($xcol(n,x) & $ycol(n,y) & $mcol(n,m) & $pcol(n,p)) => (y=x+m & p=x+y)":
eval xymp_x_mex "?msd_trib An,x (n>=1 & $xcol(n,x)) => (~(Ei i<n & ($xcol(i,x) | $ycol(i,x))) & Av v<x => (Ei i<n & ($xcol(i,v) | $ycol(i,v))))":
eval xymp_m_mex "?msd_trib An,m (n>=1 & $mcol(n,m)) => (~(Ei i<n & ($mcol(i,m) | $pcol(i,m))) & Av v<m => (Ei i<n & ($mcol(i,v) | $pcol(i,v))))":
)walnut";

}  // namespace qg::numeration::walnut
