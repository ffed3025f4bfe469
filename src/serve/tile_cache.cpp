#include "serve/tile_cache.hpp"

namespace qg::serve {

std::shared_ptr<const std::string> TileCache::get(const std::string& key) {
  std::lock_guard lock(mutex_);
  auto it = index_.find(key);
  if (it == index_.end()) return nullptr;
  order_.splice(order_.begin(), order_, it->second);
  return it->second->second;
}

void TileCache::put(const std::string& key, std::shared_ptr<const std::string> png) {
  std::lock_guard lock(mutex_);
  if (index_.count(key)) return;
  order_.emplace_front(key, std::move(png));
  index_[key] = order_.begin();
  bytes_ += entry_bytes(order_.front());
  while (!order_.empty() && bytes_ + atlas_.memory() > cap_) {
    bytes_ -= entry_bytes(order_.back());
    index_.erase(order_.back().first);
    order_.pop_back();
  }
}

}  // namespace qg::serve
