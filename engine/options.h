// SPDX-License-Identifier: GPL-3.0-or-later
// The UCI option table: typed options with defaults and ranges, looked up case-insensitively.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"

namespace riposte {

class Options {
 public:
  enum class Type { kCheck, kSpin, kButton, kString };
  using OnChange = std::function<absl::Status(const std::string& value)>;

  struct Option {
    std::string name;
    Type type;
    std::string default_value;
    std::int64_t min = 0, max = 0;
    std::string value;
    OnChange on_change;
    bool hidden = false;  // development switches, settable but not listed by `uci`
  };

  void add_check(std::string name, bool value, OnChange on_change = nullptr, bool hidden = false);
  void add_spin(std::string name, std::int64_t value, std::int64_t min, std::int64_t max,
                OnChange on_change = nullptr);
  void add_button(std::string name, OnChange on_change);
  void add_string(std::string name, std::string value, OnChange on_change = nullptr);

  // Options that only set a variable: the variable's value at registration is the default.
  template <typename Int>
  void bind_spin(std::string name, Int& target, std::int64_t min, std::int64_t max) {
    add_spin(std::move(name), target, min, max, [&target](const std::string& v) {
      target = Int(std::stoll(v));
      return absl::OkStatus();
    });
  }
  void bind_check(std::string name, bool& target, bool hidden = false) {
    add_check(
        std::move(name), target,
        [&target](const std::string& v) {
          target = v == "true";
          return absl::OkStatus();
        },
        hidden);
  }

  // Validates and applies a value; on error the option keeps its old value.
  absl::Status set(std::string_view name, std::string_view value);

  // The `option name ...` lines of the `uci` reply.
  std::vector<std::string> uci_lines() const;

  bool check(std::string_view name) const;

 private:
  const Option* find(std::string_view name) const;
  Option* find(std::string_view name);
  std::vector<Option> options_;
};

}  // namespace riposte
