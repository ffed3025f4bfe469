// The server's cache of tiles as PNG (src/serve/): least recently used first out.
#pragma once

#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "queengames/atlas.hpp"

namespace qg::serve {

// Tiles as PNG, least recently used first out, within a cap on what the atlas's regions and
// the tiles hold together.
class TileCache {
 public:
  TileCache(std::uint64_t cap, const atlas::Atlas& atlas) : cap_(cap), atlas_(atlas) {}
  std::shared_ptr<const std::string> get(const std::string& key);
  void put(const std::string& key, std::shared_ptr<const std::string> png);

 private:
  using Entry = std::pair<std::string, std::shared_ptr<const std::string>>;
  static std::uint64_t entry_bytes(const Entry& e) { return 2 * e.first.size() + e.second->size() + 128; }
  std::mutex mutex_;
  std::list<Entry> order_;
  std::unordered_map<std::string, std::list<Entry>::iterator> index_;
  std::uint64_t bytes_ = 0, cap_;
  const atlas::Atlas& atlas_;
};

}  // namespace qg::serve
