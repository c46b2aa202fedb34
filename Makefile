# Day-to-day shortcuts over the CMake presets. The README's two commands need no make.
.PHONY: all build test asan page demo format clean

all: build

build:
	cmake --preset release -DGRUNDY_LIBRARY_TESTS=ON >/dev/null
	cmake --build --preset release -j$$(nproc)

test: build
	ctest --preset release -j$$(nproc)

asan:
	cmake --preset asan >/dev/null
	cmake --build --preset asan -j$$(nproc)
	ctest --preset asan -j$$(nproc)

# The page (docs/page.md): emscripten's build of its own, tested in Chromium against Release.
page: build
	cmake --preset page >/dev/null
	cmake --build --preset page -j$$(nproc)
	ctest --preset page

demo:
	bash scripts/demo.sh

format:
	clang-format -i $$(git ls-files '*.cpp' '*.hpp')

clean:
	rm -rf build
