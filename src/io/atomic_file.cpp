#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <system_error>

#include "queengames/io.hpp"

namespace qg {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void cannot_write(const fs::path& path, int error) {
  throw InputError("cannot write " + path.string() + ": " + std::strerror(error));
}

// The final target of a chain of symbolic links, each read relative to its own directory, so
// that a dangling link names the file to create. Only called for regular or absent targets:
// the magic links of /proc (pipe:[…]) are devices and written in place.
fs::path follow_links(fs::path p) {
  for (int depth = 0; depth < 40; ++depth) {
    std::error_code ec;
    if (!fs::is_symlink(fs::symlink_status(p, ec)) || ec) return p;
    fs::path next = fs::read_symlink(p, ec);
    if (ec) return p;
    p = next.is_absolute() ? next : p.parent_path() / next;
  }
  cannot_write(p, ELOOP);
}

// Whether `fd` is still the file named `path` (a cleaner may have unlinked it).
bool names(int fd, const fs::path& path) {
  struct stat a, b;
  return ::fstat(fd, &a) == 0 && ::stat(path.c_str(), &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// "<name>.tmp.<digits>[.<digits>]": the temporaries AtomicFile makes for the target <name>.
bool is_temporary_of(const std::string& entry, const std::string& prefix) {
  if (entry.size() <= prefix.size() || entry.compare(0, prefix.size(), prefix) != 0) return false;
  if (!std::isdigit(static_cast<unsigned char>(entry[prefix.size()]))) return false;
  for (std::size_t i = prefix.size(); i < entry.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(entry[i])) && entry[i] != '.') return false;
  return true;
}

}  // namespace

std::vector<fs::path> remove_stale_temporaries(const fs::path& target) {
  std::vector<fs::path> removed;
  if (target == "-") return removed;
  fs::path t = follow_links(target);
  fs::path dir = t.parent_path().empty() ? fs::path(".") : t.parent_path();
  std::string prefix = t.filename().string() + ".tmp.";
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (!is_temporary_of(it->path().filename().string(), prefix)) continue;
    fs::path candidate = t.parent_path() / it->path().filename();
    // O_RDWR: over NFS flock() is emulated by fcntl locks, whose exclusive lock needs write access.
    int fd = ::open(candidate.c_str(), O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) continue;
    struct stat st;
    // The lock is free only when the run that made the temporary is gone.
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && ::flock(fd, LOCK_EX | LOCK_NB) == 0 && names(fd, candidate) &&
        ::unlink(candidate.c_str()) == 0)
      removed.push_back(candidate);
    ::close(fd);
  }
  return removed;
}

AtomicFile::AtomicFile(fs::path path, bool binary) : path_(std::move(path)) {
  const auto mode = binary ? std::ios::out | std::ios::binary : std::ios::out;
  if (path_ == "-") {
    stdout_.rdbuf(std::cout.rdbuf());
    stream_ = &stdout_;
    stream_->exceptions(std::ios::badbit);
    return;
  }
  struct stat st;
  bool exists = ::stat(path_.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) cannot_write(path_, EISDIR);
  if (exists && !S_ISREG(st.st_mode)) {
    // A device, FIFO or socket: renaming over it would replace the node, so write into it.
    out_.open(path_, mode);
    if (!out_) cannot_write(path_, errno);
    out_.exceptions(std::ios::badbit);
    return;
  }
  path_ = follow_links(path_);
  // /dev holds the system's devices: a name there that is none (a mistyped /dev/null) would
  // become a regular file in memory among them.
  std::error_code ec;
  if (fs::equivalent(fs::absolute(path_, ec).parent_path(), "/dev", ec))
    throw InputError("cannot write " + path_.string() + ": no such device (in /dev only devices are written)");
  stale_ = remove_stale_temporaries(path_);
  for (int attempt = 0;; ++attempt) {
    std::string suffix = ".tmp.";
    suffix += std::to_string(::getpid());
    if (attempt) suffix.append(1, '.').append(std::to_string(attempt));
    tmp_ = path_;
    tmp_ += suffix;
    int fd = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && (errno != EEXIST || attempt == 8)) cannot_write(path_, errno);
    if (fd < 0) continue;
    // Locked before anything is written; a cleaner that unlinked it in between is noticed.
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0 && names(fd, tmp_)) {
      lock_fd_ = fd;
      break;
    }
    ::close(fd);
    if (attempt == 8) cannot_write(path_, EAGAIN);
  }
  if (exists) (void)::fchmod(lock_fd_, st.st_mode & 07777);  // the replacement keeps the file's permissions
  out_.open(tmp_, mode | std::ios::trunc);
  if (!out_) {
    int error = errno;
    ::unlink(tmp_.c_str());
    ::close(lock_fd_);
    cannot_write(path_, error);
  }
  out_.exceptions(std::ios::badbit);
}

AtomicFile::~AtomicFile() {
  stream_->exceptions(std::ios::goodbit);
  if (!committed_ && !tmp_.empty()) {
    out_.close();
    ::unlink(tmp_.c_str());
  }
  if (lock_fd_ >= 0) ::close(lock_fd_);
}

void AtomicFile::commit() {
  stream_->exceptions(std::ios::goodbit);
  errno = 0;
  stream_->flush();
  bool ok = !stream_->fail();
  if (stream_ == &stdout_) {
    ok = std::fflush(stdout) == 0 && ok;
  } else {
    out_.close();
    ok = ok && !out_.fail();
  }
  if (!ok)
    throw InputError("write error: " + (stream_ == &stdout_ ? std::string() : path_.string() + ": ") +
                     (errno ? std::strerror(errno) : "the output could not be written"));
  if (!tmp_.empty()) {
    std::error_code ec;
    fs::rename(tmp_, path_, ec);
    if (ec) throw InputError("cannot rename " + tmp_.string() + " to " + path_.string() + ": " + ec.message());
  }
  committed_ = true;
}

}  // namespace qg
