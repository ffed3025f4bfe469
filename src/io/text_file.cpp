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
  const auto failed = [&] {
    return InputError(fmt::format("cannot read {}: {}", path.string(), std::strerror(errno)));
  };
  // Non-blocking, so that open() of a FIFO without a writer returns at once: a blocking open
  // waits for the writer, and a signal that came just before the call would go unnoticed.
  struct Descriptor {
    int fd;
    ~Descriptor() {
      if (fd >= 0) ::close(fd);
    }
  } in{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  if (in.fd < 0) throw failed();
  std::string text;
  std::size_t line_start = 0;
  char chunk[1 << 14];
  for (;;) {
    struct pollfd ready {
      in.fd, POLLIN, 0
    };
    const int events = ::poll(&ready, 1, 100);
    if (progress) progress(text.size(), max_bytes);
    if (events < 0 && errno != EINTR) throw failed();
    if (events <= 0) continue;  // nothing yet (a FIFO whose writer has not come), or a signal
    const ssize_t got = ::read(in.fd, chunk, sizeof chunk);
    if (got < 0 && (errno == EAGAIN || errno == EINTR)) continue;
    if (got < 0) throw failed();
    if (got == 0) break;  // the end of the file, or of a FIFO whose writers have all closed it
    text.append(chunk, static_cast<std::size_t>(got));
    if (text.size() > max_bytes)
      throw RangeError(
          fmt::format("{} is longer than {} MiB, which no {} needs", path.string(), max_bytes >> 20, kind));
    if (const auto newline = std::string_view(chunk, static_cast<std::size_t>(got)).rfind('\n');
        newline != std::string_view::npos)
      line_start = text.size() - static_cast<std::size_t>(got) + newline + 1;
    if (text.size() - line_start > max_line)
      throw RangeError(
          fmt::format("{}: a line is longer than {} characters, which no {} needs", path.string(), max_line, kind));
  }
  return text;
}

}  // namespace qg
