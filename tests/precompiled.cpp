// The translation unit that owns the test programs' precompiled header (tests/CMakeLists.txt):
// every test program reuses it. A program of its own, so that its flags are a test program's.
int main() { return 0; }
