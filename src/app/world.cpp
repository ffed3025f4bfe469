// The MPI layer (world.hpp). Open MPI starts each rank with OMPI_COMM_WORLD_SIZE (or PMIx's
// PMIX_RANK) in its environment; without them the program runs as one process and never
// initialises MPI, so that a plain run needs no MPI runtime at all.
#include "world.hpp"

#include <cstdlib>
#include <iostream>
#include <stdexcept>

#include "cli.hpp"

#if QG_HAVE_MPI
#include <mpi.h>
#endif

namespace qg::app {

World::World() {
#if QG_HAVE_MPI
  if (!std::getenv("OMPI_COMM_WORLD_SIZE") && !std::getenv("PMIX_RANK")) return;
  int ready = 0;
  MPI_Initialized(&ready);
  if (!ready) MPI_Init(nullptr, nullptr), joined_ = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
#endif
}

World::~World() {
#if QG_HAVE_MPI
  if (joined_) MPI_Finalize();
#endif
}

void World::barrier() {
#if QG_HAVE_MPI
  if (distributed()) MPI_Barrier(MPI_COMM_WORLD);
#endif
}

std::string World::broadcast(std::string text) {
#if QG_HAVE_MPI
  if (!distributed()) return text;
  unsigned long long length = text.size();
  MPI_Bcast(&length, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  text.resize(length);
  MPI_Bcast(text.data(), static_cast<int>(length), MPI_CHAR, 0, MPI_COMM_WORLD);
#endif
  return text;
}

void World::send([[maybe_unused]] int to, [[maybe_unused]] const std::vector<std::uint64_t>& words) {
#if QG_HAVE_MPI
  MPI_Send(words.data(), static_cast<int>(words.size()), MPI_UINT64_T, to, 0, MPI_COMM_WORLD);
#else
  throw std::logic_error("no MPI in this build");
#endif
}

void World::receive([[maybe_unused]] int from, [[maybe_unused]] std::vector<std::uint64_t>& words) {
#if QG_HAVE_MPI
  MPI_Recv(words.data(), static_cast<int>(words.size()), MPI_UINT64_T, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
  throw std::logic_error("no MPI in this build");
#endif
}

std::vector<std::uint64_t> World::gather(const std::vector<std::uint64_t>& words) {
#if QG_HAVE_MPI
  if (distributed()) {
    std::vector<std::uint64_t> all(rank_ == 0 ? words.size() * static_cast<std::size_t>(size_) : 0);
    MPI_Gather(words.data(), static_cast<int>(words.size()), MPI_UINT64_T, all.data(), static_cast<int>(words.size()),
               MPI_UINT64_T, 0, MPI_COMM_WORLD);
    return all;
  }
#endif
  return words;
}

// One line in one write: the ranks' stderr meet in mpirun's, and a line written in pieces
// would interleave with another rank's.
static void say(const std::string& line) { std::cerr << (line + "\n") << std::flush; }

void World::agree(const std::function<void()>& f) {
  if (!distributed()) return f();
  try {
    f();
  } catch (const std::exception& e) {
    say("queengames: " + std::string(e.what()));
    barrier();
    throw ExitStatus{2};
  }
}

void World::or_abort(const std::function<void()>& f) {
  if (!distributed()) return f();
#if QG_HAVE_MPI
  try {
    f();
  } catch (const Interrupted&) {
    say("queengames: interrupted");
    MPI_Abort(MPI_COMM_WORLD, 130);
  } catch (const std::exception& e) {
    say("queengames: " + std::string(e.what()));
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
#endif
}

}  // namespace qg::app
