// The papers layer: each seed paper's claims, with their checkers and proofs, in a room of its
// own (src/papers/<paper>/), above the engines whose results they check. A room's file keeps its
// checkers in a namespace of its own, qg::papers::<paper>_<engine>, so that the files of the
// layer compile together (QG_UNITY) although each reads its engine's names unqualified.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "queengames/papers.hpp"

namespace qg::papers {

// The Walnut text of a proof in data/proofs/ ("empress/theorem5": data/proofs/empress/theorem5.txt),
// compiled in (CMakeLists.txt). InputError for a name with no file.
std::string proof_text(std::string_view name);

// Seed 000 (exile): the numeration facts of §5, the theme song and Tribonacci word of §4–6, the
// spiral's theorems of §1–6, and §7–8's Grundy values on numbered boards.
namespace exile_numeration {
std::vector<Claim> claims();
}
namespace exile_words {
std::vector<Claim> claims();
}
namespace exile_spiral {
std::vector<Claim> claims();
}
namespace exile_boards {
std::vector<Claim> claims();
}
// Seed 001 (empress): the two-pile games' P-positions, and §4's morphic Queens.
namespace empress_twopile {
std::vector<Claim> claims();
}
namespace empress_morphic {
std::vector<Claim> claims();
}
// Seed 002 (knuth): the ∞-queens.
namespace knuth_infty {
std::vector<Claim> claims();
}
// Seed 003 (maharaja): §1 and §4 on the two-pile sweep, §2–5 and Appendix B on dictionaries.
namespace maharaja_twopile {
std::vector<Claim> claims();
}
namespace maharaja_dictionary {
std::vector<Claim> claims();
}
// Seed 004 (blocking).
namespace blocking_paper {
std::vector<Claim> claims();
}
// Games of papers outside the seeds (Wythoff with a terminal set, arXiv 2605.01435).
namespace outside_twopile {
std::vector<Claim> claims();
}

}  // namespace qg::papers
