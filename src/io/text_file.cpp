#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "queengames/io.hpp"

namespace qg {

std::string read_text_file(const std::filesystem::path& path, std::size_t max_bytes, std::size_t max_line,
                           std::string_view kind, const ProgressFn& progress) {
  const auto failed = [&](int error) {
    return InputError(fmt::format("cannot read {}: {}", path.string(), std::strerror(error)));
  };
  // Non-blocking, so that open() of a FIFO without a writer returns at once: a blocking open
  // waits for the writer, and a signal that came just before the call would go unnoticed.
  struct Descriptor {
    int fd;
    ~Descriptor() {
      if (fd >= 0) ::close(fd);
    }
  } in{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  if (in.fd < 0) throw failed(errno);
  std::string text;
  std::size_t line_start = 0;
  char chunk[1 << 14];
  const auto too_long = [&] {
    return RangeError(
        fmt::format("{}: a line is longer than {} characters, which no {} needs", path.string(), max_line, kind));
  };
  for (;;) {
    struct pollfd ready {
      in.fd, POLLIN, 0
    };
    const int events = ::poll(&ready, 1, 100);
    const int poll_error = errno;  // before progress, which may print
    if (progress) progress(text.size(), max_bytes);
    if (events < 0 && poll_error != EINTR) throw failed(poll_error);
    if (events <= 0) continue;  // nothing yet (a FIFO whose writer has not come), or a signal
    const ssize_t got = ::read(in.fd, chunk, sizeof chunk);
    if (got < 0 && (errno == EAGAIN || errno == EINTR)) continue;
    if (got < 0) throw failed(errno);
    if (got == 0) break;                    // the end of the file, or of a FIFO whose writers have all closed it
    const std::size_t first = text.size();  // the chunk's place in the text
    text.append(chunk, static_cast<std::size_t>(got));
    if (text.size() > max_bytes)
      throw RangeError(
          fmt::format("{} is longer than {} MiB, which no {} needs", path.string(), max_bytes >> 20, kind));
    // Every line the chunk ends, then the one it leaves open.
    for (const char *p = chunk, *end = chunk + got, *newline;
         (newline = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p))));
         p = newline + 1) {
      const std::size_t at = first + static_cast<std::size_t>(newline - chunk);
      if (at - line_start > max_line) throw too_long();
      line_start = at + 1;
    }
    if (text.size() - line_start > max_line) throw too_long();
  }
  return text;
}

}  // namespace qg
