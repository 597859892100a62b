// kifu-pegc-bootstrap: kifu-pegc without `run` and `test`, the compiler the build generates
// the library's parsers with. kifu-pegc itself links the library (`run` detects and decodes
// its inputs as kifu does), so it cannot be built before the parsers the library needs.

#include <string>
#include <vector>

#include "commands.hpp"

int main(int argc, char** argv) { return kifu::pegc::compile_command({argv + 1, argv + argc}); }
