// The XYMP table by its definition, the mex recurrence (2) of seed 000.
#include "core/bits.hpp"
#include "queengames/spiral.hpp"

namespace qg::spiral {

// The Y and P values not yet passed by X and M: windows sliding upward.
struct XympRecurrence::Pending {
  BitSet y, p;
};

XympRecurrence::XympRecurrence() : pending_(std::make_unique<Pending>()) {}
XympRecurrence::~XympRecurrence() = default;

void XympRecurrence::advance() {
  // X and M increase, and Y_i > X_i, P_i > M_i for i > 0, so the mex is the first value
  // above the current X (M) that no Y (P) still ahead of it occupies.
  BitSet& pending_y = pending_->y;
  BitSet& pending_p = pending_->p;
  const std::uint64_t x = pending_y.next_zero(row_.x + 1);
  const std::uint64_t m = pending_p.next_zero(row_.m + 1);
  row_ = {x, x + m, m, 2 * x + m};
  pending_y.drop_below(x);
  pending_p.drop_below(m);
  pending_y.set(row_.y);
  pending_p.set(row_.p);
  ++n_;
}

}  // namespace qg::spiral
