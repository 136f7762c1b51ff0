# kk_library(): one static library per folder, with the include rules that keep
# the layers one way (pipeline -> db -> core).
#
# Each library publishes only its own folder: its include directory is a folder
# under the build tree holding one symbolic link, e.g.
#   build/include/kenken_solve/core/solve -> <source>/core/solve
# so `#include "core/solve/solver.h"` resolves only for targets that link
# kenken_solve. Including a folder the target does not depend on (core including
# db, db including pipeline, io including solve) fails with "No such file".
#
# FORBID names third-party headers the folder must not use: each gets a stand-in
# header that stops the build with #error, found before the system's copy.
# Core is standard library only, so it forbids every third-party header.

set(KK_THIRD_PARTY_HEADERS
    sqlite3.h spdlog/spdlog.h spdlog/fmt/fmt.h fmt/core.h fmt/format.h
    oneapi/tbb.h oneapi/tbb/flow_graph.h oneapi/tbb/parallel_for.h
    oneapi/tbb/global_control.h oneapi/tbb/info.h tbb/tbb.h tbb/flow_graph.h
    CLI/CLI.hpp toml++/toml.h toml++/toml.hpp nlohmann/json.hpp nlohmann/json_fwd.hpp
    cairo.h cairo-pdf.h cairo-svg.h cairo/cairo.h catch2/catch.hpp)

function(kk_forbidden_headers_dir out name)
  set(dir ${CMAKE_BINARY_DIR}/forbidden/${name})
  foreach(h IN LISTS ARGN)
    get_filename_component(sub ${dir}/${h} DIRECTORY)
    file(MAKE_DIRECTORY ${sub})
    file(WRITE ${dir}/${h}.tmp
         "#error \"${name} may not include <${h}>: see docs/architecture.md (layers)\"\n")
    file(COPY_FILE ${dir}/${h}.tmp ${dir}/${h} ONLY_IF_DIFFERENT)
    file(REMOVE ${dir}/${h}.tmp)
  endforeach()
  set(${out} ${dir} PARENT_SCOPE)
endfunction()

# kk_library(NAME DIR <folder from the source root> SOURCES ... [DEPS ...]
#            [PRIVATE_DEPS ...] [FORBID ...])
function(kk_library name)
  cmake_parse_arguments(A "" "DIR" "SOURCES;DEPS;PRIVATE_DEPS;FORBID" ${ARGN})
  add_library(${name} STATIC ${A_SOURCES})
  set(inc ${CMAKE_BINARY_DIR}/include/${name})
  get_filename_component(parent ${inc}/${A_DIR} DIRECTORY)
  file(MAKE_DIRECTORY ${parent})
  if(NOT EXISTS ${inc}/${A_DIR})
    file(CREATE_LINK ${CMAKE_SOURCE_DIR}/${A_DIR} ${inc}/${A_DIR} SYMBOLIC)
  endif()
  target_include_directories(${name} PUBLIC ${inc})
  target_link_libraries(${name} PUBLIC ${A_DEPS} PRIVATE ${A_PRIVATE_DEPS})
  # In the sanitizer and fuzz builds the command line and the packs are built at -O0:
  # their compile time goes into headers (CLI11, nlohmann-json, cairo), -O1 cost a
  # third more of it (twice as much with clang), and they do not run hot. The factory,
  # the corpus and core, which a run goes through for every candidate, stay at -O1
  # (at -O0 the suite's factory tests took half as long again).
  if((KENKEN_SANITIZE OR KENKEN_FUZZ) AND A_DIR MATCHES "^(pipeline/cli|db/render|db/pack)$")
    target_compile_options(${name} PRIVATE -O0)
  endif()
  # The fuzz smoke runs of the sanitizer build need the product's code instrumented for
  # coverage; the tests' own code does not. Only the edge counters: libFuzzer's full
  # set (-fsanitize=fuzzer-no-link, as the fuzz build has) also calls back at every
  # comparison, which made the whole sanitized suite twice as slow.
  if(KENKEN_SANITIZE AND KENKEN_FUZZ_SMOKE AND NOT A_DIR MATCHES "^tests/")
    target_compile_options(${name} PRIVATE -fsanitize-coverage=inline-8bit-counters,pc-table)
  endif()
  if(A_FORBID)
    kk_forbidden_headers_dir(forbidden ${name} ${A_FORBID})
    target_include_directories(${name} BEFORE PRIVATE ${forbidden})
  endif()
endfunction()

# kk_unity(TARGET BATCH [TESTS]): with KENKEN_UNITY (KENKEN_UNITY_TESTS for a test
# executable), TARGET's files are compiled BATCH at a time. Names at file scope
# (anonymous namespaces too) must then differ between the files of a target.
function(kk_unity target batch)
  set(batched ${KENKEN_UNITY})
  if(ARGC GREATER 2 AND ARGV2 STREQUAL "TESTS")
    set(batched ${KENKEN_UNITY_TESTS})
  endif()
  if(batched)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${batch})
  endif()
endfunction()
