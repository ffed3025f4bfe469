#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

#include "queengames/io.hpp"

namespace qg {

AtomicFile::AtomicFile(std::filesystem::path path, bool binary) : path_(std::move(path)) {
  tmp_ = path_;
  tmp_ += ".tmp." + std::to_string(::getpid());
  out_.open(tmp_, binary ? std::ios::out | std::ios::binary | std::ios::trunc : std::ios::out | std::ios::trunc);
  if (!out_)
    throw InputError("cannot write " + path_.string() + ": " + std::strerror(errno));
}

AtomicFile::~AtomicFile() {
  if (!committed_) {
    out_.close();
    std::error_code ec;
    std::filesystem::remove(tmp_, ec);
  }
}

void AtomicFile::commit() {
  out_.flush();
  bool ok = static_cast<bool>(out_);
  out_.close();
  if (!ok || out_.fail()) throw InputError("error while writing " + path_.string());
  std::error_code ec;
  std::filesystem::rename(tmp_, path_, ec);
  if (ec) throw InputError("cannot rename " + tmp_.string() + " to " + path_.string() + ": " + ec.message());
  committed_ = true;
}

}  // namespace qg
