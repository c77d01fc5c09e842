# SPDX-License-Identifier: GPL-3.0-or-later
# The build OpenBench runs, `make EXE=name [CXX=compiler]`: a Release binary copied to $(EXE).
#   ARCH=native|x86-64-v3|x86-64-v2|x86-64   the CPU level the binary needs (default native)
#   TUNING=1   the SPSA tuning binary: every search parameter is a UCI option, and `spsa`
#              prints OpenBench's input for them
# Both may also come from the environment, which make reads as variables: that is how an
# OpenBench worker, which passes only EXE and CXX, builds the tuning binary (docs/openbench.md).
EXE ?= riposte
ARCH ?= native
TUNING ?= 0
tuning_flag := $(if $(filter 1 ON on yes,$(TUNING)),ON,OFF)
BUILD_DIR ?= build/make-$(ARCH)$(if $(filter ON,$(tuning_flag)),-tuning)

all:
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=$(CXX) \
	  -DRIPOSTE_ARCH=$(ARCH) -DRIPOSTE_TUNING=$(tuning_flag) \
	  -DRIPOSTE_BUILD_TESTS=OFF -DRIPOSTE_BUILD_PERF=OFF
	cmake --build $(BUILD_DIR) --target riposte -j
	cp $(BUILD_DIR)/riposte $(EXE)

clean:
	rm -rf build/make-* $(EXE)

.PHONY: all clean
