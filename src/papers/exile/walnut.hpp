// Seed 000's Tribonacci numeration and word in Walnut's language (docs/PROVER.md): the
// automata that the claims' proofs build by construction, each certified by the `eval`s that
// follow it. msd_trib is the paper's [e_1 … e_i]_T (weights 1, 2, 4, 7, …; the last digit
// weighs T_0 = 1); TR[n] is t_(n+1) with a, b, c = 0, 1, 2.
//
// A claim's proof is a concatenation of these blocks and its own evals: every eval must be
// TRUE, the last states the claim. Their text is data/proofs/exile/*.txt.
#pragma once

#include <string>

#include "papers/papers.hpp"

namespace qg::papers::walnut {

// Digit shapes. $drop(x,y): (y)_T is (x)_T without its last digit. Each regular expression
// matches the shortest representation too ("1" besides "01"), since `reg` reads its digit
// strings as they come, leading zeros or not.
inline const std::string kDigits = proof_text("exile/digits");

// The Tribonacci numbers T_m = [10…0]_T (m zeros) and, for m ≥ 3, $below(a,b,c,t): t = T_m and
// a, b, c = T_(m−1), T_(m−2), T_(m−3), its representation without one, two, three digits. After
// kDigits (it reads $drop).
inline const std::string kTribonacciNumbers = proof_text("exile/tribonacci_numbers");

// N_a, N_b, N_c (the letters a, b, c among t_1 … t_n) by Theorem 12's formulas: $na(n,z) is
// z = [e_1 … e_(i−1)]_T + e_i for (n)_T = e_1 … e_i, $nb and $nc drop one and two more
// digits first. The evals are the induction that makes them the counting functions: they
// are functions, 0 at n = 0, and step by one exactly where t_(n+1) = TR[n] is their letter.
inline const std::string kLetterCounts = kDigits + proof_text("exile/letter_counts");

// A_n, B_n, C_n (the positions of the n-th a, b, c in T; 0 at n = 0) by Theorem 14's
// formulas: $shift(x,y) is y = [(x)_T 0]_T, and [(n−1)_T 01]_T = [(n−1)_T 00]_T + 1,
// [(n−1)_T 011]_T = [(n−1)_T 000]_T + 3. The eval certifies them: each is defined for n ≥ 1,
// and any value at n holds an a and is the n-th (N_a(A_n) = n), and so on.
inline const std::string kLetterPositions = kLetterCounts + proof_text("exile/letter_positions");

// The theme song Θ = c·T (Theorem 2) as $theta(n,t): t = 0, 1, 2 for Θ_n = a, b, c.
inline const std::string kThemeSong = proof_text("exile/theme_song");

// The XYMP table by Corollary 21's formulas X = B − A, Y = C − B, M = Y − X (= C − 2B + A),
// P = C − A, certified as the table of recurrence (2): defined at every n (functions, since
// A, B, C are), 0 at n = 0, Y = X + M and P = X + Y, and X_n, M_n the mex of the earlier
// X, Y and M, P. (2) determines the table, so by induction on n these are X, Y, M, P.
inline const std::string kXymp = kLetterPositions + proof_text("exile/xymp");

}  // namespace qg::papers::walnut
