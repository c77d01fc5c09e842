// SPDX-License-Identifier: GPL-3.0-or-later
// Line-oriented, thread-safe writer for the engine's standard output.
#pragma once

#include <mutex>
#include <ostream>
#include <string_view>

namespace riposte {

class Output {
 public:
  explicit Output(std::ostream& out) : out_(out) {}
  // Writes one line and flushes, so GUIs see it at once; callable from any thread.
  void line(std::string_view text) {
    std::lock_guard lock(mutex_);
    out_ << text << '\n' << std::flush;
  }

 private:
  std::ostream& out_;
  std::mutex mutex_;
};

}  // namespace riposte
