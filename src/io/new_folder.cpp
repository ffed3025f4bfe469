// A new folder written at once (io.hpp).
#include <unistd.h>

#include <fstream>

#include <fmt/format.h>

#include "queengames/io.hpp"

namespace qg {

namespace fs = std::filesystem;

void require_new_folder(const fs::path& dir) {
  std::error_code ec;
  const auto st = fs::symlink_status(dir, ec);
  if (fs::exists(st)) {
    if (!fs::is_directory(st))
      throw InputError(fmt::format("{} exists and is not a folder: give a new folder to write into", dir.string()));
    if (!fs::is_empty(dir, ec) || ec)
      throw InputError(fmt::format("{} is not empty: give a new folder (nothing in it is replaced)", dir.string()));
  }
}

void write_new_folder(const fs::path& dir, const std::vector<std::pair<std::string, std::string>>& files) {
  require_new_folder(dir);  // again: the folder may have filled since the caller asked
  std::error_code ec;
  fs::path tmp = dir;
  tmp += fmt::format(".tmp.{}", ::getpid());
  // Removed on every way out but the rename.
  struct Temporary {
    fs::path path;
    ~Temporary() {
      std::error_code ignored;
      if (!path.empty()) fs::remove_all(path, ignored);
    }
  } temporary{tmp};
  auto fail = [&](const fs::path& what, const std::error_code& e) {
    throw InputError(fmt::format("cannot write {}: {}", what.string(), e.message()));
  };
  fs::remove_all(tmp, ec);
  for (const auto& [relative, text] : files) {
    const fs::path path = tmp / relative;
    fs::create_directories(path.parent_path(), ec);
    if (ec) fail(dir / relative, ec);
    std::ofstream out(path, std::ios::binary);
    out << text;
    out.close();
    if (!out) fail(dir / relative, std::make_error_code(std::errc::io_error));
  }
  if (files.empty()) fs::create_directories(tmp, ec);
  fs::rename(tmp, dir, ec);  // over an empty folder too (rename(2))
  if (ec) fail(dir, ec);
  temporary.path.clear();
}

}  // namespace qg
