// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's name and version. RIPOSTE_VERSION comes from CMake's project(VERSION), the one
// place it is set.
#pragma once

namespace riposte {

inline constexpr const char* kEngineVersion = RIPOSTE_VERSION;
inline constexpr const char* kEngineName = "Riposte " RIPOSTE_VERSION;

}  // namespace riposte
