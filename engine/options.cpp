// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/options.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace riposte {

namespace {
bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}
}  // namespace

void Options::add_check(std::string name, bool value, OnChange on_change, bool hidden) {
  const std::string v = value ? "true" : "false";
  options_.push_back({std::move(name), Type::kCheck, v, 0, 0, v, std::move(on_change), hidden});
}

void Options::add_spin(std::string name, std::int64_t value, std::int64_t min, std::int64_t max,
                       OnChange on_change) {
  const std::string v = std::to_string(value);
  options_.push_back({std::move(name), Type::kSpin, v, min, max, v, std::move(on_change), false});
}

void Options::add_button(std::string name, OnChange on_change) {
  options_.push_back({std::move(name), Type::kButton, "", 0, 0, "", std::move(on_change), false});
}

void Options::add_string(std::string name, std::string value, OnChange on_change) {
  options_.push_back(
      {std::move(name), Type::kString, value, 0, 0, value, std::move(on_change), false});
}

const Options::Option* Options::find(std::string_view name) const {
  for (const Option& o : options_)
    if (iequals(o.name, name)) return &o;
  return nullptr;
}

Options::Option* Options::find(std::string_view name) {
  return const_cast<Option*>(std::as_const(*this).find(name));
}

absl::Status Options::set(std::string_view name, std::string_view value) {
  Option* o = find(name);
  if (!o) return absl::NotFoundError(absl::StrCat("no such option '", std::string(name), "'"));
  std::string normalised(value);
  switch (o->type) {
    case Type::kCheck:
      if (iequals(value, "true"))
        normalised = "true";
      else if (iequals(value, "false"))
        normalised = "false";
      else
        return absl::InvalidArgumentError(absl::StrCat(
            "option '", o->name, "' takes true or false, got '", std::string(value), "'"));
      break;
    case Type::kSpin: {
      std::int64_t v;
      if (!absl::SimpleAtoi(absl::string_view(value.data(), value.size()), &v) || v < o->min ||
          v > o->max)
        return absl::OutOfRangeError(absl::StrCat("option '", o->name, "' takes an integer from ",
                                                  o->min, " to ", o->max, ", got '",
                                                  std::string(value), "'"));
      normalised = std::to_string(v);
      break;
    }
    case Type::kButton:
    case Type::kString: break;
  }
  if (o->on_change) {
    if (absl::Status s = o->on_change(normalised); !s.ok()) return s;
  }
  if (o->type != Type::kButton) o->value = normalised;
  return absl::OkStatus();
}

std::vector<std::string> Options::uci_lines() const {
  std::vector<std::string> lines;
  for (const Option& o : options_) {
    if (o.hidden) continue;
    std::string line = "option name " + o.name + " type ";
    switch (o.type) {
      case Type::kCheck: line += "check default " + o.default_value; break;
      case Type::kSpin:
        line += absl::StrCat("spin default ", o.default_value, " min ", o.min, " max ", o.max);
        break;
      case Type::kButton: line += "button"; break;
      case Type::kString:
        line += "string default " + (o.default_value.empty() ? "<empty>" : o.default_value);
        break;
    }
    lines.push_back(line);
  }
  return lines;
}

bool Options::check(std::string_view name) const {
  const Option* o = find(name);
  if (!o || o->type != Type::kCheck) throw std::logic_error("unknown check option");
  return o->value == "true";
}

}  // namespace riposte
