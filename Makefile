# SPDX-License-Identifier: GPL-3.0-or-later
# The build OpenBench runs, `make EXE=name [CXX=compiler]`: a Release binary copied to $(EXE).
#   ARCH=native|x86-64-v3|x86-64-v2|x86-64   the CPU level the binary needs (default native)
#   TUNING=1   the SPSA tuning binary: every search parameter is a UCI option, and `spsa`
#              prints OpenBench's input for them
#   PGO=0      skip the profile: one plain build instead of two (with GCC, or Clang with its
#              llvm-profdata and lld, the default builds an instrumented binary, runs its bench, and
#              builds again from that profile with link-time optimisation; other compilers
#              always get the plain build)
# These may also come from the environment, which make reads as variables: that is how an
# OpenBench worker, which passes only EXE and CXX, builds the tuning binary (docs/openbench.md).
EXE ?= riposte
# $(call clang_tool,COMPILER,TOOL): the path of a Clang's own tool, empty when it is not installed.
clang_tool = $(shell command -v "$$($(1) -print-prog-name=$(2) 2>/dev/null)" 2>/dev/null)
# Without CXX given, Clang when it can build from a profile (its binary runs about 7% faster than
# GCC's here, docs/testing.md), else GCC.
ifeq ($(origin CXX),default)
CXX := $(if $(and $(call clang_tool,clang++,llvm-profdata),$(call clang_tool,clang++,ld.lld)),clang++,g++)
endif
ARCH ?= native
TUNING ?= 0
PGO ?= 1
tuning_flag := $(if $(filter 1 ON on yes,$(TUNING)),ON,OFF)
BUILD_DIR ?= build/make-$(ARCH)$(if $(filter ON,$(tuning_flag)),-tuning)
is_gcc := $(shell $(CXX) --version 2>/dev/null | grep -q 'Free Software Foundation' && echo 1)
is_clang := $(shell $(CXX) --version 2>/dev/null | grep -q 'clang version' && echo 1)
profdata := $(if $(is_clang),$(call clang_tool,$(CXX),llvm-profdata))
lld := $(if $(is_clang),$(call clang_tool,$(CXX),ld.lld))
pgo := $(if $(and $(filter 1 ON on yes,$(PGO)),$(or $(is_gcc),$(and $(profdata),$(lld)))),1,)
profile_dir := $(abspath $(BUILD_DIR))-profile-data
cmake_flags := -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=$(CXX) -DRIPOSTE_ARCH=$(ARCH) \
  -DRIPOSTE_TUNING=$(tuning_flag) -DRIPOSTE_BUILD_TESTS=OFF -DRIPOSTE_BUILD_PERF=OFF

# Every configure starts fresh: a cache left by another compiler would otherwise be dropped with
# the settings given here, and the profile with it.
all:
ifeq ($(pgo),1)
	cmake --fresh -S . -B $(BUILD_DIR)-instrumented $(cmake_flags) -DRIPOSTE_LTO=ON \
	  -DRIPOSTE_PGO=generate -DRIPOSTE_PGO_DIR=$(profile_dir)
	cmake --build $(BUILD_DIR)-instrumented --target riposte -j
	rm -rf $(profile_dir)
	@# A binary for a CPU level above this machine's cannot run here: it is built without a profile.
	if $(BUILD_DIR)-instrumented/riposte bench > /dev/null \
	  $(if $(is_clang),&& $(profdata) merge -o $(profile_dir)/riposte.profdata $(profile_dir)/*.profraw); then \
	  cmake --fresh -S . -B $(BUILD_DIR) $(cmake_flags) -DRIPOSTE_LTO=ON -DRIPOSTE_PGO=use \
	    -DRIPOSTE_PGO_DIR=$(profile_dir); \
	else \
	  echo "the instrumented bench did not run on this machine: building without a profile"; \
	  cmake --fresh -S . -B $(BUILD_DIR) $(cmake_flags) -DRIPOSTE_LTO=ON -DRIPOSTE_PGO=; \
	fi
	cmake --build $(BUILD_DIR) --target riposte -j --clean-first
else
	cmake --fresh -S . -B $(BUILD_DIR) $(cmake_flags) -DRIPOSTE_LTO=OFF -DRIPOSTE_PGO=
	cmake --build $(BUILD_DIR) --target riposte -j
endif
	cp $(BUILD_DIR)/riposte $(EXE)

clean:
	rm -rf build/make-* $(EXE)

.PHONY: all clean
