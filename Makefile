# Thin wrapper over CMake for OpenBench (`make EXE=name [CXX=compiler]`): builds a Release
# binary and copies it to $(EXE) in this folder.
EXE ?= riposte
CXX ?= g++
BUILD_DIR ?= build/openbench

all:
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=$(CXX) \
	  -DRIPOSTE_BUILD_TESTS=OFF -DRIPOSTE_BUILD_PERF=OFF
	cmake --build $(BUILD_DIR) --target riposte -j
	cp $(BUILD_DIR)/riposte $(EXE)

clean:
	rm -rf $(BUILD_DIR) $(EXE)

.PHONY: all clean
