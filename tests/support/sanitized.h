#pragma once
// Whether the tests were built with the sanitizers, for tests whose work or bounds
// depend on it.

// Built with AddressSanitizer (GCC says so with __SANITIZE_ADDRESS__, clang with
// __has_feature). A process there starts and runs several times slower, so tests that
// repeat a race to catch it repeat it fewer times; the Release build runs them all.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

// Under AddressSanitizer a process's peak memory is mostly the sanitizer's own (shadow
// memory, quarantine): memory bounds are checked in the Release build.
constexpr bool kMeasuresMemory = !kSanitized;
