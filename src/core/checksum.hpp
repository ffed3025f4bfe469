// Internal: the checksum of every resumable file (the ∞-queens checkpoints, the blocking slabs,
// the sweep's shards), so that a damaged file is refused or recomputed, never resumed from.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "queengames/common.hpp"

namespace qg {

static_assert(std::endian::native == std::endian::little, "checksummed files are little-endian");

// Word by word: each step is a bijection of the running value, so changing any one word
// always changes the result (a flipped byte, a word zeroed, a word appended). Bytes are summed
// as little-endian words, the last one padded with zeros; a file's sizes are checked apart
// (a truncation is named as such before the sum is compared).
class Checksum {
 public:
  void add(std::uint64_t word) {
    value_ = (value_ ^ word) * 0x9e3779b97f4a7c15;
    value_ ^= value_ >> 29;
  }
  void add(const void* bytes, std::size_t count) {
    const auto* p = static_cast<const unsigned char*>(bytes);
    while (count > 0) {
      const std::size_t take = std::min<std::size_t>(8 - pending_bytes_, count);
      std::memcpy(reinterpret_cast<unsigned char*>(&pending_) + pending_bytes_, p, take);
      pending_bytes_ += take, p += take, count -= take;
      if (pending_bytes_ == 8) add(pending_), pending_ = 0, pending_bytes_ = 0;
    }
  }
  void add(std::string_view text) { add(text.data(), text.size()); }
  // The sum of everything added (a partial last word padded with zeros).
  std::uint64_t value() const {
    Checksum whole = *this;
    if (whole.pending_bytes_ > 0) whole.add(whole.pending_), whole.pending_bytes_ = 0;
    return whole.value_;
  }
  std::string hex() const;  // 16 lowercase hex digits

 private:
  std::uint64_t value_ = 0x243f6a8885a308d3;
  std::uint64_t pending_ = 0;
  std::size_t pending_bytes_ = 0;
};

// A binary file written through the checksum: every byte is summed, and finish() appends the
// sum as the file's last word.
class SummedWriter {
 public:
  explicit SummedWriter(std::ostream& out) : out_(out) {}
  void bytes(const void* data, std::size_t count) {
    sum_.add(data, count);
    out_.write(static_cast<const char*>(data), static_cast<std::streamsize>(count));
  }
  void word(std::uint64_t w) { bytes(&w, sizeof w); }
  void words(const std::uint64_t* w, std::uint64_t count) { bytes(w, count * sizeof *w); }
  void finish() {
    const std::uint64_t s = sum_.value();
    out_.write(reinterpret_cast<const char*>(&s), sizeof s);
  }

 private:
  std::ostream& out_;
  Checksum sum_;
};

// Its reader: every problem is an InputError "<prefix><problem>" (the prefix names the file and
// what was being done: "cannot resume from ck.bin: ").
class SummedReader {
 public:
  SummedReader(std::istream& in, std::string prefix) : in_(in), prefix_(std::move(prefix)) {}
  [[noreturn]] void fail(const std::string& problem) const { throw InputError(prefix_ + problem); }
  // The bytes left in the stream, when it can tell (-1 otherwise): a file's size is checked
  // against its header before anything large is read or allocated.
  std::int64_t remaining();
  void bytes(void* data, std::size_t count) {
    if (!try_bytes(data, count)) fail("the file is truncated");
  }
  // The same, false at the end of the file (a magic number that is not there).
  bool try_bytes(void* data, std::size_t count) {
    in_.read(static_cast<char*>(data), static_cast<std::streamsize>(count));
    if (static_cast<std::size_t>(in_.gcount()) != count) return false;
    sum_.add(data, count);
    return true;
  }
  std::uint64_t word() {
    std::uint64_t w;
    bytes(&w, sizeof w);
    return w;
  }
  void words(std::uint64_t* w, std::uint64_t count) { bytes(w, count * sizeof *w); }
  // The stored sum: refuses a mismatch and anything after it.
  void finish();

 private:
  std::istream& in_;
  std::string prefix_;
  Checksum sum_;
};

// Text files (the sweep's shards) end with the line "# checksum <16 hex digits>" over every
// byte before it: checksum_line(text) is that line for `text`; checksummed_text(file) is the
// text before a valid last line, nullopt when the line is missing or does not match.
std::string checksum_line(std::string_view text);
std::optional<std::string_view> checksummed_text(std::string_view file);

}  // namespace qg
