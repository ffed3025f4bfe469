// The CLI's MPI layer, and all of it: who this process is among the ranks of an mpirun job,
// and the few messages the sweep and the distributed palace count exchange. Built with Open
// MPI when CMake finds it (QG_MPI); otherwise, or when the program was not started by mpirun,
// the world is this one process (rank 0 of 1) and every call is trivial. No mathematics here:
// the library computes, the world only carries its numbers between ranks.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace qg::app {

class World {
 public:
  World();  // joins the mpirun job, if there is one
  World(const World&) = delete;
  World& operator=(const World&) = delete;
  ~World();
  int rank() const { return rank_; }
  int size() const { return size_; }
  bool distributed() const { return size_ > 1; }
  void barrier();
  // Rank 0's text, on every rank (its verdict on the input, so that all ranks agree).
  std::string broadcast(std::string text);
  // Blocking point-to-point messages of 64-bit words.
  void send(int to, const std::vector<std::uint64_t>& words);
  void receive(int from, std::vector<std::uint64_t>& words);  // words.size() words
  // Every rank's words (the same count on each), concatenated in rank order, on rank 0.
  std::vector<std::uint64_t> gather(const std::vector<std::uint64_t>& words);
  // Runs f, which decides validity the same way on every rank: its error is printed by every
  // rank, and all have printed before any exits with status 2 (mpirun ends the job at the
  // first rank that fails, which could otherwise cut another's message).
  void agree(const std::function<void()>& f);
  // Runs f; an exception thrown on one rank while the others may be waiting for it ends the
  // whole job (its message printed first, as main would), never a hang.
  void or_abort(const std::function<void()>& f);

 private:
  int rank_ = 0, size_ = 1;
  bool joined_ = false;
};

}  // namespace qg::app
